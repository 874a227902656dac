/* SPDX-License-Identifier: GPL-3.0-or-later */
/* canvas_grid.c — the character grid behind the drawing interface (see
 * canvas_grid.h). */
#include "view/canvas_grid.h"

#include <math.h>

static struct grid *grid_of(struct canvas *c) { return c->impl; }

static const uint32_t mark_glyphs[][2] = {
    /* ASCII, Unicode */
    [MARK_DOT] = {'*', 0x25CF},           /* ● */
    [MARK_SQUARE] = {'+', 0x25A0},        /* ■ */
    [MARK_TRIANGLE] = {'o', 0x25B2},      /* ▲ */
    [MARK_DIAMOND] = {'x', 0x25C6},       /* ◆ */
    [MARK_CIRCLE] = {'#', 0x25CB},        /* ○ */
    [MARK_OPEN_SQUARE] = {'@', 0x25A1},   /* □ */
    [MARK_OPEN_TRIANGLE] = {'%', 0x25B3}, /* △ */
    [MARK_OPEN_DIAMOND] = {'&', 0x25C7},  /* ◇ */
    [MARK_PIN] = {'o', 0x25CB},           /* ○ */
    [MARK_SLIDER] = {'#', 0x25A3},        /* ▣ */
    [MARK_DAMPER] = {'D', 0x25AF},        /* ▯ */
    [MARK_GROUND] = {'/', 0x2571},        /* ╱, three under the point */
    [MARK_CENTRE] = {'G', 0x25CF},        /* ● */
    [MARK_PARTICLE] = {'*', 0x25C6},      /* ◆ */
    [MARK_TICK_Y] = {'+', 0x2524},        /* ┤ */
    [MARK_TICK_X] = {'+', 0x252C},        /* ┬ */
    [MARK_CORNER] = {'+', 0x2514},        /* └ */
    [MARK_TURN_CCW] = {'@', 0x21BA},      /* ↺ */
    [MARK_TURN_CW] = {'&', 0x21BB},       /* ↻ */
};

static uint32_t glyph_of(const struct grid *g, const struct pen *pen)
{
	if (g->unicode)
		return pen->unicode;
	return pen->mark > 0 ? mark_glyphs[pen->mark - 1][0] : pen->ascii;
}

static void grid_polyline(struct canvas *c, const vec2 *p, int n, const struct pen *pen)
{
	struct grid *g = grid_of(c);
	if (pen->color == INK_FAINT) /* grid lines would hide the curves in characters */
		return;
	vec2 o = c->origin;
	for (int k = 1; k < n; k++)
		grid_line(g, p[k - 1].x + o.x, p[k - 1].y + o.y, p[k].x + o.x, p[k].y + o.y,
		          glyph_of(g, pen), pen->color);
}

static void grid_fill(struct canvas *c, const vec2 *p, int n, int color)
{
	(void)c, (void)p, (void)n, (void)color; /* characters have no areas to fill */
}

static void grid_arc(struct canvas *c, vec2 centre, double rx, double ry, double a0, double a1,
                     const struct pen *pen)
{
	enum { FULL = 32 };
	vec2 p[FULL + 1];
	int n = (int)ceil(fabs(a1 - a0) / (2 * M_PI) * FULL);
	n = n < 1 ? 1 : n > FULL ? FULL : n;
	for (int k = 0; k <= n; k++) {
		double a = a0 + (a1 - a0) * k / n;
		p[k] = v2(centre.x + rx * cos(a), centre.y - ry * sin(a));
	}
	grid_polyline(c, p, n + 1, pen);
}

static void grid_dot_at(struct canvas *c, vec2 p, const struct pen *pen)
{
	struct grid *g = grid_of(c);
	uint32_t glyph = glyph_of(g, pen);
	grid_dot(g, p.x + c->origin.x, p.y + c->origin.y,
	         g->unicode ? glyph
	         : glyph    ? glyph
	                    : '.',
	         pen->color);
}

