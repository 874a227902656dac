/* SPDX-License-Identifier: GPL-3.0-or-later */
/* joint_coords.c — joint coordinates, book Ch. 9 (see joint_coords.h).
 *
 * Recursive kinematics along the tree (Sec. 9.1.2) give, body by body from
 * the ground out, the pose, the velocity, the body's rows of B in ċ = B θ̇
 * and its part of Ḃθ̇ (the acceleration when θ̈ = 0). Then (Eqs. 9.22-9.24,
 * 9.34)
 *     M̄ = B'MB,  h̄ = B'(h - M Ḃθ̇),  C = D_cut B,  γ̄ = γ_cut - D_cut Ḃθ̇,
 * which the constrained layer solves as [M̄ -C'; C 0] {θ̈; λ} = {h̄; γ̄}.
 * None of it needs B: each coordinate's planar twist gives h̄ and C in
 * O(N), and M̄⁻¹ comes from the articulated-body algorithm in O(N) per
 * solve; with method = "crb", M̄ is written out from subtree composites in
 * O(N²) and factored densely (the composite-rigid-body method). */
#define _GNU_SOURCE /* sincos: a body's cos φ and sin φ in one call */
#include "formulation/joint_coords.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/formulation.h"
#include "model/constraints.h"
#include "model/forces/force.h"
#include "model/joint_graph.h"
#include "util/rank.h"

enum tree_kind { TREE_FLOAT, TREE_REVOLUTE, TREE_SLIDE };

/* How body b hangs from its parent. */
struct tree_link {
	enum tree_kind kind;
	int parent, joint, coord; /* parent -1: ground; joint -1: floating */
	vec2 sp, sc;              /* the joint's points on parent and child */
	vec2 axis;                /* slide: the guide's direction, body-fixed */
	int axis_on_parent;       /* slide: the guide belongs to the parent */
	double alpha;             /* slide: φ_child - φ_parent, fixed */
};

struct jc {
	const struct model *m;
	struct run_data *d;
	int nb, n3, n, nc, absolute;
	int composite_method;   /* method = "crb": M̄ written out, factored densely */
	int many;               /* most vectors per mass_solve_many pass (0: crb, or one floats) */
	int *order;             /* bodies, parents first */
	struct tree_link *link; /* per body */
	int *cut, ncut;         /* model joints that are cut */
	int *parent, *tjoint, *tcoord, *tkind; /* struct jc_tree's arrays */
	int *from; /* absolute angles: per body, the coordinate a revolute's angle is measured
	            * from (its parent's absolute angle; -1: none) */
	/* per evaluation */
	double *c, *cd, *bias, *B, *h, *mdiag, *work;
	double *cs;            /* 2 per body: cos φ, sin φ */
	double *guide;         /* 2 per body: a slide's guide direction u, turned */
	struct rows *cut_rows; /* the cut joints in body coordinates */
	gsl_matrix *Mbar;      /* M̄, or its Cholesky factor L when factored */
	int factored;
	double potential;
	/* per coordinate its twist (ω, v at the origin), per body its subtree's
	 * inertia and wrench */
	double *twist;     /* 3 per coordinate: ω, vx, vy */
	int *owner;        /* body of each coordinate */
	double *composite; /* 4 per body: M, Fx, Fy, Q */
	double *wrench;    /* 3 per body: fx, fy, n about the origin */
	double *linear;    /* 2 per body: the subtree's linear momentum */
	/* the articulated-body path, per body (3x3 row-major, spatial vectors
	 * about the origin: motion (ω, vx, vy), force (n, fx, fy)) */
	double *articulated; /* 9: I^A, the articulated-body inertia */
	double *U;           /* 9: I^A S, a column of 3 per coordinate of the body */
	double *Dinv;        /* 9: (S' I^A S)⁻¹, 1x1 or 3x3 */
	double *pivot;       /* 3: the pivots of S' I^A S, for the singularity check */
	double *force;       /* 3: the bias force p^A of a solve, a subtree's force of a product */
	double *accel;       /* 3: the body's spatial acceleration */
};

/* ------------------------------------------------------------ the tree */

/* Joint coordinates' own options (formulation.h), in the order of cfg->own:
 * absolute angles, the joints the tree may use, and how M̄ q̈ = ... is solved. */
enum { OWN_ANGLES, OWN_TREE, OWN_METHOD };
static const char *const angle_kinds[] = {"relative", "absolute", NULL};
static const struct option option_angles = {
    .name = "angles",
    .type = OPTION_CHOICE,
    .choices = angle_kinds,
    .taken_by = TAKEN_BY_SIMULATE | TAKEN_BY_KINEMATICS | TAKEN_BY_PIECES | TAKEN_BY_EXPLAIN |
                TAKEN_BY_JOINT_COORDS,
    .summary = "relative (each joint's own angle) or absolute (each body's angle)"};
static const char *const methods[] = {"aba", "crb", NULL};
static const struct option option_method = {
    .name = "method",
    .type = OPTION_CHOICE,
    .choices = methods,
    .taken_by = TAKEN_BY_SIMULATE | TAKEN_BY_PIECES,
    .summary = "aba (the articulated-body algorithm, O(N)) or crb (M̄ written out and factored)"};
static const struct option *const own_options[] = {&option_angles, &option_tree, &option_method,
                                                   NULL};

/* Body child hangs from parent by joint k: a pin's angle, or a slide along
 * the guide, the joint's body j (the tree's sliders, joint_graph.h). */
static void hang(struct jc *w, int child, int parent, int k)
{
	const struct joint *j = &w->m->joints[k];
	const struct geometry *g = &w->m->graph->geometry[k];
	struct tree_link *l = &w->link[child];
	int child_is_i = j->bi == child;
	l->parent = parent, l->joint = k;
	l->sp = child_is_i ? j->sj : j->si;
	l->sc = child_is_i ? j->si : j->sj;
	if (g->offers == OFFER_ANGLE) {
		l->kind = TREE_REVOLUTE;
	} else {
		l->kind = TREE_SLIDE;
		l->axis = g->term[g->slide].w;
		l->axis_on_parent = child_is_i;
		double a = g->tie_value; /* φ_i - φ_j */
		l->alpha = child_is_i ? a : -a;
	}
}

/* The tree (joint_graph.h: the model's, or grown over the joints the run
 * allows): bodies it cannot reach float; joints left over are cut. */
static void take_tree(struct jc *w, const struct formulation_config *cfg)
{
	const struct model *m = w->m;
	const struct option_value *allowed = &cfg->own[OWN_TREE];
	struct joint_tree own, *tree = &m->graph->tree[TREE_COORDINATES];
	if (allowed->given) {
		joint_tree_alloc(&own, w->nb, m->njoints);
		joint_tree_grow(m, m->graph, TREE_COORDINATES, allowed->indices, allowed->count,
		                &own);
		tree = &own;
	}
	for (int k = 0; k < tree->norder; k++) {
		int b = tree->order[k];
		w->order[k] = b;
		if (tree->joint[b] < 0)
			w->link[b] =
			    (struct tree_link){TREE_FLOAT, -1, -1, 0, {0, 0}, {0, 0}, {0, 0}, 0, 0};
		else
			hang(w, b, tree->parent[b], tree->joint[b]);
	}
	w->ncut = tree->ncut;
	memcpy(w->cut, tree->cut, sizeof(int) * (size_t)tree->ncut);
	if (allowed->given)
		joint_tree_free(&own);
}

