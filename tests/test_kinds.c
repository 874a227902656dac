/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_kinds.c — every registered joint kind in every formulation.
 *
 * For each kind (each of its choices, when it has one) a mechanism of one
 * degree of freedom holds a joint of that kind in a loop: a four-bar
 * (ground, crank, coupler, rocker) whose coupler the joint joins to a chain
 * of as many bodies as the joint has rows, the chain pinned to the ground
 * at its far end; a kind that names one body holds the chain's last body
 * to the ground instead, the chain then hanging from the coupler. Nothing
 * here asks which kind it builds: its points, vectors and bodies come from
 * its shape, its numbers from their types, and the start, placed near
 * where the joint could hold, is corrected onto every constraint in body
 * coordinates. Then each formulation either runs it — 0.2 s from rest
 * under gravity, by RK4 or by the formulation's own small steps, or, for
 * one of kinematics only, the positions with the crank driven, by
 * Newton-Raphson — and agrees with body coordinates on every body's pose,
 * or refuses, naming the kind and the formulation. A kind registered
 * without a geometry, or with a wrong one, fails here. */
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "formulation/constrained.h"
#include "model/joints/joint.h"

#define SPAN 0.2   /* seconds run */
#define STEP 1e-3  /* RK4's step */
#define LENGTH 0.4 /* of a chain's bodies */

/* A driver's function: f = 0.3 + 0.2 sin(2t) with its exact derivatives. */
static int driver_fn(void *ctx, double t, double out[3], char *err, size_t len)
{
	(void)ctx, (void)err, (void)len;
	out[0] = 0.3 + 0.2 * sin(2 * t), out[1] = 0.4 * cos(2 * t), out[2] = -0.8 * sin(2 * t);
	return 3;
}

/* The crank's driver for kinematics: its start angle plus t. */
static int crank_fn(void *ctx, double t, double out[3], char *err, size_t len)
{
	(void)err, (void)len;
	out[0] = *(const double *)ctx + t, out[1] = 1, out[2] = 0;
	return 3;
}

/* A body as a rod from a to b: its centre, its angle, its ends at ±half
 * its length on its x axis. */
static struct body *rod(struct model *m, const char *name, vec2 a, vec2 b)
{
	struct body *r = model_add_body(m, name, "test");
	vec2 d = v2_sub(b, a);
	double length = v2_norm(d);
	r->mass = 1 + length, r->inertia = (1 + length) * length * length / 12;
	r->q0[0] = (a.x + b.x) / 2, r->q0[1] = (a.y + b.y) / 2, r->q0[2] = v2_angle(d);
	return r;
}

/* A pin between bodies i and j (-1: the ground) at world point p. */
static void pin(struct model *m, int i, int j, vec2 p)
{
	struct joint *k = model_add_joint(m, &joint_revolute, "pin", "test");
	k->bi = i, k->bj = j;
	for (int side = 0; side < 2; side++) {
		int b = side ? j : i;
		vec2 local = p;
		if (b >= 0)
			local = v2_unrotate(m->bodies[b].q0[2],
			                    v2_sub(p, v2(m->bodies[b].q0[0], m->bodies[b].q0[1])));
		*(side ? &k->sj : &k->si) = local;
	}
}

/* Body b's point at world p, in its own frame. */
static vec2 local_of(const struct model *m, int b, vec2 p)
{
	const double *q = m->bodies[b].q0;
	return v2_unrotate(q[2], v2_sub(p, v2(q[0], q[1])));
}

/* The mechanism for a joint of `kind` with choice `choice`; *crank_angle
 * its crank's start (for the driver kinematics adds). driven: with that
 * driver. NULL when it cannot be built or corrected (said). */
