/* SPDX-License-Identifier: GPL-3.0-or-later */
/* point_recursive.c — Attia's recursive point coordinates (H. A. Attia,
 * "Dynamic modelling of planar mechanisms using point coordinates", KSME
 * Int. J. 17(12), 2003).
 *
 * Each body (each welded group) becomes a dynamically equivalent system of
 * particles: two primary ones on its frame (point_layout.h: at its joints
 * where it has them), a third at its mass centre and the midpoints of the
 * three, their masses from the six conditions of mass, mass centre and
 * inertia (Attia's Eq. 2; on a rod, the two ends and the middle, three
 * conditions). The third particle and the midpoints follow the primary
 * ones (Eq. 10.28), so each body's momentum is written on its two frame
 * particles alone (Attia's Eqs. 8-10): with r_i - r_a = z_i (r_b - r_a),
 *     Σ m_i r̈_i = (m - S1) r̈_a + S1 r̈_b,
 *     Σ m_i (r_i - r_a) x r̈_i = (S1 d) x r̈_a + S2 d x d̈,
 * S1 = Σ m_i z_i, S2 = Σ m_i |z_i|², d = r_b - r_a.
 *
 * Pins of a spanning tree share their particles, so their constraints
 * vanish; the tree is cut into chains at the other pins (two Cartesian
 * rows on the particles at each cut, Attia's Eq. 19), and sliders,
 * drivers and every other joint are rows too. Along each chain, from its
 * tip towards its base, a body's equations are the angular momentum of
 * everything beyond it about its base particle (Eq. 14) and the rows that
 * hold its particles apart (Eqs. 13, 16); what hangs beyond is carried in
 * as its linear-momentum balance P r̈ + l at the particle it hangs from,
 * so each body's unknowns come out as r̈_own = K r̈_base + k, and a root
 * that floats takes the whole chain's linear momentum (Eq. 17). No
 * rotational coordinate appears, and forces enter as their resultant and
 * moment, not shared over the particles. That is O(n) per solve.
 *
 * The cut rows' and the other joints' reactions join through the shared
 * constrained layer (free_accelerations): mass_solve is the chains'
 * response to forces on the particles, free_accelerations their motion
 * under the applied forces, and the layer solves for the reactions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/formulation.h"
#include "formulation/point_coords.h"
#include "util/lu.h"

#define PARTICLES 6

struct node {
	int parent;  /* group; 0: it hangs from the ground, -1: a root that floats */
	int base;    /* its frame's first point */
	int turning; /* else it slides */
	int nu, *u;  /* the points it owns beyond its base, the frame's second first */
	int attach;  /* on its parent: -1 at the parent's base, else the parent's u[attach] */
	int *children, nchildren;
	int *rows, nrows; /* its own rows (layout indices) */
	/* its particles: masses and places z = (α + iβ) / L on its frame; sums */
	int nparticles;
	double pm[PARTICLES];
	vec2 pz[PARTICLES];
	double mass, S2;
	vec2 S1;
	/* per evaluation */
	vec2 ra, d;     /* r_a, r_b - r_a */
	double *E, *Ea; /* its equations in its own unknowns and in r̈_a */
	int *pivot;
	double *K, *k, *e; /* r̈_own = K r̈_a + k (2nu x 2, 2nu), the right side */
	double P[4], l[2]; /* the chain's linear-momentum balance P r̈_a + l */
	vec2 F;            /* applied force and its moment about r_a */
	double N;
	vec2 acc_a;
};

struct pr {
	struct point_coords_head base; /* first: the shared entries read it */
	struct node *node;             /* per group; 0, the ground's, unused */
	double *r, *rd;                /* the state of the last evaluation */
	double *x;                     /* a copy of mass_solve's force */
};

/* ------------------------------------------------------------ set-up */

/* Attia's Eq. 2: particles whose mass, first moments and second moments
 * are the body's, about its mass centre (the plane gives only J = j_ξξ +
 * j_ηη; it is split evenly, j_ξη = 0, which no planar motion can tell). */