/* The coordinate whose value is body b's absolute angle (-1: the ground's). */
static int angle_coordinate(const struct jc *w, int b)
{
	while (b >= 0 && w->link[b].kind == TREE_SLIDE)
		b = w->link[b].parent;
	if (b < 0)
		return -1;
	return w->link[b].coord + (w->link[b].kind == TREE_FLOAT ? 2 : 0);
}

/* ------------------------------------------------------------ set-up */

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	struct jc *w = calloc(1, sizeof *w);
	w->m = m, w->d = d;
	w->absolute = option_number(&option_angles, &cfg->own[OWN_ANGLES]) == 1;
	w->nb = m->nbodies, w->n3 = 3 * m->nbodies;
	w->order = calloc((size_t)w->nb + 1, sizeof *w->order);
	w->link = calloc((size_t)w->nb + 1, sizeof *w->link);
	w->cut = calloc((size_t)m->njoints + 1, sizeof *w->cut);
	take_tree(w, cfg);
	for (int k = 0; k < w->nb; k++) {
		int b = w->order[k];
		w->link[b].coord = w->n;
		w->n += w->link[b].kind == TREE_FLOAT ? 3 : 1;
	}
	w->nc = joint_rows_count(m, w->cut, w->ncut);
	size_t n = (size_t)w->n, n3 = (size_t)w->n3;
	w->parent = calloc((size_t)w->nb + 1, sizeof(int));
	w->tjoint = calloc((size_t)w->nb + 1, sizeof(int));
	w->tcoord = calloc((size_t)w->nb + 1, sizeof(int));
	w->tkind = calloc((size_t)w->nb + 1, sizeof(int));
	for (int b = 0; b < w->nb; b++) {
		w->parent[b] = w->link[b].parent, w->tjoint[b] = w->link[b].joint;
		w->tcoord[b] = w->link[b].coord, w->tkind[b] = (int)w->link[b].kind;
	}
	w->c = calloc(n3 + 1, sizeof(double));
	w->cd = calloc(n3 + 1, sizeof(double));
	w->bias = calloc(n3 + 1, sizeof(double));
	w->h = calloc(n3 + 1, sizeof(double));
	w->mdiag = calloc(n3 + 1, sizeof(double));
	w->work = calloc(2 * (n3 + n) + 1, sizeof(double));
	w->cut_rows = joint_rows_new(m, w->cut, w->ncut);
	w->composite_method = option_number(&option_method, &cfg->own[OWN_METHOD]) == 1;
	if (w->composite_method) /* O(N²): only for method = "crb" (B waits for teaching) */
		w->Mbar = gsl_matrix_calloc(n ? n : 1, n ? n : 1);
	model_mass_diagonal(m, w->mdiag);
	w->twist = calloc(3 * n + 1, sizeof(double));
	w->owner = calloc(n + 1, sizeof(int));
	w->composite = calloc(4 * (size_t)w->nb + 1, sizeof(double));
	w->wrench = calloc(3 * (size_t)w->nb + 1, sizeof(double));
	w->linear = calloc(2 * (size_t)w->nb + 1, sizeof(double));
	for (int b = 0; b < w->nb; b++)
		for (int k = 0; k < (w->link[b].kind == TREE_FLOAT ? 3 : 1); k++)
			w->owner[w->link[b].coord + k] = b;
	size_t nb = (size_t)w->nb;
	w->from = calloc(nb + 1, sizeof(int));
	for (int b = 0; b < w->nb; b++)
		w->from[b] = w->absolute && w->link[b].kind == TREE_REVOLUTE
		                 ? angle_coordinate(w, w->link[b].parent)
		                 : -1;
	w->cs = calloc(2 * nb + 1, sizeof(double));
	w->guide = calloc(2 * nb + 1, sizeof(double));
	w->articulated = calloc(9 * nb + 1, sizeof(double));
	w->U = calloc(9 * nb + 1, sizeof(double));
	w->Dinv = calloc(9 * nb + 1, sizeof(double));
	w->pivot = calloc(3 * nb + 1, sizeof(double));
	/* room for a solve of every cut row at once (mass_solve_many) */
	size_t vectors = w->nc > 1 ? (size_t)w->nc : 1;
	w->force = calloc(3 * nb * vectors + 1, sizeof(double));
	w->accel = calloc(3 * nb * vectors + 1, sizeof(double));
	w->many = w->composite_method ? 0 : (int)vectors;
	for (int b = 0; b < w->nb; b++)
		if (w->link[b].kind == TREE_FLOAT)
			w->many = 0;
	return w;
}

static void release(void *ws)
{
	struct jc *w = ws;
	if (!w)
		return;
	free(w->order), free(w->link), free(w->cut);
	free(w->parent), free(w->tjoint), free(w->tcoord), free(w->tkind);
	free(w->c), free(w->cd), free(w->bias), free(w->h), free(w->mdiag), free(w->B);
	free(w->work);
	rows_free(w->cut_rows);
	if (w->Mbar)
		gsl_matrix_free(w->Mbar);
	free(w->twist), free(w->owner), free(w->composite), free(w->wrench), free(w->linear);
	free(w->from), free(w->cs), free(w->guide), free(w->articulated), free(w->U);
	free(w->Dinv), free(w->pivot), free(w->force), free(w->accel);
	free(w);
}

static int size(const void *ws, int *rows)
{
	const struct jc *w = ws;
	*rows = w->nc;
	return w->n;
}

/* A cut joint's row touches every joint coordinate (the default span). */
static void spans(const void *ws, struct rows *r) { (void)ws, (void)r; }

static int row_joint(void *ws, int row)
{
	struct jc *w = ws;
	return joint_rows_joint(w->m, w->cut, w->ncut, row);
}

static const char *row_name(void *ws, int row)
{
	struct jc *w = ws;
	return w->m->joints[row_joint(ws, row)].name;
}

static void coordinate_name(void *ws, int k, char *buf, size_t len)
{
	struct jc *w = ws;
	const struct tree_link *l = &w->link[w->owner[k]];
	static const char *coords[] = {"x", "y", "angle"};
	if (l->kind == TREE_FLOAT)
		snprintf(buf, len, "body '%s' (%s)", w->m->bodies[w->owner[k]].name,
		         coords[k - l->coord]);
	else
		snprintf(buf, len, "the %s of joint '%s'",
		         l->kind == TREE_REVOLUTE ? "angle" : "slide", w->m->joints[l->joint].name);
}

/* ------------------------------------------------------------ kinematics */

/* A(φ) s with cos φ and sin φ at hand (Eq. 2.68; v2_rotate's arithmetic). */
static vec2 turned(const double *cs, vec2 s)
{
	return v2(cs[0] * s.x - cs[1] * s.y, cs[1] * s.x + cs[0] * s.y);
}

/* ------------------------------------------------------------ twists */