static struct model *mechanism(const struct joint_kind *kind, int choice, int driven,
                               double *crank_angle)
{
	int one_body = kind->shape.bodies == 1, chain = kind->rows;
	struct model *m = model_new("kinds", v2(0, -9.81), 3 + chain, 5 + chain + 1, 0, 0);
	/* the four-bar: ground pins G1, G2, the crank to A, the rocker to B */
	vec2 G1 = v2(0, 0), G2 = v2(1, 0), A = v2(0.35 * cos(1.2), 0.35 * sin(1.2));
	double d = v2_norm(v2_sub(G2, A)), a = (1.0 - 0.64 + d * d) / (2 * d);
	vec2 e = v2_scale(1 / d, v2_sub(G2, A));
	vec2 B = v2_add(v2_add(A, v2_scale(a, e)), v2_scale(sqrt(1.0 - a * a), v2_perp(e)));
	rod(m, "crank", G1, A), rod(m, "coupler", A, B), rod(m, "rocker", B, G2);
	pin(m, 0, -1, G1), pin(m, 0, 1, A), pin(m, 1, 2, B), pin(m, 2, -1, G2);
	*crank_angle = m->bodies[0].q0[2];
	/* the chain from near the coupler's point X: to G3 on a half circle (so
	 * that each of its loops is well shaped), or hanging from the coupler */
	vec2 X = v2_add(v2_scale(0.5, v2_add(A, B)), v2(0.05, 0.1));
	/* the joint's points 0.08 apart, at 45 degrees to the chain, so that
	 * neither a link nor a slot lies along it */
	vec2 G3 = v2(1.4, -0.2), gap = v2_rotate(M_PI / 4, v2_sub(G3, X));
	gap = v2_scale(0.08 / v2_norm(gap), gap);
	vec2 start = v2_add(X, gap), at = start;
	vec2 middle = v2_scale(0.5, v2_add(start, G3)), half = v2_scale(0.5, v2_sub(G3, start));
	for (int k = 0; k < chain; k++) {
		double phi = M_PI * (k + 1) / chain, hang = -1.1 - 0.5 * k;
		vec2 next = one_body ? v2_add(at, v2(LENGTH * cos(hang), LENGTH * sin(hang)))
		                     : v2_add(middle, v2_add(v2_scale(-cos(phi), half),
		                                             v2_scale(-sin(phi), v2_perp(half))));
		char name[16];
		snprintf(name, sizeof name, "e%d", k + 1);
		rod(m, name, at, next);
		if (k > 0)
			pin(m, 3 + k - 1, 3 + k, at);
		at = next;
	}
	if (!one_body)
		pin(m, 3 + chain - 1, -1, G3);
	else
		pin(m, 1, 3, start); /* the chain hangs from the coupler */
	/* the joint: coupler to the chain's first body, or the last to the ground */
	struct joint *j = model_add_joint(m, kind, "K", "test");
	j->bi = one_body ? 3 + chain - 1 : 1, j->bj = one_body ? -1 : 3;
	if (kind->shape.points) {
		j->si = local_of(m, j->bi, X);
		j->sj = j->bj >= 0 ? local_of(m, j->bj, start) : start;
	}
	/* the vectors parallel at the start, along the gap */
	vec2 u = v2_scale(1 / 0.08, gap);
	j->ui = v2_unrotate(m->bodies[j->bi].q0[2], u);
	j->uj = j->bj >= 0 ? v2_unrotate(m->bodies[j->bj].q0[2], u) : u;
	j->fn = (struct time_fn){.call = driver_fn};
	for (int k = 0; k < KIND_PARAMS; k++)
		j->param[k] = NAN;
	for (int i = 0; kind->params[i].name; i++) {
		const struct kind_param *p = &kind->params[i];
		double *v = j->param + kind_param_slot(kind->params, i);
		if (p->when == PARAM_DERIVED || p->when == PARAM_FROM_START)
			continue;
		v[0] = p->type == PARAM_CHOICE ? choice : 0.15 + 0.1 * i;
		if (p->type == PARAM_PAIR)
			v[1] = 0.25;
	}
	if (driven) {
		struct joint *c = model_add_joint(m, &joint_driver_angle, "crank driver", "test");
		c->bi = 0, c->bj = -1;
		c->fn = (struct time_fn){.call = crank_fn, .ctx = crank_angle};
	}
	char err[300];
	if (model_finish(m, err, sizeof err) != 0) {
		printf("FAIL %s: %s\n", kind->name, err);
		model_free(m);
		return NULL;
	}
	/* onto the constraints in body coordinates, and that start kept */
	struct run_data *rd = run_data_new(m);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	struct constrained *s = constrained_new(m, &formulation_body, &cfg, rd);
	int n = 3 * m->nbodies, ok = s != NULL;
	double *c = calloc(4 * (size_t)n, sizeof(double)), *y = c + 2 * n;
	model_initial(m, c, c + n);
	if (ok) {
		constrained_set_state(s, c, c + n, y);
		ok = constrained_correct(s, 0, y) == 0;
	}
	if (!ok)
		printf("FAIL %s (choice %d): the start cannot be corrected: %s\n", kind->name,
		       choice, rd->error);
	for (int b = 0; ok && b < m->nbodies; b++)
		for (int k = 0; k < 3; k++)
			m->bodies[b].q0[k] = y[3 * b + k], m->bodies[b].v0[k] = y[n + 3 * b + k];
	constrained_free(s);
	run_data_free(rd);
	free(c);
	if (!ok || model_finish(m, err, sizeof err) != 0) {
		model_free(m);
		return NULL;
	}
	return m;
}

