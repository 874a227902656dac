/* SPDX-License-Identifier: GPL-3.0-or-later */
/* minimal_coords.c — minimal coordinates from explicit inverse kinematics
 * (see minimal_coords.h): W. Blajer, W. Schiehlen, W. Schirm, "Dynamic
 * analysis of constrained multibody systems using inverse kinematics",
 * Mech. Mach. Theory 28 (1993), Eqs. 5-7 and 11-14.
 *
 * The system cut open is the set of free bodies, q = c (book Eq. 7.52: M
 * diagonal, h the applied forces). The independent coordinates q_I give
 * every body in closed form, c = g(q_I, t) (Eq. 5), group by group; each
 * group's rows differentiated give the rates and accelerations recursively,
 *     ċ = B q̇_I + η,   c̈ = B q̈_I + ξ          (Eqs. 6-7, 10),
 * and the equations of motion reduce to k = dof equations (Eqs. 12-14)
 *     M' q̈_I = h',   M' = B'MB,   h' = B'(h - Mξ).
 * When q_I are body coordinates, B is D' = [I A']' of Eq. 11 (rows ordered
 * independent first) and, M being diagonal, M_ID = 0 in Eqs. 13-14; a
 * joint's relative angle as q_I (the paper's case b) makes B a general
 * orthogonal complement of the joints' Jacobian, with the same M' and h'.
 *
 * The groups. Every joint is taken apart into ties between body angles
 * (φ_i - φ_j = a constant, a driver's fn(t) or an independent coordinate)
 * and a relation between two points, P_b = P_a + Σ ℓ A(φ) w: a pin adds
 * nothing, a slider its slide along the guide, rev-tran a slide and the
 * offset, rev-rev a massless link of its own angle, a rolling disc a slide
 * tied to its angle. Ties make classes of bodies that turn together. A
 * body is then placed when its angle is known and a relation to a placed
 * body has no unknown; otherwise a path from a placed body through bodies
 * not yet placed back to a placed one closes a vector loop (book Sec. 5.1:
 * each term a vector of fixed or variable length and angle), which is
 * solved in closed form when it is left with two unknowns:
 *     two angles           a triangle, two circles       (RRR)
 *     an angle and a slide a line across a circle        (RRP, PRR)
 *     a slide turning with the unknown angle             (RPR)
 *     two slides           two lines                     (PRP, PPR)
 * with the assembly branch (±) taken from the pose and then kept. The
 * rates and the accelerations come from each loop's two rows differentiated
 * (Eqs. 5.3-5.5 of the book's vector kinematics), solved with the loop's
 * 2x2 Jacobian in the unknowns; its columns' sine, |det| over the
 * product of their lengths, is the group's condition: the paper's sin α3
 * and cos α1 in its four-bar. Before a condition falls below
 * SWITCH_BELOW, another set of independent coordinates is chosen at that
 * state and the run goes on from it.
 *
 * This file evaluates (positions, rates, the equations, switching);
 * minimal_build.c builds (the joints taken apart, the groups, the choice of
 * independent coordinates, the set-up). */
#include "formulation/minimal_coords.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/loop_terms.h"
#include "formulation/minimal_private.h"
#include "model/forces/force.h"
#include "util/rank.h"

/* ------------------------------------------------------------ positions */

static double node_phi(const struct mc *w, int n) { return w->theta[w->root[n]] + w->alpha[n]; }

static double length_value(const struct mc *w, int l)
{
	const struct length *L = &w->len[l];
	return L->kind == LEN_TIED ? L->value - L->radius * node_phi(w, L->node) : w->lv[l];
}

static int length_have(const struct mc *w, int l)
{
	const struct length *L = &w->len[l];
	return L->kind == LEN_TIED ? w->have[w->root[L->node]] : w->lhave[l];
}

/* A(φ_node) w, and with its length */
static vec2 term_dir(const struct mc *w, const struct term *t)
{
	return v2_rotate(node_phi(w, t->node), t->w);
}

static vec2 term_vec(const struct mc *w, const struct term *t)
{
	vec2 v = term_dir(w, t);
	return t->length < 0 ? v : v2_scale(length_value(w, t->length), v);
}

static vec2 node_point(const struct mc *w, int n, vec2 p)
{
	if (n >= w->nb)
		return p; /* the ground */
	const double *q = w->c + 3 * n;
	return v2_add(v2(q[0], q[1]), v2_rotate(q[2], p));
}

static int drivers_at(struct mc *w, double t)
{
	for (int d = 0; d < w->ndrivers; d++)
		if (model_fn(w->d, &w->m->joints[w->driver[d]].fn, t, w->f + 3 * d) != 0)
			return -1;
	return 0;
}