/* With relative coordinates, a unit rate of coordinate i moves the whole
 * subtree below it rigidly: a rotation about the joint's pin, a slide along
 * its axis, or, for a floating body, a translation or a turn about its mass
 * centre. As a planar twist s_i = (ω, v at the origin) the velocity of a
 * point x is v + ω x̆, so column i of B at body b is (v + ω c̆_b, ω) for
 * every b in the subtree: B, M̄, h̄ and C all follow from the twists. */
static void twist_of(struct jc *w, int b)
{
	const struct tree_link *l = &w->link[b];
	double *s = w->twist + 3 * l->coord;
	const double *q = w->c + 3 * b;
	if (l->kind == TREE_FLOAT) {
		double t[9] = {0, 1, 0,    0,    0,
		               1, 1, q[1], -q[0]}; /* ẋ, ẏ, φ̇ about the mass centre */
		memcpy(s, t, sizeof t);
	} else if (l->kind == TREE_REVOLUTE) {
		vec2 pin = v2_add(v2(q[0], q[1]), turned(w->cs + 2 * b, l->sc));
		s[0] = 1, s[1] = pin.y, s[2] = -pin.x; /* v = -p̆ */
	} else {
		double sigma = l->axis_on_parent ? 1 : -1; /* u from the kinematics */
		s[0] = 0, s[1] = sigma * w->guide[2 * b], s[2] = sigma * w->guide[2 * b + 1];
	}
}

/* Body b's spatial inertia about the origin (motion (ω, vx, vy) to
 * momentum (n, px, py)) into I: it starts the articulated inertia. */
static void inertia_of(const struct jc *w, int b, double *I)
{
	const double *q = w->c + 3 * b, *md = w->mdiag + 3 * b;
	double m = md[0], mx = m * q[0], my = m * q[1];
	double own[9] = {md[2] + m * (q[0] * q[0] + q[1] * q[1]), -my, mx, -my, m, 0, mx, 0, m};
	memcpy(I, own, sizeof own);
}

/* A pin's child, the common case, its parent's values read once into
 * locals: the same arithmetic as the general case below (whose slide terms
 * are zero here), with the twist and the spatial inertia on the way. */
static void pin_kinematics(struct jc *w, int b, double theta, double theta_d)
{
	static const double ground[3] = {0, 0, 0}, ground_cs[2] = {1, 0};
	const struct tree_link *l = &w->link[b];
	int p = l->parent;
	const double *qp = p >= 0 ? w->c + 3 * p : ground, *vp = p >= 0 ? w->cd + 3 * p : ground;
	const double *ap = p >= 0 ? w->bias + 3 * p : ground,
	             *csp = p >= 0 ? w->cs + 2 * p : ground_cs;
	double qp0 = qp[0], qp1 = qp[1], qp2 = qp[2], vp0 = vp[0], vp1 = vp[1], vp2 = vp[2];
	double ap0 = ap[0], ap1 = ap[1], ap2 = ap[2], cp = csp[0], sp_ = csp[1];
	double phi = (w->absolute ? 0 : qp2) + theta, omega = (w->absolute ? 0 : vp2) + theta_d;
	double alpha = w->absolute ? 0 : ap2, c, sn;
	sincos(phi, &sn, &c);
	double spx = cp * l->sp.x - sp_ * l->sp.y, spy = sp_ * l->sp.x + cp * l->sp.y;
	double scx = c * l->sc.x - sn * l->sc.y, scy = sn * l->sc.x + c * l->sc.y;
	double x = qp0 + spx - scx, y = qp1 + spy - scy;
	double *q = w->c + 3 * b, *v = w->cd + 3 * b, *a = w->bias + 3 * b, *cs = w->cs + 2 * b;
	q[0] = x, q[1] = y, q[2] = phi, cs[0] = c, cs[1] = sn;
	v[0] = vp0 + vp2 * -spy - omega * -scy;
	v[1] = vp1 + vp2 * spx - omega * scx;
	v[2] = omega;
	a[0] = ap0 + -spy * ap2 - spx * vp2 * vp2 - -scy * alpha + scx * omega * omega;
	a[1] = ap1 + spx * ap2 - spy * vp2 * vp2 - scx * alpha + scy * omega * omega;
	a[2] = alpha;
	double *s = w->twist + 3 * l->coord, px = x + scx, py = y + scy; /* the pin */
	s[0] = 1, s[1] = py, s[2] = -px;
	const double *md = w->mdiag + 3 * b;
	double m = md[0], mx = m * x, my = m * y;
	double I[9] = {md[2] + m * (x * x + y * y), -my, mx, -my, m, 0, mx, 0, m};
	memcpy(w->articulated + 9 * b, I, sizeof I);
}

/* Poses c, velocities ċ, Ḃθ̇ and (with_b, for teaching) B from θ and θ̇,
 * parents first, each body's cos φ and sin φ computed once. B costs
 * O(N²); nothing else needs it: the rest is O(N). */
