/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_constrained.c — the constrained-dynamics layer on systems whose
 * answers are known in closed form, in every formulation it serves.
 *
 * A slender rod (mass m, length L) pinned at one end and released at rest
 * from the horizontal: α = -3g/(2L), the mass centre falls at 3g/4, and the
 * pin carries m g/4 upwards (book Ex. 7.1's pendulum). A puck held at x = 0
 * by a simple joint, started off it by δ: each remedy's law of motion is
 * then a scalar equation (Baumgarte ẍ = -2αẋ - β²x; the penalty method
 * (m + m_c) ẍ = -m_c (2ζωẋ + ω²x); the momentum method's projection stops
 * ẋ; partitioning and correction put x back at 0). Two equal simple joints
 * are redundant: dropping one leaves the other the whole reaction.
 *
 * A formulation whose joints are forces of its own (joint_forces, the
 * discrete-time method) has no rows for the remedies, the correction or a
 * redundancy to act on: it is held to its own law instead, each joint row
 * a spring and damper on the mass it moves, ẍ = -(ω²x + 2ζωẋ) for the puck,
 * and two holds are two such springs side by side, sharing the force.
 *
 * A formulation whose coordinates are independent (FORM_CLOSED_FORM, minimal
 * coordinates) has no rows either: it refuses a remedy, starts on its joints
 * by construction (the puck's x = 0, ẋ = 0, its y' kept) and names a joint
 * that holds what the others hold already. */
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "formulation/constrained.h"
#include "model/constraints.h"
#include "model/joints/joint.h"

static const double g = 9.81, L = 1.2, mass = 2;

static struct model *pendulum(void)
{
	struct model *m = model_new("pendulum", v2(0, -g), 1, 1, 0, 0);
	struct body *b = model_add_body(m, "rod", "test");
	b->mass = mass, b->inertia = mass * L * L / 12, b->q0[0] = L / 2;
	struct joint *j = model_add_joint(m, &joint_revolute, "pin", "test");
	j->bi = 0, j->bj = -1, j->si = v2(-L / 2, 0), j->sj = v2(0, 0);
	char err[200];
	ENSURE(model_finish(m, err, sizeof err) == 0);
	return m;
}

/* A free puck (no gravity) held at x = 0 by `holds` simple joints, started
 * at x = delta with rate xd. */
static struct model *held_puck(int holds, double delta, double xd)
{
	struct model *m = model_new("puck", v2(0, 0), 1, holds, 0, 0);
	struct body *b = model_add_body(m, "puck", "test");
	b->mass = mass, b->inertia = 0.5, b->q0[0] = delta, b->v0[0] = xd, b->v0[1] = 0.3;
	for (int k = 0; k < holds; k++) {
		struct joint *j = model_add_joint(m, &joint_simple, "hold", "test");
		j->bi = 0, j->bj = -1;
		j->param[0] = 0, j->param[1] = 0; /* x = 0 */
	}
	char err[200];
	ENSURE(model_finish(m, err, sizeof err) == 0);
	return m;
}

/* The layer for model m in formulation f with remedy `stab`, its start in y. */
struct setup {
	struct run_data *d;
	struct constrained *s;
	double y[64], dydt[64], c[32];
	int n;
};

/* the joint forces' spring: ω and ζ */
static const double omega = 50, zeta = 0.7;

static void set_up(struct setup *u, const struct model *m, const struct formulation *f,
                   struct stabilization stab, int drop)
{
	struct formulation_config cfg = {.stab = stab, .drop_redundant = drop};
	/* the discrete method's own options, by the names its entry declares */
	int k_omega = formulation_option(f, "omega"), k_zeta = formulation_option(f, "zeta");
	if (k_omega >= 0)
		cfg.own[k_omega] = (struct option_value){.number = omega, .given = 1};
	if (k_zeta >= 0)
		cfg.own[k_zeta] = (struct option_value){.number = zeta, .given = 1};
	u->d = run_data_new(m);
	u->s = constrained_new(m, f, &cfg, u->d);
	u->n = constrained_size(u->s);
	model_initial(m, u->c, u->c + 3 * m->nbodies);
	constrained_set_state(u->s, u->c, u->c + 3 * m->nbodies, u->y);
}

/* Whether f takes dynamics; a formulation for kinematics only (vector
 * loops) is said and left out: it has no masses or forces, and
 * tests/lua/test_vector.lua tests it. */
static int dynamic(const struct formulation *f)
{
	if (f->mass_solve)
		return 1;
	printf("%s: skipped, %s is for kinematics only\n", f->name, f->title);
	return 0;
}

static void tear_down(struct setup *u)
{
	constrained_free(u->s);
	run_data_free(u->d);
}

static const char *constrained_test_row_name(void *ctx, int row)
{
	(void)ctx;
	return row == 0 ? "row x" : "row y";
}

int main(void)
{
	gsl_set_error_handler_off(); /* as the program does: failures come back as codes */
	/* the released pendulum, in every formulation */
	for (int i = 0; formulations[i]; i++) {
		if (!dynamic(formulations[i]))
			continue;
		struct model *m = pendulum();
		struct setup u;
		set_up(&u, m, formulations[i], (struct stabilization){.kind = STAB_NONE}, 0);
		struct sample *s = sample_new(m);
		ENSURE(constrained_measure(u.s, 0, u.y, s) == 0);
		printf("%s: alpha %.15g, a_y %.15g, pin fy %.15g\n", formulations[i]->name,
		       s->qdd[2], s->qdd[1], s->reaction[1]);
		if (formulations[i]->joint_forces) {
			/* a joint force needs a gap or a rate to act: on its pin, at
			 * rest, the rod starts to fall freely */
			ENSURE_NEAR(s->qdd[2], 0, 1e-12);
			ENSURE_NEAR(s->qdd[1], -g, 1e-12);
			ENSURE_NEAR(s->reaction[1], 0, 1e-12);
			ENSURE(constrained_derivatives(u.s, 0, u.y, u.dydt) == 0 &&
			       u.d->fevals == 1);
			sample_free(s);
			tear_down(&u);
			model_free(m);
			continue;
		}
		ENSURE_NEAR(s->qdd[2], -3 * g / (2 * L), 1e-12);
		ENSURE_NEAR(s->qdd[0], 0, 1e-12);
		ENSURE_NEAR(s->qdd[1], -3 * g / 4, 1e-12);
		/* reported on the joint's second body, here the ground: the rod pushes
		 * it down with m g / 4 */
		ENSURE_NEAR(s->reaction[0], 0, 1e-12);
		ENSURE_NEAR(s->reaction[1], -mass * g / 4, 1e-12);
		ENSURE(s->violation < 1e-15 && s->velocity_violation < 1e-15);
		/* the evaluation was counted, the report was not */
		ENSURE(u.d->fevals == 0);
		ENSURE(constrained_derivatives(u.s, 0, u.y, u.dydt) == 0 && u.d->fevals == 1);
		sample_free(s);
		tear_down(&u);
		model_free(m);
	}

	/* a puck off its joint by delta, moving at xd: each remedy's law */
	const double delta = 1e-3, xd = 0.02;
	for (int i = 0; formulations[i]; i++) {
		const struct formulation *f = formulations[i];
		if (!dynamic(f))
			continue;
		struct model *m = held_puck(1, delta, xd);
		struct setup u;
		if (f->joint_forces) { /* no rows for a remedy: its own law */
			set_up(&u, m, f, (struct stabilization){.kind = STAB_NONE}, 0);
			struct sample *s = sample_new(m);
			ENSURE(constrained_measure(u.s, 0, u.y, s) == 0);
			double want = -(omega * omega * delta + 2 * zeta * omega * xd);
			ENSURE_NEAR(s->qdd[0], want, 1e-12 * fabs(want));
			ENSURE_NEAR(s->qdd[1], 0, 1e-15);
			ENSURE_NEAR(s->lambda[0], mass * want, 1e-12 * fabs(mass * want));
			sample_free(s);
			tear_down(&u);
			model_free(m);
			printf("%s: its joint is a spring and damper on the mass it moves\n",
			       f->name);
			continue;
		}
		if (f->capabilities & FORM_CLOSED_FORM) {
			struct formulation_config cfg = {
			    .stab = {.kind = STAB_BAUMGARTE, .alpha = 3, .beta = 7}};
			u.d = run_data_new(m);
			ENSURE(constrained_new(m, f, &cfg, u.d) == NULL &&
			       strstr(u.d->error, "nothing to act on") != NULL);
			run_data_free(u.d);
			set_up(&u, m, f, (struct stabilization){.kind = STAB_NONE}, 0);
			ENSURE(u.n == 2); /* y and the angle */
			ENSURE(constrained_bodies(u.s, 0, u.y, u.c, u.c + 3) == 0);
			ENSURE_NEAR(u.c[0], 0, 1e-15);
			ENSURE_NEAR(u.c[3], 0, 1e-15);
			ENSURE_NEAR(u.c[4], 0.3, 1e-15);
			tear_down(&u);
			model_free(m);
			printf("%s: no remedy; the start on its joint by construction\n", f->name);
			continue;
		}
		/* Baumgarte (Eq. 13.32): ẍ = -2αẋ - β²x */
		struct stabilization baum = {.kind = STAB_BAUMGARTE, .alpha = 3, .beta = 7};
		set_up(&u, m, f, baum, 0);
		struct sample *s = sample_new(m);
		ENSURE(constrained_measure(u.s, 0, u.y, s) == 0);
		ENSURE_NEAR(s->qdd[0], -2 * 3 * xd - 49 * delta, 1e-12);
		ENSURE_NEAR(s->qdd[1], 0, 1e-12);
		tear_down(&u);
		/* penalty (Eqs. 13.37-13.40): (m + m_c) ẍ = -m_c (2ζωẋ + ω²x) */
		struct stabilization pen = {
		    .kind = STAB_PENALTY, .mc = 1000, .zeta = 1, .omega = 20};
		set_up(&u, m, f, pen, 0);
		ENSURE(constrained_measure(u.s, 0, u.y, s) == 0);
		double want = -1000 * (2 * 20 * xd + 400 * delta) / (mass + 1000);
		ENSURE_NEAR(s->qdd[0], want, 1e-10 * fabs(want));
		ENSURE_NEAR(s->lambda[0], mass * want,
		            1e-9 * fabs(mass * want)); /* the hold's force */
		tear_down(&u);
		/* momentum (Sec. 13.3.5): the rates a state's momenta stand for meet J q̇ = v */
		set_up(&u, m, f, (struct stabilization){.kind = STAB_MOMENTUM}, 0);
		ENSURE(constrained_bodies(u.s, 0, u.y, u.c, u.c + 3) == 0);
		ENSURE_NEAR(u.c[3], 0, 1e-15);
		ENSURE_NEAR(u.c[4], 0.3, 1e-15);
		tear_down(&u);
		/* partitioning (Sec. 13.3.2): x solved back onto its joint, ẋ = 0 */
		set_up(&u, m, f, (struct stabilization){.kind = STAB_PARTITION}, 0);
		ENSURE(constrained_bodies(u.s, 0, u.y, u.c, u.c + 3) == 0);
		ENSURE_NEAR(u.c[0], 0, 1e-15);
		ENSURE_NEAR(u.c[3], 0, 1e-15);
		tear_down(&u);
		/* correction (Sec. 14.3): least squares moves only x */
		set_up(&u, m, f, (struct stabilization){.kind = STAB_NONE}, 0);
		ENSURE(constrained_correct(u.s, 0, u.y) == 0);
		ENSURE(constrained_bodies(u.s, 0, u.y, u.c, u.c + 3) == 0);
		ENSURE_NEAR(u.c[0], 0, 1e-15);
		ENSURE_NEAR(u.c[1], 0, 1e-15);
		ENSURE_NEAR(u.c[3], 0, 1e-15);
		ENSURE_NEAR(u.c[4], 0.3, 1e-15);
		tear_down(&u);
		sample_free(s);
		model_free(m);
		printf("%s: baumgarte, penalty, momentum, partitioning and correction as the "
		       "scalar laws say\n",
		       f->name);
	}

	/* redundancy: two holds on one coordinate */
	for (int i = 0; formulations[i]; i++) {
		if (!dynamic(formulations[i]))
			continue;
		struct model *m = held_puck(2, 0, 0);
		struct setup u;
		if (formulations[i]->joint_forces) {
			/* two springs side by side: twice the force, shared equally */
			model_free(m);
			m = held_puck(2, delta, xd);
			set_up(&u, m, formulations[i], (struct stabilization){.kind = STAB_NONE},
			       0);
			struct sample *s = sample_new(m);
			ENSURE(constrained_measure(u.s, 0, u.y, s) == 0);
			double want = -2 * (omega * omega * delta + 2 * zeta * omega * xd);
			ENSURE_NEAR(s->qdd[0], want, 1e-12 * fabs(want));
			ENSURE(s->lambda[0] == s->lambda[1] && !u.d->nonunique[0]);
			sample_free(s);
			tear_down(&u);
			model_free(m);
			continue;
		}
		if (formulations[i]->capabilities & FORM_CLOSED_FORM) {
			struct formulation_config cfg = {.stab = {.kind = STAB_NONE}};
			u.d = run_data_new(m);
			ENSURE(constrained_new(m, formulations[i], &cfg, u.d) == NULL &&
			       strstr(u.d->error, "is redundant") != NULL);
			run_data_free(u.d);
			model_free(m);
			continue;
		}
		set_up(&u, m, formulations[i], (struct stabilization){.kind = STAB_NONE}, 0);
		ENSURE(constrained_derivatives(u.s, 0, u.y, u.dydt) != 0);
		ENSURE(strstr(u.d->error, "depend on the others") != NULL);
		tear_down(&u);
		set_up(&u, m, formulations[i], (struct stabilization){.kind = STAB_NONE}, 1);
		struct sample *s = sample_new(m);
		ENSURE(constrained_measure(u.s, 0, u.y, s) == 0);
		ENSURE_NEAR(s->qdd[0], 0, 1e-15);
		ENSURE(u.d->nonunique[0] && u.d->nonunique[1]);
		/* one hold carries it all, the dropped one nothing */
		ENSURE(s->lambda[0] == 0 || s->lambda[1] == 0);
		sample_free(s);
		tear_down(&u);
		model_free(m);
	}
	/* rows QR finds independent whose Schur complement would not factor are
	 * called nearly dependent, naming the row QR took last (a fuzz case
	 * found "joint (unknown)" said here) */
	{
		struct model *m = held_puck(2, 0, 0);
		struct run_data *d = run_data_new(m);
		struct rows *r = rows_new(2, 3);
		r->J[0] = 1, r->J[4] = 1; /* two independent rows: x and y */
		explain_dependent_rows(d, 0, r, constrained_test_row_name, NULL);
		ENSURE(strstr(d->error, "independent but nearly dependent") != NULL);
		ENSURE(strstr(d->error, "'row") != NULL && strstr(d->error, "(unknown)") == NULL);
		rows_free(r);
		run_data_free(d);
		model_free(m);
	}
	return finish();
}