/* α of every node; the lengths known before any step */
static void alphas(struct mc *w, const double *q)
{
	for (int n = 0; n < w->nnodes; n++) {
		const double *cf = w->alpha_coef + (size_t)n * (size_t)w->ncoef;
		double a = w->alpha_const[n];
		for (int i = 0; i < w->nset; i++)
			a += cf[i] * q[i];
		for (int d = 0; d < w->ndrivers; d++)
			a += cf[w->kmax + d] * w->f[3 * d];
		w->alpha[n] = a;
		w->have[n] = n == w->ground;
		w->theta[n] = 0;
	}
	for (int l = 0; l < w->nlen; l++) {
		const struct length *L = &w->len[l];
		w->lhave[l] = L->kind != LEN_FREE;
		w->lv[l] = L->kind == LEN_CONST    ? L->value
		           : L->kind == LEN_FROZEN ? q[L->source]
		           : L->kind == LEN_DRIVEN ? L->sign * w->f[3 * L->source]
		                                   : 0;
	}
}

/* Walk a step's terms from its start, placing the bodies it reaches. */
static void walk_positions(struct mc *w, const struct step *s)
{
	vec2 x = node_point(w, s->start, s->p_start);
	for (int t = s->first; t < s->first + s->count; t++) {
		const struct term *tm = &w->term[t];
		if (tm->arrive >= 0) {
			double *q = w->c + 3 * tm->arrive, phi = node_phi(w, tm->arrive);
			vec2 r = v2_sub(x, v2_rotate(phi, tm->at));
			q[0] = r.x, q[1] = r.y, q[2] = phi;
		}
		x = v2_add(x, term_vec(w, tm));
	}
}

/* The loop's Jacobian in its two unknowns and its condition, at the
 * solved positions. */
static void jacobian(struct mc *w, struct step *s)
{
	s->col[0] = s->col[1] = v2(0, 0);
	for (int t = s->first; t < s->first + s->count; t++) {
		const struct term *tm = &w->term[t];
		int r = w->root[tm->node];
		vec2 d_ell, d_phi; /* ∂(ℓ A w)/∂ℓ = A w, ∂/∂θ = ℓ (A w)˘ */
		loop_term_partials(tm->length < 0 ? 1 : length_value(w, tm->length),
		                   term_dir(w, tm), &d_ell, &d_phi);
		for (int i = 0; i < 2; i++) {
			if (!s->slide[i] && s->unknown[i] == r)
				s->col[i] = v2_add(s->col[i], d_phi);
			if (tm->length < 0)
				continue;
			const struct length *L = &w->len[tm->length];
			if (s->slide[i] && s->unknown[i] == tm->length)
				s->col[i] = v2_add(s->col[i], d_ell);
			else if (!s->slide[i] && L->kind == LEN_TIED &&
			         w->root[L->node] == s->unknown[i])
				s->col[i] = v2_sub(s->col[i], v2_scale(L->radius, term_dir(w, tm)));
		}
	}
	double a = v2_norm(s->col[0]), b = v2_norm(s->col[1]);
	s->condition = a > 0 && b > 0 ? fabs(v2_cross(s->col[0], s->col[1])) / (a * b) : 0;
}

/* θ nearest the class's last angle, whole turns counted */
static double unwrap(struct mc *w, int root, double theta)
{
	double near = w->ref[root] + remainder(theta - w->ref[root], 2 * M_PI);
	w->ref[root] = near;
	return near;
}

static void set_unknown(struct mc *w, const struct step *s, int i, double value)
{
	int u = s->unknown[i];
	if (!s->slide[i]) {
		w->theta[u] = unwrap(w, u, value), w->have[u] = 1;
		return;
	}
	w->lv[u] = value, w->lhave[u] = 1;
	const struct length *L = &w->len[u];
	if (L->kind == LEN_TIED) { /* the disc's angle from its roll */
		int r = w->root[L->node];
		w->theta[r] = (L->value - value) / L->radius - w->alpha[L->node], w->have[r] = 1;
	}
}

/* The loop's unknowns in closed form on branch `branch`: 0, or -1 when the
 * loop cannot close (the coordinates ask for a position it cannot reach). */