static void kinematics_b(struct jc *w, const double *th, const double *thd, int with_b)
{
	int n = w->n;
	static const double ground[3] = {0, 0, 0}, ground_cs[2] = {1, 0};
	if (with_b)
		memset(w->B, 0, sizeof(double) * (size_t)w->n3 * (size_t)n);
	for (int k = 0; k < w->nb; k++) {
		int b = w->order[k];
		const struct tree_link *l = &w->link[b];
		int i = l->coord;
		double *q = w->c + 3 * b, *v = w->cd + 3 * b, *a = w->bias + 3 * b,
		       *cs = w->cs + 2 * b;
		if (!with_b && l->kind == TREE_REVOLUTE) {
			pin_kinematics(w, b, th[i], thd[i]);
			continue;
		}
		double *Bx = with_b ? w->B + (size_t)(3 * b) * (size_t)n : NULL;
		double *By = with_b ? Bx + n : NULL, *Bp = with_b ? By + n : NULL;
		if (l->kind == TREE_FLOAT) {
			for (int d = 0; d < 3; d++)
				q[d] = th[i + d], v[d] = thd[i + d], a[d] = 0;
			sincos(q[2], &cs[1], &cs[0]);
			if (with_b)
				Bx[i] = 1, By[i + 1] = 1, Bp[i + 2] = 1;
			twist_of(w, b), inertia_of(w, b, w->articulated + 9 * b);
			continue;
		}
		int p = l->parent;
		const double *qp = p >= 0 ? w->c + 3 * p : ground,
		             *vp = p >= 0 ? w->cd + 3 * p : ground;
		const double *ap = p >= 0 ? w->bias + 3 * p : ground;
		const double *csp = p >= 0 ? w->cs + 2 * p : ground_cs;
		const double *Bpx = with_b && p >= 0 ? w->B + (size_t)(3 * p) * (size_t)n : NULL;
		int inherit = l->kind == TREE_SLIDE || !w->absolute; /* φ_c builds on φ_p */

		/* angle and its rate */
		q[2] = (inherit ? qp[2] : 0) + (l->kind == TREE_REVOLUTE ? th[i] : l->alpha);
		v[2] = (inherit ? vp[2] : 0) + (l->kind == TREE_REVOLUTE ? thd[i] : 0);
		a[2] = inherit ? ap[2] : 0;
		sincos(q[2], &cs[1], &cs[0]);
		if (with_b && Bpx && inherit)
			memcpy(Bp, Bpx + 2 * n, sizeof(double) * (size_t)n);
		if (with_b && l->kind == TREE_REVOLUTE)
			Bp[i] += 1;

		/* position: r_c = r_p + s_p + σ θ u - s_c (σ θ u only for a slide) */
		vec2 sp = turned(csp, l->sp), sc = turned(cs, l->sc);
		vec2 e = {0, 0}, ed = {0, 0}, ea = {0, 0}, eB = {0, 0};
		if (l->kind == TREE_SLIDE) {
			double sigma = l->axis_on_parent ? 1 : -1, wa = vp[2];
			vec2 u = v2_rotate(q[2] - (l->axis_on_parent ? l->alpha : 0), l->axis),
			     un = v2_perp(u);
			w->guide[2 * b] = u.x, w->guide[2 * b + 1] = u.y; /* for the twist */
			e = v2_scale(sigma * th[i], u);
			ed = v2_scale(sigma, v2_add(v2_scale(thd[i], u), v2_scale(th[i] * wa, un)));
			ea = v2_scale(sigma, v2_sub(v2_scale(2 * thd[i] * wa, un),
			                            v2_scale(th[i] * wa * wa, u)));
			eB = v2_scale(sigma * th[i], un); /* multiplies B_φ of the parent */
			if (with_b)
				Bx[i] += sigma * u.x, By[i] += sigma * u.y;
		}
		vec2 psp = v2_perp(sp), psc = v2_perp(sc);
		q[0] = qp[0] + sp.x + e.x - sc.x;
		q[1] = qp[1] + sp.y + e.y - sc.y;
		v[0] = vp[0] + vp[2] * psp.x + ed.x - v[2] * psc.x;
		v[1] = vp[1] + vp[2] * psp.y + ed.y - v[2] * psc.y;
		/* Ḃθ̇: the acceleration with θ̈ = 0 (Sec. 9.1.2) */
		a[0] = ap[0] + psp.x * ap[2] - sp.x * vp[2] * vp[2] + ea.x + eB.x * ap[2] -
		       psc.x * a[2] + sc.x * v[2] * v[2];
		a[1] = ap[1] + psp.y * ap[2] - sp.y * vp[2] * vp[2] + ea.y + eB.y * ap[2] -
		       psc.y * a[2] + sc.y * v[2] * v[2];
		/* B rows: B_r = B_rp + (s̆_p + σθŭ) B_φp - s̆_c B_φ */
		for (int col = 0; with_b && col < n; col++) {
			double bpp = Bpx ? Bpx[2 * n + col] : 0;
			Bx[col] += (Bpx ? Bpx[col] : 0) + (psp.x + eB.x) * bpp - psc.x * Bp[col];
			By[col] +=
			    (Bpx ? Bpx[n + col] : 0) + (psp.y + eB.y) * bpp - psc.y * Bp[col];
		}
		twist_of(w, b), inertia_of(w, b, w->articulated + 9 * b);
	}
}

static int coordinate_count(const struct tree_link *l) { return l->kind == TREE_FLOAT ? 3 : 1; }

/* Absolute angles are a constant map of relative ones, θ_a = T θ_r, with
 * T⁻¹ = I - E and E one entry per revolute joint (its angle less its
 * parent's). So M̄_a = T⁻ᵀ M̄_r T⁻¹, h̄_a = T⁻ᵀ h̄_r, C_a = C_r T⁻¹ and
 * M̄_a⁻¹ = T M̄_r⁻¹ Tᵀ: the work is done in relative coordinates and
 * passed through these four sparse maps, each O(N) in place (x[k * stride]
 * is coordinate k). */
static void absolute_of_relative(const struct jc *w, double *x) /* x ← T x */
{
	for (int k = 0; k < w->nb; k++) { /* parents first: x[from] is final */
		int b = w->order[k];
		if (w->from[b] >= 0)
			x[w->link[b].coord] += x[w->from[b]];
	}
}

static void relative_of_absolute(const struct jc *w, double *x) /* x ← T⁻¹ x */
{
	for (int k = w->nb - 1; k >= 0; k--) { /* children first: x[from] is unchanged */
		int b = w->order[k];
		if (w->from[b] >= 0)
			x[w->link[b].coord] -= x[w->from[b]];
	}
}

static void forces_to_absolute(const struct jc *w, double *x, size_t stride) /* x ← T⁻ᵀ x */
{
	for (int k = 0; k < w->nb; k++) { /* parents first: x[coord] is unchanged */
		int b = w->order[k];
		if (w->from[b] >= 0)
			x[(size_t)w->from[b] * stride] -= x[(size_t)w->link[b].coord * stride];
	}
}

static void forces_to_relative(const struct jc *w, double *x) /* x ← Tᵀ x */
{
	for (int k = w->nb - 1; k >= 0; k--) { /* children first: x[coord] is final */
		int b = w->order[k];
		if (w->from[b] >= 0)
			x[w->from[b]] += x[w->link[b].coord];
	}
}

/* ------------------------------------------------------------ cut joints */

/* The cut joints' rows at (c, ċ), mapped to joint coordinates: C = D_cut B
 * and γ̄ = γ - D_cut Ḃθ̇. A row of D touches at most two bodies; its part
 * d_b on body b is a force (n about the origin, f) = (d_φ + c_b × d_r,
 * d_r), and C_i = s_i · that force over the coordinates i on b's path to
 * the ground: O(depth) per row, without B. */
static int cut_constraints(struct jc *w, double t, struct rows *r)
{
	struct rows *dr = w->cut_rows;
	if (joint_rows_eval_turned(w->m, w->d, w->cut, w->ncut, t, w->c, w->cd, w->cs, dr) != 0)
		return -1;
	for (int row = 0; row < w->nc; row++) {
		double *crow = r->J + (size_t)row * (size_t)w->n;
		const double *d = dr->J + (size_t)row * (size_t)w->n3;
		memset(crow, 0, sizeof(double) * (size_t)w->n);
		r->phi[row] = dr->phi[row], r->vrhs[row] = dr->vrhs[row];
		r->gamma[row] = dr->gamma[row];
		for (int slot = 0; slot < ROW_SPANS; slot++) {
			const struct row_span span = dr->span[row][slot];
			for (int k = span.begin; k < span.end; k++)
				r->gamma[row] -= d[k] * w->bias[k]; /* γ̄ = γ - D Ḃθ̇ */
			for (int b = span.begin / 3; 3 * b < span.end; b++) {
				double db[3];
				for (int e = 0; e < 3; e++) {
					int k = 3 * b + e;
					db[e] = k >= span.begin && k < span.end ? d[k] : 0;
				}
				const double *q = w->c + 3 * b;
				double f[3] = {db[2] + q[0] * db[1] - q[1] * db[0], db[0], db[1]};
				for (int a = b; a >= 0; a = w->link[a].parent) {
					const struct tree_link *la = &w->link[a];
					for (int i = la->coord;
					     i < la->coord + coordinate_count(la); i++) {
						const double *s = w->twist + 3 * i;
						crow[i] += s[0] * f[0] + s[1] * f[1] + s[2] * f[2];
					}
				}
			}
		}
		if (w->absolute)
			forces_to_absolute(w, crow, 1);
	}
	return 0;
}

