/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grid.c — the character canvas (see grid.h). */
#include "view/grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct grid *grid_new(int width, int height, int unicode)
{
	if (width < 1)
		width = 1;
	if (height < 1)
		height = 1;
	struct grid *g = calloc(1, sizeof *g);
	size_t n = (size_t)width * (size_t)height;
	g->width = width, g->height = height, g->unicode = unicode;
	g->glyph = calloc(n, sizeof *g->glyph);
	g->dots = calloc(n, 1);
	g->color = calloc(n, 1);
	return g;
}

void grid_free(struct grid *g)
{
	if (!g)
		return;
	free(g->glyph), free(g->dots), free(g->color);
	free(g);
}

void grid_clear(struct grid *g)
{
	size_t n = (size_t)g->width * (size_t)g->height;
	memset(g->glyph, 0, n * sizeof *g->glyph);
	memset(g->dots, 0, n);
	memset(g->color, 0, n);
}

static int inside(const struct grid *g, int col, int row)
{
	return col >= 0 && row >= 0 && col < g->width && row < g->height;
}

void grid_put(struct grid *g, int col, int row, uint32_t glyph, int color)
{
	if (!inside(g, col, row))
		return;
	size_t i = (size_t)row * (size_t)g->width + (size_t)col;
	g->glyph[i] = glyph;
	g->color[i] = (uint8_t)color;
}

static uint32_t utf8_next(const char **s)
{
	const unsigned char *p = (const unsigned char *)*s;
	uint32_t cp = *p;
	int extra = cp >= 0xF0 ? 3 : cp >= 0xE0 ? 2 : cp >= 0xC0 ? 1 : 0;
	cp &= extra == 3 ? 0x07 : extra == 2 ? 0x0F : extra == 1 ? 0x1F : 0x7F;
	p++;
	for (int k = 0; k < extra && (*p & 0xC0) == 0x80; k++, p++)
		cp = (cp << 6) | (*p & 0x3F);
	*s = (const char *)p;
	return cp;
}

void grid_text(struct grid *g, int col, int row, const char *utf8, int color)
{
	while (*utf8)
		grid_put(g, col++, row, utf8_next(&utf8), color);
}

int grid_index(double v) { return v > -1 && v < 1e6 ? (int)floor(v) : -1; }

/* braille: dot (dx 0..1, dy 0..3) -> bit, Unicode's numbering */
static const uint8_t braille_bit[4][2] = {{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}};

void grid_dot(struct grid *g, double x, double y, uint32_t ascii_glyph, int color)
{
	int col = grid_index(x), row = grid_index(y);
	if (!inside(g, col, row))
		return;
	size_t i = (size_t)row * (size_t)g->width + (size_t)col;
	if (g->unicode && ascii_glyph == 0) {
		int dx = (int)floor((x - col) * 2), dy = (int)floor((y - row) * 4);
		g->dots[i] |= braille_bit[dy > 3 ? 3 : dy][dx > 1 ? 1 : dx];
		if (!g->glyph[i])
			g->color[i] = (uint8_t)color;
		return;
	}
	if (!g->glyph[i] || ascii_glyph != '.') {
		g->glyph[i] = ascii_glyph ? ascii_glyph : '.';
		g->color[i] = (uint8_t)color;
	}
}

/* The ASCII glyph for a direction on screen, where a cell is twice as tall
 * as it is wide. */
static uint32_t slope_glyph(double dx, double dy)
{
	double angle = atan2(-2 * dy, dx) * 180 / M_PI; /* screen y points down */
	if (angle < 0)
		angle += 180;
	if (angle < 22.5 || angle >= 157.5)
		return '-';
	if (angle < 67.5)
		return '/';
	if (angle < 112.5)
		return '|';
	return '\\';
}

void grid_line(struct grid *g, double x0, double y0, double x1, double y1, uint32_t glyph,
               int color)
{
	double dx = x1 - x0, dy = y1 - y0;
	/* samples: finer than a braille dot in either direction; a line far off
	 * screen (or not finite) is still bounded work */
	double samples = fmax(fabs(dx) * 4, fabs(dy) * 8);
	int n = samples < 100000 ? (int)ceil(samples) + 1 : 100000;
	uint32_t ascii = glyph ? glyph : slope_glyph(dx, dy);
	for (int k = 0; k <= n; k++) {
		double s = (double)k / n;
		double x = x0 + s * dx, y = y0 + s * dy;
		if (g->unicode && glyph == 0)
			grid_dot(g, x, y, 0, color);
		else {
			int col = grid_index(x), row = grid_index(y);
			if (inside(g, col, row) &&
			    !g->glyph[(size_t)row * (size_t)g->width + (size_t)col])
				grid_put(g, col, row, ascii, color);
		}
	}
}

uint32_t grid_cell(const struct grid *g, int col, int row)
{
	if (!inside(g, col, row))
		return ' ';
	size_t i = (size_t)row * (size_t)g->width + (size_t)col;
	if (g->glyph[i])
		return g->glyph[i];
	if (g->dots[i])
		return 0x2800 + g->dots[i];
	return ' ';
}

int utf8_encode(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

size_t grid_row_utf8(const struct grid *g, int row, char *buf, size_t len)
{
	size_t used = 0, keep = 0;
	for (int col = 0; col < g->width && used + 4 < len; col++) {
		uint32_t cp = grid_cell(g, col, row);
		used += (size_t)utf8_encode(cp, buf + used);
		if (cp != ' ')
			keep = used;
	}
	buf[keep] = '\0';
	return keep;
}