static int solve_loop(struct mc *w, struct step *s, int branch)
{
	vec2 d = v2_sub(node_point(w, s->end, s->p_end), node_point(w, s->start, s->p_start));
	vec2 V[2] = {{0, 0}, {0, 0}}, along[2] = {{0, 0}, {0, 0}}, tied = {0, 0};
	for (int t = s->first; t < s->first + s->count; t++) {
		const struct term *tm = &w->term[t];
		int r = w->root[tm->node], mine = -1;
		for (int i = 0; i < 2; i++)
			if (!s->slide[i] && s->unknown[i] == r)
				mine = i;
		int l = tm->length, free_slide = -1;
		for (int i = 0; i < 2 && l >= 0; i++)
			if (s->slide[i] && s->unknown[i] == l)
				free_slide = i;
		vec2 local = v2_rotate(w->alpha[tm->node], tm->w); /* in its class's frame */
		if (mine >= 0 && free_slide >= 0) {
			along[free_slide] = local; /* turning with the angle */
		} else if (mine >= 0) {
			V[mine] =
			    v2_add(V[mine], l < 0 ? local : v2_scale(length_value(w, l), local));
		} else if (free_slide >= 0) {
			along[free_slide] = term_dir(w, tm);
		} else if (l >= 0 && !length_have(w, l)) { /* a roll tied to the unknown angle */
			const struct length *L = &w->len[l];
			vec2 u = term_dir(w, tm);
			d = v2_sub(d, v2_scale(L->value - L->radius * w->alpha[L->node], u));
			tied = v2_sub(tied, v2_scale(L->radius, u));
		} else {
			d = v2_sub(d, term_vec(w, tm));
		}
	}
	switch (s->form) {
	case TWO_ANGLES: { /* A(θa)Va + A(θb)Vb = d: a triangle of sides |Va|, |Vb|, |d| */
		double ra = v2_norm(V[0]), rb = v2_norm(V[1]), D = v2_norm(d);
		if (!(D > 0 && ra > 0 && rb > 0))
			return -1;
		double a = (ra * ra - rb * rb + D * D) / (2 * D), h2 = ra * ra - a * a;
		if (!(h2 >= 0))
			return -1;
		vec2 dh = v2_scale(1 / D, d);
		vec2 p = v2_add(v2_scale(a, dh), v2_scale(branch * sqrt(h2), v2_perp(dh)));
		set_unknown(w, s, 0, v2_angle(p) - v2_angle(V[0]));
		set_unknown(w, s, 1, v2_angle(v2_sub(d, p)) - v2_angle(V[1]));
		break;
	}
	case ANGLE_SLIDE: { /* A(θ)V + s u + θ T = d, T along u: across u first */
		vec2 u = along[1];
		double lu = v2_norm(u), lv = v2_norm(V[0]);
		if (!(lu > 0 && lv > 0))
			return -1;
		vec2 uh = v2_scale(1 / lu, u);
		double sn = v2_cross(uh, d) / lv;
		if (!(fabs(sn) <= 1))
			return -1;
		double base = v2_angle(u) - v2_angle(V[0]);
		double theta = base + (branch > 0 ? asin(sn) : M_PI - asin(sn));
		set_unknown(w, s, 0, theta);
		theta = w->theta[s->unknown[0]]; /* with its whole turns: the roll needs them */
		vec2 rest = v2_sub(v2_sub(d, v2_rotate(theta, V[0])), v2_scale(theta, tied));
		set_unknown(w, s, 1, v2_dot(uh, rest) / lu);
		break;
	}
	case TURNING_SLIDE: { /* A(θ)(V + s W) = d: |V + s W| = |d| */
		vec2 W = along[1];
		double a = v2_dot(W, W), b = v2_dot(V[0], W), c = v2_dot(V[0], V[0]) - v2_dot(d, d);
		double disc = b * b - a * c;
		if (!(a > 0 && disc >= 0))
			return -1;
		double sl = (-b + branch * sqrt(disc)) / a;
		set_unknown(w, s, 1, sl);
		set_unknown(w, s, 0, v2_angle(d) - v2_angle(v2_add(V[0], v2_scale(sl, W))));
		break;
	}
	case TWO_SLIDES: { /* s1 u1 + s2 u2 = d */
		double det = v2_cross(along[0], along[1]);
		if (!(fabs(det) > 1e-12 * v2_norm(along[0]) * v2_norm(along[1])))
			return -1;
		set_unknown(w, s, 0, v2_cross(d, along[1]) / det);
		set_unknown(w, s, 1, v2_cross(along[0], d) / det);
		break;
	}
	case PLACE:
		break;
	}
	return 0;
}

/* How far a step's bodies are from pose c: positions and angles alike. */
static double distance_to(const struct mc *w, const struct step *s, const double *c)
{
	double sum = 0;
	for (int t = s->first; t < s->first + s->count; t++) {
		int b = w->term[t].arrive;
		if (b < 0)
			continue;
		const double *p = w->c + 3 * b, *n = c + 3 * b;
		double da = remainder(p[2] - n[2], 2 * M_PI);
		sum += (p[0] - n[0]) * (p[0] - n[0]) + (p[1] - n[1]) * (p[1] - n[1]) + da * da;
	}
	return sum;
}

/* Before solving near pose c: each unknown class's last angle is c's. */
static void refs_from(struct mc *w, const struct step *s, const double *c)
{
	for (int t = s->first; t < s->first + s->count; t++) {
		int b = w->term[t].arrive;
		if (b >= 0)
			w->ref[w->root[b]] = c[3 * b + 2] - w->alpha[b];
	}
}

