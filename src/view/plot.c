/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plot.c — curves on a canvas (see plot.h). Every length is in the
 * canvas's units, from its line height and character width: one layout
 * serves cells and pixels. */
#include "view/plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static int sample_ok(const struct plot_series *ps, int i)
{
	return plottable(ps->x[i]) && plottable(ps->y[i]);
}

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

/* A series' colour, mark and line: its own, or by its place. */
static int series_color(const struct plot_spec *p, int s)
{
	return p->series[s].color > 0 ? p->series[s].color : canvas_series_color(s);
}

static int series_style(const struct plot_spec *p, int s)
{
	return p->series[s].style > 0 ? p->series[s].style - 1 : s;
}

static enum marker series_mark(const struct plot_spec *p, int s)
{
	return (enum marker)(series_style(p, s) % CANVAS_SERIES_MARKS);
}

static struct pen curve_pen(const struct plot_spec *p, int s)
{
	return (struct pen){.color = series_color(p, s),
	                    .width = 2,
	                    .dash = (enum canvas_dash)(series_style(p, s) % CANVAS_DASHES),
	                    .mark = 1 + (int)series_mark(p, s)};
}

/* Whether curves carry marks: only when there are several. */
static int marked(const struct plot_spec *p) { return p->nseries > 1; }

static const struct font body_font = {1, 0, 0, INK, 0}, title_font = {1.15, 1, 0, INK, 0};

/* The legend's sample of a series: its line, broken for its mark when the
 * curves carry marks; on the grid one cell ("*") or three ("━●━"). */
static double sample_width(const struct plot_spec *p, const struct canvas *c)
{
	return marked(p) ? 3 * c->line : 3 * c->line - 2 * c->em;
}

static void draw_sample(const struct plot_spec *p, struct canvas *c, int s, double x, double y)
{
	struct pen pen = curve_pen(p, s);
	double w = sample_width(p, c), half = c->em / 2;
	pen.unicode = 0x2501; /* ━ */
	if (!marked(p)) {
		canvas_line(c, v2(x + half, y), v2(x + w - half, y), &pen);
		return;
	}
	pen.dash = DASH_SOLID;
	canvas_line(c, v2(x + half, y), v2(x + w / 2 - c->em, y), &pen);
	canvas_line(c, v2(x + w / 2 + c->em, y), v2(x + w - half, y), &pen);
	canvas_marker(c, v2(x + w / 2, y), series_mark(p, s), pen.color, 0);
}

/* The title and the legend from the top down, each entry where it fits
 * whole (its sample and its label), else on the next line; returns the
 * lines used. Draws only when draw is set. */
static int legend(const struct plot_spec *p, struct canvas *c, int draw)
{
	int row = 0;
	double x = 0;
	if (p->title) {
		if (draw)
			canvas_text(c, v2(0, 0), p->title, ANCHOR_LEFT | ANCHOR_TOP, &title_font);
		x = canvas_text_width(c, p->title, &title_font) + 3 * c->em;
	}
	double sample = sample_width(p, c);
	for (int s = 0; s < p->nseries; s++) {
		char entry[96];
		snprintf(entry, sizeof entry, " %s", p->series[s].label ? p->series[s].label : "");
		struct font f = body_font;
		f.color = series_color(p, s);
		double w = sample + canvas_text_width(c, entry, &f);
		if (x > 0 && x + w > c->width)
			row++, x = 0;
		if (draw) {
			double y = (row + 0.5) * c->line;
			draw_sample(p, c, s, x, y);
			canvas_text(c, v2(x + sample, y), entry, ANCHOR_LEFT | ANCHOR_MIDDLE, &f);
		}
		x += w + 2 * c->em;
	}
	return row + 1;
}

/* Where data go on the canvas: the plot area's columns (after the y
 * axis at `left` up to `right`) and rows (`top` to `bottom`), each a cell's
 * or a pixel's top-left corner, and the scale from data to units. A value
 * lands on the middle of a cell. */
struct frame {
	double left, right, top, bottom;
	double xlo, ylo, sx, sy;
	double em, line, aspect;
};

static double unit_x(const struct frame *f, double x)
{
	return f->left + f->em * 1.5 + (x - f->xlo) * f->sx;
}

static double unit_y(const struct frame *f, double y)
{
	return f->bottom + f->line / 2 - (y - f->ylo) * f->sy;
}

/* Whether a series is sparse enough to carry its mark at each sample: at
 * most `most` plottable samples and at least three characters of the plot
 * area for each, so the marks stay apart. Marks spaced along such a curve
 * would sit between the samples, where there are no data (lesson 13's
 * four-point log-log plot). */