static int particles(struct node *nd, const struct group *G)
{
	vec2 a = G->at[0], b = G->at[1], c = G->centre_at;
	vec2 e = v2_scale(1 / G->length, v2_sub(b, a));
	int rod = fabs(v2_cross(e, v2_sub(c, a))) <= 1e-9 * G->length;
	vec2 at[PARTICLES] = {a, b, rod ? v2_scale(0.5, v2_add(a, b)) : c};
	int n = rod ? 3 : 6;
	for (int k = 3; k < n; k++) /* the midpoints */
		at[k] = v2_scale(0.5, v2_add(at[k - 3], at[(k - 2) % 3]));
	double A[PARTICLES * PARTICLES], rhs[PARTICLES] = {G->mass, 0, 0, 0, 0, 0};
	int pivot[PARTICLES];
	for (int k = 0; k < n; k++) {
		vec2 s = v2_sub(at[k], c);
		double xi = rod ? v2_dot(e, s) : s.x, eta = s.y;
		double rowsv[PARTICLES] = {1, xi, eta, eta * eta, xi * xi, xi * eta};
		if (rod) /* Eq. 10.52: mass, first and second moment along the axis */
			rowsv[2] = xi * xi;
		for (int i = 0; i < n; i++)
			A[i * n + k] = rowsv[i];
	}
	if (rod)
		rhs[2] = G->inertia;
	else
		rhs[3] = rhs[4] = G->inertia / 2;
	lu_factor(A, n, n, pivot);
	if (lu_pivot_ratio(A, n, n) < 1e-12)
		return -1;
	lu_solve(A, n, n, pivot, rhs);
	nd->nparticles = n;
	nd->mass = nd->S2 = 0, nd->S1 = v2(0, 0);
	for (int k = 0; k < n; k++) {
		vec2 s = v2_sub(at[k], a);
		nd->pm[k] = rhs[k];
		nd->pz[k] = v2(v2_dot(e, s) / G->length, v2_cross(e, s) / G->length);
		nd->mass += rhs[k];
		nd->S1 = v2_add(nd->S1, v2_scale(rhs[k], nd->pz[k]));
		nd->S2 += rhs[k] * v2_dot(nd->pz[k], nd->pz[k]);
	}
	return 0;
}

static void release(void *ws)
{
	struct pr *w = ws;
	if (!w)
		return;
	for (int g = 0; w->node && g < w->base.L->ngroups; g++) {
		struct node *nd = &w->node[g];
		free(nd->u), free(nd->children), free(nd->rows);
		free(nd->E), free(nd->Ea), free(nd->pivot), free(nd->K), free(nd->k), free(nd->e);
	}
	free(w->node);
	point_coords_head_release(&w->base);
	free(w->r), free(w->x);
	free(w);
}