static void loop_failure(struct mc *w, const struct step *s, double t)
{
	char where[400], set[300];
	mc_step_words(w, s, where, sizeof where);
	mc_set_names(w, w->set, w->nset, set, sizeof set);
	run_data_fail(w->d,
	              "at t = %g %s cannot close: the independent coordinates (%s) ask for a "
	              "position it cannot reach (its condition was %.3g when last solved)",
	              t, where, set, s->condition);
}

/* c = g(q_I, t) (Eq. 5), step by step. Near pose c_near (not NULL) each
 * loop takes the branch nearest it and keeps it. 0, or -1 with the run's
 * error set. */
int mc_positions(struct mc *w, double t, const double *q, const double *c_near)
{
	w->t_last = t;
	w->failed_step = -1;
	if (drivers_at(w, t) != 0)
		return -1;
	alphas(w, q);
	for (int i = 0; i < w->nsteps; i++) {
		struct step *s = &w->step[i];
		if (s->form != PLACE) {
			if (c_near) {
				double best = INFINITY;
				int pick = 1;
				for (int branch = 1; branch >= -1; branch -= 2) {
					refs_from(w, s, c_near);
					if (s->form == TWO_SLIDES && branch < 0)
						break;
					if (solve_loop(w, s, branch) != 0)
						continue;
					walk_positions(w, s);
					double dist = distance_to(w, s, c_near);
					if (dist < best)
						best = dist, pick = branch;
				}
				s->branch = s->form == TWO_SLIDES ? 0 : pick;
				refs_from(w, s, c_near);
			}
			if (solve_loop(w, s, s->branch ? s->branch : 1) != 0) {
				w->failed_step = i;
				loop_failure(w, s, t);
				return -1;
			}
		}
		walk_positions(w, s);
		if (s->form != PLACE)
			jacobian(w, s);
	}
	return 0;
}

/* The smallest condition of the loops at the last positions. */
double mc_worst_condition(const struct mc *w, int *which)
{
	double worst = 1;
	*which = -1;
	for (int i = 0; i < w->nsteps; i++)
		if (w->step[i].form != PLACE && w->step[i].condition < worst)
			worst = w->step[i].condition, *which = i;
	return worst;
}

/* ------------------------------------------------------------ rates and accelerations */

/* Rates are rows over (q̇_I, 1): ẋ = row · {q̇_I; 1}; an acceleration is
 * ẍ = row · {q̈_I; 0} + bias (Eq. 7's ξ), the bias found with q̈_I = 0. */
static double *trow(const struct mc *w, int n) { return w->theta_rate + (size_t)n * (size_t)w->R; }
static double *arow(const struct mc *w, int n) { return w->alpha_rate + (size_t)n * (size_t)w->R; }
static double *lrow(const struct mc *w, int l) { return w->lrate + (size_t)l * (size_t)w->R; }
static double *crow(const struct mc *w, int i) { return w->crate + (size_t)i * (size_t)w->R; }

static double actual(const struct mc *w, const double *row)
{
	double s = 0;
	for (int r = 0; r < w->R; r++)
		s += row[r] * w->qd1[r];
	return s;
}

/* φ̇ row of a node (its class's share left out while it is being solved),
 * φ̇ and φ̈'s bias */
static void node_rate(const struct mc *w, int n, double *row)
{
	int r = w->root[n];
	const double *a = arow(w, n), *th = trow(w, r);
	for (int i = 0; i < w->R; i++)
		row[i] = a[i] + (w->solving_root[r] ? 0 : th[i]);
}

static double node_bias(const struct mc *w, int n)
{
	int r = w->root[n];
	return w->alpha_bias[n] + (w->solving_root[r] ? 0 : w->theta_bias[r]);
}

/* A length's rate row and bias (zero while it is being solved) */
static void length_rate(const struct mc *w, int l, double *row, double *bias)
{
	const struct length *L = &w->len[l];
	if (L->kind == LEN_TIED && !w->solving_len[l]) {
		node_rate(w, L->node, row);
		for (int i = 0; i < w->R; i++)
			row[i] *= -L->radius;
		*bias = -L->radius * node_bias(w, L->node);
		return;
	}
	if (w->solving_len[l]) {
		memset(row, 0, sizeof(double) * (size_t)w->R);
		*bias = 0;
		return;
	}
	memcpy(row, lrow(w, l), sizeof(double) * (size_t)w->R);
	*bias = w->lbias[l];
}

/* The known part of a term's rate, added to rows (rx, ry):
 * d(ℓ A w)/dt = ℓ̇ A w + ℓ φ̇ (A w)˘ (book Eq. 5.4, loop_terms.h) */
