/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grid.h — a character canvas: what every picture is drawn into.
 *
 * Cells hold an explicit glyph (text, markers) or, in Unicode mode, braille
 * dots (2 x 4 per cell) for smooth lines; plain ASCII mode picks a line
 * glyph by slope instead. Coordinates of lines are in cell units, x to
 * the right and y downwards, fractional values allowed. The grid turns into
 * UTF-8 text for --batch, tests and recordings, or into ncurses calls. */
#ifndef MB_GRID_H
#define MB_GRID_H

#include <stddef.h>
#include <stdint.h>

struct grid {
	int width, height;
	int unicode;
	uint32_t *glyph; /* 0: none */
	uint8_t *dots;   /* braille bits */
	uint8_t *color;  /* 0: default, 1..7: palette */
};

/* floor(v) as a cell index; a value off any screen, or NaN, is -1, outside
 * every grid, instead of an undefined conversion to int. */
int grid_index(double v);

struct grid *grid_new(int width, int height, int unicode);
void grid_free(struct grid *g);
void grid_clear(struct grid *g);

/* One glyph at a cell (ignored off the grid). */
void grid_put(struct grid *g, int col, int row, uint32_t glyph, int color);
/* UTF-8 text from a cell rightwards. */
void grid_text(struct grid *g, int col, int row, const char *utf8, int color);
/* A line between two points in cell units; glyph 0 means "by slope" in
 * ASCII mode and braille dots in Unicode mode, otherwise that glyph. */
void grid_line(struct grid *g, double x0, double y0, double x1, double y1, uint32_t glyph,
               int color);
/* A single dot (Unicode) or the glyph (ASCII) at a point in cell units. */
void grid_dot(struct grid *g, double x, double y, uint32_t ascii_glyph, int color);

/* Row `row` as UTF-8 (no trailing blanks) into buf; returns its length. */
size_t grid_row_utf8(const struct grid *g, int row, char *buf, size_t len);
/* The codepoint shown at a cell (glyph, braille or blank). */
uint32_t grid_cell(const struct grid *g, int col, int row);

/* UTF-8 encoding of one codepoint; returns its length (1-4). */
int utf8_encode(uint32_t cp, char *out);

#endif
