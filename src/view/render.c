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

/* World to cell units: equal metres per unit across and down, given that
 * a cell is twice as tall as it is wide. */
struct mapping {
	double sx, sy, ox, oy;
};

static struct mapping map_for(const struct view *v, const struct grid *g)
{
	double dx = v->xmax - v->xmin, dy = v->ymax - v->ymin;
	double sx = fmin(g->width / dx, 2.0 * g->height / dy);
	struct mapping m = {sx, sx / 2, 0, 0};
	m.ox = g->width / 2.0 - sx * (v->xmin + v->xmax) / 2;
	m.oy = g->height / 2.0 + m.sy * (v->ymin + v->ymax) / 2;
	return m;
}

static void to_cell(const struct mapping *m, vec2 p, double *x, double *y)
{
	*x = m->ox + m->sx * p.x;
	*y = m->oy - m->sy * p.y;
}

/* ------------------------------------------------------------ drawing */

enum { INK_GROUND = 7 };

static int body_color(int b) { return b < 0 ? INK_GROUND : 1 + b % 6; }

static void segment(struct grid *g, const struct mapping *m, vec2 a, vec2 b, uint32_t glyph,
                    int color)
{
	double x0, y0, x1, y1;
	to_cell(m, a, &x0, &y0);
	to_cell(m, b, &x1, &y1);
	grid_line(g, x0, y0, x1, y1, glyph, color);
}

static void marker(struct grid *g, const struct mapping *m, vec2 p, uint32_t ascii,
                   uint32_t unicode, int color)
{
	double x, y;
	to_cell(m, p, &x, &y);
	grid_put(g, grid_index(x), grid_index(y), g->unicode ? unicode : ascii, color);
}

/* Hatching under a ground point: three cells of slashes. */
static void hatch(struct grid *g, const struct mapping *m, vec2 p)
{
	double x, y;
	to_cell(m, p, &x, &y);
	int col = grid_index(x), row = grid_index(y) + 1;
	for (int k = -1; k <= 1; k++)
		grid_put(g, col + k, row, g->unicode ? 0x2571 : '/', INK_GROUND);
}

/* A spring as a zigzag about the line between two points. */
static void spring(struct grid *g, const struct mapping *m, vec2 a, vec2 b, int color)
{
	if (!g->unicode) {
		segment(g, m, a, b, '~', color);
		return;
	}
	double ax, ay, bx, by;
	to_cell(m, a, &ax, &ay);
	to_cell(m, b, &bx, &by);
	double dx = bx - ax, dy = by - ay, len = hypot(dx, 2 * dy);
	if (len < 1e-9)
		return;
	/* normal in screen cells, amplitude half a cell across */
	double nx = -2 * dy / len * 0.5, ny = dx / len * 0.25;
	int zigs = 8;
	double px = ax, py = ay;
	for (int k = 1; k <= zigs; k++) {
		double s = (double)k / zigs, side = k == zigs ? 0 : (k % 2 ? 1 : -1);
		double qx = ax + s * dx + side * nx, qy = ay + s * dy + side * ny;
		grid_line(g, px, py, qx, qy, 0, color);
		px = qx, py = qy;
	}
}