/* Its one option of its own (formulation.h): the joints its tree may use. */
enum { OWN_TREE };
static const struct option *const own_options[] = {&option_tree, NULL};

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	struct layout_options o = {.recursive = 1,
	                           .tree =
	                               cfg->own[OWN_TREE].given ? cfg->own[OWN_TREE].indices : NULL,
	                           .ntree = cfg->own[OWN_TREE].count,
	                           .accepted_steps = cfg->accepted_steps};
	struct layout *L = layout_new(m, &o, d);
	if (!L)
		return NULL;
	struct pr *w = calloc(1, sizeof *w);
	size_t n = (size_t)L->n;
	point_coords_head_init(&w->base, m, d, L);
	w->r = calloc(2 * n + 1, sizeof(double));
	w->rd = w->r + n;
	w->x = calloc(n + 1, sizeof(double));
	w->node = calloc((size_t)L->ngroups, sizeof *w->node);
	for (int g = 1; g < L->ngroups; g++) {
		const struct group *G = &L->groups[g];
		struct node *nd = &w->node[g];
		nd->parent = G->parent, nd->base = G->points[0];
		nd->turning = G->motion == MOTION_TURNING;
		nd->nu = G->npoints - 1;
		nd->u = calloc((size_t)nd->nu + 1, sizeof(int));
		for (int k = 0; k < nd->nu; k++) {
			nd->u[k] = G->points[k + 1];
			if (L->points[nd->u[k]].var <
			    0) { /* only the base may stand on the ground */
				run_data_fail(
				    d,
				    "Attia's recursive point coordinates cannot take this "
				    "model: a pin holds a second point of '%s' on the ground",
				    G->name);
				release(w);
				return NULL;
			}
		}
		size_t nu2 = 2 * (size_t)nd->nu;
		nd->E = calloc(nu2 * nu2 + 1, sizeof(double));
		nd->Ea = calloc(nu2 * 2 + 1, sizeof(double));
		nd->K = calloc(nu2 * 2 + 1, sizeof(double));
		nd->k = calloc(nu2 + 1, sizeof(double));
		nd->e = calloc(nu2 + 1, sizeof(double));
		nd->pivot = calloc(nu2 + 1, sizeof(int));
		nd->children = calloc((size_t)L->ngroups, sizeof(int));
		nd->rows = calloc(nu2 + 1, sizeof(int));
		if (nd->turning && particles(nd, G) != 0) {
			run_data_fail(d, "the particles of '%s' cannot be placed", G->name);
			release(w);
			return NULL;
		}
		if (!nd->turning)
			nd->mass = G->mass;
	}
	for (int g = 1; g < L->ngroups; g++) { /* children and where they hang */
		struct node *nd = &w->node[g], *up = nd->parent > 0 ? &w->node[nd->parent] : NULL;
		nd->attach = -1;
		if (!up)
			continue;
		up->children[up->nchildren++] = g;
		for (int k = 0; k < up->nu; k++)
			if (up->u[k] == nd->base)
				nd->attach = k;
	}
	for (int i = 0; i < L->nrows; i++) { /* each group's own rows */
		const struct prow *p = &L->rows[i];
		if (p->joint < 0) {
			struct node *nd = &w->node[L->bodies[p->body].group];
			nd->rows[nd->nrows++] = i;
		}
	}
	for (int g = 1; g < L->ngroups; g++) {
		struct node *nd = &w->node[g];
		if (nd->nrows + nd->turning != 2 * nd->nu) {
			run_data_fail(d,
			              "Attia's recursive point coordinates cannot take this model: "
			              "the points of '%s' are not held by two rows each",
			              L->groups[g].name);
			release(w);
			return NULL;
		}
	}
	return w;
}

/* ------------------------------------------------------------ the chains */

static vec2 point_at(const struct pr *w, int p)
{
	const struct point *pt = &w->base.L->points[p];
	return pt->var < 0 ? pt->at : v2(w->r[pt->var], w->r[pt->var + 1]);
}

/* out = A B for 2 x 2 A, B (row-major) */
static void mul22(const double *A, const double *B, double *out)
{
	double o[4] = {A[0] * B[0] + A[1] * B[2], A[0] * B[1] + A[1] * B[3],
	               A[2] * B[0] + A[3] * B[2], A[2] * B[1] + A[3] * B[3]};
	memcpy(out, o, sizeof o);
}

/* P += the matrix of the complex z times A (2 x 2; A NULL: the identity) */
static void add_complex(double *P, vec2 z, const double *A)
{
	double Z[4] = {z.x, -z.y, z.y, z.x}, ZA[4];
	if (A)
		mul22(Z, A, ZA);
	for (int i = 0; i < 4; i++)
		P[i] += A ? ZA[i] : Z[i];
}

/* Where a unknown coordinate var sits in node nd: 2k + c for u[k], -1 - c
 * for the base, else -100. */
static int slot_of(const struct pr *w, const struct node *nd, int var)
{
	int point_var = var & ~1, c = var & 1;
	if (w->base.L->points[nd->base].var == point_var)
		return -1 - c;
	for (int k = 0; k < nd->nu; k++)
		if (w->base.L->points[nd->u[k]].var == point_var)
			return 2 * k + c;
	return -100;
}

