/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fbd.c — free-body diagrams, book Ch. 6 (see fbd.h).
 *
 * The coordinates and the constraint rows are the bodies' and the joints'
 * own, as in body coordinates; what differs is the assembly. The applied
 * forces are gathered force by force, body by body (the diagram r:fbd
 * draws is this list), and the accelerations and the reaction components
 * come from one square system,
 *     [ M  -D' ] { c̈ }   { h }
 *     [ D   0  ] { λ } = { γ }       (Eqs. 1.4-1.5, 6.5)
 * factored whole by LU (util/lu.h, which allocates nothing; GSL's would on
 * every call) instead of the layer's Schur complement. Force analysis
 * solves Eq. 6.7, [D' e] {λ; x} = M c̈ - h, by LU too. */
#include "formulation/fbd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/formulation.h"
#include "model/constraints.h"
#include "model/forces/force.h"
#include "model/joints/geometry.h"
#include "model/contact.h"
#include "util/lu.h"

struct fbd {
	struct body_coords_head base; /* first: the shared entries read it */
	int nc, size;                 /* size = n + nc, the unknowns of the whole system */
	struct fbd_force *items;      /* the applied forces, body by body */
	int *item_body;
	int nitems, room;
	double *one;      /* n: one element's generalised forces */
	double *A, *rhs;  /* size x size, size */
	int *pivot;       /* size */
	struct rows *own; /* the joints' rows for a diagram */
	double *h;        /* n: forces for a diagram */
	double potential;
};

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	(void)cfg;
	struct fbd *w = calloc(1, sizeof *w);
	body_coords_head_init(&w->base, m, d);
	w->nc = m->nc, w->size = w->base.n + w->nc;
	size_t n = (size_t)w->base.n, size = (size_t)w->size;
	/* a weight per body, each element on its two bodies (a user force on
	 * all), the contacts on all */
	w->room = 2 * m->nbodies;
	for (int i = 0; i < m->nforces; i++)
		w->room += m->forces[i].kind->host ? m->nbodies : 2;
	w->items = calloc((size_t)w->room + (size_t)m->njoints + 1, sizeof *w->items);
	w->item_body = calloc((size_t)w->room + 1, sizeof(int));
	w->one = calloc(n + 1, sizeof(double));
	w->A = calloc(size * size + 1, sizeof(double));
	w->rhs = calloc(size + 1, sizeof(double));
	w->pivot = calloc(size + 1, sizeof(int));
	w->own = joint_rows_new(m, NULL, 0);
	w->h = calloc(n + 1, sizeof(double));
	return w;
}

static void release(void *ws)
{
	struct fbd *w = ws;
	if (!w)
		return;
	body_coords_head_free(&w->base);
	free(w->items), free(w->item_body), free(w->one), free(w->A), free(w->rhs);
	free(w->pivot), free(w->h);
	rows_free(w->own);
	free(w);
}

static int size(const void *ws, int *rows)
{
	const struct fbd *w = ws;
	*rows = w->nc;
	return w->base.n;
}

/* ------------------------------------------------------------ the applied forces */

static void add_item(struct fbd *w, enum fbd_kind kind, int index, int b, const double *g)
{
	struct fbd_force *f = &w->items[w->nitems];
	*f = (struct fbd_force){kind, index, {0, 0}, v2(g[0], g[1]), g[2], -1, 0};
	w->item_body[w->nitems++] = b;
}

/* Each body's applied forces one by one (its weight, each element, the
 * contacts), each as the generalised force it puts on the body (the moment
 * about the mass centre in `couple` until a diagram moves it to its point),
 * and their sum per body into h: h = Σ f, the right side of Eq. 6.4. */
static int applied(struct fbd *w, double t, const double *c, const double *cd, double *h)
{
	const struct model *m = w->base.m;
	int nb = m->nbodies;
	w->nitems = 0;
	weights_apply(m, c, h, &w->potential);
	for (int b = 0; b < nb; b++)
		add_item(w, FBD_WEIGHT, -1, b, h + 3 * b);
	for (int i = 0; i < m->nforces; i++) {
		const struct force *f = &m->forces[i];
		int all = f->kind->host, on[2] = {f->bi, f->bj};
		for (int b = 0; b < nb; b++)
			if (all || b == on[0] || b == on[1])
				w->one[3 * b] = w->one[3 * b + 1] = w->one[3 * b + 2] = 0;
		if (f->kind->apply(m, w->base.d, f, c, cd, t, w->one, &w->potential, NULL) != 0)
			return -1;
		for (int b = 0; b < nb; b++) {
			const double *g = w->one + 3 * b;
			if (!(all || b == on[0] || b == on[1]) ||
			    (g[0] == 0 && g[1] == 0 && g[2] == 0))
				continue;
			add_item(w, FBD_ELEMENT, i, b, g);
			h[3 * b] += g[0], h[3 * b + 1] += g[1], h[3 * b + 2] += g[2];
		}
	}
	if (m->ncontacts > 0) {
		memset(w->one, 0, sizeof(double) * (size_t)w->base.n);
		contacts_apply(m, w->base.d, c, cd, w->one, &w->potential);
		for (int b = 0; b < nb; b++) {
			const double *g = w->one + 3 * b;
			if (g[0] == 0 && g[1] == 0 && g[2] == 0)
				continue;
			add_item(w, FBD_CONTACTS, -1, b, g);
			h[3 * b] += g[0], h[3 * b + 1] += g[1], h[3 * b + 2] += g[2];
		}
	}
	return 0;
}

static int evaluate(void *ws, double t, const double *q, const double *qd, unsigned what,
                    struct rows *r, double *h)
{
	struct fbd *w = ws;
	if ((what & EVAL_ROWS) && joint_rows_eval(w->base.m, w->base.d, NULL, 0, t, q, qd, r) != 0)
		return -1;
	if ((what & EVAL_FORCES) && applied(w, t, q, qd, h) != 0)
		return -1;
	return 0;
}

/* ------------------------------------------------------------ the whole system */

static const char *joint_name(void *ctx, int row)
{
	const struct model *m = ctx;
	return m->joints[model_row_joint(m, row)].name;
}

/* LU of A (size x size), or -1 naming the joints whose rows are dependent. */
static int factor(struct fbd *w, int size, double t, const struct rows *r)
{
	lu_factor(w->A, size, size, w->pivot);
	if (lu_pivot_ratio(w->A, size, size) < 1e-12) {
		explain_dependent_rows(w->base.d, t, r, joint_name, (void *)w->base.m);
		return -1;
	}
	return 0;
}

/* Per body, M_b c̈_b minus each joint's reaction components on it, D_b'λ,
 * equals its applied forces; per joint row, D c̈ = rhs. A dropped row's
 * multiplier is held at zero. */
static int solve(void *ws, double t, const struct rows *r, const double *h, const double *rhs,
                 const char *dropped, double *acc, double *lambda)
{
	struct fbd *w = ws;
	int n = w->base.n, nc = w->nc, size = w->size;
	double *A = w->A;
	memset(A, 0, sizeof(double) * (size_t)size * (size_t)size);
	for (int k = 0; k < n; k++)
		A[(size_t)k * (size_t)size + (size_t)k] = w->base.mass[k];
	for (int row = 0; row < nc; row++) {
		double *constraint = A + (size_t)(n + row) * (size_t)size;
		if (dropped && dropped[row]) {
			constraint[n + row] = 1;
			w->rhs[n + row] = 0;
			continue;
		}
		FOR_SPAN_COLUMNS(r, row, k)
		{
			double dk = r->J[(size_t)row * (size_t)n + (size_t)k];
			A[(size_t)k * (size_t)size + (size_t)(n + row)] =
			    -dk; /* the reaction on body k/3 */
			constraint[k] = dk;
		}
		w->rhs[n + row] = rhs[row];
	}
	memcpy(w->rhs, h, sizeof(double) * (size_t)n);
	if (factor(w, size, t, r) != 0)
		return -1;
	lu_solve(A, size, size, w->pivot, w->rhs);
	memcpy(acc, w->rhs, sizeof(double) * (size_t)n);
	memcpy(lambda, w->rhs + n, sizeof(double) * (size_t)nc);
	return 0;
}

/* Eq. 6.7: with c̈ known, [D' e] {λ; x} = M c̈ - h, one column per reaction
 * component and per driver, square when the drivers fix the motion. */
static int force_analysis(void *ws, double t, const struct rows *r, const double *h,
                          const double *acc, double *lambda)
{
	struct fbd *w = ws;
	int n = w->base.n, nc = w->nc;
	if (nc != n) {
		run_data_fail(w->base.d,
		              "force analysis from free-body diagrams needs as many unknowns as "
		              "equations: %d reaction components and drivers for %d equations",
		              nc, n);
		return -1;
	}
	double *A = w->A;
	memset(A, 0, sizeof(double) * (size_t)n * (size_t)n);
	for (int row = 0; row < nc; row++)
		FOR_SPAN_COLUMNS(r, row, k)
	A[(size_t)k * (size_t)n + (size_t)row] = r->J[(size_t)row * (size_t)n + (size_t)k];
	for (int k = 0; k < n; k++)
		lambda[k] = w->base.mass[k] * acc[k] - h[k];
	if (factor(w, n, t, r) != 0)
		return -1;
	lu_solve(A, n, n, w->pivot, lambda);
	return 0;
}

/* ------------------------------------------------------------ the diagram */

int fbd_room(void *ws)
{
	struct fbd *w = ws;
	return w->room + w->base.m->njoints;
}

/* A generalised force (g0, g1 and the moment g2 about the mass centre)
 * acting at arm: the force there and the couple left over. */
static void at_point(struct fbd_force *f, vec2 arm, const double *g)
{
	f->arm = arm, f->force = v2(g[0], g[1]);
	f->couple = g[2] - v2_cross(arm, f->force);
}

int fbd_diagram(void *ws, int b, double t, const double *c, const double *cd, const double *lambda,
                struct fbd_force *out)
{
	struct fbd *w = ws;
	const struct model *m = w->base.m;
	if (evaluate(w, t, c, cd, EVAL_ROWS | EVAL_FORCES, w->own, w->h) != 0)
		return -1;
	double phi = c[3 * b + 2];
	int count = 0;
	for (int i = 0; i < w->nitems; i++) {
		if (w->item_body[i] != b)
			continue;
		struct fbd_force *f = &out[count++];
		*f = w->items[i];
		const double g[3] = {f->force.x, f->force.y, f->couple};
		vec2 arm = v2(0, 0);
		if (f->kind == FBD_ELEMENT) { /* at the element's point on this body */
			const struct force *e = &m->forces[f->index];
			if (e->kind->shape.points >= 1 && e->bi == b)
				arm = v2_rotate(phi, e->si);
			else if (e->kind->shape.points >= 2 && e->bj == b)
				arm = v2_rotate(phi, e->sj);
		}
		at_point(f, arm, g);
	}
	for (int k = 0; k < m->njoints; k++) { /* each joint's reaction: D_b'λ at its point */
		const struct joint *j = &m->joints[k];
		if (j->bi != b && j->bj != b)
			continue;
		double g[3] = {0, 0, 0};
		for (int row = j->row; row < j->row + j->kind->rows; row++)
			for (int q = 0; q < 3; q++)
				g[q] +=
				    w->own
				        ->J[(size_t)row * (size_t)w->base.n + (size_t)(3 * b + q)] *
				    lambda[row];
		struct fbd_force *f = &out[count++];
		*f = (struct fbd_force){joint_kind_driven(j->kind) ? FBD_DRIVER : FBD_REACTION,
		                        k,
		                        {0, 0},
		                        {0, 0},
		                        0,
		                        j->row,
		                        j->kind->rows};
		at_point(f, v2_rotate(phi, b == j->bi ? j->si : j->sj), g);
	}
	return count;
}

const struct formulation formulation_fbd = {
    .name = "fbd",
    .title = "free-body diagrams (Ch. 6)",
    .capabilities = FORM_JOINT_MULTIPLIERS,
    .setup = setup,
    .release = release,
    .size = size,
    .spans = body_coords_spans,
    .row_name = body_coords_row_name,
    .row_joint = body_coords_row_joint,
    .coordinate_name = body_coords_coordinate_name,
    .from_bodies = body_coords_from_bodies,
    .to_bodies = body_coords_to_bodies,
    .evaluate = evaluate,
    .mass_apply = body_coords_mass_apply,
    .mass_solve = body_coords_mass_solve,
    .mass_dense = body_coords_mass_dense,
    .mass_inverse_diagonal = body_coords_mass_inverse_diagonal,
    .inertia_rate = NULL,
    .solve = solve,
    .force_analysis = force_analysis,
};
