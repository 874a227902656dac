/* joint_coords.c — equations of motion in joint coordinates, book Ch. 9
 * (see joint_coords.h).
 *
 * Recursive kinematics along the tree (Sec. 9.1.2) give, body by body from
 * the ground out, the pose, the velocity, the body's rows of B in ċ = B θ̇
 * and its part of Ḃθ̇ (the acceleration when θ̈ = 0). Then (Eqs. 9.22-9.24,
 * 9.34)
 *     M̄ = B'MB,  h̄ = B'(h - M Ḃθ̇),  C = D_cut B,  γ̄ = γ_cut - D_cut Ḃθ̇,
 *     [M̄ -C'; C 0] {θ̈; λ} = {h̄; γ̄},
 * solved with a Cholesky factorisation of M̄ and of C M̄⁻¹ C'. Reactions,
 * energy and violation come from the body-coordinate routine given c̈, so
 * the two formulations report alike. */
#include "formulation/joint_coords.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/body_coords.h"
#include "model/force.h"
#include "model/joints/joint.h"
#include "analysis/kinematics.h"
#include "lua/luaenv.h"
#include "formulation/partition.h"
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
	struct model *m;
	struct stabilization stab;
	int nb, n3, n, nc, absolute;
	int *order;             /* bodies, parents first */
	struct tree_link *link; /* per body */
	int *cut, ncut;         /* model joints that are cut */
	char *dropped;          /* cut rows left out as redundant (λ = 0) */
	int drop, dropped_decided;
	int *parent, *tjoint, *tcoord, *tkind; /* struct jc_tree_info's arrays */
	/* per evaluation */
	double *c, *cd, *bias, *B, *h, *hbar, *mdiag;
	double *D, *C, *phi, *gamma, *vrhs, *lambda, *acc, *work;
	int (*row_bodies)[2];
	gsl_matrix *Mbar, *S, *X;
	double potential;
	void *body; /* body-coordinate workspace: reactions, energy, violation */
	/* composite-rigid-body path (relative coordinates): per coordinate its
	 * twist (ω, v at the origin), per body its subtree's inertia and wrench */
	double *twist;     /* 3 per coordinate: ω, vx, vy */
	int *owner;        /* body of each coordinate */
	double *composite; /* 4 per body: M, Fx, Fy, Q */
	double *wrench;    /* 3 per body: fx, fy, n about the origin */
	double *linear;    /* 2 per body: the subtree's linear momentum */
	/* coordinate partitioning on the cut joints (Sec. 13.3.2) */
	struct partition *part;
	struct kin_system sys;
	double *fixed; /* θ, θ̇ after the dependent ones are solved, or θ̇ from p */
};

/* ------------------------------------------------------------ the tree */

