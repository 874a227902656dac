/* kinematics.c — Algorithm K and inverse dynamics (see kinematics.h). */
#include "analysis/kinematics.h"

#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formulation/body_coords.h"
#include "formulation/joint_coords.h"
#include "lua/luaenv.h"

struct kin {
	struct model *m;
	struct kin_system sys;
	void *body; /* body-coordinate workspace: multipliers and reactions */
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

/* ------------------------------------------------------------ Newton-Raphson */

/* LU of the square Jacobian; a tiny pivot means its rows are dependent. */
static int factor(struct kin *k, const struct kin_eval *e, double t)
{
	int sign;
	for (int i = 0; i < k->n; i++)
		for (int j = 0; j < k->n; j++)
			gsl_matrix_set(k->lu, (size_t)i, (size_t)j, e->J[i * k->n + j]);
	gsl_linalg_LU_decomp(k->lu, k->perm, &sign);
	for (int i = 0; i < k->n; i++) {
		double scale = 0;
		for (int j = 0; j < k->n; j++)
			scale = fmax(scale, fabs(e->J[i * k->n + j]));
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

/* Solve J x = rhs with the current LU into out. */
static void solve(struct kin *k, const double *rhs, double *out)
{
	for (int i = 0; i < k->n; i++)
		gsl_vector_set(k->x, (size_t)i, rhs[i]);
	gsl_linalg_LU_svx(k->lu, k->perm, k->x);
	for (int i = 0; i < k->n; i++)
		out[i] = gsl_vector_get(k->x, (size_t)i);
}

/* Newton-Raphson on Φ(q, t) = 0 (Sec. 12.1.2, NRn): J Δq = -Φ. */
static int positions(struct kin *k, const struct kin_options *o, double t, double *q,
                     const double *qd, int *iterations, struct kin_trace *trace, double *delta)
{
	struct kin_eval e;
	for (int it = 0;; it++) {
		k->m->fevals++;
		if (k->sys.constraints(k->sys.ctx, t, q, qd, &e) != 0)
			return -1;
		double err = norm(e.phi, k->n);
		if (trace && trace->count < 64) {
			int row = worst_row(e.phi, k->n);
			trace->residual[trace->count] = err;
			trace->worst_row[trace->count] = row;
			trace->worst_joint[trace->count++] = k->sys.row_joint(k->sys.ctx, row);
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
			    t, it, err, k->sys.row_joint(k->sys.ctx, worst_row(e.phi, k->n)));
			return -1;
		}
		if ((it == 0 || !o->modified) && factor(k, &e, t) != 0)
			return -1;
		for (int i = 0; i < k->n; i++)
			delta[i] = -e.phi[i];
		solve(k, delta, delta);
		for (int i = 0; i < k->n; i++)
			q[i] += delta[i];
	}
}

/* ------------------------------------------------------------ the run */

static int record(struct run *r, struct kin *k, double t, const double *q, const double *qd,
                  const double *qdd)
{
	const double *c, *cd, *cdd;
	if (k->sys.bodies(k->sys.ctx, t, q, qd, qdd, &c, &cd, &cdd) != 0)
		return -1;
	if (r->count == r->capacity) {
		r->capacity = r->capacity ? 2 * r->capacity : 64;
		r->samples = realloc(r->samples, sizeof *r->samples * (size_t)r->capacity);
	}
	struct sample *s = sample_new(k->m);
	if (bc_measure_given(k->body, t, c, cd, cdd, s) != 0) { /* λ: D'λ = M c̈ - h (ID1) */
		sample_free(s);
		return -1;
	}
	r->samples[r->count++] = s;
	return 0;
}

struct run *kinematic_run(struct model *m, const char *formulation,
                          const struct formulation_config *cfg, const struct kin_options *o,
                          int **iterations, struct kin_trace *trace)
{
	struct run *r = calloc(1, sizeof *r);
	double start = seconds();
	struct formulation_config plain = {.stab.kind = STAB_NONE};
	const struct formulation *f = formulation_find(formulation);
	void *ws = f->setup(m, cfg);
	struct kin k = {m, {0}, formulation_body.setup(m, &plain), 0, NULL, NULL, NULL};
	m->error[0] = '\0';
	m->fevals = 0;
	f->kin_system(ws, &k.sys);
	k.n = k.sys.n;
	r->state_size = 2 * k.n;
	long nsteps = (long)floor(o->tf / o->dt + 0.5);
	if (iterations)
		*iterations = calloc((size_t)nsteps + 2, sizeof **iterations);
	struct kin_eval e;
	double *q = calloc(4 * (size_t)k.n + 1, sizeof(double)), *qd = q + k.n, *qdd = qd + k.n,
	       *work = qdd + k.n;
	double *c0 = calloc(6 * (size_t)m->nbodies + 1, sizeof(double)); /* the model's start */
	model_initial(m, c0, c0 + 3 * m->nbodies);
	f->set_state(ws, c0, c0 + 3 * m->nbodies, q); /* q then q̇, as set_state lays them */
	free(c0);
	if (k.sys.constraints(k.sys.ctx, 0, q, qd, &e) != 0)
		goto done;
	if (e.rows != k.n) {
		int need = k.n - e.rows;
		model_fail(m,
		           "kinematic analysis needs as many constraint rows as coordinates: %d "
		           "coordinates, "
		           "%d rows, so %s %d %s%s",
		           k.n, e.rows, need > 0 ? "add" : "remove", abs(need),
		           need > 0 ? "driver row" : "row", abs(need) == 1 ? "" : "s");
		goto done;
	}
	k.lu = gsl_matrix_alloc((size_t)k.n, (size_t)k.n);
	k.perm = gsl_permutation_alloc((size_t)k.n);
	k.x = gsl_vector_alloc((size_t)k.n);
	for (long step = 0; step <= nsteps; step++) {
		double t = (double)step * o->dt;
		if (mb_sigint_seen) {
			mb_sigint_seen = 0;
			model_stop(m, "interrupted (Ctrl-C) at t = %g", t);
			break;
		}
		if (step > 0) /* predict from the last step: fewer iterations */
			for (int i = 0; i < k.n; i++)
				q[i] += qd[i] * o->dt + 0.5 * qdd[i] * o->dt * o->dt;
		int its = 0;
		if (positions(&k, o, t, q, qd, &its, step == 0 ? trace : NULL, work) != 0)
			break;
		r->steps += its;
		if (iterations)
			(*iterations)[step] = its;
		/* J q̇ = v, then J q̈ = γ (Eqs. 12.2-12.3) */
		if (k.sys.constraints(k.sys.ctx, t, q, qd, &e) != 0 || factor(&k, &e, t) != 0)
			break;
		solve(&k, e.v, qd);
		if (k.sys.constraints(k.sys.ctx, t, q, qd, &e) != 0)
			break;
		solve(&k, e.gamma, qdd);
		if (record(r, &k, t, q, qd, qdd) != 0)
			break;
	}
done:
	free(q);
	if (m->error[0])
		snprintf(r->error, sizeof r->error, "%s", m->error);
	r->fevals = m->fevals;
	r->wall = seconds() - start;
	if (k.lu)
		gsl_matrix_free(k.lu), gsl_permutation_free(k.perm), gsl_vector_free(k.x);
	f->release(ws);
	formulation_body.release(k.body);
	return r;
}
