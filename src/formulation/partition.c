/* SPDX-License-Identifier: GPL-3.0-or-later */
/* partition.c — coordinate partitioning (see partition.h). */
#include "formulation/partition.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/linalg.h"
#include "util/lu.h"
#include "util/newton.h"
#include "util/rank.h"

struct partition {
	int n, user, chosen;
	int *dep, *ind, *user_ind, nuser;
	int *is_dep, *order;
	double *Jd; /* the dependent block of J, factored: rows x rows */
	int *pivot;
	double *step;
	struct rows *kept; /* the rows in use (all but the dropped ones), packed */
	struct pivot *qr;  /* QR with column pivoting: the choice of split */
};

struct partition *partition_new(int n, int rows, const int *independent, int nindependent)
{
	struct partition *p = calloc(1, sizeof *p);
	size_t size = (size_t)(rows > 0 ? rows : 0) + 1;
	p->n = n;
	p->dep = calloc((size_t)n + 1, sizeof(int));
	p->ind = calloc((size_t)n + 1, sizeof(int));
	p->is_dep = calloc((size_t)n + 1, sizeof(int));
	p->order = calloc((size_t)n + 1, sizeof(int));
	p->step = calloc((size_t)n + size, sizeof(double));
	p->Jd = calloc(size * size, sizeof(double));
	p->pivot = calloc(size, sizeof(int));
	p->qr = pivot_new(rows, n);
	p->kept = rows_new(rows, n);
	if (independent) {
		p->user_ind = malloc(sizeof(int) * ((size_t)nindependent + 1));
		memcpy(p->user_ind, independent, sizeof(int) * (size_t)nindependent);
		p->nuser = nindependent, p->user = 1;
	}
	return p;
}

void partition_free(struct partition *p)
{
	if (!p)
		return;
	free(p->Jd), free(p->pivot);
	rows_free(p->kept);
	pivot_free(p->qr);
	free(p->dep), free(p->ind), free(p->is_dep), free(p->order), free(p->step);
	free(p->user_ind);
	free(p);
}

/* dependent = the first `rows` pivot columns of J, or all but the user's */
static void choose(struct partition *p, const struct rows *r)
{
	int kd = 0, ki = 0;
	if (p->user) {
		for (int k = 0; k < p->n; k++)
			p->is_dep[k] = 1;
		for (int k = 0; k < p->nuser; k++)
			p->is_dep[p->user_ind[k]] = 0;
	} else {
		memset(p->is_dep, 0, sizeof(int) * (size_t)p->n);
		pivot_order(p->qr, r->J, r->count, p->n, 0, p->order);
		for (int k = 0; k < r->count; k++)
			p->is_dep[p->order[k]] = 1;
	}
	for (int k = 0; k < p->n; k++)
		if (p->is_dep[k])
			p->dep[kd++] = k;
		else
			p->ind[ki++] = k;
	p->chosen = 1;
}

/* LU of J_d; -1 when a pivot falls below 1e-9 of the largest. */
static int factor(struct partition *p, const struct rows *r)
{
	int rows = r->count;
	for (int i = 0; i < rows; i++)
		for (int k = 0; k < rows; k++)
			p->Jd[i * rows + k] = r->J[(size_t)i * (size_t)p->n + (size_t)p->dep[k]];
	lu_factor(p->Jd, rows, rows, p->pivot);
	return lu_pivot_ratio(p->Jd, rows, rows) < 1e-9 ? -1 : 0;
}

/* The rows not dropped, packed into p->kept (dense, as partitioning
 * reads whole rows). */
static const struct rows *keep(struct partition *p, const struct rows *r, const char *dropped)
{
	struct rows *k = p->kept;
	k->count = 0;
	for (int row = 0; row < r->count; row++) {
		if (dropped && dropped[row])
			continue;
		memcpy(k->J + (size_t)k->count * (size_t)p->n, r->J + (size_t)row * (size_t)p->n,
		       sizeof(double) * (size_t)p->n);
		k->phi[k->count] = r->phi[row], k->vrhs[k->count] = r->vrhs[row];
		k->count++;
	}
	return k;
}

