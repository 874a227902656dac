/* SPDX-License-Identifier: GPL-3.0-or-later */
/* canvas.h — the one drawing interface every picture goes through.
 *
 * Plots (plot.c), mechanisms (render.c) and free-body diagrams (diagram.c)
 * are drawn once, as calls on a canvas: polylines, arcs, filled polygons,
 * dots, markers, arrows and anchored text. Two back ends stand behind it,
 * as cairo's surfaces stand behind one context: a character grid
 * (canvas_grid.c: the terminal's pictures, in braille or ASCII) and cairo
 * (figure.c: SVG, PDF and PNG files, and images for GIFs and inline
 * pictures). The same calls draw on either.
 *
 * Units are the back end's: a character cell, or a pixel (1/96 in); x runs
 * right and y down. What differs between back ends the canvas says in
 * numbers the drawing code reads (the height of a line of text, how tall a
 * unit is against its width, the width of a character), never by naming
 * itself. A few fields are hints only one back end uses: the glyphs a line
 * is written in on the grid, a line's width and dashes in a file. */
#ifndef MB_CANVAS_H
#define MB_CANVAS_H

#include <stdint.h>

#include "util/vec2.h"

/* Colours by meaning, so the same thing has the same colour in every
 * picture: series, bodies and formulations take 1..CANVAS_SERIES in turn. */
enum {
	INK = 0,           /* text, axes, outlines */
	CANVAS_SERIES = 6, /* colours 1..6 */
	INK_GROUND = 7,    /* the ground and what is fixed to it */
	INK_FAINT = 8,     /* grid lines behind a plot: files only */
	INK_PAPER = 9      /* the background, for filling */
};

/* Colour of series, body or formulation k (0-based). */
int canvas_series_color(int k);

/* Line styles that tell curves apart in grey print too. */
enum canvas_dash { DASH_SOLID, DASH_LONG, DASH_DOT, DASH_DASHDOT, CANVAS_DASHES };

struct pen {
	int color;
	double width;          /* in thin lines: 1 an axis, 2 a curve, 3 a body */
	enum canvas_dash dash; /* files only */
	/* The grid's glyph for this line in ASCII and in Unicode; 0 draws it by
	 * its slope (ASCII) or in braille dots (Unicode). */
	uint32_t ascii, unicode;
	/* A series' marker + 1, or 0: where lines are characters of one kind
	 * (ASCII), the line is written in this marker's glyph. */
	int mark;
};

enum marker {
	/* a series' marks: filled, then open */
	MARK_DOT,
	MARK_SQUARE,
	MARK_TRIANGLE,
	MARK_DIAMOND,
	MARK_CIRCLE,
	MARK_OPEN_SQUARE,
	MARK_OPEN_TRIANGLE,
	MARK_OPEN_DIAMOND,
	CANVAS_SERIES_MARKS, /* the marks above; a series mark never covers one drawn before */
	MARK_PIN = CANVAS_SERIES_MARKS, /* a revolute joint */
	MARK_SLIDER,                    /* a block on a guide along `angle` */
	MARK_DAMPER,                    /* a dashpot along `angle` */
	MARK_GROUND,                    /* hatching under a point fixed to the ground */
	MARK_CENTRE,                    /* a mass centre */
	MARK_PARTICLE,                  /* a body drawn as a point */
	MARK_TICK_Y,                    /* a tick out of a y axis (to the left) */
	MARK_TICK_X,                    /* a tick out of an x axis (down) */
	MARK_CORNER,                    /* where the axes meet */
	MARK_TURN_CCW,                  /* a couple, counter-clockwise */
	MARK_TURN_CW
};

/* Where a text's point is on its box: one horizontal and one vertical. */
enum anchor {
	ANCHOR_LEFT = 0,
	ANCHOR_CENTRE = 1,
	ANCHOR_RIGHT = 2,
	ANCHOR_TOP = 0,
	ANCHOR_MIDDLE = 4,
	ANCHOR_BOTTOM = 8
};

struct font {
	double size; /* 1 the body text; a title 1.2, a note 0.85 */
	int bold, mono;
	int color;
	int halo; /* a rim of the paper's colour, for text over lines (files) */
};

struct canvas;

struct canvas_ops {
	void (*polyline)(struct canvas *c, const vec2 *p, int n, const struct pen *pen);
	void (*fill)(struct canvas *c, const vec2 *p, int n, int color);
	/* an ellipse's arc about centre, angles counter-clockwise as seen */
	void (*arc)(struct canvas *c, vec2 centre, double rx, double ry, double a0, double a1,
	            const struct pen *pen);
	void (*dot)(struct canvas *c, vec2 p, const struct pen *pen);
	void (*marker)(struct canvas *c, vec2 p, enum marker m, int color, double angle);
	void (*arrow)(struct canvas *c, vec2 from, vec2 to, const struct pen *pen);
	void (*text)(struct canvas *c, vec2 p, const char *utf8, int anchor, const struct font *f);
	double (*text_width)(struct canvas *c, const char *utf8, const struct font *f);
	void (*clip)(struct canvas *c, double x, double y, double w, double h);
	void (*unclip)(struct canvas *c);
};

struct canvas {
	const struct canvas_ops *ops;
	void *impl;
	double width, height;
	double line;   /* the height of a line of body text */
	double em;     /* the width of a typical character of body text */
	double aspect; /* units down for one unit across of the same length: 0.5 for
	                  cells twice as tall as wide, 1 for pixels */
	vec2 origin;   /* of a region drawn into (canvas_region), added to every point */
};

/* A region of c to draw a picture in, as if it were a canvas of w x h. */
struct canvas canvas_region(const struct canvas *c, double x, double y, double w, double h);

void canvas_polyline(struct canvas *c, const vec2 *p, int n, const struct pen *pen);
void canvas_line(struct canvas *c, vec2 a, vec2 b, const struct pen *pen);
void canvas_fill(struct canvas *c, const vec2 *p, int n, int color);
void canvas_arc(struct canvas *c, vec2 centre, double rx, double ry, double a0, double a1,
                const struct pen *pen);
void canvas_dot(struct canvas *c, vec2 p, const struct pen *pen);
void canvas_marker(struct canvas *c, vec2 p, enum marker m, int color, double angle);
void canvas_arrow(struct canvas *c, vec2 from, vec2 to, const struct pen *pen);
void canvas_text(struct canvas *c, vec2 p, const char *utf8, int anchor, const struct font *f);
double canvas_text_width(struct canvas *c, const char *utf8, const struct font *f);
/* Nothing drawn outside the rectangle until canvas_unclip (the grid clips
 * to its own edges only). */
void canvas_clip(struct canvas *c, double x, double y, double w, double h);
void canvas_unclip(struct canvas *c);

/* Display columns of UTF-8 text. */
int utf8_columns(const char *s);

#endif