static void draw_link(struct grid *g, const struct mapping *m, const struct view *v,
                      const struct scene_link *l, const double *pose)
{
	vec2 a = world(pose, l->bi, l->si), b = world(pose, l->bj, l->sj);
	switch (l->kind) {
	case LINK_PIN:
		if (l->bi < 0 || l->bj < 0)
			hatch(g, m, l->bi < 0 ? a : b);
		marker(g, m, a, 'o', 0x25CB, l->bi < 0 || l->bj < 0 ? INK_GROUND : 0);
		break;
	case LINK_GUIDE: {
		/* the guide: a long line through P_j along u_j; the slider at P_i */
		vec2 u = l->bj < 0 ? l->dir : v2_rotate(pose[3 * l->bj + 2], l->dir);
		double reach = (l->bj < 0) ? 2 * ((v->xmax - v->xmin) + (v->ymax - v->ymin))
		                           : 0.25 * (v->xmax - v->xmin);
		segment(g, m, v2_sub(b, v2_scale(reach, u)), v2_add(b, v2_scale(reach, u)),
		        g->unicode ? 0x2550 : '=', body_color(l->bj));
		marker(g, m, a, '#', 0x25A3, body_color(l->bi));
		break;
	}
	case LINK_SPRING:
		spring(g, m, a, b, 0);
		break;
	case LINK_DAMPER: {
		segment(g, m, a, b, 0, 0);
		marker(g, m, v2_scale(0.5, v2_add(a, b)), 'D', 0x25AF, 0);
		break;
	}
	case LINK_ROD: /* a massless link between two pins */
		segment(g, m, a, b, 0, 0);
		marker(g, m, a, 'o', 0x25CB, 0);
		marker(g, m, b, 'o', 0x25CB, 0);
		break;
	case LINK_CIRCLE: {
		const int n = 32;
		for (int k = 0; k < n; k++) {
			double a0 = 2 * M_PI * k / n, a1 = 2 * M_PI * (k + 1) / n;
			segment(g, m, v2_add(a, v2(l->radius * cos(a0), l->radius * sin(a0))),
			        v2_add(a, v2(l->radius * cos(a1), l->radius * sin(a1))), 0,
			        body_color(l->bi));
		}
		break;
	}
	case LINK_LINE: {
		vec2 u = l->bj < 0 ? l->dir : v2_rotate(pose[3 * l->bj + 2], l->dir);
		double reach = 2 * ((v->xmax - v->xmin) + (v->ymax - v->ymin));
		segment(g, m, v2_sub(b, v2_scale(reach, u)), v2_add(b, v2_scale(reach, u)),
		        g->unicode ? 0x2550 : '=', l->bj < 0 ? INK_GROUND : body_color(l->bj));
		break;
	}
	case LINK_FLOOR: {
		double x0 = v->xmin - (v->xmax - v->xmin), x1 = v->xmax + (v->xmax - v->xmin);
		segment(g, m, v2(x0, 0), v2(x1, 0), g->unicode ? 0x2550 : '=', INK_GROUND);
		break;
	}
	}
}

static void draw_body(struct grid *g, const struct mapping *m, const struct scene_body *b,
                      int index, const double *pose)
{
	int color = body_color(index);
	vec2 c = world(pose, index, v2(0, 0));
	for (int p = 0; p < b->npoints; p++)
		segment(g, m, c, world(pose, index, b->points[p]), 0, color);
	if (b->radius > 0) {
		const int n = 32;
		for (int k = 0; k < n; k++) {
			double a0 = 2 * M_PI * k / n, a1 = 2 * M_PI * (k + 1) / n;
			segment(g, m,
			        world(pose, index, v2(b->radius * cos(a0), b->radius * sin(a0))),
			        world(pose, index, v2(b->radius * cos(a1), b->radius * sin(a1))), 0,
			        color);
		}
		segment(g, m, c, world(pose, index, v2(b->radius, 0)), 0,
		        color); /* shows the spin */
	}
	if (b->npoints == 0 && b->radius <= 0)
		marker(g, m, c, '*', 0x25C6, color);
}

void scene_draw(const struct scene *s, const double *pose, const struct view *v, struct grid *g,
                const struct draw_options *o)
{
	struct mapping m = map_for(v, g);
	grid_clear(g);
	if (o && o->trails && o->poses)
		for (int k = 0; k < s->ntrails; k++)
			for (int f = 0; f <= o->frame; f++) {
				vec2 p = world(o->poses + (size_t)f * 3 * (size_t)s->nbodies,
				               s->trails[k].body, s->trails[k].at);
				double x, y;
				to_cell(&m, p, &x, &y);
				grid_dot(g, x, y, g->unicode ? 0 : '.',
				         body_color(s->trails[k].body));
			}
	for (int b = 0; b < s->nbodies; b++)
		draw_body(g, &m, &s->bodies[b], b, pose);
	for (int k = 0; k < s->nlinks; k++)
		draw_link(g, &m, v, &s->links[k], pose);
	if (o && o->labels)
		for (int b = 0; b < s->nbodies; b++) {
			double x, y;
			to_cell(&m, world(pose, b, v2(0, 0)), &x, &y);
			grid_text(g, grid_index(x) + 1, grid_index(y) - 1, s->bodies[b].name,
			          body_color(b));
		}
}
