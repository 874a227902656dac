/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render.c — scenes drawn into grids (see render.h). */
#include "view/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ building */

void scene_free(struct scene *s)
{
	if (!s)
		return;
	for (int b = 0; b < s->nbodies; b++)
		free(s->bodies[b].name), free(s->bodies[b].points);
	free(s->bodies), free(s->links), free(s->trails);
	free(s);
}

/* ------------------------------------------------------------ geometry */

/* The global position of a body-fixed point at a pose (ground: as is). */
static vec2 world(const double *pose, int body, vec2 local)
{
	if (body < 0)
		return local;
	const double *q = pose + 3 * body;
	return v2_add(v2(q[0], q[1]), v2_rotate(q[2], local));
}

static void grow(struct view *v, vec2 p, double margin)
{
	v->xmin = fmin(v->xmin, p.x - margin), v->xmax = fmax(v->xmax, p.x + margin);
	v->ymin = fmin(v->ymin, p.y - margin), v->ymax = fmax(v->ymax, p.y + margin);
}

struct view scene_fit(const struct scene *s, const double *poses, int nframes)
{
	struct view v = {INFINITY, -INFINITY, INFINITY, -INFINITY};
	for (int f = 0; f < nframes; f++) {
		const double *pose = poses + (size_t)f * 3 * (size_t)s->nbodies;
		for (int b = 0; b < s->nbodies; b++) {
			grow(&v, world(pose, b, v2(0, 0)), s->bodies[b].radius);
			for (int p = 0; p < s->bodies[b].npoints; p++)
				grow(&v, world(pose, b, s->bodies[b].points[p]), 0);
		}
		for (int k = 0; k < s->nlinks; k++) {
			const struct scene_link *l = &s->links[k];
			if (l->kind == LINK_CIRCLE)
				grow(&v, world(pose, l->bi, l->si), l->radius);
			if (l->bi < 0 && l->kind != LINK_LINE)
				grow(&v, l->si, 0);
			if (l->bj < 0 && l->kind != LINK_FLOOR)
				grow(&v, l->sj, 0);
			if (l->kind == LINK_FLOOR)
				grow(&v, v2(v.xmin < INFINITY ? v.xmin : 0, 0), 0);
		}
	}
	if (!(v.xmin <= v.xmax)) /* nothing at all */
		v = (struct view){-1, 1, -1, 1};
	/* a margin, and never a degenerate window */
	double span = fmax(fmax(v.xmax - v.xmin, v.ymax - v.ymin), 0.1);
	double pad = 0.06 * span;
	v.xmin -= pad, v.xmax += pad, v.ymin -= pad, v.ymax += pad;
	return v;
}

/* World to canvas units: equal lengths across and down, as the canvas's
 * aspect says (a cell is twice as tall as it is wide). */
struct mapping {
	double sx, sy, ox, oy;
};

static struct mapping map_for(const struct view *v, const struct canvas *c)
{
	double dx = v->xmax - v->xmin, dy = v->ymax - v->ymin;
	double sx = fmin(c->width / dx, c->height / (c->aspect * dy));
	struct mapping m = {sx, sx * c->aspect, 0, 0};
	m.ox = c->width / 2.0 - sx * (v->xmin + v->xmax) / 2;
	m.oy = c->height / 2.0 + m.sy * (v->ymin + v->ymax) / 2;
	return m;
}

static vec2 to_unit(const struct mapping *m, vec2 p)
{
	return v2(m->ox + m->sx * p.x, m->oy - m->sy * p.y);
}

/* The angle of a world direction as seen (counter-clockwise, y up). */
static double seen_angle(const struct mapping *m, vec2 u)
{
	return atan2(m->sy * u.y, m->sx * u.x);
}

/* ------------------------------------------------------------ drawing */

static int body_color(int b) { return b < 0 ? INK_GROUND : canvas_series_color(b); }

static struct pen body_pen(int b) { return (struct pen){.color = body_color(b), .width = 3}; }

static void segment(struct canvas *c, const struct mapping *m, vec2 a, vec2 b,
                    const struct pen *pen)
{
	canvas_line(c, to_unit(m, a), to_unit(m, b), pen);
}