static int marks_at_samples(const struct frame *f, const struct plot_series *ps)
{
	const int most = 20;
	int n = 0;
	for (int i = 0; i < ps->n; i++)
		n += sample_ok(ps, i);
	return n <= most && n * 3 * f->em <= f->right - f->left;
}

/* A mark on a data point in the plot area. */
static void put_mark(struct canvas *c, const struct frame *f, vec2 at, enum marker mark, int color)
{
	if (at.x >= f->left + f->em && at.x < f->right + f->em && at.y >= f->top &&
	    at.y < f->bottom + f->line)
		canvas_marker(c, at, mark, color, 0);
}

/* Marks along a curve: at each sample of a sparse series (see
 * marks_at_samples), else one every ten characters of its length as seen,
 * series s starting s/n of the way into the first interval so that curves
 * lying together still show each one's marks. */
static void put_marks(struct canvas *c, const struct frame *f, const struct plot_spec *p, int s)
{
	const struct plot_series *ps = &p->series[s];
	enum marker mark = series_mark(p, s);
	int color = series_color(p, s);
	if (marks_at_samples(f, ps)) {
		for (int i = 0; i < ps->n; i++)
			if (sample_ok(ps, i))
				put_mark(c, f, v2(unit_x(f, ps->x[i]), unit_y(f, ps->y[i])), mark,
				         color);
		return;
	}
	const double spacing = 10 * f->em;
	double next = spacing * (0.5 + (double)s / p->nseries), run = 0;
	for (int i = 1; i < ps->n; i++) {
		if (!sample_ok(ps, i) || !sample_ok(ps, i - 1))
			continue;
		vec2 a = v2(unit_x(f, ps->x[i - 1]), unit_y(f, ps->y[i - 1]));
		vec2 b = v2(unit_x(f, ps->x[i]), unit_y(f, ps->y[i]));
		/* the length as seen: a unit down is 1/aspect units across */
		double step = hypot(b.x - a.x, (b.y - a.y) / f->aspect);
		for (; run + step >= next; next += spacing) {
			double t = step > 0 ? (next - run) / step : 0;
			put_mark(c, f, v2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)), mark,
			         color);
		}
		run += step;
	}
}

/* A series' curve: each run of plottable samples a polyline, a lone
 * sample a dot. */
static void draw_curve(struct canvas *c, const struct frame *f, const struct plot_spec *p, int s)
{
	const struct plot_series *ps = &p->series[s];
	struct pen pen = curve_pen(p, s);
	vec2 *run = malloc(sizeof *run * (size_t)(ps->n > 0 ? ps->n : 1));
	if (!run)
		return;
	int n = 0;
	for (int i = 0; i <= ps->n; i++) {
		if (i < ps->n && sample_ok(ps, i)) {
			run[n++] = v2(unit_x(f, ps->x[i]), unit_y(f, ps->y[i]));
			continue;
		}
		if (n == 1)
			canvas_dot(c, run[0], &pen);
		else if (n > 1)
			canvas_polyline(c, run, n, &pen);
		n = 0;
	}
	free(run);
}