/* ------------------------------------------------------------ M̄ and h̄ */

/* The energy form of two twists over an inertia (M, F, Q). */
static double twist_form(const double *a, const double *b, const double *I)
{
	double Fpx = -I[2], Fpy = I[1]; /* F̆ */
	return I[0] * (a[1] * b[1] + a[2] * b[2]) + b[0] * (a[1] * Fpx + a[2] * Fpy) +
	       a[0] * (b[1] * Fpx + b[2] * Fpy) + a[0] * b[0] * I[3];
}

/* M̄ written out into A (n x n, row-major) from subtree composites: M̄_ij
 * is the kinetic-energy form of the twists of i and j over the deeper
 * subtree, whose inertia sums to (M, F = Σ m c, Q = Σ J + m c'c). O(N²) in
 * place of the O(N³) product B'MB: the composite-rigid-body method, which
 * method = "crb" factors densely and which teaching (mass_dense) shows. */
static void composite_terms(struct jc *w, double *A)
{
	size_t n = (size_t)w->n;
	memset(A, 0, sizeof(double) * n * n); /* bodies on different branches do not couple */
	for (int b = 0; b < w->nb; b++) {
		const double *q = w->c + 3 * b, *md = w->mdiag + 3 * b;
		double *I = w->composite + 4 * b;
		I[0] = md[0], I[1] = md[0] * q[0], I[2] = md[0] * q[1];
		I[3] = md[2] + md[0] * (q[0] * q[0] + q[1] * q[1]);
	}
	for (int k = w->nb - 1; k >= 0; k--) { /* leaves first: a child adds to its parent */
		int b = w->order[k], p = w->link[b].parent;
		if (p >= 0)
			for (int d = 0; d < 4; d++)
				w->composite[4 * p + d] += w->composite[4 * b + d];
	}
	for (size_t j = 0; j < n; j++) {
		int b = w->owner[j];
		const double *sj = w->twist + 3 * j, *I = w->composite + 4 * b;
		/* coordinates of b itself and of its ancestors */
		for (int a = b; a >= 0; a = w->link[a].parent) {
			const struct tree_link *la = &w->link[a];
			size_t first = (size_t)la->coord, count = (size_t)coordinate_count(la);
			for (size_t i = first; i < first + count; i++) {
				if (a == b && i > j)
					continue;
				A[i * n + j] = A[j * n + i] = twist_form(w->twist + 3 * i, sj, I);
			}
		}
	}
	if (!w->absolute)
		return;
	for (size_t k = 0; k < n; k++) /* T⁻ᵀ M̄_r T⁻¹: columns, then rows */
		forces_to_absolute(w, A + k, n);
	for (size_t k = 0; k < n; k++)
		forces_to_absolute(w, A + k * n, 1);
}

/* ------------------------------------------------------------ articulated bodies */

/* Featherstone's articulated-body algorithm, planar: spatial vectors are
 * 3-vectors about the origin, motion (ω, vx, vy) and force (n, fx, fy),
 * and a body's spatial inertia is 3x3. From the leaves in, each body's
 * articulated inertia I^A = I + Σ_children (I^A - U D⁻¹ U'), U = I^A S,
 * D = S' I^A S, depends on θ alone (inward, once per evaluation); then
 * M̄⁻¹ τ costs one pass in for the bias forces and one out for the
 * accelerations (articulated_solve), O(N) each: the equations of motion
 * are h̄ through M̄⁻¹, and each cut row's M̄⁻¹ C' is one more solve, so the
 * constrained layer's small nc x nc system keeps loops closed exactly.
 * Hand-written: GSL has no tree-structured factorisation. */

static void mat3_vec(const double *A, const double *x, double *out)
{
	for (int r = 0; r < 3; r++)
		out[r] = A[3 * r] * x[0] + A[3 * r + 1] * x[1] + A[3 * r + 2] * x[2];
}

static double dot3(const double *a, const double *b)
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* D⁻¹ of a floating body's 3x3 D, with the pivots of its LDL' factors. */
static void invert3(const double *D, double *Dinv, double *pivot)
{
	double a = D[0], b = D[1], c = D[2], d = D[4], e = D[5], f = D[8];
	pivot[0] = a, pivot[1] = d - b * b / a;
	double det = a * (d * f - e * e) - b * (b * f - c * e) + c * (b * e - c * d);
	pivot[2] = det / (a * pivot[1]);
	double adj[9] = {d * f - e * e, c * e - b * f, b * e - c * d, c * e - b * f, a * f - c * c,
	                 b * c - a * e, b * e - c * d, b * c - a * e, a * d - b * b};
	for (int k = 0; k < 9; k++)
		Dinv[k] = adj[k] / det;
}

/* One pass from the leaves in, after kinematics. With forces g on the
 * bodies (3 per body), out = B'g: each twist against its subtree's total
 * wrench, O(N), through T⁻ᵀ for absolute angles. With `factor`, the
 * articulated inertias, U and D⁻¹ too. 0, or -1 when a pivot is not
 * positive (M̄ singular). */
static int inward(struct jc *w, double t, const double *g, double *out, int factor)
{
	double scale = 0;
	if (g)
		memset(w->wrench, 0, sizeof(double) * 3 * (size_t)w->nb);
	for (int k = w->nb - 1; k >= 0; k--) {
		int b = w->order[k], p = w->link[b].parent;
		const struct tree_link *l = &w->link[b];
		int count = coordinate_count(l);
		const double *S = w->twist + 3 * l->coord;
		if (g) { /* the subtree's wrench (fx, fy, n about O): children added already */
			const double *q = w->c + 3 * b, *gb = g + 3 * b;
			double *f = w->wrench + 3 * b;
			f[0] += gb[0], f[1] += gb[1], f[2] += gb[2] + q[0] * gb[1] - q[1] * gb[0];
			for (int j = 0; j < count; j++)
				out[l->coord + j] =
				    S[3 * j] * f[2] + S[3 * j + 1] * f[0] + S[3 * j + 2] * f[1];
			for (int d = 0; p >= 0 && d < 3; d++)
				w->wrench[3 * p + d] += f[d];
		}
		if (!factor)
			continue;
		if (count == 1) { /* a pin or a slide, from the symmetric I^A's six entries */
			const double *A = w->articulated + 9 * b;
			double a00 = A[0], a01 = A[1], a02 = A[2], a11 = A[4], a12 = A[5],
			       a22 = A[8];
			double u0 = a00 * S[0] + a01 * S[1] + a02 * S[2];
			double u1 = a01 * S[0] + a11 * S[1] + a12 * S[2];
			double u2 = a02 * S[0] + a12 * S[1] + a22 * S[2];
			double D = S[0] * u0 + S[1] * u1 + S[2] * u2, dinv = 1 / D;
			double *U = w->U + 9 * b;
			U[0] = u0, U[1] = u1, U[2] = u2, w->Dinv[9 * b] = dinv, w->pivot[3 * b] = D;
			scale = fmax(scale, D);
			if (p < 0)
				continue;
			double *P = w->articulated + 9 * p; /* I^A - U U'/D joins the parent's */
			double v0 = u0 * dinv, v1 = u1 * dinv, v2 = u2 * dinv;
			double d00 = a00 - v0 * u0, d01 = a01 - v0 * u1, d02 = a02 - v0 * u2;
			double d11 = a11 - v1 * u1, d12 = a12 - v1 * u2, d22 = a22 - v2 * u2;
			P[0] += d00, P[1] += d01, P[2] += d02, P[3] += d01, P[4] += d11;
			P[5] += d12, P[6] += d02, P[7] += d12, P[8] += d22;
			continue;
		}
		const double *IA = w->articulated + 9 * b;
		double *U = w->U + 9 * b, *Dinv = w->Dinv + 9 * b, *pivot = w->pivot + 3 * b;
		for (int j = 0; j < 3; j++)
			mat3_vec(IA, S + 3 * j, U + 3 * j);
		double D[9]; /* a floating body: 3 x 3 */
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				D[3 * i + j] = dot3(S + 3 * i, U + 3 * j);
		invert3(D, Dinv, pivot);
		for (int j = 0; j < 3; j++)
			scale = fmax(scale, pivot[j]);
		if (p < 0)
			continue;
		double *IAp = w->articulated + 9 * p; /* I^A - U D⁻¹ U' joins the parent's */
		for (int r = 0; r < 3; r++)
			for (int c = 0; c < 3; c++) {
				double s = 0;
				for (int i = 0; i < 3; i++)
					for (int j = 0; j < 3; j++)
						s += U[3 * i + r] * Dinv[3 * i + j] * U[3 * j + c];
				IAp[3 * r + c] += IA[3 * r + c] - s;
			}
	}
	if (g && w->absolute)
		forces_to_absolute(w, out, 1);
	for (int b = 0; factor && b < w->nb; b++)
		for (int j = 0; j < coordinate_count(&w->link[b]); j++)
			if (!(w->pivot[3 * b + j] > 1e-13 * scale)) {
				run_data_fail(
				    w->d, "at t = %g the joint-coordinate mass matrix is singular",
				    t);
				return -1;
			}
	return 0;
}

