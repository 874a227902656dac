/* joint_coords.c — joint coordinates, book Ch. 9 (see joint_coords.h).
 *
 * Recursive kinematics along the tree (Sec. 9.1.2) give, body by body from
 * the ground out, the pose, the velocity, the body's rows of B in ċ = B θ̇
 * and its part of Ḃθ̇ (the acceleration when θ̈ = 0). Then (Eqs. 9.22-9.24,
 * 9.34)
 *     M̄ = B'MB,  h̄ = B'(h - M Ḃθ̇),  C = D_cut B,  γ̄ = γ_cut - D_cut Ḃθ̇,
 * which the constrained layer solves as [M̄ -C'; C 0] {θ̈; λ} = {h̄; γ̄}. M̄
 * and h̄ come from planar twists and subtree composites in O(N²) and O(N)
 * (the composite-rigid-body idea) rather than from the O(N³) product. */
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
	int *order;                            /* bodies, parents first */
	struct tree_link *link;                /* per body */
	int *cut, ncut;                        /* model joints that are cut */
	int *parent, *tjoint, *tcoord, *tkind; /* struct jc_tree's arrays */
	/* per evaluation */
	double *c, *cd, *bias, *B, *h, *mdiag, *work;
	struct rows *cut_rows; /* the cut joints in body coordinates */
	gsl_matrix *Mbar;      /* M̄, or its Cholesky factor L when factored */
	int factored;
	double potential;
	/* composite-rigid-body path (relative coordinates): per coordinate its
	 * twist (ω, v at the origin), per body its subtree's inertia and wrench */
	double *twist;     /* 3 per coordinate: ω, vx, vy */
	int *owner;        /* body of each coordinate */
	double *composite; /* 4 per body: M, Fx, Fy, Q */
	double *wrench;    /* 3 per body: fx, fy, n about the origin */
	double *linear;    /* 2 per body: the subtree's linear momentum */
};

/* ------------------------------------------------------------ the tree */

static int tree_capable(const struct joint *j)
{
	return (j->kind->capabilities & (JOINT_TREE_PIN | JOINT_TREE_SLIDE)) != 0;
}

static int allowed(const struct formulation_config *cfg, int joint)
{
	if (!cfg->tree)
		return 1;
	for (int k = 0; k < cfg->ntree; k++)
		if (cfg->tree[k] == joint)
			return 1;
	return 0;
}

static void hang(struct jc *w, int child, int parent, int joint_index)
{
	const struct joint *j = &w->m->joints[joint_index];
	struct tree_link *l = &w->link[child];
	int child_is_i = j->bi == child;
	l->parent = parent, l->joint = joint_index;
	l->sp = child_is_i ? j->sj : j->si;
	l->sc = child_is_i ? j->si : j->sj;
	if (j->kind->capabilities & JOINT_TREE_PIN) {
		l->kind = TREE_REVOLUTE;
	} else {
		/* the guide is j's second body (axis u_j); the slider is its first */
		l->kind = TREE_SLIDE;
		l->axis = j->uj;
		l->axis_on_parent = child_is_i;
		double a = joint_slide_angle(w->m, j); /* φ_i - φ_j */
		l->alpha = child_is_i ? a : -a;
	}
}

/* Breadth first from the ground; bodies it cannot reach float, and the
 * search goes on from them. Joints left over are cut. */
static void grow_tree(struct jc *w, const struct formulation_config *cfg)
{
	const struct model *m = w->m;
	int nb = w->nb, head = 0, tail = 0;
	int *seen = calloc((size_t)nb + 1, sizeof *seen),
	    *used = calloc((size_t)m->njoints + 1, sizeof *used);
	int *queue = calloc((size_t)nb + 2, sizeof *queue);
	for (int start = -1; start < nb; start++) {
		if (start >= 0) {
			if (seen[start])
				continue;
			seen[start] = 1; /* unreachable: floats from the ground */
			w->link[start] =
			    (struct tree_link){TREE_FLOAT, -1, -1, 0, {0, 0}, {0, 0}, {0, 0}, 0, 0};
			w->order[tail++] = start;
			queue[head] = start;
		} else {
			queue[head] = -1;
		}
		int qhead = head, qtail = head + 1;
		while (qhead < qtail) {
			int u = queue[qhead++];
			for (int k = 0; k < m->njoints; k++) {
				const struct joint *j = &m->joints[k];
				if (used[k] || !tree_capable(j) || !allowed(cfg, k) ||
				    (j->bi != u && j->bj != u))
					continue;
				int v = j->bi == u ? j->bj : j->bi;
				if (v < 0 || seen[v])
					continue;
				seen[v] = 1, used[k] = 1;
				hang(w, v, u, k);
				w->order[tail++] = v;
				queue[qtail++] = v;
			}
		}
		head = qtail;
	}
	w->ncut = 0;
	for (int k = 0; k < m->njoints; k++)
		if (!used[k])
			w->cut[w->ncut++] = k;
	free(seen), free(used), free(queue);
}