static double pose_error(const double *a, const double *b, int nbodies);

/* How far f's state for the corrected start is from it: the poses it
 * stands for, and its own constraints there (with no remedy, the motion
 * never reads Φ itself, so a wrong constant in it shows here). */
static double start_error(const struct model *m, struct constrained *s, const double *y,
                          const double *c0)
{
	int n = constrained_size(s), n3 = 3 * m->nbodies;
	double *c = calloc(2 * (size_t)n3 + 1, sizeof(double)), worst = INFINITY;
	if (constrained_bodies(s, 0, y, c, c + n3) == 0)
		worst = pose_error(c, c0, m->nbodies);
	const struct rows *r;
	if (worst < INFINITY && constrained_rows(s, 0, y, y + n, &r) == 0)
		for (int i = 0; i < r->count; i++)
			worst = fmax(worst, fabs(r->phi[i]));
	free(c);
	return worst;
}

/* q with Φ(q, t) = 0 from q, by Newton-Raphson on the formulation's rows
 * (the crank driven: as many independent rows as coordinates): 0 or -1. */
static int newton(struct constrained *s, double t, double *q, int n)
{
	double *zero = calloc((size_t)n + 1, sizeof(double));
	int status = -1;
	for (int it = 0; it < 40; it++) {
		const struct rows *r;
		if (constrained_rows(s, t, q, zero, &r) != 0 || r->count < n)
			break;
		double worst = 0;
		for (int i = 0; i < r->count; i++)
			worst = fmax(worst, fabs(r->phi[i]));
		if (worst < 1e-13) {
			status = 0;
			break;
		}
		gsl_matrix *J = gsl_matrix_alloc((size_t)r->count, (size_t)n);
		gsl_vector *tau = gsl_vector_alloc((size_t)n),
		           *rhs = gsl_vector_alloc((size_t)r->count),
		           *dq = gsl_vector_alloc((size_t)n),
		           *res = gsl_vector_alloc((size_t)r->count);
		for (int i = 0; i < r->count; i++) {
			gsl_vector_set(rhs, (size_t)i, -r->phi[i]);
			for (int x = 0; x < n; x++)
				gsl_matrix_set(J, (size_t)i, (size_t)x,
				               r->J[(size_t)i * (size_t)n + (size_t)x]);
		}
		gsl_linalg_QR_decomp(J, tau);
		gsl_linalg_QR_lssolve(J, tau, rhs, dq, res);
		for (int x = 0; x < n; x++)
			q[x] += gsl_vector_get(dq, (size_t)x);
		gsl_matrix_free(J), gsl_vector_free(tau), gsl_vector_free(rhs), gsl_vector_free(dq),
		    gsl_vector_free(res);
	}
	free(zero);
	return status;
}

/* SPAN seconds in formulation f, into c the poses at the end: 0; 1 when f
 * refuses the model (its reason in why); -1 when the run fails: from rest
 * by RK4 (or by its own steps), or kinematic, the crank driven, by
 * Newton-Raphson, in steps so that each loop keeps its branch. *start:
 * start_error. */
static int run(const struct model *m, const struct formulation *f, int kinematic, double *c,
               double *start, char *why, size_t len)
{
	struct run_data *d = run_data_new(m);
	double h = f->step > 0 ? f->step : STEP;
	struct formulation_config cfg = {.stab.kind = STAB_NONE, .step = h, .accepted_steps = 1};
	struct constrained *s = constrained_new(m, f, &cfg, d);
	if (!s) {
		snprintf(why, len, "%s", d->error);
		run_data_free(d);
		return 1;
	}
	int n = constrained_size(s), n3 = 3 * m->nbodies, status = 0;
	double *y = calloc(12 * (size_t)n + 2 * (size_t)n3 + 1, sizeof(double));
	double *k = y + 2 * n, *stage = k + 8 * n, *c0 = stage + 2 * n;
	model_initial(m, c0, c0 + n3);
	constrained_set_state(s, c0, c0 + n3, y);
	*start = start_error(m, s, y, c0);
	long steps = kinematic ? 6 : lround(SPAN / h);
	if (!kinematic && constrained_has_advance(s))
		status = constrained_advance(s, 0, h, steps, y);
	else if (kinematic)
		for (long i = 1; i <= steps && status == 0; i++)
			status = newton(s, SPAN * (double)i / (double)steps, y, n);
	else /* RK4, each step accepted */
		for (long i = 0; i < steps && status == 0; i++) {
			static const double a[4] = {0, 0.5, 0.5, 1}, w[4] = {1, 2, 2, 1};
			double t = (double)i * h;
			for (int q = 0; q < 4 && status == 0; q++) {
				for (int x = 0; x < 2 * n; x++)
					stage[x] =
					    y[x] + (q ? a[q] * h * k[(q - 1) * 2 * n + x] : 0);
				status =
				    constrained_derivatives(s, t + a[q] * h, stage, k + q * 2 * n);
			}
			for (int x = 0; x < 2 * n && status == 0; x++)
				y[x] += h / 6 *
				        (w[0] * k[x] + w[1] * k[2 * n + x] + w[2] * k[4 * n + x] +
				         w[3] * k[6 * n + x]);
			struct coordinate_switch sw;
			if (status == 0 && constrained_after_step(s, t + h, y, &sw) < 0)
				status = -1;
		}
	if (status == 0)
		status = constrained_bodies(s, SPAN, y, c, c0 + n3);
	if (status != 0)
		snprintf(why, len, "%s%s", kinematic ? "no convergence: " : "", d->error);
	free(y);
	constrained_free(s);
	run_data_free(d);
	return status;
}