/* Tip to base: each node's equations in its own unknowns (the angular
 * momentum about its base of all that hangs beyond it, then its own rows)
 * factored, K = -E⁻¹ E_a, and its chain's P. Positions only: once per
 * evaluation. */
static int chains_inertia(struct pr *w, double t)
{
	struct layout *L = w->base.L;
	for (int i = L->norder - 1; i > 0; i--) {
		int g = L->order[i];
		struct node *nd = &w->node[g];
		int nu2 = 2 * nd->nu;
		nd->ra = point_at(w, nd->base);
		memset(nd->E, 0, sizeof(double) * (size_t)(nu2 * nu2));
		memset(nd->Ea, 0, sizeof(double) * (size_t)(nu2 * 2));
		int row = 0;
		if (nd->turning) { /* (S1 d) x r̈_a + S2 d x (r̈_b - r̈_a) + Σ s_c x (P_c r̈_c) */
			nd->d = v2_sub(point_at(w, nd->u[0]), nd->ra);
			vec2 on_a =
			    v2_sub(v2_perp(cmul(nd->S1, nd->d)), v2_scale(nd->S2, v2_perp(nd->d)));
			vec2 on_b = v2_scale(nd->S2, v2_perp(nd->d));
			nd->Ea[0] = on_a.x, nd->Ea[1] = on_a.y;
			nd->E[0] = on_b.x, nd->E[1] = on_b.y;
			for (int c = 0; c < nd->nchildren; c++) {
				const struct node *ch = &w->node[nd->children[c]];
				if (ch->attach < 0)
					continue; /* at the base: no arm */
				vec2 s = v2_perp(v2_sub(point_at(w, nd->u[ch->attach]), nd->ra));
				nd->E[2 * ch->attach] += s.x * ch->P[0] + s.y * ch->P[2];
				nd->E[2 * ch->attach + 1] += s.x * ch->P[1] + s.y * ch->P[3];
			}
			row = 1;
		}
		for (int k = 0; k < nd->nrows; k++, row++) { /* D_own r̈ = γ */
			struct prow_value v;
			if (layout_row(L, w->base.d, nd->rows[k], t, w->r, w->rd, &v, NULL) != 0)
				return -1;
			for (int j = 0; j < v.n; j++) {
				int slot = slot_of(w, nd, v.var[j]);
				if (slot >= 0)
					nd->E[row * nu2 + slot] += v.grad[j];
				else if (slot > -100)
					nd->Ea[row * 2 + (-1 - slot)] += v.grad[j];
			}
		}
		lu_factor(nd->E, nu2, nu2, nd->pivot);
		if (nu2 > 0 && lu_pivot_ratio(nd->E, nu2, nu2) < 1e-12) {
			run_data_fail(
			    w->base.d,
			    "at t = %g the points of '%s' cannot be solved: the body's points "
			    "have come together or into a line",
			    t, L->groups[g].name);
			return -1;
		}
		double col[2 * PARTICLES];
		for (int c = 0; c < 2; c++) { /* K = -E⁻¹ E_a, column by column */
			double *v = nu2 <= 2 * PARTICLES ? col : nd->e;
			for (int r = 0; r < nu2; r++)
				v[r] = -nd->Ea[r * 2 + c];
			lu_solve(nd->E, nu2, nu2, nd->pivot, v);
			for (int r = 0; r < nu2; r++)
				nd->K[r * 2 + c] = v[r];
		}
		/* P: the chain's linear momentum in r̈_a */
		memset(nd->P, 0, sizeof nd->P);
		if (nd->turning) {
			add_complex(nd->P, v2_sub(v2(nd->mass, 0), nd->S1), NULL);
			add_complex(nd->P, nd->S1, nd->K);
		} else {
			add_complex(nd->P, v2(nd->mass, 0), NULL);
		}
		for (int c = 0; c < nd->nchildren; c++) {
			const struct node *ch = &w->node[nd->children[c]];
			double PK[4];
			if (ch->attach < 0) {
				memcpy(PK, ch->P, sizeof PK);
			} else {
				const double *Kc = nd->K + 4 * ch->attach;
				mul22(ch->P, Kc, PK);
			}
			for (int q = 0; q < 4; q++)
				nd->P[q] += PK[q];
		}
	}
	return 0;
}

