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
 * which is what D ċ = v and D c̈ = γ mean for Φ(c, t) = 0. And Φ computed
 * from the kind's declared geometry (model/joints/geometry.h) by the one
 * generic routine must be the kind's own, on the manifold and at random
 * states off it: a kind that declares none, or wrongly, fails here. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "formulation/constrained.h"
#include "model/constraints.h"
#include "model/joint_graph.h"
#include "model/joints/joint.h"

/* A driver's function: f = 0.3 + 0.2 sin(2t) with its exact derivatives. */
static int driver_fn(void *ctx, double t, double out[3], char *err, size_t len)
{
	(void)ctx, (void)err, (void)len;
	out[0] = 0.3 + 0.2 * sin(2 * t), out[1] = 0.4 * cos(2 * t), out[2] = -0.8 * sin(2 * t);
	return 3;
}

/* Two bodies and a joint of `kind` between them (or between body 0 and the
 * ground, for kinds that name one body), its numbers of their types, its
 * choice (when it has one) the given one. */
static struct model *model_with(const struct joint_kind *kind, int choice)
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
		v[0] = p->type == PARAM_CHOICE ? choice : 0.4 + 0.1 * i;
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

/* A kind whose geometry says its points meet (a pin, which the
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

/* Φ from the kind's declared geometry, by the one generic routine, against
 * its own eval at (c, ċ, t): the largest difference relative to the
 * largest |Φ| (at least 1). A kind that declares none gives INFINITY. */
static double geometry_error(const struct model *m, const double *c, const double *cd, double t)
{
	struct run_data *d = run_data_new(m);
	struct rows *r = joint_rows_new(m, NULL, 0);
	const struct joint *j = &m->joints[0];
	struct body_state bi = model_body_state(c, cd, j->bi), bj = model_body_state(c, cd, j->bj);
	double f[3] = {0, 0, 0}, phi[JOINT_ROWS], worst = 0, scale = 1;
	model_fn(d, &j->fn, t, f);
	joint_rows_eval(m, d, NULL, 0, t, c, cd, r);
	if (joint_geometry_phi(m, j, &bi, &bj, f, phi) != 0)
		worst = INFINITY;
	for (int q = 0; q < r->count && worst < INFINITY; q++)
		scale = fmax(scale, fabs(r->phi[q]));
	for (int q = 0; q < r->count && worst < INFINITY; q++)
		worst = fmax(worst, fabs(phi[q] - r->phi[q]) / scale);
	rows_free(r);
	run_data_free(d);
	return worst;
}

/* A pseudo-random number in [-1, 1) (a fixed sequence: the test repeats). */
static double uniform(unsigned long long *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*seed >> 11) / 9007199254740992.0 * 2 - 1;
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

/* Every check on a joint of `kind` with its choice `choice`. */
static void check_kind(const struct joint_kind *kind, int choice)
{
	struct model *m = model_with(kind, choice);
	ENSURE(m != NULL);
	if (!m)
		return;
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
	if (m->graph->geometry[0].points_meet) {
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
	/* Φ from the declaration: on the manifold, and at random states
	 * around it and far from it, angles over several turns */
	unsigned long long seed = 12345 + 7 * (unsigned long long)choice;
	double geo = geometry_error(m, y, y + 6, 0.7);
	for (int s = 0; s < 200; s++) {
		double cs[6], cds[6], spread = s < 100 ? 1e-3 : 5;
		for (int k = 0; k < 6; k++)
			cs[k] = y[k] + spread * uniform(&seed) * (k % 3 == 2 ? 4 : 1),
			cds[k] = 3 * uniform(&seed);
		geo = fmax(geo, geometry_error(m, cs, cds, 10 * uniform(&seed)));
	}
	printf("%-16s Phi from its declared geometry (choice %d): %.1e of |Phi| at 201 states\n",
	       kind->name, choice, geo);
	ENSURE(geo < 1e-13);
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

int main(void)
{
	int kinds = 0;
	for (int i = 0; joint_kinds[i]; i++, kinds++) {
		const struct joint_kind *kind = joint_kinds[i];
		for (int c = 0; c < joint_kind_choices(kind); c++) /* each choice */
			check_kind(kind, c);
	}
	ENSURE(kinds >= 10); /* every kind of Sec. 7.2 */
	return finish();
}