/* The largest difference of two sets of poses (angles modulo a turn). */
static double pose_error(const double *a, const double *b, int nbodies)
{
	double worst = 0;
	for (int i = 0; i < 3 * nbodies; i++) {
		double e = a[i] - b[i];
		worst = fmax(worst, fabs(i % 3 == 2 ? remainder(e, 2 * M_PI) : e));
	}
	return worst;
}

/* How near each formulation comes to body coordinates here (reached: the
 * discrete-time method 1.9e-5, its joints being stiff springs that give;
 * the others, which solve the same equations, 3.2e-11 at most). */
static double tolerance(const struct formulation *f)
{
	return f->capabilities & FORM_FIXED_STEP ? 1e-4 : 1e-9;
}

static void check_kind(const struct joint_kind *kind, int choice)
{
	/* a kind declares its geometry, one row form per row: formulations
	 * other than body coordinates read nothing else */
	double param[KIND_PARAMS] = {0};
	for (int p = 0; kind->params[p].name; p++)
		if (kind->params[p].type == PARAM_CHOICE)
			param[kind_param_slot(kind->params, p)] = choice;
	const struct joint_geometry *g = joint_kind_geometry(kind, param);
	int declared = g && g->nrows == kind->rows;
	if (!declared)
		printf("FAIL %s (choice %d) declares no geometry of its %d rows\n", kind->name,
		       choice, kind->rows);
	ENSURE(declared);
	double crank[2];
	struct model *m = mechanism(kind, choice, 0, &crank[0]),
	             *mk = mechanism(kind, choice, 1, &crank[1]);
	ENSURE(m != NULL && mk != NULL);
	if (!m || !mk) {
		model_free(m), model_free(mk);
		return;
	}
	int n3 = 3 * m->nbodies;
	double *ref = calloc(4 * (size_t)n3, sizeof(double)), *refk = ref + n3, *c = refk + n3;
	char why[600];
	double start;
	ENSURE(run(m, &formulation_body, 0, ref, &start, why, sizeof why) == 0);
	ENSURE(run(mk, &formulation_body, 1, refk, &start, why, sizeof why) == 0);
	for (int i = 0; formulations[i]; i++) {
		const struct formulation *f = formulations[i];
		int kinematic = f->mass_solve == NULL; /* rows only: kinematics */
		int status = run(kinematic ? mk : m, f, kinematic, c, &start, why, sizeof why);
		if (status == 1) { /* refused: by kind and formulation */
			int named = strstr(why, kind->name) && strstr(why, f->name);
			printf("%-16s %d %-16s refused%s: %.150s\n", kind->name, choice, f->name,
			       named ? "" : " WITHOUT NAMING THE KIND AND THE FORMULATION", why);
			ENSURE(named);
			continue;
		}
		double e =
		    status == 0 ? pose_error(c, kinematic ? refk : ref, m->nbodies) : INFINITY;
		printf("%-16s %d %-16s start to %.0e, %s poses to %.1e%s%s\n", kind->name, choice,
		       f->name, start, kinematic ? "kinematics," : "0.2 s,", e,
		       status ? ", failed: " : "", status ? why : "");
		ENSURE(start < 1e-9);
		ENSURE(e < tolerance(f));
	}
	free(ref);
	model_free(m), model_free(mk);
}

int main(void)
{
	int registered = 0; /* each kind, in each of its choices */
	for (; joint_kinds[registered]; registered++)
		for (int c = 0; c < joint_kind_choices(joint_kinds[registered]); c++)
			check_kind(joint_kinds[registered], c);
	ENSURE(registered >= 10);
	return finish();
}