/* The accelerations of every point, tip to base for the right sides, then
 * base to tip: the own rows' right sides from gamma (per row; NULL: zero),
 * the applied forces when `forces`, forces x on the points (NULL: none). */
static int chains_solve(struct pr *w, const double *gamma, int forces, const double *x, double *acc)
{
	struct layout *L = w->base.L;
	for (int i = L->norder - 1; i > 0; i--) {
		int g = L->order[i];
		struct node *nd = &w->node[g];
		int nu2 = 2 * nd->nu, row = 0;
		vec2 F = forces ? nd->F : v2(0, 0);
		double e0 = forces ? -nd->N : 0;
		nd->l[0] = -F.x, nd->l[1] = -F.y;
		for (int k = -1; x && k < nd->nu; k++) { /* forces on its own points */
			int p = k < 0 ? nd->base : nd->u[k];
			if (k < 0 && nd->parent >= 0)
				continue; /* its base belongs to its parent's */
			const struct point *pt = &L->points[p];
			vec2 f = v2(x[pt->var], x[pt->var + 1]);
			e0 -= v2_cross(v2_sub(point_at(w, p), nd->ra), f);
			nd->l[0] -= f.x, nd->l[1] -= f.y;
		}
		for (int c = 0; c < nd->nchildren; c++) {
			const struct node *ch = &w->node[nd->children[c]];
			if (ch->attach >= 0)
				e0 +=
				    v2_dot(v2_perp(v2_sub(point_at(w, nd->u[ch->attach]), nd->ra)),
				           v2(ch->l[0], ch->l[1]));
		}
		if (nd->turning)
			nd->e[row++] = e0;
		for (int k = 0; k < nd->nrows; k++, row++)
			nd->e[row] = gamma ? -gamma[nd->rows[k]] : 0;
		for (int r = 0; r < nu2; r++)
			nd->k[r] = -nd->e[r];
		lu_solve(nd->E, nu2, nu2, nd->pivot, nd->k);
		/* l: the chain's linear momentum when r̈_a = 0, less the forces */
		if (nd->turning) {
			vec2 m = cmul(nd->S1, v2(nd->k[0], nd->k[1]));
			nd->l[0] += m.x, nd->l[1] += m.y;
		}
		for (int c = 0; c < nd->nchildren; c++) {
			const struct node *ch = &w->node[nd->children[c]];
			nd->l[0] += ch->l[0], nd->l[1] += ch->l[1];
			if (ch->attach >= 0) {
				const double *kc = nd->k + 2 * ch->attach;
				nd->l[0] += ch->P[0] * kc[0] + ch->P[1] * kc[1];
				nd->l[1] += ch->P[2] * kc[0] + ch->P[3] * kc[1];
			}
		}
	}
	for (int i = 1; i < L->norder; i++) {
		int g = L->order[i];
		struct node *nd = &w->node[g];
		if (nd->parent == 0) {
			nd->acc_a = v2(0, 0);
		} else if (nd->parent < 0) { /* a root that floats: P r̈_a + l = 0 (Eq. 17) */
			double det = nd->P[0] * nd->P[3] - nd->P[1] * nd->P[2];
			if (!(fabs(det) > 0)) {
				run_data_fail(w->base.d,
				              "the chain from '%s' has no mass to move it",
				              L->groups[g].name);
				return -1;
			}
			nd->acc_a = v2(-(nd->P[3] * nd->l[0] - nd->P[1] * nd->l[1]) / det,
			               -(-nd->P[2] * nd->l[0] + nd->P[0] * nd->l[1]) / det);
			int var = L->points[nd->base].var;
			acc[var] = nd->acc_a.x, acc[var + 1] = nd->acc_a.y;
		} else {
			const struct node *up = &w->node[nd->parent];
			int var = L->points[up->u[nd->attach < 0 ? 0 : nd->attach]].var;
			nd->acc_a = nd->attach < 0 ? up->acc_a : v2(acc[var], acc[var + 1]);
		}
		for (int k = 0; k < nd->nu; k++) { /* r̈_own = K r̈_a + k */
			int var = L->points[nd->u[k]].var;
			for (int c = 0; c < 2; c++)
				acc[var + c] = nd->K[(2 * k + c) * 2] * nd->acc_a.x +
				               nd->K[(2 * k + c) * 2 + 1] * nd->acc_a.y +
				               nd->k[2 * k + c];
		}
	}
	return 0;
}

