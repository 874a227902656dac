/* SPDX-License-Identifier: GPL-3.0-or-later */
/* point_layout_eval.c — a model's bodies as points, evaluated (see
 * point_layout.h; point_layout.c builds the layout): the groups' frames and
 * their whole turns, the maps to and from body coordinates, the rows at a
 * state, the forces shared among the points, and the entries both point
 * formulations share. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "formulation/formulation.h"
#include "formulation/point_layout.h"
#include "model/forces/force.h"

/* ------------------------------------------------------------ evaluation */

/* The whole turns atan2 loses from a frame's d at last to its d now (1,
 * -1 or 0): it jumps by a turn where d crosses the negative x axis (y's
 * sign, -0 included, says which side of the cut atan2 takes), which d did
 * if it turned that way, the two being less than half a turn apart (the
 * branch nearest the last). */
static double turns_between(vec2 last, vec2 d)
{
	int was_above = !signbit(last.y);
	if (was_above == !signbit(d.y))
		return 0;
	double turn = v2_cross(last, d); /* > 0: anticlockwise */
	int through_cut = turn == 0 ? d.x < 0 : was_above ? turn > 0 : turn < 0;
	return through_cut ? (was_above ? 1 : -1) : 0;
}

/* G's whole turns at its new d, last the d of its last frame: from φ as
 * set, then from the last accepted step in a simulation, else from the
 * last frame. */
static void count_turns(const struct layout *L, struct group *G, vec2 last)
{
	if (!G->turns_known) { /* φ as set: its turns beyond atan2's */
		G->turns = nearbyint((G->phi - (v2_angle(G->d) - G->dir)) / (2 * M_PI));
		G->turns_known = 1;
		G->anchor = G->d, G->anchor_turns = G->turns;
	} else if (L->accepted_steps)
		G->turns = G->anchor_turns + turns_between(G->anchor, G->d);
	else
		G->turns += turns_between(last, G->d);
}

void layout_accept(struct layout *L, const double *r)
{
	for (int g = 1; g < L->ngroups; g++) {
		struct group *G = &L->groups[g];
		if (G->motion != MOTION_TURNING || !G->turns_known)
			continue; /* not turning, or its turns are still to be taken from φ */
		vec2 d = lin_value(&G->frame, r);
		G->anchor_turns += turns_between(G->anchor, d);
		G->anchor = d;
	}
}

void layout_frames(struct layout *L, const double *r, const double *rd, int all_angles)
{
	for (int g = 1; g < L->ngroups; g++) {
		struct group *G = &L->groups[g];
		if (G->motion != MOTION_TURNING)
			continue;
		vec2 last = G->d;
		G->d = lin_value(&G->frame, r), G->dd = lin_rate(&G->frame, rd);
		double len2 = v2_dot(G->d, G->d);
		count_turns(L, G, last);
		if (all_angles || G->angle_read) /* atan2 is dear: only where read */
			G->phi = v2_angle(G->d) - G->dir + 2 * M_PI * G->turns;
		G->grad = v2_scale(1 / len2, v2_perp(G->d)); /* φ̇ = d̆'ḋ / |d|² */
		G->phid = v2_dot(G->grad, G->dd);
		G->bias = -2 * v2_dot(G->d, G->dd) * v2_cross(G->d, G->dd) / (len2 * len2);
	}
}

static double group_angle(const struct group *G)
{
	return G->motion == MOTION_TURNING ? G->phi : G->angle;
}

void layout_from_bodies(struct layout *L, const double *c, const double *cd, double *r, double *rd)
{
	for (int g = 1; g < L->ngroups; g++) {
		struct group *G = &L->groups[g];
		int b = G->ref;
		vec2 pos = v2(c[3 * b], c[3 * b + 1]), vel = v2(cd[3 * b], cd[3 * b + 1]);
		double omega = G->motion == MOTION_TURNING ? cd[3 * b + 2] : 0;
		if (G->motion == MOTION_TURNING)
			G->phi = c[3 * b + 2], G->turns_known = 0;
		double phi = group_angle(G);
		for (int k = 0; k < G->npoints; k++) {
			const struct point *pt = &L->points[G->points[k]];
			if (pt->var < 0 || pt->group != g)
				continue;
			vec2 s = v2_rotate(phi, G->at[k]);
			r[pt->var] = pos.x + s.x, r[pt->var + 1] = pos.y + s.y;
			rd[pt->var] = vel.x - omega * s.y, rd[pt->var + 1] = vel.y + omega * s.x;
		}
	}
}

