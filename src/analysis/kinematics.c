/* SPDX-License-Identifier: GPL-3.0-or-later */
/* kinematics.c — Algorithm K and inverse dynamics (see kinematics.h). */
#include "analysis/kinematics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/constrained.h"
#include "model/joints/joint.h"
#include "util/clock.h"
#include "util/linalg.h"
#include "util/lu.h"
#include "util/newton.h"

struct kin {
	const struct model *m;
	struct run_data *d;
	struct constrained *s;
	int n;
	double *lu; /* J factored, n x n */
	int *pivot;
};

/* ------------------------------------------------------------ Newton-Raphson */

/* Where the drivers hold the mechanism at t, for a message: ", where
 * driver 'motor' holds 2.3 rad (131.8 deg)" (nothing when there is none). */
static void drivers_at(struct kin *k, double t, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (int i = 0; i < k->m->njoints && used < len; i++) {
		const struct joint *j = &k->m->joints[i];
		double f[3];
		if (!joint_kind_driven(j->kind) || model_fn(k->d, &j->fn, t, f) != 0)
			continue;
		int distance = joint_kind_drives_length(j->kind);
		used += (size_t)snprintf(buf + used, len - used, "%s driver '%s' holds %.6g %s",
		                         used ? " and" : ", where", j->name, f[0],
		                         distance ? "m" : "rad");
		if (!distance && used < len)
			used += (size_t)snprintf(buf + used, len - used, " (%.4g deg)",
			                         f[0] * 180 / M_PI);
	}
}

/* LU of the square Jacobian; a pivot tiny against the largest means its
 * rows are dependent. */
static int factor(struct kin *k, const struct rows *r, double t)
{
	memcpy(k->lu, r->J, sizeof(double) * (size_t)k->n * (size_t)k->n);
	lu_factor(k->lu, k->n, k->n, k->pivot);
	if (lu_pivot_ratio(k->lu, k->n, k->n) < 1e-12) {
		char held[256];
		drivers_at(k, t, held, sizeof held);
		run_data_fail(
		    k->d,
		    "at t = %g the constraint Jacobian is singular%s: the drivers and joints "
		    "are dependent here (a dead point or a locked configuration, or "
		    "redundant constraints), so positions cannot be solved",
		    t, held);
		return -1;
	}
	return 0;
}

/* Solve J x = rhs with the current LU, in place. */
static void solve(struct kin *k, double *x) { lu_solve(k->lu, k->n, k->n, k->pivot, x); }

/* One solve of the positions at t: what its Newton-Raphson works on. */
struct positions {
	struct kin *k;
	const struct kin_options *o;
	double t, *q, *delta;
	const double *qd;
	struct kin_trace *trace;
	const struct rows *r;
	int worst;
};

/* Φ(q, t), traced at the first solve. */
static int positions_residual(void *ctx, int it, double *norm)
{
	struct positions *p = ctx;
	struct kin *k = p->k;
	(void)it;
	k->d->fevals++;
	if (constrained_rows(k->s, p->t, p->q, p->qd, &p->r) != 0)
		return -1;
	*norm = vec_norm(p->r->phi, k->n);
	p->worst = vec_worst(p->r->phi, k->n);
	struct kin_trace *trace = p->trace;
	if (trace && trace->count < KIN_TRACE) {
		trace->residual[trace->count] = *norm;
		trace->worst_row[trace->count] = p->worst;
		snprintf(trace->worst_joint[trace->count++], sizeof trace->worst_joint[0], "%s",
		         constrained_row_name(k->s, p->worst));
	}
	if (!isfinite(*norm)) {
		run_data_fail(k->d, "at t = %g the constraints are not finite", p->t);
		return -1;
	}
	return 0;
}

/* J Δq = -Φ, J factored at the first iteration only with modified Newton. */
static int positions_correct(void *ctx, int it)
{
	struct positions *p = ctx;
	struct kin *k = p->k;
	if ((it == 0 || !p->o->modified) && factor(k, p->r, p->t) != 0)
		return -1;
	for (int i = 0; i < k->n; i++)
		p->delta[i] = -p->r->phi[i];
	solve(k, p->delta);
	for (int i = 0; i < k->n; i++)
		p->q[i] += p->delta[i];
	return 0;
}