/* x ← M̄_r⁻¹ x (relative coordinates) after inward with `factor`. */
static void articulated_solve(struct jc *w, double *x)
{
	memset(w->force, 0, sizeof(double) * 3 * (size_t)w->nb);
	for (int k = w->nb - 1; k >= 0; k--) { /* in: u = τ - S'p^A, p^A_p += p^A + U D⁻¹ u */
		int b = w->order[k], p = w->link[b].parent;
		const struct tree_link *l = &w->link[b];
		int count = coordinate_count(l), i = l->coord;
		const double *S = w->twist + 3 * i, *U = w->U + 9 * b, *Dinv = w->Dinv + 9 * b;
		const double *pA = w->force + 3 * b;
		double *pp = p >= 0 ? w->force + 3 * p : NULL;
		if (count == 1) { /* a pin or a slide: p^A read once (a store to x might
			           * alias it, as far as the compiler knows) */
			double p0 = pA[0], p1 = pA[1], p2 = pA[2];
			double u = x[i] - (S[0] * p0 + S[1] * p1 + S[2] * p2), du = Dinv[0] * u;
			x[i] = u;
			if (pp)
				pp[0] += p0 + U[0] * du, pp[1] += p1 + U[1] * du,
				    pp[2] += p2 + U[2] * du;
			continue;
		}
		for (int j = 0; j < count; j++)
			x[i + j] -= dot3(S + 3 * j, pA);
		for (int j = 0; pp && j < count; j++) {
			double du = 0;
			for (int e = 0; e < count; e++)
				du += Dinv[count * j + e] * x[i + e];
			for (int r = 0; r < 3; r++)
				pp[r] += U[3 * j + r] * du + (j == 0 ? pA[r] : 0);
		}
	}
	static const double still[3] = {0, 0, 0};
	for (int k = 0; k < w->nb; k++) { /* out: θ̈ = D⁻¹(u - U'a_p), a = a_p + S θ̈ */
		int b = w->order[k], p = w->link[b].parent;
		const struct tree_link *l = &w->link[b];
		int count = coordinate_count(l), i = l->coord;
		const double *S = w->twist + 3 * i, *U = w->U + 9 * b, *Dinv = w->Dinv + 9 * b;
		const double *ap = p >= 0 ? w->accel + 3 * p : still;
		double *a = w->accel + 3 * b, rhs[3], acc[3];
		if (count == 1) {
			double a0 = ap[0], a1 = ap[1], a2 = ap[2];
			double acc1 = Dinv[0] * (x[i] - (U[0] * a0 + U[1] * a1 + U[2] * a2));
			x[i] = acc1;
			a[0] = a0 + S[0] * acc1, a[1] = a1 + S[1] * acc1, a[2] = a2 + S[2] * acc1;
			continue;
		}
		for (int j = 0; j < count; j++)
			rhs[j] = x[i + j] - dot3(U + 3 * j, ap);
		for (int j = 0; j < count; j++) {
			acc[j] = 0;
			for (int e = 0; e < count; e++)
				acc[j] += Dinv[count * j + e] * rhs[e];
		}
		for (int r = 0; r < 3; r++) {
			a[r] = ap[r];
			for (int j = 0; j < count; j++)
				a[r] += S[3 * j + r] * acc[j];
		}
		for (int j = 0; j < count; j++)
			x[i + j] = acc[j];
	}
}

/* articulated_solve on count vectors (the k-th at x + k stride) at once,
 * when every body hangs by a pin or a slide: the same numbers, each body's
 * terms read once for all the vectors. Each vector has its own p^A and
 * accelerations in w->force and w->accel. */
static void articulated_solve_many(struct jc *w, double *x, int count, int stride)
{
	int nb3 = 3 * w->nb;
	memset(w->force, 0, sizeof(double) * (size_t)nb3 * (size_t)count);
	for (int k = w->nb - 1; k >= 0; k--) { /* in: u = τ - S'p^A, p^A_p += p^A + U D⁻¹ u */
		int b = w->order[k], p = w->link[b].parent, i = w->link[b].coord;
		const double *S = w->twist + 3 * i, *U = w->U + 9 * b;
		double dinv = w->Dinv[9 * b];
		for (int v = 0; v < count; v++) {
			double *xv = x + (size_t)v * (size_t)stride, *force = w->force + v * nb3;
			const double *pA = force + 3 * b;
			double p0 = pA[0], p1 = pA[1], p2 = pA[2];
			double u = xv[i] - (S[0] * p0 + S[1] * p1 + S[2] * p2), du = dinv * u;
			xv[i] = u;
			if (p >= 0) {
				double *pp = force + 3 * p;
				pp[0] += p0 + U[0] * du, pp[1] += p1 + U[1] * du,
				    pp[2] += p2 + U[2] * du;
			}
		}
	}
	static const double still[3] = {0, 0, 0};
	for (int k = 0; k < w->nb; k++) { /* out: θ̈ = D⁻¹(u - U'a_p), a = a_p + S θ̈ */
		int b = w->order[k], p = w->link[b].parent, i = w->link[b].coord;
		const double *S = w->twist + 3 * i, *U = w->U + 9 * b;
		double dinv = w->Dinv[9 * b];
		for (int v = 0; v < count; v++) {
			double *xv = x + (size_t)v * (size_t)stride, *accel = w->accel + v * nb3;
			const double *ap = p >= 0 ? accel + 3 * p : still;
			double *a = accel + 3 * b, a0 = ap[0], a1 = ap[1], a2 = ap[2];
			double acc1 = dinv * (xv[i] - (U[0] * a0 + U[1] * a1 + U[2] * a2));
			xv[i] = acc1;
			a[0] = a0 + S[0] * acc1, a[1] = a1 + S[1] * acc1, a[2] = a2 + S[2] * acc1;
		}
	}
}