static void marker(struct canvas *c, const struct mapping *m, vec2 p, enum marker mk, int color,
                   double angle)
{
	canvas_marker(c, to_unit(m, p), mk, color, angle);
}

/* A spring as a coil: straight leads at each end and a zigzag between,
 * a peak every `pitch` of its length as seen (at least four, at most
 * sixteen), half a character to each side, up to a whole one on a long
 * spring. */
static void spring(struct canvas *c, const struct mapping *m, vec2 a, vec2 b)
{
	static const struct pen coil = {.color = INK, .width = 1.2, .ascii = '~'};
	enum { MOST = 16 };
	vec2 p = to_unit(m, a), q = to_unit(m, b);
	double dx = q.x - p.x, dy = (q.y - p.y) / c->aspect, len = hypot(dx, dy);
	if (len < 1e-9)
		return;
	double lead = len > 8 * c->em ? 0.1 : 0; /* shares of the length, straight */
	double pitch = c->em / c->aspect;        /* two cells on the grid, a character in a file */
	int peaks = (int)fmin(MOST, fmax(4, floor(len * (1 - 2 * lead) / pitch)));
	double amplitude = fmin(c->em, fmax(0.5 * c->em, 0.06 * len));
	vec2 normal = v2(-dy / len * amplitude, dx / len * amplitude * c->aspect), zig[MOST + 4];
	int n = 0;
	zig[n++] = p;
	for (int k = 0; k <= peaks + 1; k++) {
		double s = lead + (1 - 2 * lead) * k / (peaks + 1);
		double side = k == 0 || k == peaks + 1 ? 0 : (k % 2 ? 1 : -1);
		zig[n++] = v2(p.x + s * (q.x - p.x) + side * normal.x,
		              p.y + s * (q.y - p.y) + side * normal.y);
	}
	zig[n++] = q;
	canvas_polyline(c, zig, n, &coil);
}

static void circle(struct canvas *c, const struct mapping *m, vec2 centre, double radius,
                   const struct pen *pen)
{
	canvas_arc(c, to_unit(m, centre), radius * m->sx, radius * m->sy, 0, 2 * M_PI, pen);
}

/* A line through p along u, far past the view both ways. */
static void long_line(struct canvas *c, const struct mapping *m, vec2 p, vec2 u, double reach,
                      const struct pen *pen)
{
	segment(c, m, v2_sub(p, v2_scale(reach, u)), v2_add(p, v2_scale(reach, u)), pen);
}

static void draw_link(struct canvas *c, const struct mapping *m, const struct view *v,
                      const struct scene_link *l, const double *pose)
{
	vec2 a = world(pose, l->bi, l->si), b = world(pose, l->bj, l->sj);
	double far = 2 * ((v->xmax - v->xmin) + (v->ymax - v->ymin));
	struct pen rail = {
	    .color = body_color(l->bj), .width = 1.5, .ascii = '=', .unicode = 0x2550};
	static const struct pen thin = {.color = INK, .width = 1.2};
	switch (l->kind) {
	case LINK_PIN:
		if (l->bi < 0 || l->bj < 0)
			marker(c, m, l->bi < 0 ? a : b, MARK_GROUND, INK_GROUND, 0);
		marker(c, m, a, MARK_PIN, l->bi < 0 || l->bj < 0 ? INK_GROUND : INK, 0);
		break;
	case LINK_GUIDE: {
		/* the guide: a long line through P_j along u_j; the slider at P_i */
		vec2 u = l->bj < 0 ? l->dir : v2_rotate(pose[3 * l->bj + 2], l->dir);
		long_line(c, m, b, u, l->bj < 0 ? far : 0.25 * (v->xmax - v->xmin), &rail);
		marker(c, m, a, MARK_SLIDER, body_color(l->bi), seen_angle(m, u));
		break;
	}
	case LINK_SPRING:
		spring(c, m, a, b);
		break;
	case LINK_DAMPER:
		segment(c, m, a, b, &thin);
		marker(c, m, v2_scale(0.5, v2_add(a, b)), MARK_DAMPER, INK,
		       seen_angle(m, v2_sub(b, a)));
		break;
	case LINK_ROD: /* a massless link between two pins */
		segment(c, m, a, b, &thin);
		marker(c, m, a, MARK_PIN, INK, 0);
		marker(c, m, b, MARK_PIN, INK, 0);
		break;
	case LINK_CIRCLE: {
		struct pen pen = body_pen(l->bi);
		pen.width = 1.5;
		circle(c, m, a, l->radius, &pen);
		break;
	}
	case LINK_LINE: {
		vec2 u = l->bj < 0 ? l->dir : v2_rotate(pose[3 * l->bj + 2], l->dir);
		rail.color = l->bj < 0 ? INK_GROUND : body_color(l->bj);
		long_line(c, m, b, u, far, &rail);
		break;
	}
	case LINK_FLOOR: {
		double x0 = v->xmin - (v->xmax - v->xmin), x1 = v->xmax + (v->xmax - v->xmin);
		rail.color = INK_GROUND;
		segment(c, m, v2(x0, 0), v2(x1, 0), &rail);
		break;
	}
	}
}