/* ------------------------------------------------------------ the formulation */

static int evaluate(void *ws, double t, const double *r, const double *rd, unsigned what,
                    struct rows *out, double *h)
{
	struct pr *w = ws;
	size_t n = (size_t)w->base.n;
	memcpy(w->r, r, sizeof(double) * n);
	if (rd)
		memcpy(w->rd, rd, sizeof(double) * n);
	/* h (for the teaching pieces) is the same forces shared by virtual work */
	if (point_coords_head_evaluate(&w->base, t, r, rd, what, out, h) != 0)
		return -1;
	if (what & EVAL_FORCES) { /* the bodies' forces: resultants about each base */
		const double *hc = w->base.hc, *c = w->base.c;
		for (int g = 1; g < w->base.L->ngroups; g++)
			w->node[g].F = v2(0, 0), w->node[g].N = 0;
		for (int b = 0; b < w->base.m->nbodies; b++) {
			if (w->base.L->bodies[b].group == 0)
				continue; /* welded to the ground: the ground takes its forces */
			struct node *nd = &w->node[w->base.L->bodies[b].group];
			vec2 f = v2(hc[3 * b], hc[3 * b + 1]);
			vec2 arm = v2_sub(v2(c[3 * b], c[3 * b + 1]), point_at(w, nd->base));
			nd->F = v2_add(nd->F, f);
			nd->N += hc[3 * b + 2] + v2_cross(arm, f);
		}
	}
	if ((what & EVAL_MASS_SOLVE) && chains_inertia(w, t) != 0)
		return -1;
	return 0;
}

static int free_accelerations(void *ws, const struct rows *r, double *acc)
{
	return chains_solve(ws, r->gamma, 1, NULL, acc);
}

static void mass_solve(void *ws, double *x)
{
	struct pr *w = ws;
	memcpy(w->x, x, sizeof(double) * (size_t)w->base.n);
	chains_solve(w, NULL, 0, w->x, x);
}

/* The particles' mass matrix, Σ m_i l_i'l_i with r_i = l_i(r): their
 * kinetic energy written in the primary points' velocities. */
static void particle_mass(const struct pr *w, const double *x, double *out, double *dense)
{
	const struct layout *L = w->base.L;
	int n = w->base.n;
	for (int g = 1; g < L->ngroups; g++) {
		const struct node *nd = &w->node[g];
		int va = L->points[nd->base].var;
		int vb = nd->turning ? L->points[nd->u[0]].var : -1;
		int np = nd->turning ? nd->nparticles : 1;
		for (int i = 0; i < np; i++) {
			double mi = nd->turning ? nd->pm[i] : nd->mass;
			vec2 zb = nd->turning ? nd->pz[i] : v2(0, 0), za = v2(1 - zb.x, -zb.y);
			int var[2] = {va, vb};
			vec2 z[2] = {za, zb};
			vec2 v = v2(0, 0); /* the particle's velocity */
			for (int k = 0; x && k < 2; k++)
				if (var[k] >= 0)
					v = v2_add(v, cmul(z[k], v2(x[var[k]], x[var[k] + 1])));
			for (int k = 0; k < 2; k++) {
				if (var[k] < 0)
					continue;
				if (out) {
					vec2 f = cmul_t(z[k], v);
					out[var[k]] += mi * f.x, out[var[k] + 1] += mi * f.y;
				}
				for (int j = 0; dense && j < 2; j++) {
					if (var[j] < 0)
						continue;
					vec2 zz = cmul(v2(z[k].x, -z[k].y), z[j]);
					double *row = dense + (size_t)var[k] * (size_t)n + var[j];
					row[0] += mi * zz.x, row[1] -= mi * zz.y;
					row[n] += mi * zz.y, row[n + 1] += mi * zz.x;
				}
			}
		}
	}
}