/* out = M̄_r x (relative coordinates) after kinematics: each body's
 * acceleration out from the ground, its force I a, summed over subtrees
 * and projected on the twists (a recursive Newton-Euler pass). */
static void articulated_product(struct jc *w, const double *x, double *out)
{
	static const double still[3] = {0, 0, 0};
	for (int k = 0; k < w->nb; k++) {
		int b = w->order[k], p = w->link[b].parent;
		const struct tree_link *l = &w->link[b];
		const double *S = w->twist + 3 * l->coord, *ap = p >= 0 ? w->accel + 3 * p : still;
		double *a = w->accel + 3 * b;
		for (int r = 0; r < 3; r++) {
			a[r] = ap[r];
			for (int j = 0; j < coordinate_count(l); j++)
				a[r] += S[3 * j + r] * x[l->coord + j];
		}
		double I[9];
		inertia_of(w, b, I);
		mat3_vec(I, a, w->force + 3 * b);
	}
	for (int k = w->nb - 1; k >= 0; k--) {
		int b = w->order[k], p = w->link[b].parent;
		const struct tree_link *l = &w->link[b];
		const double *f = w->force + 3 * b;
		for (int j = 0; j < coordinate_count(l); j++)
			out[l->coord + j] = dot3(w->twist + 3 * (l->coord + j), f);
		if (p >= 0)
			for (int r = 0; r < 3; r++)
				w->force[3 * p + r] += f[r];
	}
}

/* Ḃ'Mċ, the part of Ṁ̄θ̇ = Ḃ'Mċ + B'MḂθ̇ that h̄ leaves out, after kinematics
 * and mass_terms. Coordinate i moves its subtree rigidly with twist s_i, so
 * column i of Ḃ is ṡ_i over the subtree and (Ḃ'Mċ)_i = v̇_i · L, with L the
 * subtree's linear momentum and v̇_i: the pin's velocity turned (revolute),
 * the turning guide (slide), the mass centre's velocity turned (a floating
 * body's angle), zero (a translation); through T⁻ᵀ for absolute angles. */
static void inertial_term(struct jc *w, double *out)
{
	for (int b = 0; b < w->nb; b++)
		for (int d = 0; d < 2; d++)
			w->linear[2 * b + d] = w->mdiag[3 * b + d] * w->cd[3 * b + d];
	for (int k = w->nb - 1; k >= 0; k--) {
		int b = w->order[k], p = w->link[b].parent;
		if (p >= 0)
			for (int d = 0; d < 2; d++)
				w->linear[2 * p + d] += w->linear[2 * b + d];
	}
	memset(out, 0, sizeof(double) * (size_t)w->n);
	for (int b = 0; b < w->nb; b++) {
		const struct tree_link *l = &w->link[b];
		const double *v = w->cd + 3 * b, *L = w->linear + 2 * b;
		vec2 rate; /* v̇ of the twist */
		if (l->kind == TREE_FLOAT) {
			rate = v2(v[1], -v[0]);
		} else if (l->kind == TREE_REVOLUTE) {
			vec2 pin_rate = v2_add(
			    v2(v[0], v[1]), v2_scale(v[2], v2_perp(turned(w->cs + 2 * b, l->sc))));
			rate = v2(pin_rate.y, -pin_rate.x);
		} else {
			double sigma = l->axis_on_parent ? 1 : -1;
			vec2 u = v2(w->guide[2 * b], w->guide[2 * b + 1]); /* from the kinematics */
			rate = v2_scale(sigma * v[2], v2_perp(u));
		}
		out[l->coord + (l->kind == TREE_FLOAT ? 2 : 0)] = v2_dot(rate, v2(L[0], L[1]));
	}
	if (w->absolute)
		forces_to_absolute(w, out, 1);
}

/* ------------------------------------------------------------ the equations */

static int evaluate(void *ws, double t, const double *th, const double *thd, unsigned what,
                    struct rows *r, double *hbar)
{
	struct jc *w = ws;
	int rows = (what & EVAL_ROWS) && w->nc > 0;
	int forces = (what & EVAL_FORCES) != 0;
	int factor = (what & EVAL_MASS_SOLVE) && !w->composite_method;
	kinematics_b(w, th, thd, 0);
	if (forces && forces_apply(w->m, w->d, w->c, w->cd, t, w->h, &w->potential) != 0)
		return -1;
	if (rows && cut_constraints(w, t, r) != 0)
		return -1;
	if ((what & (EVAL_MASS | EVAL_MASS_SOLVE)) && w->composite_method) {
		composite_terms(w, w->Mbar->data); /* its own storage: tda is n */
		w->factored = 0;
	}
	double *g = w->work;
	for (int k = 0; forces && k < w->n3; k++) /* h̄ = B'(h - M Ḃθ̇) (Eq. 9.23) */
		g[k] = w->h[k] - w->mdiag[k] * w->bias[k];
	if ((forces || factor) && inward(w, t, forces ? g : NULL, hbar, factor) != 0)
		return -1;
	if ((what & EVAL_MASS_SOLVE) && w->composite_method) { /* M̄ = L L', kept as L */
		w->factored = 1;
		if (cholesky_checked(w->Mbar) != 0) {
			run_data_fail(w->d,
			              "at t = %g the joint-coordinate mass matrix is singular", t);
			return -1;
		}
	}
	return 0;
}

/* M̄ x: from the articulated bodies' pass, or from M̄ or its factor L
 * (M̄ = L L') with method = "crb". */
static void mass_apply(void *ws, const double *x, double *out)
{
	struct jc *w = ws;
	if (!w->composite_method) {
		double *relative = w->work;
		memcpy(relative, x, sizeof(double) * (size_t)w->n);
		if (w->absolute)
			relative_of_absolute(w, relative);
		articulated_product(w, relative, out);
		if (w->absolute)
			forces_to_absolute(w, out, 1);
		return;
	}
	symmetric_product(w->Mbar, (size_t)w->n, w->factored, x, out);
}

/* x ← M̄⁻¹ x: M̄_a⁻¹ = T M̄_r⁻¹ Tᵀ for absolute angles. */
static void mass_solve(void *ws, double *x)
{
	struct jc *w = ws;
	if (w->composite_method) {
		cholesky_solve(w->Mbar, x);
		return;
	}
	if (w->absolute)
		forces_to_relative(w, x);
	articulated_solve(w, x);
	if (w->absolute)
		absolute_of_relative(w, x);
}

/* mass_solve on count vectors: the articulated bodies' passes once for all
 * when every body hangs by a pin or a slide. */