void layout_to_bodies(const struct layout *L, const double *r, const double *rd, const double *rdd,
                      double *c, double *cd, double *cdd)
{
	for (int b = 0; b < L->m->nbodies; b++) {
		const struct body_place *p = &L->bodies[b];
		const struct group *G = &L->groups[p->group];
		int turning = G->motion == MOTION_TURNING;
		vec2 at = lin_value(&p->centre, r), v = lin_rate(&p->centre, rd);
		c[3 * b] = at.x, c[3 * b + 1] = at.y, c[3 * b + 2] = group_angle(G) + p->angle;
		cd[3 * b] = v.x, cd[3 * b + 1] = v.y, cd[3 * b + 2] = turning ? G->phid : 0;
		if (!rdd || !cdd)
			continue;
		vec2 a = lin_rate(&p->centre, rdd);
		double alpha = 0;
		if (turning) { /* φ̈ = d̆'d̈ / |d|² + bias */
			const struct point *pa = &L->points[G->points[0]],
			                   *pb = &L->points[G->points[1]];
			vec2 ddd = v2(0, 0);
			if (pb->var >= 0)
				ddd = v2_add(ddd, v2(rdd[pb->var], rdd[pb->var + 1]));
			if (pa->var >= 0)
				ddd = v2_sub(ddd, v2(rdd[pa->var], rdd[pa->var + 1]));
			alpha = v2_dot(G->grad, ddd) + G->bias;
		}
		cdd[3 * b] = a.x, cdd[3 * b + 1] = a.y, cdd[3 * b + 2] = alpha;
	}
}

/* The gradient's sink: a dense row of J by coordinate, or else grad by the
 * row's places (slot) of the points. */
struct sink {
	double *dense, *grad;
};

/* += (∂l/∂r)' g */
static void grad_lin(struct sink o, const struct lin *l, const signed char *slot, vec2 g)
{
	if (o.dense) {
		lin_gradient(l, g, o.dense);
		return;
	}
	for (int k = 0; k < l->n; k++) {
		vec2 w = cmul_t(l->z[k], g);
		o.grad[2 * slot[k]] += w.x, o.grad[2 * slot[k] + 1] += w.y;
	}
}

/* the same for a frame's point, coordinates var (-1: stationary) */
static void grad_point(struct sink o, int var, int slot, vec2 g)
{
	if (var < 0)
		return;
	double *at = o.dense ? o.dense + var : o.grad + 2 * slot;
	at[0] += g.x, at[1] += g.y;
}

int layout_row(const struct layout *L, struct run_data *d, int row, double t, const double *r,
               const double *rd, struct prow_value *out, double *dense)
{
	const struct prow *p = &L->rows[row];
	struct sink grad = {dense, out->grad};
	out->n = 2 * p->nvars, out->var = p->coords, out->vrhs = out->gamma = 0;
	if (!dense)
		memset(out->grad, 0, sizeof(double) * (size_t)out->n);
	vec2 A = lin_value(&p->a, r), Ad = lin_rate(&p->a, rd);
	switch (p->kind) {
	case PROW_DOT: {
		if (p->same) { /* w a'a: the two terms below in one, 2 w exact */
			out->phi = p->w * v2_dot(A, A) - p->k;
			grad_lin(grad, &p->a, p->slot_a, v2_scale(2 * p->w, A));
			out->gamma = -2 * p->w * v2_dot(Ad, Ad);
			break;
		}
		vec2 Bv = lin_value(&p->b, r), Bd = lin_rate(&p->b, rd);
		out->phi = p->w * v2_dot(A, Bv) - p->k;
		grad_lin(grad, &p->a, p->slot_a, v2_scale(p->w, Bv));
		grad_lin(grad, &p->b, p->slot_b, v2_scale(p->w, A));
		out->gamma = -2 * p->w * v2_dot(Ad, Bd);
		break;
	}
	case PROW_CROSS: {
		vec2 Bv = lin_value(&p->b, r), Bd = lin_rate(&p->b, rd);
		out->phi = p->w * v2_cross(A, Bv) - p->k;
		grad_lin(grad, &p->a, p->slot_a, v2_scale(-p->w, v2_perp(Bv)));
		grad_lin(grad, &p->b, p->slot_b, v2_scale(p->w, v2_perp(A)));
		out->gamma = -2 * p->w * v2_cross(Ad, Bd);
		break;
	}
	case PROW_LINEAR:
	case PROW_ANGLE:
		out->phi = v2_dot(p->g, A) - p->k;
		grad_lin(grad, &p->a, p->slot_a, p->g);
		for (int s = 0; p->kind == PROW_ANGLE && s < 2; s++) {
			if (p->group[s] < 0)
				continue;
			const struct group *G = &L->groups[p->group[s]];
			double w = p->weight[s];
			out->phi += w * G->phi;
			grad_point(grad, L->points[G->points[1]].var, p->slot_frame[s][1],
			           v2_scale(w, G->grad));
			grad_point(grad, L->points[G->points[0]].var, p->slot_frame[s][0],
			           v2_scale(-w, G->grad));
			out->gamma -= w * G->bias;
		}
		break;
	}
	if (p->time != TIME_NONE) {
		double f[3];
		if (model_fn(d, &L->m->joints[p->joint].fn, t, f) != 0)
			return -1;
		if (p->time == TIME_LINEAR) { /* Φ -= f: v = f', γ += f'' */
			out->phi -= f[0], out->vrhs = f[1], out->gamma += f[2];
		} else { /* Φ -= f²/2: v = f f', γ += f'² + f f'' */
			out->phi -= 0.5 * f[0] * f[0], out->vrhs = f[0] * f[1];
			out->gamma += f[1] * f[1] + f[0] * f[2];
		}
	}
	return 0;
}