/* ------------------------------------------------------------ set-up */

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	struct jc *w = calloc(1, sizeof *w);
	w->m = m, w->d = d, w->absolute = cfg->absolute_angles;
	w->nb = m->nbodies, w->n3 = 3 * m->nbodies;
	w->order = calloc((size_t)w->nb + 1, sizeof *w->order);
	w->link = calloc((size_t)w->nb + 1, sizeof *w->link);
	w->cut = calloc((size_t)m->njoints + 1, sizeof *w->cut);
	grow_tree(w, cfg);
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
	w->B = calloc(n3 * n + 1, sizeof(double));
	w->work = calloc(2 * (n3 + n) + 1, sizeof(double));
	w->cut_rows = joint_rows_new(m, w->cut, w->ncut);
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
	gsl_matrix_free(w->Mbar);
	free(w->twist), free(w->owner), free(w->composite), free(w->wrench), free(w->linear);
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

/* Poses c, velocities ċ, Ḃθ̇ and (with_b) B from θ and θ̇, parents first.
 * B costs O(N²); the composite-rigid-body path needs it only for cut joints
 * and for reporting c̈ = B θ̈ + Ḃθ̇. */
static void kinematics_b(struct jc *w, const double *th, const double *thd, int with_b)
{
	int n = w->n;
	if (with_b)
		memset(w->B, 0, sizeof(double) * (size_t)w->n3 * (size_t)n);
	for (int k = 0; k < w->nb; k++) {
		int b = w->order[k];
		const struct tree_link *l = &w->link[b];
		int i = l->coord;
		double *q = w->c + 3 * b, *v = w->cd + 3 * b, *a = w->bias + 3 * b;
		double *Bx = w->B + (size_t)(3 * b) * (size_t)n, *By = Bx + n, *Bp = By + n;
		if (l->kind == TREE_FLOAT) {
			for (int d = 0; d < 3; d++)
				q[d] = th[i + d], v[d] = thd[i + d], a[d] = 0;
			if (with_b)
				Bx[i] = 1, By[i + 1] = 1, Bp[i + 2] = 1;
			continue;
		}
		static const double ground[3] = {0, 0, 0};
		int p = l->parent;
		const double *qp = p >= 0 ? w->c + 3 * p : ground,
		             *vp = p >= 0 ? w->cd + 3 * p : ground;
		const double *ap = p >= 0 ? w->bias + 3 * p : ground;
		const double *Bpx = p >= 0 ? w->B + (size_t)(3 * p) * (size_t)n : NULL;
		int inherit = l->kind == TREE_SLIDE || !w->absolute; /* φ_c builds on φ_p */

		/* angle and its rate */
		q[2] = (inherit ? qp[2] : 0) + (l->kind == TREE_REVOLUTE ? th[i] : l->alpha);
		v[2] = (inherit ? vp[2] : 0) + (l->kind == TREE_REVOLUTE ? thd[i] : 0);
		a[2] = inherit ? ap[2] : 0;
		if (with_b && Bpx && inherit)
			memcpy(Bp, Bpx + 2 * n, sizeof(double) * (size_t)n);
		if (with_b && l->kind == TREE_REVOLUTE)
			Bp[i] += 1;

		/* position: r_c = r_p + s_p + σ θ u - s_c (σ θ u only for a slide) */
		vec2 sp = v2_rotate(qp[2], l->sp), sc = v2_rotate(q[2], l->sc);
		vec2 e = {0, 0}, ed = {0, 0}, ea = {0, 0}, eB = {0, 0};
		if (l->kind == TREE_SLIDE) {
			double sigma = l->axis_on_parent ? 1 : -1, wa = vp[2];
			vec2 u = v2_rotate(q[2] - (l->axis_on_parent ? l->alpha : 0), l->axis),
			     un = v2_perp(u);
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
	}
}

/* ------------------------------------------------------------ cut joints */

/* The cut joints' rows at (c, ċ), mapped to joint coordinates: C = D_cut B
 * and γ̄ = γ - D_cut Ḃθ̇; a row of D touches at most two bodies. */
static int cut_constraints(struct jc *w, double t, struct rows *r)
{
	struct rows *dr = w->cut_rows;
	if (joint_rows_eval(w->m, w->d, w->cut, w->ncut, t, w->c, w->cd, dr) != 0)
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
				for (int col = 0; col < w->n; col++)
					crow[col] +=
					    d[k] * w->B[(size_t)k * (size_t)w->n + (size_t)col];
			for (int k = span.begin; k < span.end; k++)
				r->gamma[row] -= d[k] * w->bias[k]; /* γ̄ = γ - D Ḃθ̇ */
		}
	}
	return 0;
}