static int tree_capable(const struct joint *j)
{
	return j->kind == &joint_revolute || j->kind == &joint_translational;
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

/* φ_a - φ_b that makes u_a parallel to u_b (Eq. 7.19), the branch nearest
 * the initial configuration. */
static double slide_angle(const struct model *m, const struct joint *j)
{
	double base = v2_angle(j->uj) - v2_angle(j->ui);
	double now =
	    (j->bi >= 0 ? m->bodies[j->bi].q0[2] : 0) - (j->bj >= 0 ? m->bodies[j->bj].q0[2] : 0);
	return base + M_PI * round((now - base) / M_PI);
}

static void hang(struct jc *w, int child, int parent, int joint_index)
{
	const struct joint *j = &w->m->joints[joint_index];
	struct tree_link *l = &w->link[child];
	int child_is_i = j->bi == child;
	l->parent = parent, l->joint = joint_index;
	l->sp = child_is_i ? j->sj : j->si;
	l->sc = child_is_i ? j->si : j->sj;
	if (j->kind == &joint_revolute) {
		l->kind = TREE_REVOLUTE;
	} else {
		/* the guide is j's second body (axis u_j); the slider is its first */
		l->kind = TREE_SLIDE;
		l->axis = j->uj;
		l->axis_on_parent = child_is_i;
		double a = slide_angle(w->m, j); /* φ_i - φ_j */
		l->alpha = child_is_i ? a : -a;
	}
}

/* Breadth first from the ground; bodies it cannot reach float, and the
 * search goes on from them. Joints left over are cut. */
static void grow_tree(struct jc *w, const struct formulation_config *cfg)
{
	struct model *m = w->m;
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

static void *setup(struct model *m, const struct formulation_config *cfg)
{
	struct jc *w = calloc(1, sizeof *w);
	w->m = m, w->stab = cfg->stab, w->absolute = cfg->absolute_angles;
	w->drop = cfg->drop_redundant;
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
	for (int k = 0; k < w->ncut; k++)
		w->nc += m->joints[w->cut[k]].kind->rows;
	size_t n = (size_t)w->n, n3 = (size_t)w->n3, nc = (size_t)w->nc;
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
	w->hbar = calloc(n + 1, sizeof(double));
	w->acc = calloc(n + 1, sizeof(double));
	w->work = calloc(n3 + n + nc + 1, sizeof(double));
	w->D = calloc(nc * n3 + 1, sizeof(double));
	w->C = calloc(nc * n + 1, sizeof(double));
	w->phi = calloc(nc + 1, sizeof(double));
	w->gamma = calloc(nc + 1, sizeof(double));
	w->vrhs = calloc(nc + 1, sizeof(double));
	w->lambda = calloc(nc + 1, sizeof(double));
	w->dropped = calloc(nc + 1, 1);
	w->row_bodies = calloc(nc + 1, sizeof *w->row_bodies);
	w->Mbar = gsl_matrix_calloc(n ? n : 1, n ? n : 1);
	w->S = gsl_matrix_calloc(nc ? nc : 1, nc ? nc : 1);
	w->X = gsl_matrix_calloc(n ? n : 1, nc ? nc : 1);
	for (int b = 0; b < w->nb; b++) {
		double md[3] = {m->bodies[b].mass, m->bodies[b].mass, m->bodies[b].inertia};
		for (int k = 0; k < 3; k++)
			w->mdiag[3 * b + k] = md[k];
	}
	/* reports come through body coordinates, which drop (and mark) the
	 * same redundancy; the penalty method carries it without a word */
	struct formulation_config plain = {.stab.kind = STAB_NONE,
	                                   .drop_redundant = cfg->drop_redundant ||
	                                                     cfg->stab.kind == STAB_PENALTY};
	w->body = formulation_body.setup(m, &plain);
	w->twist = calloc(3 * n + 1, sizeof(double));
	w->owner = calloc(n + 1, sizeof(int));
	w->composite = calloc(4 * (size_t)w->nb + 1, sizeof(double));
	w->wrench = calloc(3 * (size_t)w->nb + 1, sizeof(double));
	w->linear = calloc(2 * (size_t)w->nb + 1, sizeof(double));
	for (int b = 0; b < w->nb; b++)
		for (int k = 0; k < (w->link[b].kind == TREE_FLOAT ? 3 : 1); k++)
			w->owner[w->link[b].coord + k] = b;
	if (w->stab.kind == STAB_PARTITION && w->nc > 0) {
		w->part = partition_new(w->n, NULL, 0); /* the split comes from C */
		jc_kin_system(w, &w->sys);
	}
	w->fixed = calloc(2 * n + 1, sizeof(double));
	return w;
}

static void release(void *ws)
{
	struct jc *w = ws;
	if (!w)
		return;
	formulation_body.release(w->body);
	free(w->order), free(w->link), free(w->cut);
	free(w->parent), free(w->tjoint), free(w->tcoord), free(w->tkind);
	free(w->c), free(w->cd), free(w->bias), free(w->h), free(w->mdiag), free(w->B);
	free(w->hbar), free(w->acc), free(w->work), free(w->D), free(w->C);
	free(w->phi), free(w->gamma), free(w->vrhs), free(w->lambda), free(w->row_bodies);
	free(w->dropped);
	gsl_matrix_free(w->Mbar), gsl_matrix_free(w->S), gsl_matrix_free(w->X);
	free(w->twist), free(w->owner), free(w->composite), free(w->wrench), free(w->linear);
	partition_free(w->part), free(w->fixed);
	free(w);
}

static int state_size(const void *ws) { return 2 * ((const struct jc *)ws)->n; }

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

static void kinematics(struct jc *w, const double *th, const double *thd)
{
	kinematics_b(w, th, thd, 1);
}

/* ------------------------------------------------------------ cut joints */

/* D_cut, Φ, γ and the velocity right side of the cut joints at (c, ċ). */
static int cut_constraints(struct jc *w, double t)
{
	struct model *m = w->m;
	memset(w->D, 0, sizeof(double) * (size_t)w->nc * (size_t)w->n3);
	int row = 0;
	for (int k = 0; k < w->ncut; k++) {
		const struct joint *j = &m->joints[w->cut[k]];
		struct body_state bi = model_body_state(w->c, w->cd, j->bi);
		struct body_state bj = model_body_state(w->c, w->cd, j->bj);
		struct joint_eval e;
		memset(&e, 0, sizeof e);
		if (j->kind->eval(m, j, &bi, &bj, t, &e) != 0)
			return -1;
		for (int r = 0; r < j->kind->rows; r++, row++) {
			double *d = w->D + (size_t)row * (size_t)w->n3;
			for (int c = 0; c < 3; c++) {
				if (j->bi >= 0)
					d[3 * j->bi + c] += e.di[r][c];
				if (j->bj >= 0)
					d[3 * j->bj + c] += e.dj[r][c];
			}
			w->row_bodies[row][0] = j->bi, w->row_bodies[row][1] = j->bj;
			w->phi[row] = e.phi[r], w->gamma[row] = e.gamma[r],
			w->vrhs[row] = e.vrhs[r];
		}
	}
	/* C = D_cut B: a row of D touches at most two bodies */
	for (int r = 0; r < w->nc; r++) {
		double *crow = w->C + (size_t)r * (size_t)w->n;
		const double *d = w->D + (size_t)r * (size_t)w->n3;
		memset(crow, 0, sizeof(double) * (size_t)w->n);
		for (int p = 0; p < 2; p++) {
			int b = w->row_bodies[r][p];
			if (b < 0 || (p == 1 && b == w->row_bodies[r][0]))
				continue;
			for (int k = 3 * b; k < 3 * b + 3; k++)
				for (int col = 0; col < w->n; col++)
					crow[col] +=
					    d[k] * w->B[(size_t)k * (size_t)w->n + (size_t)col];
			for (int k = 3 * b; k < 3 * b + 3; k++)
				w->gamma[r] -= d[k] * w->bias[k]; /* γ̄ = γ - D Ḃθ̇ */
		}
	}
	return 0;
}

static const char *joint_of_row(const struct jc *w, int row)
{
	for (int k = 0; k < w->ncut; k++) {
		const struct joint *j = &w->m->joints[w->cut[k]];
		if (row < j->kind->rows)
			return j->name;
		row -= j->kind->rows;
	}
	return "?";
}

static const char *kin_row_joint(void *ctx, int row);

/* With redundant = "drop", the cut rows that QR with pivoting finds
 * dependent at the first evaluation are left out, as in body coordinates. */
static void decide_dropped(struct jc *w)
{
	size_t nc = (size_t)w->nc, *order = calloc(nc + 1, sizeof *order);
	gsl_matrix_const_view C = gsl_matrix_const_view_array(w->C, nc, (size_t)w->n);
	size_t rank = pivot_order(&C.matrix, 1, order);
	for (size_t k = rank; k < nc; k++)
		w->dropped[order[k]] = 1;
	free(order);
	w->dropped_decided = 1;
}

/* S = C W C' with W = M̄⁻¹ (X = M̄⁻¹ C' kept) when use_mbar, else W = I;
 * a dropped row is an identity row of S. */
static int factor_cut(struct jc *w, int use_mbar, double t)
{
	size_t n = (size_t)w->n, nc = (size_t)w->nc;
	if (w->drop && !w->dropped_decided)
		decide_dropped(w);
	for (size_t r = 0; r < nc; r++) {
		gsl_vector_view col = gsl_matrix_column(w->X, r);
		for (size_t k = 0; k < n; k++)
			gsl_vector_set(&col.vector, k, w->C[r * n + k]);
		if (use_mbar)
			gsl_linalg_cholesky_svx(w->Mbar, &col.vector);
	}
	for (size_t a = 0; a < nc; a++)
		for (size_t b = 0; b <= a; b++) {
			double s = 0;
			for (size_t k = 0; k < n && !w->dropped[a] && !w->dropped[b]; k++)
				s += w->C[a * n + k] * gsl_matrix_get(w->X, k, b);
			if (w->dropped[a] || w->dropped[b])
				s = a == b;
			gsl_matrix_set(w->S, a, b, s);
			gsl_matrix_set(w->S, b, a, s);
		}
	if (cholesky_checked(w->S) != 0) {
		gsl_matrix_const_view C = gsl_matrix_const_view_array(w->C, nc, n);
		explain_dependent_rows(w->m, t, &C.matrix, kin_row_joint, w);
		return -1;
	}
	return 0;
}

/* S λ = rhs in place, the dropped rows' multipliers zero. */
static void solve_cut(struct jc *w, double *rhs)
{
	for (int r = 0; r < w->nc; r++)
		if (w->dropped[r])
			rhs[r] = 0;
	gsl_vector_view v = gsl_vector_view_array(rhs, (size_t)w->nc);
	gsl_linalg_cholesky_svx(w->S, &v.vector);
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

/* M̄ = B'MB and h̄ = B'(h - M Ḃθ̇) (Eqs. 9.22-9.23), after kinematics. */
static void mass_terms(struct jc *w)
{
	twists(w);
	if (w->absolute)
		product_terms(w);
	else
		composite_terms(w);
	double *g = w->work;
	for (int k = 0; k < w->n3; k++)
		g[k] = w->h[k] - w->mdiag[k] * w->bias[k];
	project(w, g, w->hbar);
}

/* ------------------------------------------------------------ dynamics */

/* The penalty method on the cut joints (Sec. 13.3.3 with 13.3.4):
 *   (M̄ + m_c C'C) θ̈ = h̄ - m_c C'(-γ̄ + 2ζωΦ̇ + ω²Φ),
 * and λ = -m_c (C θ̈ - γ̄ + 2ζωΦ̇ + ω²Φ). */
static int penalty_accelerations(struct jc *w, double t, const double *thd)
{
	int n = w->n, nc = w->nc;
	double mc = w->stab.mc, two_zw = 2 * w->stab.zeta * w->stab.omega;
	double w2 = w->stab.omega * w->stab.omega;
	double *e = w->work; /* -γ̄ + 2ζωΦ̇ + ω²Φ per cut row */
	for (int r = 0; r < nc; r++) {
		const double *crow = w->C + (size_t)r * (size_t)n;
		double cv = 0;
		for (int k = 0; k < n; k++)
			cv += crow[k] * thd[k];
		e[r] = -w->gamma[r] + two_zw * (cv - w->vrhs[r]) + w2 * w->phi[r];
	}
	for (int a = 0; a < n; a++) {
		double rhs = w->hbar[a];
		for (int r = 0; r < nc; r++)
			rhs -= mc * w->C[(size_t)r * (size_t)n + (size_t)a] * e[r];
		w->acc[a] = rhs;
		for (int b = 0; b < n; b++) {
			double s = 0;
			for (int r = 0; r < nc; r++)
				s += w->C[(size_t)r * (size_t)n + (size_t)a] *
				     w->C[(size_t)r * (size_t)n + (size_t)b];
			*gsl_matrix_ptr(w->Mbar, (size_t)a, (size_t)b) += mc * s;
		}
	}
	if (cholesky_checked(w->Mbar) != 0) {
		model_fail(w->m, "at t = %g the penalty system in joint coordinates is singular",
		           t);
		return -1;
	}
	gsl_vector_view acc = gsl_vector_view_array(w->acc, (size_t)n);
	gsl_linalg_cholesky_svx(w->Mbar, &acc.vector);
	for (int r = 0; r < nc; r++) { /* λ recovered from Eq. 13.37 */
		double ca = 0;
		for (int k = 0; k < n; k++)
			ca += w->C[(size_t)r * (size_t)n + (size_t)k] * w->acc[k];
		w->lambda[r] = -mc * (ca + e[r]);
	}
	for (int k = 0; k < n; k++)
		if (!isfinite(w->acc[k])) {
			model_fail(w->m, "at t = %g a joint acceleration is not finite", t);
			return -1;
		}
	return 0;
}

static int accelerations(struct jc *w, double t, const double *th, const double *thd)
{
	struct model *m = w->m;
	if (mb_sigint_seen) {
		mb_sigint_seen = 0;
		model_stop(m, "interrupted (Ctrl-C) at t = %g", t);
		return -1;
	}
	m->fevals++;
	int n = w->n;
	kinematics_b(w, th, thd, w->nc > 0 || w->absolute);
	if (forces_apply(m, w->c, w->cd, t, w->h, &w->potential) != 0)
		return -1;
	if (w->nc > 0 && cut_constraints(w, t) != 0)
		return -1;
	mass_terms(w);
	if (w->nc > 0 && w->stab.kind == STAB_PENALTY)
		return penalty_accelerations(w, t, thd);
	if (cholesky_checked(w->Mbar) != 0) {
		model_fail(m, "at t = %g the joint-coordinate mass matrix is singular", t);
		return -1;
	}
	memcpy(w->acc, w->hbar, sizeof(double) * (size_t)n);
	gsl_vector_view acc = gsl_vector_view_array(w->acc, (size_t)n);
	gsl_linalg_cholesky_svx(w->Mbar, &acc.vector); /* M̄⁻¹ h̄ */
	if (w->nc > 0) {
		if (factor_cut(w, 1, t) != 0)
			return -1;
		for (int r = 0; r < w->nc; r++) {
			const double *crow = w->C + (size_t)r * (size_t)n;
			double ca = 0, cv = 0;
			for (int k = 0; k < n; k++)
				ca += crow[k] * w->acc[k], cv += crow[k] * thd[k];
			double target = w->gamma[r];
			if (w->stab.kind == STAB_BAUMGARTE)
				target -= 2 * w->stab.alpha * (cv - w->vrhs[r]) +
				          w->stab.beta * w->stab.beta * w->phi[r];
			w->lambda[r] = target - ca;
		}
		solve_cut(w, w->lambda);
		for (int k = 0; k < n; k++)
			for (int r = 0; r < w->nc; r++)
				w->acc[k] +=
				    gsl_matrix_get(w->X, (size_t)k, (size_t)r) * w->lambda[r];
	}
	for (int k = 0; k < n; k++)
		if (!isfinite(w->acc[k])) {
			model_fail(m, "at t = %g a joint acceleration is not finite", t);
			return -1;
		}
	return 0;
}

/* ------------------------------------------------------------ momentum method */

/* M̄ at θ alone (the rates only move ċ, which is not used). */
static void mass_matrix_at(struct jc *w, const double *th, const double *any_rates)
{
	kinematics_b(w, th, any_rates, w->nc > 0 || w->absolute);
	mass_terms(w);
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

/* The momentum method (Sec. 13.3.5) in joint coordinates: the state holds
 * p = M̄θ̇ and θ̇ is its projection onto C θ̇ = v,
 *   θ̇ = M̄⁻¹(p + C'σ),  (C M̄⁻¹ C') σ = v - C M̄⁻¹ p,
 * so velocity drift cannot build up on the cut joints. */
static int rates_from_momenta(struct jc *w, double t, const double *th, const double *p,
                              double *thd)
{
	mass_matrix_at(w, th, p);
	if (w->nc > 0 && cut_constraints(w, t) != 0)
		return -1;
	if (cholesky_checked(w->Mbar) != 0) {
		model_fail(w->m, "at t = %g the joint-coordinate mass matrix is singular", t);
		return -1;
	}
	memcpy(thd, p, sizeof(double) * (size_t)w->n);
	gsl_vector_view rates = gsl_vector_view_array(thd, (size_t)w->n);
	gsl_linalg_cholesky_svx(w->Mbar, &rates.vector);
	if (w->nc == 0)
		return 0;
	if (factor_cut(w, 1, t) != 0)
		return -1;
	for (int r = 0; r < w->nc; r++) {
		double s = w->vrhs[r];
		for (int k = 0; k < w->n; k++)
			s -= w->C[(size_t)r * (size_t)w->n + (size_t)k] * thd[k];
		w->lambda[r] = s;
	}
	solve_cut(w, w->lambda);
	for (int k = 0; k < w->n; k++)
		for (int r = 0; r < w->nc; r++)
			thd[k] += gsl_matrix_get(w->X, (size_t)k, (size_t)r) * w->lambda[r];
	return 0;
}

/* p = M̄θ̇ in place of θ̇. */
static void momenta_from_rates(struct jc *w, const double *th, double *second)
{
	double *rates = w->fixed + w->n;
	memcpy(rates, second, sizeof(double) * (size_t)w->n);
	mass_matrix_at(w, th, rates);
	gsl_vector_const_view r = gsl_vector_const_view_array(rates, (size_t)w->n);
	gsl_vector_view p = gsl_vector_view_array(second, (size_t)w->n);
	gsl_blas_dsymv(CblasLower, 1, w->Mbar, &r.vector, 0, &p.vector);
}

/* ṗ = M̄θ̈ + Ṁ̄θ̇ = B'h + C'λ + Ḃ'Mċ, after accelerations. */
static void momentum_rates(struct jc *w, double *pd)
{
	double *inertial = w->work;
	project(w, w->h, pd);
	inertial_term(w, inertial);
	for (int k = 0; k < w->n; k++) {
		pd[k] += inertial[k];
		for (int r = 0; r < w->nc; r++)
			pd[k] += w->C[(size_t)r * (size_t)w->n + (size_t)k] * w->lambda[r];
	}
}

/* ------------------------------------------------------------ integration */

/* The θ and θ̇ a state stands for: itself; under partitioning its
 * independent part with the dependent coordinates solved on the cut joints;
 * with the momentum method θ and the rates its momenta give. */
static int state_of(struct jc *w, double t, const double *y, const double **th, const double **thd)
{
	*th = y, *thd = y + w->n;
	if (w->stab.kind == STAB_MOMENTUM) {
		*thd = w->fixed + w->n;
		return rates_from_momenta(w, t, y, y + w->n, w->fixed + w->n);
	}
	if (!w->part)
		return 0;
	memcpy(w->fixed, y, sizeof(double) * 2 * (size_t)w->n);
	*th = w->fixed, *thd = w->fixed + w->n;
	return partition_apply(w->part, &w->sys, w->m, t, w->fixed, w->fixed + w->n);
}

static int derivatives(void *ws, double t, const double *y, double *dydt)
{
	struct jc *w = ws;
	const double *th, *thd;
	if (state_of(w, t, y, &th, &thd) != 0 || accelerations(w, t, th, thd) != 0)
		return -1;
	memcpy(dydt, thd, sizeof(double) * (size_t)w->n);
	if (w->stab.kind == STAB_MOMENTUM)
		momentum_rates(w, dydt + w->n);
	else
		memcpy(dydt + w->n, w->acc, sizeof(double) * (size_t)w->n);
	return 0;
}

/* c̈ = B θ̈ + Ḃθ̇ into out */
static void body_accelerations(const struct jc *w, double *out)
{
	for (int k = 0; k < w->n3; k++) {
		double s = w->bias[k];
		for (int a = 0; a < w->n; a++)
			s += w->B[(size_t)k * (size_t)w->n + (size_t)a] * w->acc[a];
		out[k] = s;
	}
}

static int measure(void *ws, double t, const double *y, struct sample *out)
{
	struct jc *w = ws;
	const double *th, *thd;
	long fe = w->m->fevals;
	if (state_of(w, t, y, &th, &thd) != 0 || accelerations(w, t, th, thd) != 0)
		return -1;
	w->m->fevals = fe;
	kinematics(w, th, thd); /* with B, for c̈ */
	double *cdd = w->work;  /* after accelerations, work is free again */
	body_accelerations(w, cdd);
	return bc_measure_given(w->body, t, w->c, w->cd, cdd, out);
}

/* ------------------------------------------------------------ state from bodies */

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

/* The model's initial θ and θ̇ into y. */
static void initial_coordinates(struct jc *w, double *y)
{
	double *c = calloc(2 * (size_t)w->n3 + 1, sizeof(double));
	model_initial(w->m, c, c + w->n3);
	coordinates_from_bodies(w, c, c + w->n3, y, y + w->n);
	free(c);
}

static void set_state(void *ws, const double *c, const double *cd, double *y)
{
	struct jc *w = ws;
	coordinates_from_bodies(w, c, cd, y, y + w->n);
	if (w->stab.kind == STAB_MOMENTUM)
		momenta_from_rates(w, y, y + w->n);
}

static int bodies(void *ws, double t, const double *y, double *c, double *cd)
{
	struct jc *w = ws;
	const double *th, *thd;
	if (state_of(w, t, y, &th, &thd) != 0)
		return -1;
	kinematics_b(w, th, thd, 0);
	memcpy(c, w->c, sizeof(double) * (size_t)w->n3);
	memcpy(cd, w->cd, sizeof(double) * (size_t)w->n3);
	return 0;
}

static int correct_coordinates(struct jc *w, double t, double *th, double *thd);

static int correct(void *ws, double t, double *y)
{
	struct jc *w = ws;
	if (w->nc == 0)
		return 0;
	if (w->stab.kind != STAB_MOMENTUM)
		return correct_coordinates(w, t, y, y + w->n);
	/* the state holds momenta: correct the rates they stand for */
	double *p = y + w->n;
	mass_matrix_at(w, y, p);
	if (cholesky_checked(w->Mbar) != 0) {
		model_fail(w->m, "at t = %g the joint-coordinate mass matrix is singular", t);
		return -1;
	}
	gsl_vector_view rates = gsl_vector_view_array(p, (size_t)w->n);
	gsl_linalg_cholesky_svx(w->Mbar, &rates.vector);
	if (correct_coordinates(w, t, y, p) != 0)
		return -1;
	momenta_from_rates(w, y, p);
	return 0;
}

/* Least-squares correction of the cut joints (Sec. 9.3.4 with 14.3). */
static int correct_coordinates(struct jc *w, double t, double *th, double *thd)
{
	for (int it = 0;; it++) {
		kinematics(w, th, thd);
		if (cut_constraints(w, t) != 0)
			return -1;
		double err = 0;
		for (int r = 0; r < w->nc; r++)
			err += w->phi[r] * w->phi[r];
		if (sqrt(err) < 1e-12)
			break;
		if (it == 50) {
			model_fail(
			    w->m,
			    "the cut joints cannot be closed from this start (violation %.3g "
			    "after 50 iterations)",
			    sqrt(err));
			return -1;
		}
		if (factor_cut(w, 0, t) != 0)
			return -1;
		memcpy(w->lambda, w->phi, sizeof(double) * (size_t)w->nc);
		solve_cut(w, w->lambda);
		for (int k = 0; k < w->n; k++)
			for (int r = 0; r < w->nc; r++)
				th[k] -= w->C[(size_t)r * (size_t)w->n + (size_t)k] * w->lambda[r];
	}
	if (factor_cut(w, 0, t) != 0)
		return -1;
	for (int r = 0; r < w->nc; r++) {
		double s = -w->vrhs[r];
		for (int k = 0; k < w->n; k++)
			s += w->C[(size_t)r * (size_t)w->n + (size_t)k] * thd[k];
		w->lambda[r] = s;
	}
	solve_cut(w, w->lambda);
	for (int k = 0; k < w->n; k++)
		for (int r = 0; r < w->nc; r++)
			thd[k] -= w->C[(size_t)r * (size_t)w->n + (size_t)k] * w->lambda[r];
	return 0;
}

int jc_size(const void *ws) { return ((const struct jc *)ws)->n; }

int jc_evaluate(void *ws, double t, const double *given, struct jc_pieces *out)
{
	struct jc *w = ws;
	double *y = calloc(2 * (size_t)w->n + 1, sizeof(double));
	if (given)
		memcpy(y, given, sizeof(double) * 2 * (size_t)w->n);
	else
		initial_coordinates(w, y);
	int status = accelerations(w, t, y, y + w->n);
	if (status == 0) {
		/* M̄ was factored in place: rebuild it for display (h̄ is intact) */
		kinematics(w, y, y + w->n);
		double *hbar = malloc(sizeof(double) * (size_t)w->n + 1);
		memcpy(hbar, w->hbar, sizeof(double) * (size_t)w->n);
		mass_terms(w);
		memcpy(w->hbar, hbar, sizeof(double) * (size_t)w->n);
		free(hbar);
		memcpy(w->work, y, sizeof(double) * 2 * (size_t)w->n); /* θ, θ̇ for the caller */
	}
	*out = (struct jc_pieces){
	    {w->nb, w->n, w->ncut, w->parent, w->tjoint, w->tcoord, w->tkind, w->cut},
	    w->B,
	    w->bias,
	    w->Mbar->data,
	    w->hbar,
	    w->C,
	    w->gamma,
	    w->acc,
	    w->lambda,
	    w->work,
	    w->work + w->n,
	    w->c,
	    w->cd,
	    w->n,
	    w->nc};
	free(y);
	return status;
}

/* ------------------------------------------------------------ kinematic analysis */

static int kin_constraints(void *ctx, double t, const double *q, const double *qd,
                           struct kin_eval *out)
{
	struct jc *w = ctx;
	kinematics(w, q, qd);
	if (w->nc > 0 && cut_constraints(w, t) != 0)
		return -1;
	*out = (struct kin_eval){w->C, w->phi, w->vrhs, w->gamma, w->nc};
	return 0;
}

static int kin_bodies(void *ctx, double t, const double *q, const double *qd, const double *qdd,
                      const double **c, const double **cd, const double **cdd)
{
	(void)t;
	struct jc *w = ctx;
	kinematics(w, q, qd);
	memcpy(w->acc, qdd, sizeof(double) * (size_t)w->n);
	body_accelerations(w, w->work); /* c̈ = B θ̈ + Ḃθ̇ */
	*c = w->c, *cd = w->cd, *cdd = w->work;
	return 0;
}

static const char *kin_row_joint(void *ctx, int row) { return joint_of_row(ctx, row); }

void jc_kin_system(void *ws, struct kin_system *out)
{
	struct jc *w = ws;
	*out = (struct kin_system){w->n, w, kin_constraints, kin_bodies, kin_row_joint};
}

const struct formulation formulation_joint = {"joint",   setup,        release,     state_size,
                                              set_state, bodies,       derivatives, measure,
                                              correct,   jc_kin_system};
