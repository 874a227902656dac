/* plot.c — curves in a grid (see plot.h). */
#include "view/plot.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const uint32_t ascii_marks[] = {'*', '+', 'o', 'x', '#', '@', '%', '&'};

/* 1, 2 or 5 times a power of ten, near range / target */
static double nice_step(double range, int target)
{
	double raw = range / target, mag = pow(10, floor(log10(raw))), f = raw / mag;
	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

static void format_tick(char *buf, size_t len, double v, double step)
{
	if (fabs(v) < step * 1e-9)
		v = 0;
	snprintf(buf, len, "%.4g", v);
}

static void range_of(const struct plot_spec *p, int use_x, double *lo, double *hi)
{
	*lo = INFINITY, *hi = -INFINITY;
	for (int s = 0; s < p->nseries; s++)
		for (int i = 0; i < p->series[s].n; i++) {
			double v = use_x ? p->series[s].x[i] : p->series[s].y[i];
			if (isfinite(v))
				*lo = fmin(*lo, v), *hi = fmax(*hi, v);
		}
	if (!(*lo <= *hi))
		*lo = 0, *hi = 1;
	if (*hi - *lo < 1e-12 * fmax(1, fabs(*hi))) { /* a flat line: give it room */
		double pad = fmax(fabs(*hi) * 0.1, 1e-9);
		*lo -= pad, *hi += pad;
	}
}

/* Display columns of UTF-8 text. */
static int columns(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* The title and the legend from the top row down, each entry where it
 * fits whole (a glyph and its label), else on the next row; returns the
 * rows used. Draws only when draw is set. */
static int legend(const struct plot_spec *p, struct grid *g, int draw)
{
	int row = 0, col = 0;
	if (p->title) {
		if (draw)
			grid_text(g, 0, 0, p->title, 0);
		col = columns(p->title) + 3;
	}
	for (int s = 0; s < p->nseries; s++) {
		char entry[96];
		int color = 1 + s % 6;
		snprintf(entry, sizeof entry, " %s", p->series[s].label ? p->series[s].label : "");
		int w = 1 + columns(entry);
		if (col > 0 && col + w > g->width)
			row++, col = 0;
		if (draw) {
			grid_put(g, col, row, g->unicode ? 0x2501 : ascii_marks[s % 8], color);
			grid_text(g, col + 1, row, entry, color);
		}
		col += w + 2;
	}
	return row + 1;
}

void plot_draw(const struct plot_spec *p, struct grid *g)
{
	grid_clear(g);
	double xlo, xhi, ylo, yhi;
	range_of(p, 1, &xlo, &xhi);
	range_of(p, 0, &ylo, &yhi);
	double ystep = nice_step(yhi - ylo, g->height > 16 ? 6 : 3);
	double xstep = nice_step(xhi - xlo, g->width > 100 ? 10 : 5);
	ylo = floor(ylo / ystep) * ystep, yhi = ceil(yhi / ystep) * ystep;

	/* layout: title and legend rows, plot area, tick row, label row; tick
	 * numbers left */
	char buf[64];
	int left = 1;
	for (double v = ylo; v <= yhi + ystep / 2; v += ystep) {
		format_tick(buf, sizeof buf, v, ystep);
		left = (int)fmax(left, (double)strlen(buf) + 1);
	}
	int top = legend(p, g, 0), bottom = g->height - 3, right = g->width - 1;
	if (bottom - top < 2 || right - left < 4) {
		grid_text(g, 0, 0, "(terminal too small for a plot)", 0);
		return;
	}
	double sx = (right - left - 1) / (xhi - xlo), sy = (bottom - top) / (yhi - ylo);

	/* axes and ticks */
	uint32_t vbar = g->unicode ? 0x2502 : '|', hbar = g->unicode ? 0x2500 : '-';
	for (int r = top; r <= bottom; r++)
		grid_put(g, left, r, vbar, 0);
	for (int c = left; c <= right; c++)
		grid_put(g, c, bottom + 1, hbar, 0);
	grid_put(g, left, bottom + 1, g->unicode ? 0x2514 : '+', 0);
	for (double v = ylo; v <= yhi + ystep / 2; v += ystep) {
		int row = (int)lround(bottom - (v - ylo) * sy);
		format_tick(buf, sizeof buf, v, ystep);
		grid_text(g, left - 1 - (int)strlen(buf), row, buf, 0);
		grid_put(g, left, row, g->unicode ? 0x2524 : '+', 0);
	}
	double first = ceil(xlo / xstep) * xstep;
	for (double v = first; v <= xhi + xstep * 1e-9; v += xstep) {
		int col = (int)lround(left + 1 + (v - xlo) * sx);
		format_tick(buf, sizeof buf, v, xstep);
		grid_put(g, col, bottom + 1, g->unicode ? 0x252C : '+', 0);
		int at = col - (int)strlen(buf) / 2;
		if (at + (int)strlen(buf) <= g->width)
			grid_text(g, at, bottom + 2, buf, 0);
	}
	if (p->xlabel)
		grid_text(g, right - (int)strlen(p->xlabel), bottom, p->xlabel, 0);
	if (p->ylabel)
		grid_text(g, left + 2, top, p->ylabel, 0);

	/* curves */
	for (int s = 0; s < p->nseries; s++) {
		const struct plot_series *ps = &p->series[s];
		uint32_t mark = g->unicode ? 0 : ascii_marks[s % 8];
		int color = 1 + s % 6;
		for (int i = 0; i < ps->n; i++) {
			if (!isfinite(ps->x[i]) || !isfinite(ps->y[i]))
				continue;
			double x = left + 1 + (ps->x[i] - xlo) * sx,
			       y = bottom - (ps->y[i] - ylo) * sy + 0.5;
			if (i > 0 && isfinite(ps->x[i - 1]) && isfinite(ps->y[i - 1])) {
				double x0 = left + 1 + (ps->x[i - 1] - xlo) * sx;
				double y0 = bottom - (ps->y[i - 1] - ylo) * sy + 0.5;
				grid_line(g, x0, y0, x, y, mark, color);
			} else {
				grid_dot(g, x, y, mark, color);
			}
		}
	}

	legend(p, g, 1);
}
