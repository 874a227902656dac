/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diagram.c — a free-body diagram as a picture (see diagram.h). */
#include "view/diagram.h"

#include <math.h>
#include <stdio.h>

enum { MOST_ARROWS = 64 };

/* World to canvas units: equal lengths across and down. */
struct mapping {
	double sx, sy, ox, oy;
};

static vec2 to_unit(const struct mapping *m, vec2 p)
{
	return v2(m->ox + m->sx * p.x, m->oy - m->sy * p.y);
}

/* A label's box, kept so that later labels go where there is room. */
struct box {
	double x0, y0, x1, y1;
};

static int overlaps(const struct box *a, const struct box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* A label beside point p: to its right, or ending to its left when it is
 * left of the centre; moved a line or two where another label lies. */
static void label(struct canvas *c, vec2 p, int left, const char *text, int color,
                  struct box *placed, int *nplaced)
{
	struct font f = {0.9, 0, 0, color, 1};
	double w = canvas_text_width(c, text, &f);
	double x = left ? p.x - c->em - w : p.x + 1.5 * c->em;
	x = fmax(0, fmin(x, c->width - w));
	static const double tries[] = {0, 1, -1, 2, -2};
	struct box b = {0};
	for (int k = 0; k < 5; k++) {
		double y = p.y + (tries[k] - 0.5) * c->line;
		b = (struct box){x, y, x + w, y + c->line};
		int free = 1;
		for (int i = 0; i < *nplaced && free; i++)
			free = !overlaps(&b, &placed[i]);
		if (free)
			break;
	}
	canvas_text(c, v2(b.x0, b.y0), text, ANCHOR_LEFT | ANCHOR_TOP, &f);
	placed[(*nplaced)++] = b;
}

/* A round number of newtons near half the largest force, for the scale. */
static double scale_force(double largest)
{
	double mag = pow(10, floor(log10(largest / 2))), f = largest / 2 / mag;
	return (f < 2 ? 1 : f < 5 ? 2 : 5) * mag;
}

void diagram_draw(const struct diagram *d, struct canvas *c)
{
	/* arrows to scale: the largest force 1.2 times the body's size */
	double size = 0, largest = 0;
	for (int k = 0; k < d->npoints; k++)
		size = fmax(size, v2_norm(v2_sub(d->points[k], d->centre)));
	int n = d->narrows < MOST_ARROWS ? d->narrows : MOST_ARROWS;
	for (int k = 0; k < n; k++)
		largest = fmax(largest, v2_norm(d->arrows[k].force));
	if (!(size > 0))
		size = 0.1;
	double per_newton = largest > 0 ? 1.2 * size / largest : 0; /* metres of arrow */
	vec2 heads[MOST_ARROWS];
	vec2 lo = d->centre, hi = d->centre;
	for (int k = 0; k < n; k++) {
		const struct diagram_arrow *a = &d->arrows[k];
		heads[k] = v2_add(a->at, v2_scale(per_newton, a->force));
		lo = v2(fmin(lo.x, fmin(a->at.x, heads[k].x)),
		        fmin(lo.y, fmin(a->at.y, heads[k].y)));
		hi = v2(fmax(hi.x, fmax(a->at.x, heads[k].x)),
		        fmax(hi.y, fmax(a->at.y, heads[k].y)));
	}
	for (int k = 0; k < d->npoints; k++) {
		lo = v2(fmin(lo.x, d->points[k].x), fmin(lo.y, d->points[k].y));
		hi = v2(fmax(hi.x, d->points[k].x), fmax(hi.y, d->points[k].y));
	}
	/* a margin for the labels, a line at the bottom for the scale, and
	 * never a degenerate window */
	double span = fmax(fmax(hi.x - lo.x, hi.y - lo.y), 1e-6);
	lo = v2_sub(lo, v2(0.35 * span, 0.12 * span)),
	hi = v2_add(hi, v2(0.35 * span, 0.12 * span));
	double room = c->height - (largest > 0 ? c->line : 0);
	double sx = fmin(c->width / (hi.x - lo.x), room / (c->aspect * (hi.y - lo.y)));
	struct mapping m = {sx, sx * c->aspect, 0, 0};
	m.ox = c->width / 2.0 - sx * (lo.x + hi.x) / 2;
	m.oy = room / 2.0 + m.sy * (lo.y + hi.y) / 2;

	/* the body: a stick figure from its mass centre */
	vec2 centre = to_unit(&m, d->centre);
	struct pen body = {.color = d->color, .width = 3};
	for (int k = 0; k < d->npoints; k++)
		canvas_line(c, centre, to_unit(&m, d->points[k]), &body);
	canvas_marker(c, centre, MARK_CENTRE, d->color, 0);
	/* the forces: a shaft and a head; a couple's turning mark (on the
	 * grid, over the centre's when they share a cell) */
	for (int k = 0; k < n; k++) {
		const struct diagram_arrow *a = &d->arrows[k];
		struct pen pen = {.color = a->color, .width = 2};
		if (v2_norm(a->force) > 0)
			canvas_arrow(c, to_unit(&m, a->at), to_unit(&m, heads[k]), &pen);
		if (a->couple != 0)
			canvas_marker(c, to_unit(&m, a->at),
			              a->couple > 0 ? MARK_TURN_CCW : MARK_TURN_CW, a->color, 0);
	}
	/* labels keep off the arrowheads and the mass centre */
	struct box placed[2 * MOST_ARROWS + 1];
	int nplaced = 0;
	for (int k = 0; k <= n; k++) {
		vec2 p = k < n ? to_unit(&m, heads[k]) : centre;
		if (k == n || v2_norm(d->arrows[k].force) > 0)
			placed[nplaced++] = (struct box){p.x - c->em, p.y - c->line, p.x + c->em,
			                                 p.y + c->line}; /* the cell it is on,
			                                                    whatever its rounding */
	}
	for (int k = 0; k < n; k++) {
		const struct diagram_arrow *a = &d->arrows[k];
		vec2 tip = to_unit(&m, v2_norm(a->force) > 0 ? heads[k] : a->at);
		if (a->label)
			label(c, tip, tip.x < centre.x - c->em / 2, a->label, a->color, placed,
			      &nplaced);
	}
	/* the scale: an arrow of a round number of newtons, bottom left */
	if (largest > 0) {
		double f = scale_force(largest), len = f * per_newton * m.sx;
		char text[48];
		snprintf(text, sizeof text, "%g N", f);
		struct pen pen = {.color = INK, .width = 1.5};
		double y = c->height - c->line / 2;
		canvas_text(c, v2(0, y), "scale", ANCHOR_LEFT | ANCHOR_MIDDLE, NULL);
		double x = canvas_text_width(c, "scale ", NULL);
		canvas_arrow(c, v2(x, y), v2(x + len, y), &pen);
		canvas_text(c, v2(x + len + 1.5 * c->em, y), text, ANCHOR_LEFT | ANCHOR_MIDDLE,
		            NULL);
	}
}
