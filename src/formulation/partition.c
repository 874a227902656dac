/* partition.c — coordinate partitioning (see partition.h). */
#include "formulation/partition.h"

#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/rank.h"

struct partition {
	int n, rows, chosen, user;
	int *dep, *ind, *user_ind, nuser;
	gsl_matrix *Jd;
	gsl_permutation *perm;
	gsl_vector *x;
	double *step;
};

struct partition *partition_new(int n, const int *independent, int nindependent)
{
	struct partition *p = calloc(1, sizeof *p);
	p->n = n;
	p->dep = calloc((size_t)n + 1, sizeof(int));
	p->ind = calloc((size_t)n + 1, sizeof(int));
	p->step = calloc((size_t)n + 1, sizeof(double));
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
	if (p->Jd)
		gsl_matrix_free(p->Jd), gsl_permutation_free(p->perm), gsl_vector_free(p->x);
	free(p->dep), free(p->ind), free(p->step), free(p->user_ind);
	free(p);
}

static void size_for(struct partition *p, int rows)
{
	if (p->Jd && p->rows == rows)
		return;
	if (p->Jd)
		gsl_matrix_free(p->Jd), gsl_permutation_free(p->perm), gsl_vector_free(p->x);
	p->rows = rows;
	p->Jd = gsl_matrix_alloc((size_t)rows, (size_t)rows);
	p->perm = gsl_permutation_alloc((size_t)rows);
	p->x = gsl_vector_alloc((size_t)rows);
}

/* dependent = the first `rows` pivot columns of J, or all but the user's */
static void choose(struct partition *p, const struct kin_eval *e)
{
	size_t n = (size_t)p->n;
	int *is_dep = calloc(n + 1, sizeof(int)), kd = 0, ki = 0;
	if (p->user) {
		for (size_t k = 0; k < n; k++)
			is_dep[k] = 1;
		for (int k = 0; k < p->nuser; k++)
			is_dep[p->user_ind[k]] = 0;
	} else {
		size_t *order = calloc(n + 1, sizeof *order);
		gsl_matrix_const_view J = gsl_matrix_const_view_array(e->J, (size_t)e->rows, n);
		pivot_order(&J.matrix, 0, order);
		for (int k = 0; k < e->rows; k++)
			is_dep[order[k]] = 1;
		free(order);
	}
	for (int k = 0; k < p->n; k++)
		if (is_dep[k])
			p->dep[kd++] = k;
		else
			p->ind[ki++] = k;
	free(is_dep);
	p->chosen = 1;
}

/* LU of J_d; -1 when a pivot falls below 1e-9 of the largest. */
static int factor(struct partition *p, const struct kin_eval *e)
{
	int sign, rows = e->rows;
	for (int r = 0; r < rows; r++)
		for (int k = 0; k < rows; k++)
			gsl_matrix_set(p->Jd, (size_t)r, (size_t)k, e->J[r * p->n + p->dep[k]]);
	gsl_linalg_LU_decomp(p->Jd, p->perm, &sign);
	double top = 0;
	for (int k = 0; k < rows; k++)
		top = fmax(top, fabs(gsl_matrix_get(p->Jd, (size_t)k, (size_t)k)));
	for (int k = 0; k < rows; k++)
		if (top == 0 || fabs(gsl_matrix_get(p->Jd, (size_t)k, (size_t)k)) < 1e-9 * top)
			return -1;
	return 0;
}

static void solve(struct partition *p, int rows, double *v)
{
	for (int k = 0; k < rows; k++)
		gsl_vector_set(p->x, (size_t)k, v[k]);
	gsl_linalg_LU_svx(p->Jd, p->perm, p->x);
	for (int k = 0; k < rows; k++)
		v[k] = gsl_vector_get(p->x, (size_t)k);
}

static double norm(const double *v, int n)
{
	double s = 0;
	for (int k = 0; k < n; k++)
		s += v[k] * v[k];
	return sqrt(s);
}

int partition_apply(struct partition *p, const struct kin_system *sys, struct model *m, double t,
                    double *q, double *qd)
{
	struct kin_eval e;
	for (int it = 0;; it++) {
		if (sys->constraints(sys->ctx, t, q, qd, &e) != 0)
			return -1;
		if (e.rows == 0)
			return 0;
		size_for(p, e.rows);
		/* an automatic split is chosen afresh at each state: the best one
		 * changes as the mechanism moves, and one near the end of its
		 * range (an independent coordinate at an extreme) stalls Newton */
		if (!p->chosen || (it == 0 && !p->user))
			choose(p, &e);
		double err = norm(e.phi, e.rows);
		if (err < 1e-12)
			break;
		if (it == 30) {
			model_fail(m,
			           "at t = %g coordinate partitioning cannot solve the dependent "
			           "coordinates (|Phi| = %.3g): the mechanism may be at a singular "
			           "position",
			           t, err);
			return -1;
		}
		if (factor(p, &e) != 0) {
			if (p->user) {
				model_fail(
				    m,
				    "at t = %g the chosen independent coordinates cannot describe "
				    "the motion here: the dependent block of the Jacobian is "
				    "singular",
				    t);
				return -1;
			}
			choose(p, &e); /* the old split became singular: choose again here */
			if (factor(p, &e) != 0) {
				model_fail(m,
				           "at t = %g no split into dependent and independent "
				           "coordinates works: the constraints are dependent here",
				           t);
				return -1;
			}
		}
		for (int r = 0; r < e.rows; r++)
			p->step[r] = -e.phi[r];
		solve(p, e.rows, p->step);
		for (int k = 0; k < e.rows; k++)
			q[p->dep[k]] += p->step[k];
	}
	if (factor(p, &e) != 0) {
		model_fail(m, "at t = %g the dependent block of the Jacobian is singular", t);
		return -1;
	}
	/* J_d q̇_d = v - J_i q̇_i */
	for (int r = 0; r < e.rows; r++) {
		double s = e.v[r];
		for (int k = 0; k < p->n - e.rows; k++)
			s -= e.J[r * p->n + p->ind[k]] * qd[p->ind[k]];
		p->step[r] = s;
	}
	solve(p, e.rows, p->step);
	for (int k = 0; k < e.rows; k++)
		qd[p->dep[k]] = p->step[k];
	return 0;
}