/* ------------------------------------------------------------ M̄ and h̄ */

/* With relative coordinates, a unit rate of coordinate i moves the whole
 * subtree below it rigidly: a rotation about the joint's pin, a slide along
 * its axis, or, for a floating body, a translation or a turn about its mass
 * centre. As a planar twist (ω, v at the origin) the velocity of a point x
 * is v + ω x̆. Then M̄_ij is the kinetic-energy form of the two twists over
 * the deeper subtree, whose inertia sums to (M, F = Σ m c, Q = Σ J + m c'c),
 * and h̄_i is the twist against the subtree's total wrench: O(N²) and O(N)
 * in place of the O(N³) product B'MB (the composite-rigid-body idea). */
static void twists(struct jc *w)
{
	for (int b = 0; b < w->nb; b++) {
		const struct tree_link *l = &w->link[b];
		double *s = w->twist + 3 * l->coord;
		const double *q = w->c + 3 * b;
		if (l->kind == TREE_FLOAT) {
			double t[9] = {0, 1, 0,    0,    0,
			               1, 1, q[1], -q[0]}; /* ẋ, ẏ, φ̇ about the mass centre */
			memcpy(s, t, sizeof t);
		} else if (l->kind == TREE_REVOLUTE) {
			vec2 pin = v2_add(v2(q[0], q[1]), v2_rotate(q[2], l->sc));
			s[0] = 1, s[1] = pin.y, s[2] = -pin.x; /* v = -p̆ */
		} else {
			double sigma = l->axis_on_parent ? 1 : -1;
			vec2 u = v2_rotate(q[2] - (l->axis_on_parent ? l->alpha : 0), l->axis);
			s[0] = 0, s[1] = sigma * u.x, s[2] = sigma * u.y;
		}
	}
}

/* The energy form of two twists over an inertia (M, F, Q). */
static double twist_form(const double *a, const double *b, const double *I)
{
	double Fpx = -I[2], Fpy = I[1]; /* F̆ */
	return I[0] * (a[1] * b[1] + a[2] * b[2]) + b[0] * (a[1] * Fpx + a[2] * Fpy) +
	       a[0] * (b[1] * Fpx + b[2] * Fpy) + a[0] * b[0] * I[3];
}

/* M̄ from subtree composites. */
static void composite_terms(struct jc *w)
{
	int n = w->n;
	gsl_matrix_set_zero(w->Mbar); /* bodies on different branches do not couple */
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
	for (int j = 0; j < n; j++) {
		int b = w->owner[j];
		const double *sj = w->twist + 3 * j, *I = w->composite + 4 * b;
		/* coordinates of b itself and of its ancestors */
		for (int a = b; a >= 0; a = w->link[a].parent) {
			const struct tree_link *la = &w->link[a];
			int first = la->coord, count = la->kind == TREE_FLOAT ? 3 : 1;
			for (int i = first; i < first + count; i++) {
				if (a == b && i > j)
					continue;
				double v = twist_form(w->twist + 3 * i, sj, I);
				gsl_matrix_set(w->Mbar, (size_t)i, (size_t)j, v);
				gsl_matrix_set(w->Mbar, (size_t)j, (size_t)i, v);
			}
		}
	}
}

/* The same, straight from B (needed for absolute angles, whose rates do
 * not move whole subtrees rigidly). */