static void mass_apply(void *ws, const double *x, double *out)
{
	struct pr *w = ws;
	memset(out, 0, sizeof(double) * (size_t)w->base.n);
	particle_mass(w, x, out, NULL);
}

static void mass_dense(void *ws, double *A)
{
	struct pr *w = ws;
	memset(A, 0, sizeof(double) * (size_t)w->base.n * (size_t)w->base.n);
	particle_mass(w, NULL, NULL, A);
}

const struct formulation formulation_point_recursive = {
    .name = "point-recursive",
    .title = "Attia's recursive point coordinates",
    .options = own_options,
    .setup = setup,
    .release = release,
    .size = point_coords_size,
    .spans = point_coords_spans,
    .row_name = point_coords_row_name,
    .row_joint = point_coords_row_joint,
    .coordinate_name = point_coords_coordinate_name,
    .from_bodies = point_coords_from_bodies,
    .to_bodies = point_coords_to_bodies,
    .after_step = point_coords_after_step,
    .evaluate = evaluate,
    .mass_apply = mass_apply,
    .mass_solve = mass_solve,
    .mass_dense = mass_dense,
    .mass_inverse_diagonal = NULL,
    .inertia_rate = NULL,
    .free_accelerations = free_accelerations,
};

/* ------------------------------------------------------------ teaching */

/* The coefficient of node nd's linear momentum Σ m_i r̈_i on its points:
 * z_a on r̈_a, z_b on r̈_b (complex). */
static void momentum_parts(const struct node *nd, vec2 *za, vec2 *zb)
{
	*za = nd->turning ? v2_sub(v2(nd->mass, 0), nd->S1) : v2(nd->mass, 0);
	*zb = nd->turning ? nd->S1 : v2(0, 0);
}

static void add_at(const struct pr *w, double *row, int p, vec2 c)
{
	int var = w->base.L->points[p].var;
	if (var >= 0)
		row[var] += c.x, row[var + 1] += c.y;
}

/* The group that owns the point with coordinate var: the node with it
 * among its own points, or the floating root it is the base of. */
static int owner(const struct pr *w, int var)
{
	for (int g = 1; g < w->base.L->ngroups; g++) {
		const struct node *nd = &w->node[g];
		if (nd->parent < 0 && w->base.L->points[nd->base].var == (var & ~1))
			return g;
		for (int k = 0; k < nd->nu; k++)
			if (w->base.L->points[nd->u[k]].var == (var & ~1))
				return g;
	}
	return -1;
}