static void term_rate(struct mc *w, const struct term *tm, double *rx, double *ry)
{
	vec2 dir = term_dir(w, tm);
	double ell = tm->length < 0 ? 1 : length_value(w, tm->length);
	double *phid = w->sx, *elld = w->sy, bias;
	node_rate(w, tm->node, phid);
	if (tm->length >= 0)
		length_rate(w, tm->length, elld, &bias);
	for (int i = 0; i < w->R; i++) {
		vec2 rate = loop_term_rate(ell, tm->length >= 0 ? elld[i] : 0, phid[i], dir);
		rx[i] += rate.x, ry[i] += rate.y;
	}
}

/* The known part of its second derivative, with every rate known:
 * ℓ̈ A w + 2 ℓ̇ φ̇ (A w)˘ + ℓ φ̈ (A w)˘ - ℓ φ̇² A w (Eq. 5.5, loop_terms.h) */
static vec2 term_bias(struct mc *w, const struct term *tm)
{
	vec2 dir = term_dir(w, tm);
	double ell = tm->length < 0 ? 1 : length_value(w, tm->length);
	double *row = w->sx, lb = 0, ld = 0;
	int r = w->root[tm->node], solving = w->solving_root[r];
	w->solving_root[r] = 0; /* its rate is known by now: the actual φ̇ */
	node_rate(w, tm->node, row);
	double phid = actual(w, row);
	w->solving_root[r] = solving;
	double phib = node_bias(w, tm->node);
	if (tm->length >= 0) {
		const struct length *L = &w->len[tm->length];
		int sl = w->solving_len[tm->length],
		    sr = L->kind == LEN_TIED ? w->solving_root[w->root[L->node]] : 0;
		w->solving_len[tm->length] = 0;
		if (L->kind == LEN_TIED)
			w->solving_root[w->root[L->node]] = 0;
		length_rate(w, tm->length, row, &lb);
		ld = actual(w, row);
		w->solving_len[tm->length] = sl;
		if (L->kind == LEN_TIED)
			w->solving_root[w->root[L->node]] = sr;
		length_rate(w, tm->length, row, &lb); /* the bias without the unknown's */
	}
	return loop_term_accel(ell, ld, lb, phid, phib, dir);
}

/* The rate rows and bias of a placed node's point p */
static vec2 point_motion(struct mc *w, int n, vec2 p, double *rx, double *ry)
{
	if (n >= w->nb) {
		memset(rx, 0, sizeof(double) * (size_t)w->R);
		memset(ry, 0, sizeof(double) * (size_t)w->R);
		return v2(0, 0);
	}
	vec2 s = v2_rotate(w->c[3 * n + 2], p), turn = v2_perp(s);
	const double *x = crow(w, 3 * n), *y = crow(w, 3 * n + 1), *phi = crow(w, 3 * n + 2);
	for (int i = 0; i < w->R; i++)
		rx[i] = x[i] + phi[i] * turn.x, ry[i] = y[i] + phi[i] * turn.y;
	double phid = actual(w, phi), phib = w->cbias[3 * n + 2];
	return v2(w->cbias[3 * n] + phib * turn.x - phid * phid * s.x,
	          w->cbias[3 * n + 1] + phib * turn.y - phid * phid * s.y);
}

/* Walk a step's terms with their rates and biases, placing the bodies'. */
static void walk_rates(struct mc *w, const struct step *s)
{
	double *rx = w->rx, *ry = w->ry;
	vec2 bias = point_motion(w, s->start, s->p_start, rx, ry);
	for (int t = s->first; t < s->first + s->count; t++) {
		const struct term *tm = &w->term[t];
		if (tm->arrive >= 0) {
			int b = tm->arrive;
			vec2 at = v2_rotate(w->c[3 * b + 2], tm->at), turn = v2_perp(at);
			double *x = crow(w, 3 * b), *y = crow(w, 3 * b + 1),
			       *phi = crow(w, 3 * b + 2);
			node_rate(w, b, phi);
			double phid = actual(w, phi), phib = node_bias(w, b);
			for (int i = 0; i < w->R; i++)
				x[i] = rx[i] - phi[i] * turn.x, y[i] = ry[i] - phi[i] * turn.y;
			w->cbias[3 * b] = bias.x - phib * turn.x + phid * phid * at.x;
			w->cbias[3 * b + 1] = bias.y - phib * turn.y + phid * phid * at.y;
			w->cbias[3 * b + 2] = phib;
		}
		term_rate(w, tm, rx, ry);
		bias = v2_add(bias, term_bias(w, tm));
	}
}

/* x = J⁻¹ b for the loop's 2x2 Jacobian */
static void solve2(const struct step *s, vec2 b, double *x0, double *x1)
{
	double det = v2_cross(s->col[0], s->col[1]);
	*x0 = v2_cross(b, s->col[1]) / det;
	*x1 = v2_cross(s->col[0], b) / det;
}

