/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impact.c — velocity jumps in body coordinates (see impact.h). */
#include "analysis/impact.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/constraints.h"
#include "model/contact.h"
#include "util/lu.h"

#define IMPACT_ROWS 2 /* a contact's normal and, when it sticks, its tangent */

struct impact {
	const struct model *m;
	int n, nc;
	struct rows *rows; /* every joint */
	double *mass;
	double *K; /* [M -D' -W'; D 0 0; A 0 0] of up to n + nc + IMPACT_ROWS, factored */
	double *x;
	int *pivot;
	double *an, *at, *before, *sliding, *A, *W; /* contact rows and velocities, n each */
};

struct impact *impact_new(const struct model *m)
{
	struct impact *w = calloc(1, sizeof *w);
	w->m = m, w->n = 3 * m->nbodies, w->nc = m->nc;
	size_t n = (size_t)w->n, size = n + (size_t)w->nc + IMPACT_ROWS;
	w->rows = joint_rows_new(m, NULL, 0);
	w->mass = calloc(n + 1, sizeof(double));
	model_mass_diagonal(m, w->mass);
	w->K = calloc(size * size, sizeof(double));
	w->x = calloc(size, sizeof(double));
	w->pivot = calloc(size, sizeof(int));
	w->an = calloc(8 * n + 1, sizeof(double));
	w->at = w->an + n, w->before = w->at + n, w->sliding = w->before + n;
	w->A = w->sliding + n, w->W = w->A + 2 * n;
	return w;
}

void impact_free(struct impact *w)
{
	if (!w)
		return;
	rows_free(w->rows);
	free(w->mass), free(w->an);
	free(w->K), free(w->x), free(w->pivot);
	free(w);
}

int velocity_jump(struct impact *w, struct run_data *d, double t, const double *c, double *cd,
                  int meet_joints, int rows, const double *A, const double *W, const double *target,
                  double *pi)
{
	const struct rows *r = w->rows;
	if (rows > IMPACT_ROWS || joint_rows_eval(w->m, d, NULL, 0, t, c, cd, w->rows) != 0)
		return -1;
	size_t n = (size_t)w->n, nc = (size_t)w->nc, size = n + nc + (size_t)rows;
	double *K = w->K, *x = w->x;
	memset(K, 0, sizeof(double) * size * size);
	memset(x, 0, sizeof(double) * size);
	for (size_t k = 0; k < n; k++)
		K[k * size + k] = w->mass[k];
	for (size_t row = 0; row < nc; row++) {
		for (size_t k = 0; k < n; k++) {
			double dk = r->J[row * n + k];
			K[k * size + n + row] = -dk;  /* -D' */
			K[(n + row) * size + k] = dk; /* D */
		}
		if (meet_joints)
			x[n + row] = r->vrhs[row] - rows_dot(r, (int)row, cd);
	}
	for (size_t row = 0; row < (size_t)rows; row++) {
		double a_cd = 0;
		for (size_t k = 0; k < n; k++) {
			K[k * size + n + nc + row] = -W[row * n + k];
			K[(n + nc + row) * size + k] = A[row * n + k];
			a_cd += A[row * n + k] * cd[k];
		}
		x[n + nc + row] = target[row] - a_cd;
	}
	lu_factor(K, (int)size, (int)size, w->pivot);
	if (!(lu_pivot_ratio(K, (int)size, (int)size) > 1e-12))
		return -1;
	lu_solve(K, (int)size, (int)size, w->pivot, x);
	for (size_t k = 0; k < n; k++)
		cd[k] += x[k];
	for (int row = 0; row < rows; row++)
		pi[row] = x[n + nc + (size_t)row];
	return 0;
}

static int impact_failed(struct run_data *d, const struct contact *k, double t)
{
	run_data_fail(d,
	              "%s: contact '%s': the impact at t = %g cannot be solved: the joints "
	              "already stop the motion along its normal, or the model's joints are "
	              "redundant",
	              k->where, k->name, t);
	return -1;
}

/* One impact solve from the velocities before: sliding with friction
 * -μ·slip along t (Eq. 11.30; slip 0: none), or sticking (rows = 2: the
 * tangential relative velocity after is zero as well). */
static int impact_solve(struct impact *w, struct run_data *d, const struct contact *k, double t,
                        const double *c, double *cd, double slip, int stick, double target_n,
                        double pi[2])
{
	int n = w->n;
	for (int q = 0; q < n; q++) {
		cd[q] = w->before[q];
		w->A[q] = w->an[q], w->A[n + q] = w->at[q];
		w->W[q] = stick ? w->an[q] : w->an[q] - k->mu * slip * w->at[q];
		w->W[n + q] = w->at[q];
	}
	double target[2] = {target_n, 0};
	int status = velocity_jump(w, d, t, c, cd, 0, stick ? 2 : 1, w->A, w->W, target, pi);
	if (!stick)
		pi[1] = -k->mu * slip * pi[0];
	return status;
}

static double sign_of(double x) { return (x > 0) - (x < 0); }

int contact_impact(struct impact *w, struct run_data *d, int index, double t, const double *c,
                   double *cd, double *normal, double *tangent)
{
	const struct contact *k = &w->m->contacts[index];
	struct contact_point p;
	contact_geometry(k, c, cd, &p);
	*normal = *tangent = 0;
	if (p.vn >= 0)
		return 0; /* not closing: nothing to do */
	int n = w->n, status = 0;
	double pi[2];
	contact_row(k, &p, p.u, n, w->an);
	contact_row(k, &p, p.t, n, w->at);
	memcpy(w->before, cd, sizeof(double) * (size_t)n);
	double target = -k->e * p.vn, slip = sign_of(p.vt);
	if (k->mu > 0 && slip == 0) { /* friction opposes the slip the impact itself makes */
		status = impact_solve(w, d, k, t, c, cd, 0, 0, target, pi);
		for (int q = 0; q < n && status == 0; q++)
			slip += w->at[q] * cd[q];
		slip = sign_of(slip);
	}
	if (status == 0)
		status = impact_solve(w, d, k, t, c, cd, k->mu > 0 ? slip : 0, 0, target, pi);
	double slip_after = 0;
	for (int q = 0; q < n; q++)
		slip_after += w->at[q] * cd[q];
	if (status == 0 && k->mu > 0 && slip != 0 && slip_after * slip <= 0) {
		/* Coulomb friction stops the slip instead of reversing it: the points
		 * stick, if the tangential impulse that takes stays in the cone */
		double stick[2];
		memcpy(w->sliding, cd, sizeof(double) * (size_t)n);
		status = impact_solve(w, d, k, t, c, cd, 0, 1, target, stick);
		if (status == 0 && fabs(stick[1]) <= k->mu * stick[0] * (1 + 1e-9)) {
			pi[0] = stick[0], pi[1] = stick[1];
		} else {
			memcpy(cd, w->sliding, sizeof(double) * (size_t)n);
			status = 0;
		}
	}
	if (status != 0)
		return impact_failed(d, k, t);
	*normal = pi[0], *tangent = pi[1];
	return 0;
}