int layout_rows(const struct layout *L, struct run_data *d, double t, const double *r,
                const double *rd, struct rows *out)
{
	struct prow_value v;
	rows_clear(out);
	for (int i = 0; i < L->nrows; i++) {
		if (layout_row(L, d, i, t, r, rd, &v, out->J + (size_t)i * (size_t)out->cols) != 0)
			return -1;
		out->phi[i] = v.phi, out->vrhs[i] = v.vrhs, out->gamma[i] = v.gamma;
	}
	return 0;
}

void layout_forces(const struct layout *L, const double *hc, double *h)
{
	for (int b = 0; b < L->m->nbodies; b++) {
		const struct body_place *p = &L->bodies[b];
		const struct group *G = &L->groups[p->group];
		vec2 f = v2(hc[3 * b], hc[3 * b + 1]);
		lin_gradient(&p->centre, f, h);
		if (G->motion != MOTION_TURNING)
			continue; /* the joints that hold its angle take its moment */
		vec2 couple = v2_scale(hc[3 * b + 2], G->grad); /* n d̆ / |d|² on b, minus on a */
		const struct point *pa = &L->points[G->points[0]], *pb = &L->points[G->points[1]];
		if (pb->var >= 0)
			h[pb->var] += couple.x, h[pb->var + 1] += couple.y;
		if (pa->var >= 0)
			h[pa->var] -= couple.x, h[pa->var + 1] -= couple.y;
	}
}

/* ------------------------------------------------------------ the formulations' shared entries */

void point_coords_head_init(struct point_coords_head *w, const struct model *m, struct run_data *d,
                            struct layout *L)
{
	size_t n3 = 3 * (size_t)m->nbodies;
	w->m = m, w->d = d, w->L = L, w->n = L->n;
	w->c = calloc(2 * n3 + 1, sizeof(double));
	w->cd = w->c + n3;
	w->hc = calloc(n3 + 1, sizeof(double));
	w->weights_h = calloc((size_t)L->n + 1, sizeof(double));
}

void point_coords_head_release(struct point_coords_head *w)
{
	layout_free(w->L);
	free(w->c), free(w->hc), free(w->weights_h);
}

int point_coords_head_evaluate(struct point_coords_head *w, double t, const double *r,
                               const double *rd, unsigned what, struct rows *out, double *h)
{
	layout_frames(w->L, r, rd, 0);
	if ((what & EVAL_ROWS) && layout_rows(w->L, w->d, t, r, rd, out) != 0)
		return -1;
	if (!(what & EVAL_FORCES))
		return 0;
	size_t size = sizeof(double) * (size_t)w->n;
	int constant = w->weights_once && w->m->nforces == 0 && w->m->ncontacts == 0;
	if (constant && w->weights_known) {
		memcpy(h, w->weights_h, size);
		return 0;
	}
	double potential; /* the energy is the report's (model/report.c) */
	layout_to_bodies(w->L, r, rd, NULL, w->c, w->cd, NULL);
	if (forces_apply(w->m, w->d, w->c, w->cd, t, w->hc, &potential) != 0)
		return -1;
	memset(h, 0, size);
	layout_forces(w->L, w->hc, h);
	if (constant)
		memcpy(w->weights_h, h, size), w->weights_known = 1;
	return 0;
}

const struct layout *point_coords_layout(void *ws) { return ((struct point_coords_head *)ws)->L; }

int point_coords_size(const void *ws, int *rows)
{
	const struct point_coords_head *w = ws;
	*rows = w->L->nrows;
	return w->n;
}

void point_coords_spans(const void *ws, struct rows *r)
{
	layout_spans(((const struct point_coords_head *)ws)->L, r);
}

int point_coords_row_joint(void *ws, int row)
{
	return ((struct point_coords_head *)ws)->L->rows[row].joint;
}

const char *point_coords_row_name(void *ws, int row)
{
	return layout_row_name(((struct point_coords_head *)ws)->L, row);
}

void point_coords_coordinate_name(void *ws, int k, char *buf, size_t len)
{
	layout_coordinate_name(((struct point_coords_head *)ws)->L, k, buf, len);
}

void point_coords_from_bodies(void *ws, const double *c, const double *cd, double *r, double *rd)
{
	layout_from_bodies(((struct point_coords_head *)ws)->L, c, cd, r, rd);
}

int point_coords_after_step(void *ws, double t, double *r, double *rd,
                            struct coordinate_switch *out)
{
	(void)t, (void)rd, (void)out;
	layout_accept(((struct point_coords_head *)ws)->L, r);
	return 0;
}

int point_coords_to_bodies(void *ws, double t, const double *r, const double *rd, const double *rdd,
                           double *c, double *cd, double *cdd)
{
	(void)t;
	struct layout *L = ((struct point_coords_head *)ws)->L;
	layout_frames(L, r, rd, 1);
	layout_to_bodies(L, r, rd, rdd, c, cd, cdd);
	return 0;
}
