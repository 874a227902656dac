/* SPDX-License-Identifier: GPL-3.0-or-later */
/* simulate.c — the forward-dynamics driver (see simulate.h). */
#include "analysis/simulate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/events.h"
#include "analysis/start.h"
#include "analysis/stepper.h"
#include "formulation/constrained.h"
#include "util/clock.h"

/* What a run of one formulation works with. */
struct sim {
	const struct model *m;
	struct run_data *d;
	struct constrained *s;
	struct events *ev;
	struct run *r;
	const struct sim_options *o;
	int n;                /* the state's size */
	long steps_at_report; /* r->steps when the last sample was recorded */
	double smallest_step; /* the adaptive step's least since then */
};

static int record(struct sim *sim, double t, const double *y)
{
	if (constrained_measure(sim->s, t, y, run_add_sample(sim->r)) != 0) {
		run_drop_sample(sim->r);
		return -1;
	}
	sim->steps_at_report = sim->r->steps;
	sim->smallest_step = HUGE_VAL;
	return 0;
}

/* An adaptive run whose step has shrunk so far that one reporting interval
 * takes this many steps has turned stiff: it goes on, but at that pace a
 * run of a second can take an hour, so it is said (once, in the run's
 * warnings, and on the progress line at the prompt) rather than left to
 * look like a hang. A stiff contact at its deepest takes a few thousand. */
enum { STIFF_STEPS = 100000 };

/* Returns 1 when the run is to end where it turned stiff
 * (o->stop_when_stiff), else 0. */
static int watch_stiffness(struct sim *sim, double t, double h)
{
	struct run *r = sim->r;
	sim->smallest_step = fmin(sim->smallest_step, h);
	if (r->stiff[0] || r->steps - sim->steps_at_report < STIFF_STEPS)
		return 0;
	snprintf(r->stiff, sizeof r->stiff,
	         "the run turned stiff at t = %.4g s: %s took %ld steps within one "
	         "reporting interval, of %.2g s and less (a very stiff spring, contact or "
	         "friction, or a large force against a joint?); a softer element or a fixed "
	         "step (integrator = \"rk4\", h = ...) may be faster",
	         t, sim->o->integrator, r->steps - sim->steps_at_report, sim->smallest_step);
	return sim->o->stop_when_stiff;
}

/* After an accepted step at (t, y): the formulation may change its
 * coordinates (recorded in the run; the integrator must then restart
 * from the same state in the new ones): 0 nothing, 1 changed, -1 stop. */
static int coordinates_after_step(struct sim *sim, double t, double *y)
{
	struct coordinate_switch sw;
	int status = constrained_after_step(sim->s, t, y, &sw);
	if (status == 1)
		run_switch(sim->r, &sw);
	return status;
}

/* The k-th reporting time. */
static double report_time(const struct sim_options *o, long k) { return o->t0 + (double)k * o->dt; }

/* A note on stderr twice a second, for long runs at the prompt. */
static void progress(const struct sim *sim, double t, double *last_note)
{
	if (sim->o->progress && clock_seconds() - *last_note > 0.5) {
		if (sim->r->stiff[0])
			fprintf(stderr, "\r  t = %.3g of %g, stiff: steps of %.2g s ", t,
			        sim->o->t0 + sim->o->tf, sim->smallest_step);
		else
			fprintf(stderr, "\r  t = %.3g of %g ", t, sim->o->t0 + sim->o->tf);
		*last_note = clock_seconds();
	}
}

/* The one run loop, over the stepper type of o->integrator. Fixed steps
 * end at every reporting time. Adaptive steps end at every reporting time
 * too, so each sample is as accurate as the tolerance; or, with o->dense,
 * they go their own way and the reports in between come from their dense
 * output, as MATLAB's ode45 reports (fewer evaluations when the reporting
 * step is fine). After each accepted step: the stiffness watch, the
 * contact events (which may take the run back to an event's instant), the
 * reports the step passed, and the formulation's switch of coordinates;
 * after an event or a switch the stepper starts afresh. */