static void product_terms(struct jc *w)
{
	int n = w->n, n3 = w->n3;
	for (int a = 0; a < n; a++)
		for (int b = 0; b <= a; b++) {
			double s = 0;
			for (int k = 0; k < n3; k++) {
				const double *row = w->B + (size_t)k * (size_t)n;
				s += row[a] * w->mdiag[k] * row[b];
			}
			gsl_matrix_set(w->Mbar, (size_t)a, (size_t)b, s);
			gsl_matrix_set(w->Mbar, (size_t)b, (size_t)a, s);
		}
}

/* B'g for forces g on the bodies (3 per body): with relative coordinates
 * each twist against the total wrench of its subtree, O(N); with absolute
 * angles straight from B. */
static void project(struct jc *w, const double *g, double *out)
{
	if (w->absolute) {
		for (int a = 0; a < w->n; a++) {
			double s = 0;
			for (int k = 0; k < w->n3; k++)
				s += w->B[(size_t)k * (size_t)w->n + (size_t)a] * g[k];
			out[a] = s;
		}
		return;
	}
	for (int b = 0; b < w->nb; b++) {
		const double *q = w->c + 3 * b, *gb = g + 3 * b;
		double *f = w->wrench + 3 * b;
		f[0] = gb[0], f[1] = gb[1],
		f[2] = gb[2] + q[0] * gb[1] - q[1] * gb[0]; /* about O */
	}
	for (int k = w->nb - 1; k >= 0; k--) {
		int b = w->order[k], p = w->link[b].parent;
		if (p >= 0)
			for (int d = 0; d < 3; d++)
				w->wrench[3 * p + d] += w->wrench[3 * b + d];
	}
	for (int j = 0; j < w->n; j++) {
		const double *sj = w->twist + 3 * j, *f = w->wrench + 3 * w->owner[j];
		out[j] = sj[0] * f[2] + sj[1] * f[0] + sj[2] * f[1];
	}
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

/* Ḃ'Mċ, the part of Ṁ̄θ̇ = Ḃ'Mċ + B'MḂθ̇ that h̄ leaves out, after kinematics
 * and mass_terms. Coordinate i moves its subtree rigidly with twist s_i, so
 * column i of Ḃ is ṡ_i over the subtree and (Ḃ'Mċ)_i = v̇_i · L, with L the
 * subtree's linear momentum and v̇_i: the pin's velocity turned (revolute),
 * the turning guide (slide), the mass centre's velocity turned (a floating
 * body's angle), zero (a translation). Absolute angles are a constant map
 * of relative ones, θ_a = T θ_r, so their sums pass through T⁻ᵀ. */
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
		const double *q = w->c + 3 * b, *v = w->cd + 3 * b, *L = w->linear + 2 * b;
		vec2 rate; /* v̇ of the twist */
		if (l->kind == TREE_FLOAT) {
			rate = v2(v[1], -v[0]);
		} else if (l->kind == TREE_REVOLUTE) {
			vec2 pin_rate =
			    v2_add(v2(v[0], v[1]), v2_scale(v[2], v2_perp(v2_rotate(q[2], l->sc))));
			rate = v2(pin_rate.y, -pin_rate.x);
		} else {
			double sigma = l->axis_on_parent ? 1 : -1;
			vec2 u = v2_rotate(q[2] - (l->axis_on_parent ? l->alpha : 0), l->axis);
			rate = v2_scale(sigma * v[2], v2_perp(u));
		}
		out[l->coord + (l->kind == TREE_FLOAT ? 2 : 0)] = v2_dot(rate, v2(L[0], L[1]));
	}
	if (!w->absolute)
		return;
	double *relative = w->work + w->n3;
	memcpy(relative, out, sizeof(double) * (size_t)w->n);
	for (int b = 0; b < w->nb; b++) {
		int from = angle_coordinate(w, w->link[b].parent);
		if (w->link[b].kind == TREE_REVOLUTE && from >= 0)
			out[from] -= relative[w->link[b].coord];
	}
}

/* ------------------------------------------------------------ the equations */