static void mass_solve_many(void *ws, double *x, int count, int stride)
{
	struct jc *w = ws;
	if (count > w->many) {
		for (int v = 0; v < count; v++)
			mass_solve(ws, x + (size_t)v * (size_t)stride);
		return;
	}
	for (int v = 0; w->absolute && v < count; v++)
		forces_to_relative(w, x + (size_t)v * (size_t)stride);
	articulated_solve_many(w, x, count, stride);
	for (int v = 0; w->absolute && v < count; v++)
		absolute_of_relative(w, x + (size_t)v * (size_t)stride);
}

/* M̄ written out (for teaching and the penalty method): from the
 * composites, or from L L' when method = "crb" factored it. */
static void mass_dense(void *ws, double *A)
{
	struct jc *w = ws;
	size_t n = (size_t)w->n;
	if (!w->composite_method) {
		composite_terms(w, A);
		return;
	}
	const double *M = w->Mbar->data;
	if (!w->factored) {
		memcpy(A, M, sizeof(double) * n * n);
	} else {
		for (size_t a = 0; a < n; a++)
			for (size_t b = 0; b < n; b++) {
				double s = 0;
				for (size_t k = 0; k <= (a < b ? a : b); k++)
					s += M[a * n + k] * M[b * n + k];
				A[a * n + b] = s;
			}
	}
}

/* Ṁ̄θ̇ = Ḃ'Mċ + B'M Ḃθ̇, for the momentum method. */
static void inertia_rate(void *ws, const double *thd, double *out)
{
	(void)thd; /* the last evaluation's ċ is θ̇'s */
	struct jc *w = ws;
	double *g = w->work, *term = w->work + w->n3;
	inertial_term(w, out);
	for (int k = 0; k < w->n3; k++)
		g[k] = w->mdiag[k] * w->bias[k];
	inward(w, 0, g, term, 0);
	for (int k = 0; k < w->n; k++)
		out[k] += term[k];
}

/* θ and θ̇ from body coordinates c and ċ, through the tree. */
static void coordinates_from_bodies(struct jc *w, const double *c, const double *cd, double *th,
                                    double *thd)
{
	for (int b = 0; b < w->nb; b++) {
		const struct tree_link *l = &w->link[b];
		const double *q = c + 3 * b, *v = cd + 3 * b;
		int i = l->coord, p = l->parent;
		static const double zero[3] = {0, 0, 0};
		const double *qp = p >= 0 ? c + 3 * p : zero, *vp = p >= 0 ? cd + 3 * p : zero;
		if (l->kind == TREE_FLOAT) {
			for (int d = 0; d < 3; d++)
				th[i + d] = q[d], thd[i + d] = v[d];
		} else if (l->kind == TREE_REVOLUTE) {
			th[i] = q[2] - (w->absolute ? 0 : qp[2]);
			thd[i] = v[2] - (w->absolute ? 0 : vp[2]);
		} else {
			/* distance along the guide from its point to the slider's */
			const double *qg = l->axis_on_parent ? qp : q,
			             *vg = l->axis_on_parent ? vp : v;
			const double *qs = l->axis_on_parent ? q : qp,
			             *vs = l->axis_on_parent ? v : vp;
			vec2 sg_local = l->axis_on_parent ? l->sp : l->sc,
			     ss_local = l->axis_on_parent ? l->sc : l->sp;
			vec2 sg = v2_rotate(qg[2], sg_local), ss = v2_rotate(qs[2], ss_local);
			vec2 u = v2_rotate(qg[2], l->axis);
			vec2 d = v2_sub(v2_add(v2(qs[0], qs[1]), ss), v2_add(v2(qg[0], qg[1]), sg));
			vec2 dd = v2_sub(v2_add(v2(vs[0], vs[1]), v2_scale(vs[2], v2_perp(ss))),
			                 v2_add(v2(vg[0], vg[1]), v2_scale(vg[2], v2_perp(sg))));
			th[i] = v2_dot(u, d);
			thd[i] = v2_dot(u, dd) + vg[2] * v2_dot(v2_perp(u), d);
		}
	}
}

/* c̈ = B θ̈ + Ḃθ̇ into out after kinematics, O(N): the sum of
 * the twists times θ̈ (relative) along each body's path, out from the
 * ground, seen at its mass centre. */
static void body_accelerations(struct jc *w, const double *thdd, double *out)
{
	double *relative = w->work;
	memcpy(relative, thdd, sizeof(double) * (size_t)w->n);
	if (w->absolute)
		relative_of_absolute(w, relative);
	static const double still[3] = {0, 0, 0};
	for (int k = 0; k < w->nb; k++) {
		int b = w->order[k], p = w->link[b].parent;
		const struct tree_link *l = &w->link[b];
		const double *S = w->twist + 3 * l->coord, *ap = p >= 0 ? w->accel + 3 * p : still;
		const double *q = w->c + 3 * b, *bias = w->bias + 3 * b;
		double *a = w->accel + 3 * b;
		for (int r = 0; r < 3; r++) {
			a[r] = ap[r];
			for (int j = 0; j < coordinate_count(l); j++)
				a[r] += S[3 * j + r] * relative[l->coord + j];
		}
		out[3 * b] = bias[0] + a[1] - a[0] * q[1];
		out[3 * b + 1] = bias[1] + a[2] + a[0] * q[0];
		out[3 * b + 2] = bias[2] + a[0];
	}
}

/* ------------------------------------------------------------ to and from bodies */

static int to_bodies(void *ws, double t, const double *th, const double *thd, const double *thdd,
                     double *c, double *cd, double *cdd)
{
	(void)t;
	struct jc *w = ws;
	kinematics_b(w, th, thd, 0);
	memcpy(c, w->c, sizeof(double) * (size_t)w->n3);
	memcpy(cd, w->cd, sizeof(double) * (size_t)w->n3);
	if (thdd && cdd)
		body_accelerations(w, thdd, cdd);
	return 0;
}

static void from_bodies(void *ws, const double *c, const double *cd, double *th, double *thd)
{
	coordinates_from_bodies(ws, c, cd, th, thd);
}

/* ------------------------------------------------------------ teaching */

void jc_tree(void *ws, struct jc_tree *out)
{
	struct jc *w = ws;
	*out = (struct jc_tree){w->nb,     w->n,      w->ncut,  w->parent,
	                        w->tjoint, w->tcoord, w->tkind, w->cut};
}

void jc_kinematics(void *ws, const double *th, const double *thd, struct jc_kinematics *out)
{
	struct jc *w = ws;
	if (!w->B) /* teaching alone writes B out: O(N²), allocated when first asked */
		w->B = calloc((size_t)w->n3 * (size_t)w->n + 1, sizeof(double));
	kinematics_b(w, th, thd, 1);
	*out = (struct jc_kinematics){w->B, w->bias, w->c, w->cd};
}

const struct formulation formulation_joint = {
    .name = "joint",
    .title = "joint coordinates (Ch. 9)",
    .capabilities = FORM_DENSE_MASS,
    .options = own_options,
    .setup = setup,
    .release = release,
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
    .mass_solve_many = mass_solve_many,
    .mass_dense = mass_dense,
    .mass_inverse_diagonal = NULL,
    .inertia_rate = inertia_rate,
};
