/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plot.c — curves in a grid (see plot.h). */
#include "view/plot.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Each series' own mark, so series are told apart without colour (NO_COLOR,
 * a monochrome terminal, text output): in ASCII its curve is drawn in it;
 * in Unicode the curves are braille lines and, when there is more than one,
 * each carries its mark every few cells, or at each sample when it has few.
 * The legend shows the same mark. */
static const uint32_t ascii_marks[] = {'*', '+', 'o', 'x', '#', '@', '%', '&'};
static const uint32_t unicode_marks[] = {0x25CF, 0x25A0, 0x25B2, 0x25C6,  /* ● ■ ▲ ◆ */
                                         0x25CB, 0x25A1, 0x25B3, 0x25C7}; /* ○ □ △ ◇ */
#define NMARKS 8

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

/* A value a plot can place: finite and small enough that the span of two
 * of them and its squares stay finite. Others are gaps in the curve. */
static int plottable(double v) { return fabs(v) <= 1e150; }

static void range_of(const struct plot_spec *p, int use_x, double *lo, double *hi)
{
	*lo = INFINITY, *hi = -INFINITY;
	for (int s = 0; s < p->nseries; s++)
		for (int i = 0; i < p->series[s].n; i++) {
			double v = use_x ? p->series[s].x[i] : p->series[s].y[i];
			if (plottable(v))
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

/* Whether Unicode curves carry marks: only when there are several. */
static int marked(const struct plot_spec *p, const struct grid *g)
{
	return g->unicode && p->nseries > 1;
}

/* The title and the legend from the top row down, each entry where it
 * fits whole (its sample and its label), else on the next row; returns the
 * rows used. The sample is the series' mark in ASCII, a line in Unicode,
 * with the mark on it when the curves carry marks. Draws only when draw
 * is set. */
static int legend(const struct plot_spec *p, struct grid *g, int draw)
{
	int row = 0, col = 0;
	if (p->title) {
		if (draw)
			grid_text(g, 0, 0, p->title, 0);
		col = columns(p->title) + 3;
	}
	int sample = marked(p, g) ? 3 : 1;
	for (int s = 0; s < p->nseries; s++) {
		char entry[96];
		int color = 1 + s % 6;
		snprintf(entry, sizeof entry, " %s", p->series[s].label ? p->series[s].label : "");
		int w = sample + columns(entry);
		if (col > 0 && col + w > g->width)
			row++, col = 0;
		if (draw) {
			if (!g->unicode) {
				grid_put(g, col, row, ascii_marks[s % NMARKS], color);
			} else if (sample == 3) {
				grid_put(g, col, row, 0x2501, color);
				grid_put(g, col + 1, row, unicode_marks[s % NMARKS], color);
				grid_put(g, col + 2, row, 0x2501, color);
			} else {
				grid_put(g, col, row, 0x2501, color);
			}
			grid_text(g, col + sample, row, entry, color);
		}
		col += w + 2;
	}
	return row + 1;
}

/* Where data go on the grid: the plot area (columns left+1..right, rows
 * top..bottom) and the scale from data to cells. */
struct frame {
	int left, right, top, bottom;
	double xlo, ylo, sx, sy;
};

static double cell_x(const struct frame *f, double x) { return f->left + 1 + (x - f->xlo) * f->sx; }

static double cell_y(const struct frame *f, double y)
{
	return f->bottom - (y - f->ylo) * f->sy + 0.5;
}

/* Whether a series is sparse enough to carry its mark at each sample: at
 * most `most` plottable samples and at least `apart` columns of the plot
 * area for each, so the marks stay apart. Marks spaced along such a curve
 * would sit between the samples, where there are no data (lesson 13's
 * four-point log-log plot). */
static int marks_at_samples(const struct frame *f, const struct plot_series *ps)
{
	const int most = 20, apart = 3;
	int n = 0;
	for (int i = 0; i < ps->n; i++)
		n += plottable(ps->x[i]) && plottable(ps->y[i]);
	return n <= most && n * apart <= f->right - f->left;
}

/* A mark on the cell of the plot area a data point falls in, unless the
 * cell holds another glyph. */
static void put_mark(struct grid *g, const struct frame *f, double x, double y, uint32_t mark,
                     int color)
{
	int col = grid_index(x), row = grid_index(y);
	if (col > f->left && col <= f->right && row >= f->top && row <= f->bottom &&
	    !g->glyph[(size_t)row * (size_t)g->width + (size_t)col])
		grid_put(g, col, row, mark, color);
}

/* Marks along a Unicode curve: at each sample of a sparse series (see
 * marks_at_samples), else one every `spacing` cells of its length on
 * screen (a row counts as two columns, as it looks), series s starting
 * s/n of the way into the first interval so that curves lying together
 * still show each one's marks. Only on cells of the plot area that hold no
 * other glyph. */
static void put_marks(struct grid *g, const struct frame *f, const struct plot_series *ps, int s,
                      int nseries, int color)
{
	uint32_t mark = unicode_marks[s % NMARKS];
	if (marks_at_samples(f, ps)) {
		for (int i = 0; i < ps->n; i++)
			if (plottable(ps->x[i]) && plottable(ps->y[i]))
				put_mark(g, f, cell_x(f, ps->x[i]), cell_y(f, ps->y[i]), mark,
				         color);
		return;
	}
	const double spacing = 10;
	double next = spacing * (0.5 + (double)s / nseries), run = 0;
	for (int i = 1; i < ps->n; i++) {
		if (!plottable(ps->x[i]) || !plottable(ps->y[i]) || !plottable(ps->x[i - 1]) ||
		    !plottable(ps->y[i - 1]))
			continue;
		double x0 = cell_x(f, ps->x[i - 1]), y0 = cell_y(f, ps->y[i - 1]);
		double x1 = cell_x(f, ps->x[i]), y1 = cell_y(f, ps->y[i]);
		double step = hypot(x1 - x0, 2 * (y1 - y0));
		for (; run + step >= next; next += spacing) {
			double t = step > 0 ? (next - run) / step : 0;
			put_mark(g, f, x0 + t * (x1 - x0), y0 + t * (y1 - y0), mark, color);
		}
		run += step;
	}
}

void plot_draw(const struct plot_spec *p, struct grid *g)
{
	grid_clear(g);
	double xlo, xhi, ylo, yhi;
	range_of(p, 1, &xlo, &xhi);
	range_of(p, 0, &ylo, &yhi);
	double ystep = nice_step(yhi - ylo, g->height > 16 ? 6 : 3);
	double xstep = nice_step(xhi - xlo, g->width > 100 ? 10 : 5);
	/* at most one y tick a row: on a short plot two numbers shared a row,
	 * the later one's digits over the earlier's ("0" over "-5e-10" read
	 * "-5e-10" on the row of 0) */
	int rows = g->height - 3 - legend(p, g, 0) - (p->ylabel ? 1 : 0);
	while (rows > 0 && ceil(yhi / ystep) - floor(ylo / ystep) > rows)
		ystep = nice_step(ystep * 2.2, 1); /* the next of 1, 2, 5, 10 */
	ylo = floor(ylo / ystep) * ystep, yhi = ceil(yhi / ystep) * ystep;

	/* layout, top down: title and legend rows, the y label's row, the plot
	 * area, the x axis with its label at its right end, the tick numbers;
	 * the y tick numbers left of the area. No label is inside the area,
	 * where it would hide a curve. */
	char buf[64];
	int left = 1;
	for (double v = ylo; v <= yhi + ystep / 2; v += ystep) {
		format_tick(buf, sizeof buf, v, ystep);
		left = (int)fmax(left, (double)strlen(buf) + 1);
	}
	int top = legend(p, g, 0), bottom = g->height - 3, right = g->width - 1;
	int xlabel_room = p->xlabel ? columns(p->xlabel) + 1 : 0;
	if (right - xlabel_room - left < 12)
		xlabel_room = 0; /* too narrow for it: the legend's units say it */
	right -= xlabel_room;
	int ylabel_row = -1;
	if (p->ylabel && bottom - top >= 3)
		ylabel_row = top++;
	if (bottom - top < 2 || right - left < 4) {
		grid_text(g, 0, 0, "(terminal too small for a plot)", 0);
		return;
	}
	struct frame f = {.left = left,
	                  .right = right,
	                  .top = top,
	                  .bottom = bottom,
	                  .xlo = xlo,
	                  .ylo = ylo,
	                  .sx = (right - left - 1) / (xhi - xlo),
	                  .sy = (bottom - top) / (yhi - ylo)};

	/* axes, ticks and their numbers; a number at the right edge moves in
	 * rather than drop out, and one that would touch the last is left out */
	uint32_t vbar = g->unicode ? 0x2502 : '|', hbar = g->unicode ? 0x2500 : '-';
	for (int r = top; r <= bottom; r++)
		grid_put(g, left, r, vbar, 0);
	for (int c = left; c <= right; c++)
		grid_put(g, c, bottom + 1, hbar, 0);
	grid_put(g, left, bottom + 1, g->unicode ? 0x2514 : '+', 0);
	for (double v = ylo; v <= yhi + ystep / 2; v += ystep) {
		int row = (int)lround(bottom - (v - ylo) * f.sy);
		format_tick(buf, sizeof buf, v, ystep);
		grid_text(g, left - 1 - (int)strlen(buf), row, buf, 0);
		grid_put(g, left, row, g->unicode ? 0x2524 : '+', 0);
	}
	int numbers_end = -1; /* the column after the last tick number drawn */
	double first = ceil(xlo / xstep) * xstep;
	for (double v = first; v <= xhi + xstep * 1e-9; v += xstep) {
		int col = (int)lround(cell_x(&f, v));
		format_tick(buf, sizeof buf, v, xstep);
		grid_put(g, col, bottom + 1, g->unicode ? 0x252C : '+', 0);
		int len = (int)strlen(buf), at = col - len / 2;
		if (at + len > g->width)
			at = g->width - len;
		if (at > numbers_end) {
			grid_text(g, at, bottom + 2, buf, 0);
			numbers_end = at + len;
		}
	}
	if (xlabel_room)
		grid_text(g, right + 2, bottom + 1, p->xlabel, 0);
	if (ylabel_row >= 0)
		grid_text(g, 0, ylabel_row, p->ylabel, 0);

	/* curves, then their marks over them */
	for (int s = 0; s < p->nseries; s++) {
		const struct plot_series *ps = &p->series[s];
		uint32_t mark = g->unicode ? 0 : ascii_marks[s % NMARKS];
		int color = 1 + s % 6;
		for (int i = 0; i < ps->n; i++) {
			if (!plottable(ps->x[i]) || !plottable(ps->y[i]))
				continue;
			double x = cell_x(&f, ps->x[i]), y = cell_y(&f, ps->y[i]);
			if (i > 0 && plottable(ps->x[i - 1]) && plottable(ps->y[i - 1]))
				grid_line(g, cell_x(&f, ps->x[i - 1]), cell_y(&f, ps->y[i - 1]), x,
				          y, mark, color);
			else
				grid_dot(g, x, y, mark, color);
		}
	}
	if (marked(p, g))
		for (int s = 0; s < p->nseries; s++)
			put_marks(g, &f, &p->series[s], s, p->nseries, 1 + s % 6);

	legend(p, g, 1);
}