/* A body of three points or more is a plate: the polygon of its points
 * taken round its mass centre, shaded under its stick figure (the grid
 * has no shades). */
static void plate(struct canvas *c, const struct mapping *m, const struct scene_body *b, int index,
                  const double *pose)
{
	enum { MOST = 32 };
	if (b->npoints < 3 || b->npoints > MOST)
		return;
	double angle[MOST];
	int order[MOST];
	for (int p = 0; p < b->npoints; p++) {
		angle[p] = atan2(b->points[p].y, b->points[p].x), order[p] = p;
		for (int k = p; k > 0 && angle[order[k - 1]] > angle[order[k]]; k--) {
			int t = order[k];
			order[k] = order[k - 1], order[k - 1] = t;
		}
	}
	vec2 corner[MOST];
	for (int p = 0; p < b->npoints; p++)
		corner[p] = to_unit(m, world(pose, index, b->points[order[p]]));
	canvas_fill(c, corner, b->npoints, INK_FAINT);
}

static void draw_body(struct canvas *c, const struct mapping *m, const struct scene_body *b,
                      int index, const double *pose)
{
	struct pen pen = body_pen(index);
	vec2 centre = world(pose, index, v2(0, 0));
	plate(c, m, b, index, pose);
	for (int p = 0; p < b->npoints; p++)
		segment(c, m, centre, world(pose, index, b->points[p]), &pen);
	if (b->radius > 0) {
		pen.width = 2;
		circle(c, m, centre, b->radius, &pen);
		segment(c, m, centre, world(pose, index, v2(b->radius, 0)),
		        &pen); /* shows the spin */
	}
	if (b->npoints == 0 && b->radius <= 0)
		marker(c, m, centre, MARK_PARTICLE, body_color(index), 0);
}

void scene_draw(const struct scene *s, const double *pose, const struct view *v, struct canvas *c,
                const struct draw_options *o)
{
	struct mapping m = map_for(v, c);
	if (o && o->trails && o->poses)
		for (int k = 0; k < s->ntrails; k++) {
			struct pen pen = {
			    .color = body_color(s->trails[k].body), .width = 2.5, .ascii = '.'};
			for (int f = 0; f <= o->frame; f++)
				canvas_dot(
				    c,
				    to_unit(&m, world(o->poses + (size_t)f * 3 * (size_t)s->nbodies,
				                      s->trails[k].body, s->trails[k].at)),
				    &pen);
		}
	for (int b = 0; b < s->nbodies; b++)
		draw_body(c, &m, &s->bodies[b], b, pose);
	/* pins last, over the blocks and lines they join */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < s->nlinks; k++)
			if ((s->links[k].kind == LINK_PIN) == pass)
				draw_link(c, &m, v, &s->links[k], pose);
	if (o && o->labels)
		for (int b = 0; b < s->nbodies; b++) {
			struct font f = {0.9, 0, 0, body_color(b), 1};
			vec2 at = to_unit(&m, world(pose, b, v2(0, 0)));
			canvas_text(c, v2(at.x + c->em, at.y - c->line), s->bodies[b].name,
			            ANCHOR_LEFT | ANCHOR_TOP, &f);
		}
}