void plot_draw(const struct plot_spec *p, struct canvas *c)
{
	const double E = c->em, L = c->line;
	double xlo, xhi, ylo, yhi;
	range_of(p, 1, &xlo, &xhi);
	range_of(p, 0, &ylo, &yhi);
	double ystep = nice_step(yhi - ylo, c->height / L > 16 ? 6 : 3);
	double xstep = nice_step(xhi - xlo, c->width / E > 100 ? 10 : 5);
	/* at most one y tick a line: on a short plot two numbers shared a row,
	 * the later one's digits over the earlier's ("0" over "-5e-10" read
	 * "-5e-10" on the row of 0) */
	int legend_lines = legend(p, c, 0);
	double rows = floor(c->height / L) - 3 - legend_lines - (p->ylabel ? 1 : 0);
	while (rows > 0 && ceil(yhi / ystep) - floor(ylo / ystep) > rows)
		ystep = nice_step(ystep * 2.2, 1); /* the next of 1, 2, 5, 10 */
	ylo = floor(ylo / ystep) * ystep, yhi = ceil(yhi / ystep) * ystep;

	/* layout, top down: title and legend lines, the y label's line, the
	 * plot area, the x axis with its label at its right end, the tick
	 * numbers; the y tick numbers left of the area. No label is inside the
	 * area, where it would hide a curve. */
	char buf[64];
	double left = E;
	for (double v = ylo; v <= yhi + ystep / 2; v += ystep) {
		format_tick(buf, sizeof buf, v, ystep);
		left = fmax(left, canvas_text_width(c, buf, &body_font) + E);
	}
	double top = legend_lines * L, bottom = (floor(c->height / L) - 3) * L,
	       right = c->width - E;
	double xlabel_room = p->xlabel ? canvas_text_width(c, p->xlabel, &body_font) + E : 0;
	if (right - xlabel_room - left < 12 * E)
		xlabel_room = 0; /* too narrow for it: the legend's units say it */
	right -= xlabel_room;
	double ylabel_top = -1;
	if (p->ylabel && bottom - top >= 3 * L)
		ylabel_top = top, top += L;
	if (bottom - top < 2 * L || right - left < 4 * E) {
		canvas_text(c, v2(0, 0), "(too small for a plot)", ANCHOR_LEFT | ANCHOR_TOP,
		            &body_font);
		return;
	}
	struct frame f = {.left = left,
	                  .right = right,
	                  .top = top,
	                  .bottom = bottom,
	                  .xlo = xlo,
	                  .ylo = ylo,
	                  .sx = (right - left - E) / (xhi - xlo),
	                  .sy = (bottom - top) / (yhi - ylo),
	                  .em = E,
	                  .line = L,
	                  .aspect = c->aspect};
	double axis_x = left + E / 2, axis_y = bottom + 1.5 * L;

	/* faint lines at the ticks (files only), the axes, ticks and their
	 * numbers; a number at the right edge moves in rather than drop out,
	 * and one that would touch the last is left out */
	static const struct pen faint = {.color = INK_FAINT, .width = 0.75};
	static const struct pen vaxis = {.color = INK, .width = 1, .ascii = '|', .unicode = 0x2502};
	static const struct pen haxis = {.color = INK, .width = 1, .ascii = '-', .unicode = 0x2500};
	double first = ceil(xlo / xstep) * xstep;
	for (double v = ylo; v <= yhi + ystep / 2; v += ystep)
		canvas_line(c, v2(left + E, unit_y(&f, v)), v2(right + E, unit_y(&f, v)), &faint);
	for (double v = first; v <= xhi + xstep * 1e-9; v += xstep)
		canvas_line(c, v2(unit_x(&f, v), top), v2(unit_x(&f, v), bottom + L), &faint);
	canvas_line(c, v2(axis_x, top + L / 2), v2(axis_x, axis_y), &vaxis);
	canvas_line(c, v2(axis_x, axis_y), v2(right + E / 2, axis_y), &haxis);
	canvas_marker(c, v2(axis_x, axis_y), MARK_CORNER, INK, 0);
	for (double v = ylo; v <= yhi + ystep / 2; v += ystep) {
		format_tick(buf, sizeof buf, v, ystep);
		canvas_text(c, v2(left - E, unit_y(&f, v)), buf, ANCHOR_RIGHT | ANCHOR_MIDDLE,
		            &body_font);
		canvas_marker(c, v2(axis_x, unit_y(&f, v)), MARK_TICK_Y, INK, 0);
	}
	double numbers_end = -INFINITY; /* where the last tick number drawn ends */
	for (double v = first; v <= xhi + xstep * 1e-9; v += xstep) {
		double x = unit_x(&f, v);
		format_tick(buf, sizeof buf, v, xstep);
		canvas_marker(c, v2(x, axis_y), MARK_TICK_X, INK, 0);
		double w = canvas_text_width(c, buf, &body_font), at = x - w / 2;
		int anchor = ANCHOR_CENTRE;
		if (at + w > c->width)
			at = c->width - w, x = at, anchor = ANCHOR_LEFT;
		if (at > numbers_end) {
			canvas_text(c, v2(x, bottom + 2 * L), buf, anchor | ANCHOR_TOP, &body_font);
			numbers_end = at + w + E / 2;
		}
	}
	if (xlabel_room > 0)
		canvas_text(c, v2(right + 1.5 * E, axis_y), p->xlabel, ANCHOR_LEFT | ANCHOR_MIDDLE,
		            &body_font);
	if (ylabel_top >= 0)
		canvas_text(c, v2(0, ylabel_top), p->ylabel, ANCHOR_LEFT | ANCHOR_TOP, &body_font);

	/* curves, then their marks over them */
	canvas_clip(c, left + E / 2, top - L / 2, right - left + E, bottom - top + 1.5 * L);
	for (int s = 0; s < p->nseries; s++)
		draw_curve(c, &f, p, s);
	if (marked(p))
		for (int s = 0; s < p->nseries; s++)
			put_marks(c, &f, p, s);
	canvas_unclip(c);

	legend(p, c, 1);
}