static int evaluate(void *ws, double t, const double *th, const double *thd, unsigned what,
                    struct rows *r, double *hbar)
{
	struct jc *w = ws;
	int rows = (what & EVAL_ROWS) && w->nc > 0;
	int mass = (what & (EVAL_MASS | EVAL_MASS_SOLVE)) != 0;
	kinematics_b(w, th, thd, rows || w->absolute);
	if ((what & EVAL_FORCES) &&
	    forces_apply(w->m, w->d, w->c, w->cd, t, w->h, &w->potential) != 0)
		return -1;
	if (rows && cut_constraints(w, t, r) != 0)
		return -1;
	if (mass || (what & EVAL_FORCES))
		twists(w);
	if (mass) {
		if (w->absolute)
			product_terms(w);
		else
			composite_terms(w);
		w->factored = 0;
	}
	if (what & EVAL_FORCES) { /* h̄ = B'(h - M Ḃθ̇) (Eq. 9.23) */
		double *g = w->work;
		for (int k = 0; k < w->n3; k++)
			g[k] = w->h[k] - w->mdiag[k] * w->bias[k];
		project(w, g, hbar);
	}
	if (what & EVAL_MASS_SOLVE) { /* in place: M̄ = L L' stays at hand as L */
		w->factored = 1;
		if (cholesky_checked(w->Mbar) != 0) {
			run_data_fail(w->d,
			              "at t = %g the joint-coordinate mass matrix is singular", t);
			return -1;
		}
	}
	return 0;
}

/* M̄ x, from M̄ or from its factor L (M̄ = L L'). */
static void mass_apply(void *ws, const double *x, double *out)
{
	struct jc *w = ws;
	gsl_vector_const_view xv = gsl_vector_const_view_array(x, (size_t)w->n);
	gsl_vector_view ov = gsl_vector_view_array(out, (size_t)w->n);
	if (!w->factored) {
		gsl_blas_dsymv(CblasLower, 1, w->Mbar, &xv.vector, 0, &ov.vector);
		return;
	}
	gsl_vector_memcpy(&ov.vector, &xv.vector);
	gsl_blas_dtrmv(CblasLower, CblasTrans, CblasNonUnit, w->Mbar, &ov.vector);
	gsl_blas_dtrmv(CblasLower, CblasNoTrans, CblasNonUnit, w->Mbar, &ov.vector);
}

static void mass_solve(void *ws, double *x)
{
	cholesky_solve(((struct jc *)ws)->Mbar, x);
}

/* M̄ written out; from L L' when it was factored (for teaching: rare). */
static void mass_dense(void *ws, double *A)
{
	struct jc *w = ws;
	size_t n = (size_t)w->n, tda = w->Mbar->tda;
	const double *M = w->Mbar->data;
	if (!w->factored && tda == n) {
		memcpy(A, M, sizeof(double) * n * n);
		return;
	}
	for (size_t a = 0; a < n; a++)
		for (size_t b = 0; b < n; b++) {
			double s = 0;
			if (!w->factored)
				s = M[a * tda + b];
			for (size_t k = 0; w->factored && k <= (a < b ? a : b); k++)
				s += M[a * tda + k] * M[b * tda + k];
			A[a * n + b] = s;
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
	project(w, g, term);
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

/* c̈ = B θ̈ + Ḃθ̇ into out */
static void body_accelerations(const struct jc *w, const double *thdd, double *out)
{
	for (int k = 0; k < w->n3; k++) {
		double s = w->bias[k];
		for (int a = 0; a < w->n; a++)
			s += w->B[(size_t)k * (size_t)w->n + (size_t)a] * thdd[a];
		out[k] = s;
	}
}

/* ------------------------------------------------------------ to and from bodies */

static int to_bodies(void *ws, double t, const double *th, const double *thd, const double *thdd,
                     double *c, double *cd, double *cdd)
{
	(void)t;
	struct jc *w = ws;
	int accelerations = thdd && cdd;
	kinematics_b(w, th, thd, accelerations);
	memcpy(c, w->c, sizeof(double) * (size_t)w->n3);
	memcpy(cd, w->cd, sizeof(double) * (size_t)w->n3);
	if (accelerations)
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
	kinematics_b(w, th, thd, 1);
	*out = (struct jc_kinematics){w->B, w->bias, w->c, w->cd};
}

const struct formulation formulation_joint = {
    .name = "joint",
    .title = "joint coordinates (Ch. 9)",
    .capabilities = FORM_DENSE_MASS,
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
    .mass_dense = mass_dense,
    .mass_inverse_diagonal = NULL,
    .inertia_rate = inertia_rate,
};
