/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diagram.c — a free-body diagram as a picture (see diagram.h). */
#include "view/diagram.h"

#include <math.h>
#include <string.h>

/* World to cells: equal metres across and down, a cell twice as tall as
 * it is wide (as render.c draws mechanisms). */
struct mapping {
	double sx, sy, ox, oy;
};

static void to_cell(const struct mapping *m, vec2 p, double *x, double *y)
{
	*x = m->ox + m->sx * p.x;
	*y = m->oy - m->sy * p.y;
}

/* An arrowhead pointing along dir on the screen (x right, y down). */
static uint32_t head_glyph(double dx, double dy, int unicode)
{
	static const uint32_t arrows[8] = {0x2192, 0x2198, 0x2193, 0x2199,
	                                   0x2190, 0x2196, 0x2191, 0x2197}; /* → ↘ ↓ ↙ ← ↖ ↑ ↗ */
	static const char ascii[8] = {'>', '\\', 'v', '/', '<', '\\', '^', '/'};
	int k = (int)lround(atan2(dy, dx) / (M_PI / 4));
	k = ((k % 8) + 8) % 8;
	return unicode ? arrows[k] : (uint32_t)ascii[k];
}

static int free_cells(const struct grid *g, int col, int row, int len)
{
	if (row < 0 || row >= g->height)
		return 0;
	for (int c = col; c < col + len; c++)
		if (c >= 0 && c < g->width && g->glyph[(size_t)row * (size_t)g->width + (size_t)c])
			return 0;
	return 1;
}

/* A label by cell (x, y): to its right, or ending to its left when it is
 * left of the centre; moved a row or two where another label lies. */
static void label(struct grid *g, double x, double y, int left, const char *text, int color)
{
	int len = 0;
	for (const char *s = text; *s; s++)
		len += (*s & 0xC0) != 0x80;
	int col = left ? (int)floor(x) - len - 1 : (int)floor(x) + 2, row = (int)floor(y);
	if (col < 0)
		col = 0;
	if (col + len > g->width)
		col = g->width - len > 0 ? g->width - len : 0;
	static const int tries[] = {0, 1, -1, 2, -2};
	for (int k = 0; k < 5; k++)
		if (free_cells(g, col, row + tries[k], len)) {
			row += tries[k];
			break;
		}
	grid_text(g, col, row, text, color);
}

void diagram_draw(const struct diagram *d, struct grid *g)
{
	/* arrows scaled to the body: the largest force about its size */
	double size = 0, largest = 0;
	for (int k = 0; k < d->npoints; k++)
		size = fmax(size, v2_norm(v2_sub(d->points[k], d->centre)));
	for (int k = 0; k < d->narrows; k++)
		largest = fmax(largest, v2_norm(d->arrows[k].force));
	if (!(size > 0))
		size = 0.1;
	vec2 heads[64];
	int n = d->narrows < 64 ? d->narrows : 64;
	vec2 lo = d->centre, hi = d->centre;
	for (int k = 0; k < n; k++) {
		const struct diagram_arrow *a = &d->arrows[k];
		double f = v2_norm(a->force);
		double len = f > 0 ? size * fmax(1.2 * f / largest, 0.3) : 0;
		heads[k] = f > 0 ? v2_add(a->at, v2_scale(len / f, a->force)) : a->at;
		lo = v2(fmin(lo.x, fmin(a->at.x, heads[k].x)),
		        fmin(lo.y, fmin(a->at.y, heads[k].y)));
		hi = v2(fmax(hi.x, fmax(a->at.x, heads[k].x)),
		        fmax(hi.y, fmax(a->at.y, heads[k].y)));
	}
	for (int k = 0; k < d->npoints; k++) {
		lo = v2(fmin(lo.x, d->points[k].x), fmin(lo.y, d->points[k].y));
		hi = v2(fmax(hi.x, d->points[k].x), fmax(hi.y, d->points[k].y));
	}
	/* a margin for the labels, and never a degenerate window */
	double span = fmax(fmax(hi.x - lo.x, hi.y - lo.y), 1e-6);
	lo = v2_sub(lo, v2(0.35 * span, 0.12 * span)),
	hi = v2_add(hi, v2(0.35 * span, 0.12 * span));
	double sx = fmin(g->width / (hi.x - lo.x), 2.0 * g->height / (hi.y - lo.y));
	struct mapping m = {sx, sx / 2, 0, 0};
	m.ox = g->width / 2.0 - sx * (lo.x + hi.x) / 2;
	m.oy = g->height / 2.0 + m.sy * (lo.y + hi.y) / 2;
	/* the body: a stick figure from its mass centre */
	double cx, cy, x, y;
	to_cell(&m, d->centre, &cx, &cy);
	for (int k = 0; k < d->npoints; k++) {
		to_cell(&m, d->points[k], &x, &y);
		grid_line(g, cx, cy, x, y, 0, 1);
	}
	/* the forces: a shaft and a head; a couple's turning mark */
	for (int k = 0; k < n; k++) {
		const struct diagram_arrow *a = &d->arrows[k];
		double tx, ty, hx, hy;
		to_cell(&m, a->at, &tx, &ty);
		to_cell(&m, heads[k], &hx, &hy);
		if (v2_norm(a->force) > 0) {
			grid_line(g, tx, ty, hx, hy, 0, a->color);
			grid_put(g, grid_index(hx), grid_index(hy),
			         head_glyph(hx - tx, hy - ty, g->unicode), a->color);
		}
		if (a->couple != 0)
			grid_put(g, grid_index(tx), grid_index(ty),
			         g->unicode ? (a->couple > 0 ? 0x21BA : 0x21BB)
			                    : (a->couple > 0 ? '@' : '&'),
			         a->color);
	}
	grid_put(g, grid_index(cx), grid_index(cy), g->unicode ? 0x25CF : 'G', 1); /* ● */
	for (int k = 0; k < n; k++) {
		double hx, hy;
		to_cell(&m, v2_norm(d->arrows[k].force) > 0 ? heads[k] : d->arrows[k].at, &hx, &hy);
		if (d->arrows[k].label)
			label(g, hx, hy, hx < cx - 0.5, d->arrows[k].label, d->arrows[k].color);
	}
}
