/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_joints.c — every registered joint kind against finite differences.
 *
 * A kind is built from its own table entry (its shape says which points,
 * vectors or bodies it joins; its parameters get values of their type), so
 * a new kind is tested by being registered. At a state off the constraint
 * manifold and at one the constrained layer has corrected onto it:
 *   D = ∂Φ/∂c                       (central differences in each coordinate)
 *   v = D ċ - dΦ/dt                 (along the straight path c + ċτ, t + τ)
 *   γ = -d²Φ/dτ²                    (along the same path, where c̈ = 0)
 * which is what D ċ = v and D c̈ = γ mean for Φ(c, t) = 0. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "formulation/constrained.h"
#include "model/constraints.h"
#include "model/joints/joint.h"

/* A driver's function: f = 0.3 + 0.2 sin(2t) with its exact derivatives. */
static int driver_fn(void *ctx, double t, double out[3], char *err, size_t len)
{
	(void)ctx, (void)err, (void)len;
	out[0] = 0.3 + 0.2 * sin(2 * t), out[1] = 0.4 * cos(2 * t), out[2] = -0.8 * sin(2 * t);
	return 3;
}

/* Two bodies and a joint of `kind` between them (or between body 0 and the
 * ground, for kinds that name one body), its numbers of their types. */
static struct model *model_with(const struct joint_kind *kind)
{
	struct model *m = model_new("fd", v2(0, -9.81), 2, 1, 0, 0);
	struct body *a = model_add_body(m, "a", "test"), *b = model_add_body(m, "b", "test");
	a->mass = 1, a->inertia = 0.1, b->mass = 2, b->inertia = 0.3;
	double qa[3] = {0.3, 0.2, 0.4}, qb[3] = {-0.1, 0.5, -0.7};
	memcpy(a->q0, qa, sizeof qa), memcpy(b->q0, qb, sizeof qb);
	struct joint *j = model_add_joint(m, kind, kind->name, "test");
	j->bi = 0, j->bj = kind->shape.bodies == 1 ? -1 : 1;
	j->si = v2(0.2, -0.1), j->sj = v2(-0.15, 0.25);
	j->ui = v2(0.6, 0.8), j->uj = v2(1, 0);
	j->fn = (struct time_fn){.call = driver_fn};
	for (int k = 0; k < KIND_PARAMS; k++)
		j->param[k] = NAN; /* left out, unless given below */
	for (int i = 0; kind->params[i].name; i++) {
		const struct kind_param *p = &kind->params[i];
		double *v = j->param + kind_param_slot(kind->params, i);
		if (p->when == PARAM_DERIVED || p->when == PARAM_FROM_START)
			continue; /* prepare() fills them from the start */
		v[0] = p->type == PARAM_CHOICE ? 2 : 0.4 + 0.1 * i; /* a choice: its third */
		if (p->type == PARAM_PAIR)
			v[1] = 0.7;
	}
	char err[300];
	if (model_finish(m, err, sizeof err) != 0) {
		printf("FAIL %s: %s\n", kind->name, err);
		model_free(m);
		return NULL;
	}
	return m;
}

/* Φ of the joint at (c, t). */
static void phi_at(const struct model *m, struct run_data *d, struct rows *r, const double *c,
                   const double *cd, double t, double *phi)
{
	joint_rows_eval(m, d, NULL, 0, t, c, cd, r);
	memcpy(phi, r->phi, sizeof(double) * (size_t)r->count);
}

/* A kind that says its points meet (JOINT_POINTS_MEET, which the
 * discrete-time method holds by a force at the points) has exactly the
 * pin's rows: Φ = P_i - P_j, D_i = [I s̆_i], D_j = -[I s̆_j], v = 0. The
 * largest departure at (c, ċ, t). */
static double points_meet_error(const struct model *m, const double *c, const double *cd, double t)
{
	struct run_data *d = run_data_new(m);
	struct rows *r = joint_rows_new(m, NULL, 0);
	joint_rows_eval(m, d, NULL, 0, t, c, cd, r);
	const struct joint *j = &m->joints[0];
	struct body_state bi = model_body_state(c, cd, j->bi), bj = model_body_state(c, cd, j->bj);
	struct point_pair p = point_pair(&bi, j->si, &bj, j->sj);
	double want[2][6] = {{1, 0, -p.si.y, -1, 0, p.sj.y}, {0, 1, p.si.x, 0, -1, -p.sj.x}};
	double phi[2] = {p.d.x, p.d.y}, worst = r->count == 2 ? 0 : INFINITY;
	for (int q = 0; q < 2 && q < r->count; q++) {
		worst = fmax(worst, fmax(fabs(r->phi[q] - phi[q]), fabs(r->vrhs[q])));
		for (int k = 0; k < 6;
		     k++) /* body j's columns hold nothing when it is the ground */
			worst = fmax(
			    worst, fabs(r->J[q * 6 + k] - (k < 3 || j->bj >= 0 ? want[q][k] : 0)));
	}
	rows_free(r);
	run_data_free(d);
	return worst;
}