static void set_unknown_rates(struct mc *w, const struct step *s, int i, const double *row,
                              double bias)
{
	int u = s->unknown[i];
	if (!s->slide[i]) {
		memcpy(trow(w, u), row, sizeof(double) * (size_t)w->R);
		w->theta_bias[u] = bias;
		return;
	}
	memcpy(lrow(w, u), row, sizeof(double) * (size_t)w->R);
	w->lbias[u] = bias;
	const struct length *L = &w->len[u];
	if (L->kind == LEN_TIED) { /* θ̇ = -ṡ/R - α̇ */
		int r = w->root[L->node];
		const double *a = arow(w, L->node);
		for (int k = 0; k < w->R; k++)
			trow(w, r)[k] = -row[k] / L->radius - a[k];
		w->theta_bias[r] = -bias / L->radius - w->alpha_bias[L->node];
	}
}

/* A loop's unknowns' rates (Eq. 6) and biases (Eq. 7): J ẋ = the rates of
 * the rest, J ẍ = the rest of the second derivative. */
static void loop_rates(struct mc *w, const struct step *s)
{
	int R = w->R;
	double *rx = w->rx, *ry = w->ry, *ex = w->rx + R, *ey = w->ry + R;
	for (int i = 0; i < 2; i++)
		(s->slide[i] ? w->solving_len : w->solving_root)[s->unknown[i]] = 1;
	vec2 b_end = point_motion(w, s->end, s->p_end, ex, ey);
	vec2 b_start = point_motion(w, s->start, s->p_start, rx, ry);
	for (int i = 0; i < R; i++)
		rx[i] = ex[i] - rx[i], ry[i] = ey[i] - ry[i];
	double *negx = ex, *negy = ey;
	memset(negx, 0, sizeof(double) * (size_t)R), memset(negy, 0, sizeof(double) * (size_t)R);
	for (int t = s->first; t < s->first + s->count; t++)
		term_rate(w, &w->term[t], negx, negy);
	double *x0 = w->q_now, *x1 = w->q_now + R; /* 2R long */
	for (int i = 0; i < R; i++)
		solve2(s, v2(rx[i] - negx[i], ry[i] - negy[i]), &x0[i], &x1[i]);
	set_unknown_rates(w, s, 0, x0, 0);
	set_unknown_rates(w, s, 1, x1, 0);
	/* the biases: the unknowns' second derivatives stay out (their biases are 0 now) */
	vec2 rest = v2_sub(b_end, b_start);
	for (int t = s->first; t < s->first + s->count; t++)
		rest = v2_sub(rest, term_bias(w, &w->term[t]));
	double xi0, xi1;
	solve2(s, rest, &xi0, &xi1);
	for (int i = 0; i < 2; i++)
		(s->slide[i] ? w->solving_len : w->solving_root)[s->unknown[i]] = 0;
	set_unknown_rates(w, s, 0, x0, xi0);
	set_unknown_rates(w, s, 1, x1, xi1);
}

/* ċ = B q̇_I + η and c̈'s bias ξ (Eqs. 6-7), after mc_positions(). */
static void rates(struct mc *w, const double *qd)
{
	int R = w->R, k = w->k;
	for (int i = 0; i < k; i++)
		w->qd1[i] = qd[i];
	w->qd1[k] = 1;
	for (int n = 0; n < w->nnodes; n++) {
		const double *cf = w->alpha_coef + (size_t)n * (size_t)w->ncoef;
		double *row = arow(w, n), time = 0, bias = 0;
		for (int i = 0; i < k; i++)
			row[i] = cf[i];
		for (int d = 0; d < w->ndrivers; d++)
			time += cf[w->kmax + d] * w->f[3 * d + 1],
			    bias += cf[w->kmax + d] * w->f[3 * d + 2];
		row[k] = time, w->alpha_bias[n] = bias;
		memset(trow(w, n), 0, sizeof(double) * (size_t)R);
		w->theta_bias[n] = 0;
	}
	for (int l = 0; l < w->nlen; l++) {
		const struct length *L = &w->len[l];
		double *row = lrow(w, l);
		memset(row, 0, sizeof(double) * (size_t)R);
		w->lbias[l] = 0;
		if (L->kind == LEN_FROZEN)
			row[L->source] = 1;
		if (L->kind == LEN_DRIVEN)
			row[k] = L->sign * w->f[3 * L->source + 1],
			w->lbias[l] = L->sign * w->f[3 * L->source + 2];
	}
	for (int i = 0; i < w->nsteps; i++) {
		const struct step *s = &w->step[i];
		if (s->form != PLACE)
			loop_rates(w, s);
		walk_rates(w, s);
	}
}

