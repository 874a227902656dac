/* SPDX-License-Identifier: GPL-3.0-or-later */
/* point_coords.c — point coordinates as the book writes them, Ch. 10.
 *
 * The points are those of point_layout.h: one at every pin, shared by its
 * two bodies (a pin costs nothing), stationary on the ground (they cost
 * nothing either), two on a body's sliding axis, the mass centre and a
 * gyration point where a body has no others. Every joint is a row of the
 * constraint types of Sec. 10.3 on them, and each body's points keep
 * their distances (Eq. 10.14). The mass matrix is constant and exact
 * (Secs. 10.7-10.9): each body's mass at its mass centre, a secondary
 * point of its frame (Eq. 10.28), its inertia on its points' differences,
 * assembled over the shared points (Eq. 10.58); it is factored once,
 * sparse (util/sparse_kkt.h): a point couples only the points of its bodies.
 * Forces reach the points by virtual work (Secs. 10.6, 10.9): a force as
 * its shares on the frame, a torque as a couple. Then
 *     M r̈ = h + D'λ,  D r̈ = γ   (Eqs. 10.32-10.39).
 * On a large model that system is factored whole and sparse, in time linear
 * in the number of bodies on chains and trees: M⁻¹ is full, so the layer's
 * Schur complement D M⁻¹ D' would cost the cube of it. */
#include <stdlib.h>

#include "formulation/formulation.h"
#include "formulation/point_coords.h"
#include "util/sparse_kkt.h"

struct pc {
	struct point_coords_head base; /* first: the shared entries read it */
	struct sparse_kkt *kkt;        /* constant M factored, and the whole system's pattern */
	int whole;                     /* the whole system solved sparse (large models) */
	int solved;                    /* the last state was solved so */
	double *inverse;               /* small models: M⁻¹ dense, n x n (see DENSE_INVERSE) */
	double *product;               /* a solve's nonzero points of x: their values, */
	int *nonzero;                  /* and their first coordinates */
};

/* Up to DENSE_INVERSE coordinates M⁻¹ is kept whole (at most 32 KB): the
 * layer's Schur complement solves M against each constraint row, which
 * touches a few coordinates, and with M⁻¹ at hand that solve is those few
 * of its columns, where the sparse factor's solve would walk all of L twice
 * (on the 4-link chain, 4 columns of 8 against two passes over L). */
#define DENSE_INVERSE 64

static void release(void *ws)
{
	struct pc *w = ws;
	if (!w)
		return;
	point_coords_head_release(&w->base);
	sparse_kkt_free(w->kkt);
	free(w->inverse), free(w->product), free(w->nonzero);
	free(w);
}

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	struct layout_options o = {.accepted_steps = cfg->accepted_steps};
	struct layout *L = layout_new(m, &o, d);
	if (!L)
		return NULL;
	struct pc *w = calloc(1, sizeof *w);
	size_t n = (size_t)L->n;
	point_coords_head_init(&w->base, m, d, L);
	w->base.weights_once = 1; /* nothing here reads the bodies' c, ċ or hc */
	double *M = calloc(n * n + 1, sizeof(double));
	struct rows *spans = rows_new(L->nrows, L->n);
	layout_mass(L, M);
	layout_spans(L, spans);
	w->kkt = sparse_kkt_new(M, spans);
	free(M), rows_free(spans);
	if (!w->kkt) {
		run_data_fail(d, "the points' mass matrix is not positive definite: a body "
		                 "has no mass or no moment of inertia");
		release(w);
		return NULL;
	}
	/* small models keep the layer's dense path, which is faster there
	 * (util/sparse_kkt.h); rows dropped as redundant are its business */
	w->whole = L->nrows >= SPARSE_KKT_ROWS && !cfg->drop_redundant;
	if (n <= DENSE_INVERSE) { /* column k of M⁻¹ (and row k: M is symmetric) */
		w->inverse = calloc(n * n, sizeof(double));
		w->product = calloc(n, sizeof(double));
		w->nonzero = calloc(n, sizeof(int));
		for (size_t k = 0; k < n; k++) {
			w->inverse[k * n + k] = 1;
			sparse_kkt_mass_solve(w->kkt, w->inverse + k * n);
		}
	}
	return w;
}

static int evaluate(void *ws, double t, const double *r, const double *rd, unsigned what,
                    struct rows *out, double *h)
{
	/* M is constant, factored at setup */
	return point_coords_head_evaluate(ws, t, r, rd, what, out, h);
}

static void mass_apply(void *ws, const double *x, double *out)
{
	struct pc *w = ws;
	sparse_kkt_mass_apply(w->kkt, x, out);
}

/* x ← M⁻¹ x; with M⁻¹ dense, the sum of its columns over x's nonzero
 * points (a constraint row's few), a point's two columns at once. */
static void mass_solve(void *ws, double *x)
{
	struct pc *w = ws;
	if (!w->inverse) {
		sparse_kkt_mass_solve(w->kkt, x);
		return;
	}
	int n = w->base.n, points = 0, *at = w->nonzero;
	double *value = w->product;
	for (int k = 0; k < n; k += 2)
		if (x[k] != 0 || x[k + 1] != 0)
			at[points] = k, value[2 * points] = x[k], value[2 * points + 1] = x[k + 1],
			points++;
	for (int e = 0; e < points; e++) {
		const double *first = w->inverse + (size_t)at[e] * (size_t)n, *second = first + n;
		double along = value[2 * e], across = value[2 * e + 1];
		if (e == 0)
			for (int i = 0; i < n; i++)
				x[i] = first[i] * along + second[i] * across;
		else
			for (int i = 0; i < n; i++)
				x[i] += first[i] * along + second[i] * across;
	}
}

static void mass_dense(void *ws, double *A)
{
	struct pc *w = ws;
	sparse_kkt_mass_dense(w->kkt, A);
}

/* M r̈ - D'λ = h, D r̈ = rhs, sparse; dependent rows are left to
 * the layer, which names them. */
static int solve(void *ws, double t, const struct rows *r, const double *h, const double *rhs,
                 const char *dropped, double *acc, double *lambda)
{
	(void)t;
	struct pc *w = ws;
	w->solved = w->whole && sparse_kkt_factor(w->kkt, r, dropped) == 0;
	if (!w->solved)
		return 1;
	sparse_kkt_solve(w->kkt, h, rhs, acc, lambda);
	return 0;
}

/* The toggle watch's view of the sparse factor (its rows' scales and pivots). */
static int row_pivots(void *ws, double *scale, double *square)
{
	struct pc *w = ws;
	if (!w->solved)
		return -1;
	sparse_kkt_row_pivots(w->kkt, scale, square);
	return 0;
}

const struct formulation formulation_point = {
    .name = "point",
    .title = "point coordinates (Ch. 10)",
    .capabilities = FORM_DENSE_MASS,
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
    .solve = solve,
    .row_pivots = row_pivots,
};