/* Newton-Raphson on Φ(q, t) = 0 (Sec. 12.1.2, NRn): J Δq = -Φ. */
static int positions(struct kin *k, const struct kin_options *o, double t, double *q,
                     const double *qd, int *iterations, struct kin_trace *trace, double *delta)
{
	struct positions p = {k, o, t, q, delta, qd, trace, NULL, 0};
	struct newton newton = {&p, positions_residual, positions_correct};
	double err;
	int its = newton_solve(&newton, o->tol, o->max_iterations, &err);
	if (its >= 0) {
		*iterations = its;
		return 0;
	}
	if (its == NEWTON_FAILED)
		return -1;
	char held[256];
	drivers_at(k, t, held, sizeof held);
	if (constrained_row_joint(k->s, p.worst) >= 0)
		run_data_fail(k->d,
		              "at t = %g Newton-Raphson did not converge in %d "
		              "iterations: |Phi| = %.3g, worst at joint '%s'%s (the "
		              "mechanism may not be able to reach this position: "
		              "check the driver and the link lengths)",
		              t, o->max_iterations, err, constrained_row_name(k->s, p.worst), held);
	else /* a row of the formulation's own: a vector loop */
		run_data_fail(k->d,
		              "at t = %g Newton-Raphson did not converge in %d "
		              "iterations: |Phi| = %.3g: %s cannot close%s (a link "
		              "too short for it, or past the end of the range of "
		              "motion: is the linkage Grashof?)",
		              t, o->max_iterations, err, constrained_row_name(k->s, p.worst), held);
	return -1;
}

/* ------------------------------------------------------------ the run */

static int record(struct run *r, struct kin *k, double t, const double *q, const double *qd,
                  const double *qdd)
{
	/* λ: D'λ = M c̈ - h (ID1) */
	if (constrained_report(k->s, t, q, qd, qdd, run_add_sample(r)) != 0) {
		run_drop_sample(r);
		return -1;
	}
	return 0;
}

struct run *kinematic_run(const struct model *m, const struct formulation *f,
                          const struct formulation_config *cfg, const struct kin_options *o,
                          int **iterations, struct kin_trace *trace)
{
	struct run *r = run_new(m);
	double start = clock_seconds();
	struct run_data *d = run_data_new(m);
	struct kin k = {m, d, constrained_new(m, f, cfg, d), 0, NULL, NULL};
	long nsteps = (long)floor(o->tf / o->dt + 0.5);
	if (iterations)
		*iterations = calloc((size_t)nsteps + 2, sizeof **iterations);
	if (!k.s)
		goto done;
	k.n = constrained_size(k.s);
	r->state_size = 2 * k.n;
	const struct rows *rows;
	double *q = calloc(4 * (size_t)k.n + 1, sizeof(double)), *qd = q + k.n, *qdd = qd + k.n,
	       *work = qdd + k.n;
	double *c0 = calloc(6 * (size_t)m->nbodies + 1, sizeof(double)); /* the model's start */
	model_initial(m, c0, c0 + 3 * m->nbodies);
	constrained_set_state(k.s, c0, c0 + 3 * m->nbodies, q); /* q then q̇ */
	free(c0);
	if (constrained_rows(k.s, 0, q, qd, &rows) != 0)
		goto stop;
	if (rows->count != k.n) {
		int need = k.n - rows->count;
		run_data_fail(d,
		              "kinematic analysis needs as many constraint rows as coordinates: %d "
		              "coordinates, %d rows, so %s %d %s%s",
		              k.n, rows->count, need > 0 ? "add" : "remove", abs(need),
		              need > 0 ? "driver row" : "row", abs(need) == 1 ? "" : "s");
		goto stop;
	}
	k.lu = calloc((size_t)k.n * (size_t)k.n + 1, sizeof(double));
	k.pivot = calloc((size_t)k.n + 1, sizeof(int));
	for (long step = 0; step <= nsteps; step++) {
		double t = (double)step * o->dt;
		if (run_data_interrupted(d, t))
			break;
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
		if (constrained_rows(k.s, t, q, qd, &rows) != 0 || factor(&k, rows, t) != 0)
			break;
		memcpy(qd, rows->vrhs, sizeof(double) * (size_t)k.n);
		solve(&k, qd);
		if (constrained_rows(k.s, t, q, qd, &rows) != 0)
			break;
		memcpy(qdd, rows->gamma, sizeof(double) * (size_t)k.n);
		solve(&k, qdd);
		if (record(r, &k, t, q, qd, qdd) != 0)
			break;
	}
stop:
	free(q);
done:
	run_finish(r, d, start);
	free(k.lu), free(k.pivot);
	constrained_free(k.s);
	run_data_free(d);
	return r;
}