static int size(const void *ws, int *rows)
{
	*rows = 0; /* the joints hold by construction */
	return ((const struct mc *)ws)->k;
}

static void spans(const void *ws, struct rows *r) { (void)ws, (void)r; }
static const char *row_name(void *ws, int row) { return (void)ws, (void)row, ""; }
static int row_joint(void *ws, int row) { return (void)ws, (void)row, -1; }

static void coordinate_name(void *ws, int k, char *buf, size_t len)
{
	struct mc *w = ws;
	mc_candidate_name(w, w->set[k], buf, len);
}

/* ------------------------------------------------------------ the equations */

/* Positions, rates and biases of every body at (t, q_I, q̇_I). */
static int kinematics(struct mc *w, double t, const double *q, const double *qd)
{
	if (mc_positions(w, t, q, NULL) != 0)
		return -1;
	rates(w, qd);
	return 0;
}

static void bodies_out(const struct mc *w, double *c, double *cd)
{
	int n3 = 3 * w->nb;
	memcpy(c, w->c, sizeof(double) * (size_t)n3);
	for (int i = 0; i < n3; i++)
		cd[i] = actual(w, crow(w, i));
}

static int evaluate(void *ws, double t, const double *q, const double *qd, unsigned what,
                    struct rows *r, double *hbar)
{
	(void)r;
	struct mc *w = ws;
	int k = w->k, n3 = 3 * w->nb;
	if (!(what & (EVAL_FORCES | EVAL_MASS | EVAL_MASS_SOLVE)))
		return 0;
	if (kinematics(w, t, q, qd) != 0)
		return -1;
	if (what & EVAL_FORCES) { /* h' = B'(h - M ξ), Eq. 14 with M_ID = 0 */
		double *cd = w->g;
		for (int i = 0; i < n3; i++)
			cd[i] = actual(w, crow(w, i));
		if (forces_apply(w->m, w->d, w->c, cd, t, w->h, &w->potential) != 0)
			return -1;
		for (int i = 0; i < n3; i++)
			w->g[i] = w->h[i] - w->mdiag[i] * w->cbias[i];
		for (int a = 0; a < k; a++) {
			double s = 0;
			for (int i = 0; i < n3; i++)
				s += crow(w, i)[a] * w->g[i];
			hbar[a] = s;
		}
	}
	if (what & (EVAL_MASS | EVAL_MASS_SOLVE)) { /* M' = B'MB, Eq. 13 with M_ID = 0 */
		for (int a = 0; a < k; a++)
			for (int b = 0; b <= a; b++) {
				double s = 0;
				for (int i = 0; i < n3; i++)
					s += crow(w, i)[a] * w->mdiag[i] * crow(w, i)[b];
				gsl_matrix_set(w->M, (size_t)a, (size_t)b, s);
				gsl_matrix_set(w->M, (size_t)b, (size_t)a, s);
			}
		w->factored = 0;
	}
	if ((what & EVAL_MASS_SOLVE) && k > 0) {
		w->factored = 1;
		if (cholesky_checked(w->M) != 0) {
			run_data_fail(
			    w->d, "at t = %g the minimal-coordinate mass matrix is singular", t);
			return -1;
		}
	}
	return 0;
}

static void mass_apply(void *ws, const double *x, double *out)
{
	struct mc *w = ws;
	symmetric_product(w->M, (size_t)w->k, w->factored, x, out);
}

static void mass_solve(void *ws, double *x)
{
	struct mc *w = ws;
	if (w->k == 0)
		return;
	gsl_vector_view v = gsl_vector_view_array(x, (size_t)w->k);
	gsl_linalg_cholesky_svx(w->M, &v.vector);
}

static void mass_dense(void *ws, double *A)
{
	struct mc *w = ws;
	size_t k = (size_t)w->k;
	for (size_t a = 0; a < k; a++)
		for (size_t b = 0; b < k; b++) {
			double s = 0;
			if (!w->factored)
				s = gsl_matrix_get(w->M, a, b);
			for (size_t i = 0; w->factored && i <= (a < b ? a : b); i++)
				s += gsl_matrix_get(w->M, a, i) * gsl_matrix_get(w->M, b, i);
			A[a * k + b] = s;
		}
}

/* ------------------------------------------------------------ to and from bodies */

/* q_I and q̇_I of (c, ċ); each loop takes the branch c is on (the ± of
 * Eq. 17), kept until the coordinates change. */
static void from_bodies(void *ws, const double *c, const double *cd, double *q, double *qd)
{
	struct mc *w = ws;
	mc_set_values(w, w->set, w->k, c, cd, q, qd);
	if (mc_positions(w, w->t_last, q, c) != 0)
		w->d->error[0] = '\0'; /* a start off its joints: the start check says so */
}