/* The rows must leave something to choose: -1 with the reason otherwise. */
static int check_counts(struct partition *p, int rows, struct run_data *d)
{
	if (rows > p->n) {
		run_data_fail(d,
		              "coordinate partitioning needs no more constraint rows than "
		              "coordinates, and there are %d rows for %d coordinates: the "
		              "constraints are redundant (run with redundant = \"drop\")",
		              rows, p->n);
		return -1;
	}
	if (p->user && p->nuser != p->n - rows) {
		run_data_fail(d,
		              "independent: the model has %d degree%s of freedom (%d coordinates, "
		              "%d constraint rows), so name %d coordinate%s, not %d",
		              p->n - rows, p->n - rows == 1 ? "" : "s", p->n, rows, p->n - rows,
		              p->n - rows == 1 ? "" : "s", p->nuser);
		return -1;
	}
	return 0;
}

/* One solve of the dependent coordinates: what its Newton-Raphson works on. */
struct dependent {
	struct partition *p;
	rows_at_fn rows_at;
	void *ctx;
	const char *dropped;
	struct run_data *d;
	double t, *q, *qd;
	const struct rows *r; /* the rows kept at the last residual */
};

/* Φ at (q_d, q_i) over the rows kept; the split checked and chosen at the
 * first. */
static int dependent_residual(void *ctx, int it, double *norm)
{
	struct dependent *x = ctx;
	struct partition *p = x->p;
	const struct rows *all;
	if (x->rows_at(x->ctx, x->t, x->q, x->qd, &all) != 0)
		return -1;
	const struct rows *r = x->r = keep(p, all, x->dropped);
	*norm = 0;
	if (r->count == 0)
		return 0;
	if (it == 0 && check_counts(p, r->count, x->d) != 0)
		return -1;
	/* an automatic split is chosen afresh at each state: the best one
	 * changes as the mechanism moves, and one near the end of its range
	 * (an independent coordinate at an extreme) stalls Newton */
	if (!p->chosen || (it == 0 && !p->user))
		choose(p, r);
	*norm = vec_norm(r->phi, r->count);
	return 0;
}

/* J_d Δq_d = -Φ; a split that became singular is chosen again here. */
static int dependent_correct(void *ctx, int it)
{
	struct dependent *x = ctx;
	struct partition *p = x->p;
	const struct rows *r = x->r;
	(void)it;
	if (factor(p, r) != 0) {
		if (p->user) {
			run_data_fail(
			    x->d,
			    "at t = %g the chosen independent coordinates cannot describe "
			    "the motion here: the dependent block of the Jacobian is "
			    "singular",
			    x->t);
			return -1;
		}
		choose(p, r); /* the old split became singular: choose again here */
		if (factor(p, r) != 0) {
			run_data_fail(x->d,
			              "at t = %g no split into dependent and independent "
			              "coordinates works: the constraints are dependent here",
			              x->t);
			return -1;
		}
	}
	for (int k = 0; k < r->count; k++)
		p->step[k] = -r->phi[k];
	lu_solve(p->Jd, r->count, r->count, p->pivot, p->step);
	for (int k = 0; k < r->count; k++)
		x->q[p->dep[k]] += p->step[k];
	return 0;
}

int partition_apply(struct partition *p, rows_at_fn rows_at, void *ctx, const char *dropped,
                    struct run_data *d, double t, double *q, double *qd)
{
	struct dependent x = {p, rows_at, ctx, dropped, d, t, q, qd, NULL};
	struct newton newton = {&x, dependent_residual, dependent_correct};
	double err;
	int its = newton_solve(&newton, 1e-12, 30, &err);
	if (its == NEWTON_CAPPED)
		run_data_fail(d,
		              "at t = %g coordinate partitioning cannot solve the dependent "
		              "coordinates (|Phi| = %.3g): the mechanism may be at a singular "
		              "position",
		              t, err);
	if (its < 0)
		return -1;
	const struct rows *r = x.r;
	if (r->count == 0)
		return 0;
	if (factor(p, r) != 0) {
		run_data_fail(d, "at t = %g the dependent block of the Jacobian is singular", t);
		return -1;
	}
	/* J_d q̇_d = v - J_i q̇_i */
	for (int k = 0; k < r->count; k++) {
		double s = r->vrhs[k];
		for (int i = 0; i < p->n - r->count; i++)
			s -= r->J[(size_t)k * (size_t)p->n + (size_t)p->ind[i]] * qd[p->ind[i]];
		p->step[k] = s;
	}
	lu_solve(p->Jd, r->count, r->count, p->pivot, p->step);
	for (int k = 0; k < r->count; k++)
		qd[p->dep[k]] = p->step[k];
	return 0;
}