int pr_system(void *ws, double t, double *A, double *b)
{
	struct pr *w = ws;
	struct layout *L = w->base.L;
	int n = w->base.n, ne = L->nrows - L->nown, size = n + ne, row = 0;
	struct prow_value *v = calloc((size_t)L->nrows + 1, sizeof *v);
	char *in = calloc((size_t)L->ngroups + 1, 1);
	int *stack = calloc((size_t)L->ngroups + 1, sizeof(int));
	memset(A, 0, sizeof(double) * (size_t)size * (size_t)size);
	int status = 0;
	for (int i = 0; i < L->nrows && status == 0; i++)
		status = layout_row(L, w->base.d, i, t, w->r, w->rd, &v[i], NULL);
	for (int i = 1; i < L->norder && status == 0; i++) {
		int c = L->order[i];
		const struct node *top = &w->node[c];
		memset(in, 0, (size_t)L->ngroups);
		int depth = 0; /* everything that hangs from c, c included */
		stack[depth++] = c;
		while (depth > 0) {
			int g = stack[--depth];
			in[g] = 1;
			for (int k = 0; k < w->node[g].nchildren; k++)
				stack[depth++] = w->node[g].children[k];
		}
		/* a floating root's linear momentum (Eq. 17), then the angular
		 * momentum about the base (Eq. 14), of all that hangs from c, less
		 * the reactions of the rows the layer solves, equal to the
		 * applied forces' resultant and moment */
		for (int eq = top->parent < 0 ? 0 : 2; eq < 3; eq++) {
			if (eq == 2 && !top->turning)
				break;
			double *a = A + (size_t)row * (size_t)size, rhs = 0;
			vec2 axis = v2(eq == 0, eq == 1);
			for (int g = 1; g < L->ngroups; g++) {
				if (!in[g])
					continue;
				const struct node *nd = &w->node[g];
				vec2 za, zb, arm = v2_sub(nd->ra, top->ra);
				momentum_parts(nd, &za, &zb);
				vec2 lever = eq == 2 ? v2_perp(arm) : axis; /* s x f = s̆'f */
				add_at(w, a, nd->base, cmul_t(za, lever));
				if (nd->turning)
					add_at(w, a, nd->u[0], cmul_t(zb, lever));
				if (eq == 2 &&
				    nd->turning) { /* (S1 d) x r̈_a + S2 d x (r̈_b - r̈_a) */
					vec2 pd = v2_perp(nd->d);
					add_at(w, a, nd->base,
					       v2_sub(v2_perp(cmul(nd->S1, nd->d)),
					              v2_scale(nd->S2, pd)));
					add_at(w, a, nd->u[0], v2_scale(nd->S2, pd));
				}
				rhs += eq == 2 ? nd->N + v2_cross(arm, nd->F) : v2_dot(axis, nd->F);
			}
			for (int r = 0; r < ne; r++) { /* the reactions D'λ on the points inside */
				double sum = 0;
				for (int k = 0; k < v[r].n; k++) {
					int var = v[r].var[k], g = owner(w, var);
					if (g < 0 || !in[g])
						continue;
					vec2 at = v2(w->r[var & ~1], w->r[(var & ~1) + 1]);
					vec2 f = v2((var & 1) ? 0 : v[r].grad[k],
					            (var & 1) ? v[r].grad[k] : 0);
					vec2 lever = eq == 2 ? v2_perp(v2_sub(at, top->ra)) : axis;
					sum += v2_dot(lever, f);
				}
				a[n + r] = -sum;
			}
			b[row++] = rhs;
		}
	}
	/* the own rows, then the others: D q̈ = γ */
	int own_row = row;
	for (int i = ne; i < L->nrows && status == 0; i++, own_row++) {
		for (int k = 0; k < v[i].n; k++)
			A[(size_t)own_row * (size_t)size + v[i].var[k]] = v[i].grad[k];
		b[own_row] = v[i].gamma;
	}
	for (int i = 0; i < ne && status == 0; i++, own_row++) {
		for (int k = 0; k < v[i].n; k++)
			A[(size_t)own_row * (size_t)size + v[i].var[k]] = v[i].grad[k];
		b[own_row] = v[i].gamma;
	}
	free(v), free(in), free(stack);
	return status;
}

int pr_particles(void *ws, int group, struct pr_particles *out)
{
	struct pr *w = ws;
	if (group < 1 || group >= w->base.L->ngroups || !w->node[group].turning)
		return -1;
	const struct node *nd = &w->node[group];
	*out = (struct pr_particles){nd->nparticles, nd->pm, nd->pz, nd->mass, nd->S2, nd->S1};
	return 0;
}