static void run_loop(struct sim *sim, const struct stepper_type *type, double *y, long nsteps)
{
	const struct sim_options *o = sim->o;
	struct run_data *d = sim->d;
	int n = sim->n;
	long substeps = (long)fmax(1, floor(o->dt / o->h + 0.5));
	struct stepper_setup setup = {sim->s, d, n, o->integrator, o->dt / (double)substeps,
	                              substeps, o->tol, o->abstol,
	                              /* contacts are checked at the steps' ends: a touch that comes
	                               * and goes inside a long step would pass unseen, so with
	                               * contacts no step is longer than the reporting step */
	                              sim->ev ? o->dt : o->tf, o->dt, o->dense && !type->fixed,
	                              /* the formulation's own loop takes a whole reporting interval
	                               * at once when no contact event can interrupt it */
	                              !sim->ev};
	if (strcmp(type->name, "ode45") == 0) /* ode45's MaxStep: a tenth of the run */
		setup.hmax = fmin(setup.hmax, 0.1 * o->tf);
	void *w = type->alloc(&setup);
	double *y0 = malloc(sizeof(double) * 2 * (size_t)n + 1), *yk = y0 + n;
	double t = o->t0, end = report_time(o, nsteps), last_note = clock_seconds();
	/* a report this close to a step's end is the end's own state */
	double near = type->fixed ? 1e-6 * setup.h : 1e-9 * o->dt;
	long k = 1;
	if (type->start(w, t, y, 0) != 0)
		goto done;
	while (k <= nsteps) {
		progress(sim, t, &last_note);
		double t0 = t;
		memcpy(y0, y, sizeof(double) * (size_t)n);
		long taken = type->step(w, setup.dense ? end : report_time(o, k), &t, y);
		if (taken == -2 || (taken < 0 && type->fixed))
			goto done;
		if (taken < 0) {
			/* a failed evaluation has said why already; run_data_fail keeps that */
			run_data_fail(
			    d,
			    "at t = %g the %s step fell to %.3g: tol = %g cannot be met "
			    "here (a discontinuity, a stiff force or a singular position?)",
			    t, o->integrator, type->next_h(w), o->tol);
			goto done;
		}
		sim->r->steps += taken;
		if (!type->fixed) {
			d->error[0] = '\0'; /* what failed in a rejected trial step is no error */
			if (watch_stiffness(sim, t, t - t0))
				goto done;
		}
		int event = events_after_step(sim->ev, t0, y0, &t, y, type->advance, w);
		if (event < 0)
			goto done;
		/* the reports the step has passed inside it: before an event's
		 * instant the motion is the step's own, from its dense output (or a
		 * step of its own from the step's start when that is only a cubic) */
		for (; k <= nsteps && report_time(o, k) < t - near; k++) {
			double tk = report_time(o, k);
			if ((event && !type->interpolates ? type->advance(w, t0, y0, tk - t0, yk)
			                                  : type->dense(w, tk, yk)) != 0 ||
			    record(sim, tk, yk) != 0)
				goto done;
		}
		/* then the formulation may take other coordinates for the same
		 * state, and a step that ends at a reporting time reports there (the
		 * next step starting from the grid, free of accumulated round-off) */
		int changed = coordinates_after_step(sim, t, y);
		if (changed < 0)
			goto done;
		if (!event && k <= nsteps && report_time(o, k) <= t + near) {
			t = report_time(o, k++);
			if (record(sim, t, y) != 0)
				goto done;
		}
		/* then the steps start afresh; after an event from its instant, with
		 * a step small enough for a stiff contact force that has just begun
		 * (the control lets it grow again within a few steps) */
		double h = event ? fmin(type->next_h(w), 1e-6 * o->dt) : type->next_h(w);
		if ((event || changed) && type->start(w, t, y, h) != 0)
			goto done;
	}
done:
	sim->r->refused = type->refused(w);
	free(y0);
	type->free(w);
}

int integrator_fixed(const char *name)
{
	const struct stepper_type *type = stepper_find(name);
	return type && type->fixed;
}

int integrator_interpolates(const char *name)
{
	const struct stepper_type *type = stepper_find(name);
	return type && type->interpolates;
}

struct run *simulate(const struct model *m, const struct formulation *f,
                     const struct sim_options *o)
{
	struct run *r = run_new(m);
	double start = clock_seconds();
	struct run_data *d = run_data_new(m);
	if (!f->mass_solve) /* rows only */
		run_data_fail(d,
		              "%s states constraints only, no masses or forces: it takes kinematic "
		              "analysis (m:kinematics) and inverse dynamics, not a simulation",
		              f->title);
	struct formulation_config cfg = o->cfg;
	cfg.accepted_steps = 1; /* each accepted step goes through coordinates_after_step */
	struct constrained *s = d->error[0] ? NULL : constrained_new(m, f, &cfg, d);
	if (!s) {
		run_finish(r, d, start);
		run_data_free(d);
		return r;
	}
	int n = 2 * constrained_size(s);
	double *y = calloc((size_t)n + 1, sizeof(double));
	double *c = calloc(6 * (size_t)m->nbodies + 1, sizeof(double));
	model_initial(m, c, c + 3 * m->nbodies);
	int ok = o->resumed || start_check(m, d, o->t0, o->correct, c, c + 3 * m->nbodies, r->note,
	                                   sizeof r->note) == 0;
	constrained_set_state(s, c, c + 3 * m->nbodies, y);
	free(c);
	r->state_size = n;
	r->corrected = ok && o->correct && !o->resumed;
	long nsteps = (long)floor(o->tf / o->dt + 0.5);
	struct sim sim = {m, d, s, ok ? events_new(m, d, s) : NULL, r, o, n, 0, HUGE_VAL};
	if (ok && events_start(sim.ev, o->t0, y) == 0 && record(&sim, o->t0, y) == 0) {
		/* a state of no numbers (drivers fix every body in minimal
		 * coordinates) has nothing to integrate, and GSL cannot take it */
		const struct stepper_type *type = stepper_find(o->integrator);
		run_loop(&sim, n == 0 && !type->fixed ? stepper_find("rk4") : type, y, nsteps);
	}
	const struct impact_record *impacts = events_impacts(sim.ev, &r->nimpacts);
	if (r->nimpacts) {
		r->impacts = malloc(sizeof *impacts * (size_t)r->nimpacts);
		memcpy(r->impacts, impacts, sizeof *impacts * (size_t)r->nimpacts);
	}
	events_free(sim.ev);
	if (s)
		run_keep_report(r, constrained_take_report(s)); /* to complete the samples later */
	if (o->progress && clock_seconds() - start > 0.5)
		fprintf(stderr, "\r%40s\r", "");
	run_finish(r, d, start);
	constrained_free(s);
	run_data_free(d);
	free(y);
	return r;
}
