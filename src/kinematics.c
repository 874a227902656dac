/* kinematics.c — Algorithm K and inverse dynamics (see kinematics.h). */
#include "kinematics.h"

#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "body_coords.h"
#include "luaenv.h"

struct kin {
	struct model *m;
	void *body;
	int n;
	gsl_matrix *lu;
	gsl_permutation *perm;
	gsl_vector *x;
};

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double norm(const double *v, int n)
{
	double s = 0;
	for (int k = 0; k < n; k++)
		s += v[k] * v[k];
	return sqrt(s);
}

static int worst_row(const double *v, int n)
{
	int w = 0;
	for (int k = 1; k < n; k++)
		if (fabs(v[k]) > fabs(v[w]))
			w = k;
	return w;
}

/* LU of D; a tiny pivot means the rows are dependent here. */
static int factor(struct kin *k, const struct bc_constraints *c, double t)
{
	int sign;
	gsl_matrix_memcpy(k->lu, c->D);
	gsl_linalg_LU_decomp(k->lu, k->perm, &sign);
	double top = 0;
	for (int i = 0; i < k->n; i++)
		top = fmax(top, fabs(gsl_matrix_get(c->D, (size_t)i, (size_t)i)));
	for (int i = 0; i < k->n; i++) {
		double scale = 0;
		for (int j = 0; j < k->n; j++)
			scale = fmax(scale, fabs(gsl_matrix_get(c->D, (size_t)i, (size_t)j)));
		if (fabs(gsl_matrix_get(k->lu, (size_t)i, (size_t)i)) <
		    1e-12 * fmax(scale, 1e-300)) {
			model_fail(
			    k->m,
			    "at t = %g the constraint Jacobian is singular: the drivers and joints "
			    "are "
			    "dependent here (a dead point or a locked configuration, or redundant "
			    "constraints), so positions cannot be solved",
			    t);
			return -1;
		}
	}
	return 0;
}

/* Solve D x = rhs with the current LU into out. */
static void solve(struct kin *k, const double *rhs, double *out)
{
	for (int i = 0; i < k->n; i++)
		gsl_vector_set(k->x, (size_t)i, rhs[i]);
	gsl_linalg_LU_svx(k->lu, k->perm, k->x);
	for (int i = 0; i < k->n; i++)
		out[i] = gsl_vector_get(k->x, (size_t)i);
}

/* Newton-Raphson on Φ(c, t) = 0 (Sec. 12.1.2, NRn): D Δc = -Φ. */
static int positions(struct kin *k, const struct kin_options *o, double t, double *c,
                     const double *cd, int *iterations, struct kin_trace *trace, double *delta)
{
	struct bc_constraints con;
	for (int it = 0;; it++) {
		k->m->fevals++;
		if (bc_constraints(k->body, t, c, cd, &con) != 0)
			return -1;
		double err = norm(con.phi, k->n);
		if (trace && trace->count < 64) {
			trace->residual[trace->count] = err;
			trace->worst_row[trace->count++] = worst_row(con.phi, k->n);
		}
		if (!isfinite(err)) {
			model_fail(k->m, "at t = %g the constraints are not finite", t);
			return -1;
		}
		if (err <= o->tol) {
			*iterations = it;
			return 0;
		}
		if (it == o->max_iterations) {
			model_fail(
			    k->m,
			    "at t = %g Newton-Raphson did not converge in %d iterations: |Phi| = "
			    "%.3g, "
			    "worst at joint '%s' (the mechanism may not be able to reach this "
			    "position: check the driver and the link lengths)",
			    t, it, err, bc_row_joint(k->body, worst_row(con.phi, k->n)));
			return -1;
		}
		if ((it == 0 || !o->modified) && factor(k, &con, t) != 0)
			return -1;
		for (int i = 0; i < k->n; i++)
			delta[i] = -con.phi[i];
		solve(k, delta, delta);
		for (int i = 0; i < k->n; i++)
			c[i] += delta[i];
	}
}

struct run *kinematic_run(struct model *m, const struct kin_options *o, int **iterations,
                          struct kin_trace *trace)
{
	struct run *r = calloc(1, sizeof *r);
	double start = seconds();
	struct formulation_config plain = {.stab.kind = STAB_NONE};
	struct kin k = {m, formulation_body.setup(m, &plain), 3 * m->nbodies, NULL, NULL, NULL};
	m->error[0] = '\0';
	m->fevals = 0;
	r->state_size = 2 * k.n;
	long nsteps = (long)floor(o->tf / o->dt + 0.5);
	if (iterations)
		*iterations = calloc((size_t)nsteps + 2, sizeof **iterations);
	if (m->nc != k.n) {
		int need = k.n - m->nc;
		model_fail(m,
		           "kinematic analysis needs as many constraint rows as coordinates: %d "
		           "coordinates, "
		           "%d rows, so %s %d %s%s",
		           k.n, m->nc, need > 0 ? "add" : "remove", abs(need),
		           need > 0 ? "driver row" : "row", abs(need) == 1 ? "" : "s");
		goto done;
	}
	k.lu = gsl_matrix_alloc((size_t)k.n, (size_t)k.n);
	k.perm = gsl_permutation_alloc((size_t)k.n);
	k.x = gsl_vector_alloc((size_t)k.n);
	double *c = calloc(4 * (size_t)k.n, sizeof(double)), *cd = c + k.n, *cdd = cd + k.n,
	       *work = cdd + k.n;
	for (int b = 0; b < m->nbodies; b++)
		for (int d = 0; d < 3; d++)
			c[3 * b + d] = m->bodies[b].q0[d], cd[3 * b + d] = m->bodies[b].v0[d];
	struct bc_constraints con;
	for (long step = 0; step <= nsteps; step++) {
		double t = (double)step * o->dt;
		if (mb_sigint_seen) {
			mb_sigint_seen = 0;
			model_fail(m, "interrupted (Ctrl-C) at t = %g", t);
			break;
		}
		if (step > 0) /* predict from the last step: fewer iterations */
			for (int i = 0; i < k.n; i++)
				c[i] += cd[i] * o->dt + 0.5 * cdd[i] * o->dt * o->dt;
		int its = 0;
		if (positions(&k, o, t, c, cd, &its, step == 0 ? trace : NULL, work) != 0)
			break;
		r->steps += its;
		if (iterations)
			(*iterations)[step] = its;
		/* D ċ = v, then D c̈ = γ (Eqs. 12.2-12.3) */
		if (bc_constraints(k.body, t, c, cd, &con) != 0 || factor(&k, &con, t) != 0)
			break;
		solve(&k, con.vrhs, cd);
		if (bc_constraints(k.body, t, c, cd, &con) != 0)
			break;
		solve(&k, con.gamma, cdd);
		if (r->count == r->capacity) {
			r->capacity = r->capacity ? 2 * r->capacity : 64;
			r->samples = realloc(r->samples, sizeof *r->samples * (size_t)r->capacity);
		}
		struct sample *s = sample_new(m);
		if (bc_measure_given(k.body, t, c, cd, cdd, s) != 0) { /* λ: D'λ = M c̈ - h (ID1) */
			sample_free(s);
			break;
		}
		r->samples[r->count++] = s;
	}
	free(c);
done:
	if (m->error[0])
		snprintf(r->error, sizeof r->error, "%s", m->error);
	r->fevals = m->fevals;
	r->wall = seconds() - start;
	if (k.lu)
		gsl_matrix_free(k.lu), gsl_permutation_free(k.perm), gsl_vector_free(k.x);
	formulation_body.release(k.body);
	return r;
}