static int to_bodies(void *ws, double t, const double *q, const double *qd, const double *qdd,
                     double *c, double *cd, double *cdd)
{
	struct mc *w = ws;
	if (kinematics(w, t, q, qd) != 0)
		return -1;
	bodies_out(w, c, cd);
	for (int i = 0; qdd && cdd && i < 3 * w->nb; i++) { /* c̈ = B q̈_I + ξ */
		double s = w->cbias[i];
		for (int a = 0; a < w->k; a++)
			s += crow(w, i)[a] * qdd[a];
		cdd[i] = s;
	}
	return 0;
}

/* ------------------------------------------------------------ switching */

static double condition(void *ws)
{
	int which;
	return mc_worst_condition(ws, &which);
}

/* After each accepted step: the groups' conditions; below SWITCH_BELOW the
 * set best conditioned at this state takes over, the state kept. */
static int after_step(void *ws, double t, double *q, double *qd, struct coordinate_switch *out)
{
	struct mc *w = ws;
	if (w->k == 0)
		return 0;
	if (mc_positions(w, t, q, NULL) != 0)
		return -1;
	int which;
	double worst = mc_worst_condition(w, &which);
	if (worst >= SWITCH_BELOW)
		return 0;
	char group[400], names[300];
	mc_step_words(w, &w->step[which], group, sizeof group);
	mc_set_names(w, w->set, w->k, names, sizeof names);
	if (w->switching) {
		double *c = w->c_save, *cd = c + 3 * w->nb, better;
		int *old = w->old_set;
		rates(w, qd);
		bodies_out(w, c, cd);
		memcpy(old, w->set, sizeof(int) * (size_t)w->k);
		if (mc_choose(w, t, c, &better) == 0 && w->nset == w->k && better > worst &&
		    memcmp(old, w->set, sizeof(int) * (size_t)w->k) != 0) {
			mc_set_values(w, w->set, w->k, c, cd, q, qd);
			mc_positions(w, t, q, c); /* the branches c is on */
			out->t = t, out->condition = worst;
			mc_set_list(w, old, w->k, "\n", out->from, sizeof out->from);
			mc_set_list(w, w->set, w->k, "\n", out->to, sizeof out->to);
			snprintf(out->group, sizeof out->group, "%.199s", group);
			return 1;
		}
		w->d->error[0] = '\0';
		mc_try_set(w, old, w->k); /* nothing better: go on as before */
		mc_positions(w, t, q, c);
	}
	if (worst >= SINGULAR_BELOW)
		return 0;
	run_data_fail(w->d,
	              "at t = %g %s is singular: its condition is %.3g, so %s cannot describe "
	              "the motion past here%s",
	              t, group, worst, names,
	              w->switching ? " and no other choice of independent coordinates is better "
	                             "(a change point of the mechanism?)"
	                           : " (switching = false: let the independent coordinates "
	                             "switch, or run it in body coordinates)");
	return -1;
}

int mc_kinematics(void *ws, double t, const double *q, const double *qd, struct mc_kinematics *out)
{
	struct mc *w = ws;
	if (kinematics(w, t, q, qd) != 0)
		return -1;
	*out = (struct mc_kinematics){w->k, w->c, w->crate, w->cbias};
	return 0;
}

/* Its own options (minimal_private.h). */
const struct option mc_option_independent = {
    .name = "independent",
    .type = OPTION_NAMES,
    .fallback = NAN,
    .said = "chosen",
    .taken_by = TAKEN_BY_SIMULATE | TAKEN_BY_PIECES | TAKEN_BY_MINIMAL_COORDS,
    .summary = "the independent coordinates, {\"crank.angle\"}, or the sets to switch between"};
const struct option mc_option_switching = {
    .name = "switching",
    .type = OPTION_FLAG,
    .fallback = 1,
    .taken_by = TAKEN_BY_SIMULATE,
    .summary = "the coordinates switch before a group turns singular (false: the run stops)"};
static const struct option *const own_options[] = {&mc_option_independent, &mc_option_switching,
                                                   NULL};

const struct formulation formulation_minimal = {
    .name = "minimal",
    .title = "minimal coordinates (Blajer et al.; Sec. 13.3)",
    .capabilities = FORM_DENSE_MASS | FORM_CLOSED_FORM,
    .options = own_options,
    .setup = mc_setup,
    .release = mc_release,
    .size = size,
    .spans = spans,
    .row_name = row_name,
    .row_joint = row_joint,
    .coordinate_name = coordinate_name,
    .from_bodies = from_bodies,
    .to_bodies = to_bodies,
    .evaluate = evaluate,
    .mass_apply = mass_apply,
    .mass_solve = mass_solve,
    .mass_dense = mass_dense,
    .mass_inverse_diagonal = NULL,
    .inertia_rate = NULL,
    .after_step = after_step,
    .condition = condition,
};