/* The three checks at state (c, ċ, t); returns the worst errors. */
static void check_state(const struct model *m, const double *c, const double *cd, double t,
                        double worst[3])
{
	struct run_data *d = run_data_new(m);
	struct rows *r = joint_rows_new(m, NULL, 0), *at = joint_rows_new(m, NULL, 0);
	int rows = r->count, n = 6;
	double plus[3], minus[3], mid[3], cp[6], cm[6];
	joint_rows_eval(m, d, NULL, 0, t, c, cd, at);
	worst[0] = worst[1] = worst[2] = 0;
	const double h = 1e-6;
	for (int k = 0; k < n; k++) {
		memcpy(cp, c, sizeof cp), memcpy(cm, c, sizeof cm);
		cp[k] += h, cm[k] -= h;
		phi_at(m, d, r, cp, cd, t, plus);
		phi_at(m, d, r, cm, cd, t, minus);
		for (int q = 0; q < rows; q++)
			worst[0] =
			    fmax(worst[0], fabs((plus[q] - minus[q]) / (2 * h) - at->J[q * n + k]));
	}
	const double tau = 1e-4; /* along c + ċτ at t + τ, where c̈ = 0 */
	for (int k = 0; k < n; k++)
		cp[k] = c[k] + tau * cd[k], cm[k] = c[k] - tau * cd[k];
	phi_at(m, d, r, cp, cd, t + tau, plus);
	phi_at(m, d, r, cm, cd, t - tau, minus);
	phi_at(m, d, r, c, cd, t, mid);
	for (int q = 0; q < rows; q++) {
		double rate = (plus[q] - minus[q]) / (2 * tau);
		double second = (plus[q] - 2 * mid[q] + minus[q]) / (tau * tau);
		worst[1] = fmax(worst[1], fabs(rows_dot(at, q, cd) - rate - at->vrhs[q]));
		worst[2] = fmax(worst[2], fabs(-second - at->gamma[q]));
	}
	rows_free(r), rows_free(at);
	run_data_free(d);
}

int main(void)
{
	int kinds = 0;
	for (int i = 0; joint_kinds[i]; i++, kinds++) {
		const struct joint_kind *kind = joint_kinds[i];
		struct model *m = model_with(kind);
		ENSURE(m != NULL);
		if (!m)
			continue;
		/* off the manifold: the start, with every rate non-zero */
		double y[12] = {0}, c[12], worst[3];
		double cd[6] = {0.5, -0.2, 1.1, -0.3, 0.4, -0.6};
		model_initial(m, c, c + 6);
		check_state(m, c, cd, 0.7, worst);
		printf("%-16s off the manifold: D %.1e, v %.1e, gamma %.1e\n", kind->name, worst[0],
		       worst[1], worst[2]);
		ENSURE(worst[0] < 1e-9);
		ENSURE(worst[1] < 5e-8);
		ENSURE(worst[2] < 5e-7);
		if (kind->capabilities & JOINT_POINTS_MEET) {
			double e = points_meet_error(m, c, cd, 0.7);
			printf("%-16s its points meet: the pin's rows to %.1e\n", kind->name, e);
			ENSURE(e < 1e-15);
		}
		/* on it: corrected by the constrained layer in body coordinates */
		struct run_data *d = run_data_new(m);
		struct formulation_config cfg = {.stab.kind = STAB_NONE};
		struct constrained *s = constrained_new(m, &formulation_body, &cfg, d);
		memcpy(c + 6, cd, sizeof cd);
		constrained_set_state(s, c, c + 6, y);
		ENSURE(constrained_correct(s, 0.7, y) == 0);
		struct rows *r = joint_rows_new(m, NULL, 0);
		joint_rows_eval(m, d, NULL, 0, 0.7, y, y + 6, r);
		double on = 0, rates = 0;
		for (int q = 0; q < r->count; q++)
			on = fmax(on, fabs(r->phi[q])),
			rates = fmax(rates, fabs(rows_dot(r, q, y + 6) - r->vrhs[q]));
		ENSURE(on < 1e-12 && rates < 1e-12);
		check_state(m, y, y + 6, 0.7, worst);
		printf("%-16s on the manifold (|Phi| %.0e, |Phidot| %.0e): D %.1e, v %.1e, "
		       "gamma %.1e\n",
		       kind->name, on, rates, worst[0], worst[1], worst[2]);
		ENSURE(worst[0] < 1e-9);
		ENSURE(worst[1] < 5e-8);
		ENSURE(worst[2] < 5e-7);
		rows_free(r);
		constrained_free(s);
		run_data_free(d);
		model_free(m);
	}
	ENSURE(kinds >= 10); /* every kind of Sec. 7.2 */
	return finish();
}