static void grid_marker(struct canvas *c, vec2 p, enum marker m, int color, double angle)
{
	(void)angle; /* a glyph has one orientation */
	struct grid *g = grid_of(c);
	int col = grid_index(p.x + c->origin.x), row = grid_index(p.y + c->origin.y);
	uint32_t glyph = mark_glyphs[m][g->unicode ? 1 : 0];
	if (m == MARK_GROUND) {
		for (int k = -1; k <= 1; k++)
			grid_put(g, col + k, row + 1, glyph, color);
		return;
	}
	int inside = col >= 0 && row >= 0 && col < g->width && row < g->height;
	uint32_t there = inside ? g->glyph[(size_t)row * (size_t)g->width + (size_t)col] : 0;
	/* a series mark never covers a glyph drawn before; a pin on a slider
	 * leaves the block, which says more */
	if ((m < CANVAS_SERIES_MARKS && there) ||
	    (m == MARK_PIN && there == mark_glyphs[MARK_SLIDER][g->unicode ? 1 : 0]))
		return;
	grid_put(g, col, row, glyph, color);
}

/* An arrowhead pointing along (dx, dy) on the screen (y down). */
static uint32_t head_glyph(double dx, double dy, int unicode)
{
	static const uint32_t arrows[8] = {0x2192, 0x2198, 0x2193, 0x2199,
	                                   0x2190, 0x2196, 0x2191, 0x2197}; /* → ↘ ↓ ↙ ← ↖ ↑ ↗ */
	/* ASCII has no slanted heads: a slanted arrow ends in its sideways one
	 * (a slash would read as more shaft) */
	static const char ascii[8] = {'>', '>', 'v', '<', '<', '<', '^', '>'};
	int k = (int)lround(atan2(dy, dx) / (M_PI / 4));
	k = ((k % 8) + 8) % 8;
	return unicode ? arrows[k] : (uint32_t)ascii[k];
}

/* The shaft in braille or by slope, the head a glyph on the tip's cell. The
 * direction is the one seen: a cell is twice as tall as it is wide. */
static void grid_arrow(struct canvas *c, vec2 from, vec2 to, const struct pen *pen)
{
	struct grid *g = grid_of(c);
	vec2 o = c->origin;
	grid_line(g, from.x + o.x, from.y + o.y, to.x + o.x, to.y + o.y, glyph_of(g, pen),
	          pen->color);
	grid_put(g, grid_index(to.x + o.x), grid_index(to.y + o.y),
	         head_glyph(to.x - from.x, (to.y - from.y) / c->aspect, g->unicode), pen->color);
}

/* Text on the cells nearest its box: starting at the cell boundary
 * nearest x (left), ending there (right), or with its middle character
 * on the cell holding x (centre); on the row whose top is nearest y (top),
 * whose bottom is nearest y (bottom), or the row holding y (middle). */
static void grid_text_at(struct canvas *c, vec2 p, const char *utf8, int anchor,
                         const struct font *f)
{
	int w = utf8_columns(utf8);
	double x = p.x + c->origin.x, y = p.y + c->origin.y;
	int col = (anchor & 3) == ANCHOR_CENTRE  ? (int)floor(x) - w / 2
	          : (anchor & 3) == ANCHOR_RIGHT ? (int)floor(x + 0.5) - w
	                                         : (int)floor(x + 0.5);
	int row = (anchor & 12) == ANCHOR_MIDDLE   ? (int)floor(y)
	          : (anchor & 12) == ANCHOR_BOTTOM ? (int)floor(y + 0.5) - 1
	                                           : (int)floor(y + 0.5);
	grid_text(grid_of(c), col, row, utf8, f ? f->color : INK);
}

static double grid_text_width(struct canvas *c, const char *utf8, const struct font *f)
{
	(void)c, (void)f;
	return utf8_columns(utf8);
}

static void grid_clip(struct canvas *c, double x, double y, double w, double h)
{
	(void)c, (void)x, (void)y, (void)w, (void)h; /* the grid's edges clip */
}

static void grid_unclip(struct canvas *c) { (void)c; }

static const struct canvas_ops grid_ops = {
    grid_polyline, grid_fill,    grid_arc,        grid_dot_at, grid_marker,
    grid_arrow,    grid_text_at, grid_text_width, grid_clip,   grid_unclip,
};

struct canvas canvas_grid(struct grid *g)
{
	return (struct canvas){.ops = &grid_ops,
	                       .impl = g,
	                       .width = g->width,
	                       .height = g->height,
	                       .line = 1,
	                       .em = 1,
	                       .aspect = 0.5,
	                       .origin = {0, 0}};
}
