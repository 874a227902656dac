/* SPDX-License-Identifier: GPL-3.0-or-later */
/* simulate.c — the forward-dynamics driver (see simulate.h). */
#include "analysis/simulate.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dopri5.h"
#include "analysis/events.h"
#include "analysis/start.h"
#include "formulation/constrained.h"
#include "util/clock.h"

struct system_data {
	struct constrained *s;
	struct run_data *d;
};

static int gsl_rhs(double t, const double y[], double dydt[], void *params)
{
	struct system_data *sd = params;
	if (constrained_derivatives(sd->s, t, y, dydt) == 0)
		return GSL_SUCCESS;
	/* A trial step may reach a state the model cannot take (a contact
	 * pressed far in, a wild pose): GSL then tries a shorter step. */
	return sd->d->stopped ? GSL_EBADFUNC : GSL_EDOM;
}

/* Fixed steps: the classic fourth-order Runge-Kutta, the method book Sec.
 * 13.1 teaches (four evaluations per step and no error estimate; GSL's rk4
 * estimates its error by step doubling and costs three times more), or
 * semi-implicit Euler, the discrete-time method's (one evaluation). */
struct fixed {
	int n;
	int symplectic;
	double *k1, *k2, *k3, *k4, *tmp;
};

static struct fixed *fixed_new(int n, int symplectic)
{
	struct fixed *w = malloc(sizeof *w);
	w->n = n, w->symplectic = symplectic;
	w->k1 = calloc(5 * (size_t)n + 1, sizeof(double));
	w->k2 = w->k1 + n, w->k3 = w->k2 + n, w->k4 = w->k3 + n, w->tmp = w->k4 + n;
	return w;
}

static void fixed_free(struct fixed *w)
{
	if (w)
		free(w->k1);
	free(w);
}

static int fixed_step(struct fixed *w, struct constrained *s, double t, double h, double *y);

/* One step from (t0, y0) over tau, for the search of an event's instant. */
struct advance {
	struct constrained *s;
	struct fixed *rk;      /* fixed steps, or */
	gsl_odeiv2_step *step; /* GSL's stepper */
	gsl_odeiv2_system *sys;
	double *yerr;
	int n;
};

static int advance_one(void *ctx, double t0, const double *y0, double tau, double *y)
{
	struct advance *a = ctx;
	memcpy(y, y0, sizeof(double) * (size_t)a->n);
	if (a->rk)
		return fixed_step(a->rk, a->s, t0, tau, y);
	gsl_odeiv2_step_reset(a->step);
	return gsl_odeiv2_step_apply(a->step, t0, tau, y, a->yerr, NULL, NULL, a->sys) ==
	               GSL_SUCCESS
	           ? 0
	           : -1;
}

/* Semi-implicit (symplectic) Euler on a state {q, q̇}: the rates take the
 * step's accelerations first, and the new rates move the positions,
 *     q̇ += h q̈(t, q, q̇),   q += h q̇,
 * first order, but its energy error stays bounded instead of growing
 * (the discrete-time paper's Eqs. 5-6 and 8, in this order). */
static void symplectic_step(int n, const double *dydt, double h, double *y)
{
	int half = n / 2;
	for (int i = half; i < n; i++)
		y[i] += h * dydt[i];
	for (int i = 0; i < half; i++)
		y[i] += h * y[half + i];
}

static int fixed_step(struct fixed *w, struct constrained *s, double t, double h, double *y)
{
	int n = w->n;
	if (w->symplectic && constrained_has_advance(s))
		return constrained_advance(s, t, h, 1, y);
	if (constrained_derivatives(s, t, y, w->k1) != 0)
		return -1;
	if (w->symplectic) {
		symplectic_step(n, w->k1, h, y);
		return 0;
	}
	for (int i = 0; i < n; i++)
		w->tmp[i] = y[i] + 0.5 * h * w->k1[i];
	if (constrained_derivatives(s, t + 0.5 * h, w->tmp, w->k2) != 0)
		return -1;
	for (int i = 0; i < n; i++)
		w->tmp[i] = y[i] + 0.5 * h * w->k2[i];
	if (constrained_derivatives(s, t + 0.5 * h, w->tmp, w->k3) != 0)
		return -1;
	for (int i = 0; i < n; i++)
		w->tmp[i] = y[i] + h * w->k3[i];
	if (constrained_derivatives(s, t + h, w->tmp, w->k4) != 0)
		return -1;
	for (int i = 0; i < n; i++)
		y[i] += h / 6 * (w->k1[i] + 2 * w->k2[i] + 2 * w->k3[i] + w->k4[i]);
	return 0;
}

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
	struct sample *sample = sample_new(sim->m);
	if (constrained_measure(sim->s, t, y, sample) != 0) {
		sample_free(sample);
		return -1;
	}
	run_record(sim->r, sample);
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

/* Cubic Hermite interpolation between two steps from the states and their
 * derivatives at both ends: O(H^4), the order of the reporting in ode45. */
static void hermite(int n, double t0, const double *y0, const double *f0, double t1,
                    const double *y1, const double *f1, double t, double *out)
{
	double H = t1 - t0, s = H > 0 ? (t - t0) / H : 1, s2 = s * s, s3 = s2 * s;
	double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2,
	       h11 = s3 - s2;
	for (int i = 0; i < n; i++)
		out[i] = h00 * y0[i] + h10 * H * f0[i] + h01 * y1[i] + h11 * H * f1[i];
}

/* Adaptive steps. By default every reporting time ends a step, so each
 * sample is as accurate as the tolerance. With o->dense the steps go their
 * own way and the samples are interpolated between them, as MATLAB's ode45
 * does: fewer evaluations when the reporting step is fine, samples a little
 * less accurate than the steps. Every evaluation, the one per step for the
 * end derivative included, is counted. */
static void run_gsl(struct sim *sim, const gsl_odeiv2_step_type *type, double *y, long nsteps)
{
	const struct sim_options *o = sim->o;
	struct run *r = sim->r;
	struct run_data *d = sim->d;
	int n = sim->n;
	struct system_data sd = {sim->s, d};
	gsl_odeiv2_system sys = {gsl_rhs, NULL, (size_t)n, &sd};
	gsl_odeiv2_step *step = gsl_odeiv2_step_alloc(type, (size_t)n);
	gsl_odeiv2_control *ctl = gsl_odeiv2_control_y_new(o->abstol, o->tol);
	gsl_odeiv2_evolve *evo = gsl_odeiv2_evolve_alloc((size_t)n);
	double *buf = malloc(sizeof(double) * 5 * (size_t)n + 1);
	double *y0 = buf, *f0 = buf + n, *f1 = buf + 2 * n, *yk = buf + 3 * n, *yerr = buf + 4 * n;
	struct advance adv = {sim->s, NULL, step, &sys, yerr, n};
	double t = o->t0, h = o->dt * 1e-2, last_note = clock_seconds();
	long k = 1;
	if (o->dense && constrained_derivatives(sim->s, t, y, f0) != 0)
		goto done;
	while (k <= nsteps) {
		progress(sim, t, &last_note);
		double t0 = t, target = o->dense ? o->t0 + o->tf : report_time(o, k);
		memcpy(y0, y, sizeof(double) * (size_t)n);
		int status = gsl_odeiv2_evolve_apply(evo, ctl, step, &sys, &t, target, &h, y);
		r->steps++;
		if (status != GSL_SUCCESS || t <= t0 || h < 1e-13 * fmax(1.0, fabs(t))) {
			/* a failed evaluation has said why already; run_data_fail keeps that */
			run_data_fail(
			    d,
			    "at t = %g the %s step fell to %.3g (%s): tol = %g cannot be met "
			    "here (a discontinuity, a stiff force or a singular position?)",
			    t, o->integrator, h, gsl_strerror(status), o->tol);
			goto done;
		}
		d->error[0] = '\0'; /* what failed in a rejected trial step is no error */
		if (watch_stiffness(sim, t, t - t0))
			goto done;
		int event = events_after_step(sim->ev, t0, y0, &t, y, advance_one, &adv);
		if (event < 0)
			goto done;
		if (event) {
			/* The run went back to the event: start afresh from there, with a
			 * step small enough for a stiff contact force that has just
			 * begun; the control lets it grow fivefold a step. */
			gsl_odeiv2_evolve_reset(evo);
			gsl_odeiv2_step_reset(step);
			h = fmin(h, 1e-6 * o->dt);
		}
		if (!o->dense) {
			if (t >= target - 1e-12 * fmax(1.0, fabs(target))) {
				t = target;
				if (record(sim, t, y) != 0)
					goto done;
				k++;
			}
			int changed = coordinates_after_step(sim, t, y);
			if (changed < 0)
				goto done;
			if (changed) { /* the same state in other coordinates: start afresh */
				gsl_odeiv2_evolve_reset(evo);
				gsl_odeiv2_step_reset(step);
			}
			continue;
		}
		if (event) { /* samples before the event come from steps out of y0 */
			for (; k <= nsteps && report_time(o, k) <= t; k++)
				if (advance_one(&adv, t0, y0, report_time(o, k) - t0, yk) != 0 ||
				    record(sim, report_time(o, k), yk) != 0)
					goto done;
			if (constrained_derivatives(sim->s, t, y, f0) != 0)
				goto done;
			continue;
		}
		if (constrained_derivatives(sim->s, t, y, f1) != 0)
			goto done;
		for (; k <= nsteps && report_time(o, k) <= t + 1e-9 * o->dt; k++) {
			hermite(n, t0, y0, f0, t, y, f1, report_time(o, k), yk);
			if (record(sim, report_time(o, k), yk) != 0)
				goto done;
		}
		memcpy(f0, f1, sizeof(double) * (size_t)n);
		int changed = coordinates_after_step(sim, t, y); /* after the samples it spans */
		if (changed < 0 || (changed && constrained_derivatives(sim->s, t, y, f0) != 0))
			goto done;
		if (changed) {
			gsl_odeiv2_evolve_reset(evo);
			gsl_odeiv2_step_reset(step);
		}
	}
done:
	free(buf);
	gsl_odeiv2_evolve_free(evo);
	gsl_odeiv2_control_free(ctl);
	gsl_odeiv2_step_free(step);
}

static int dopri5_derivatives(void *ctx, double t, const double *y, double *dydt)
{
	struct system_data *sd = ctx;
	if (constrained_derivatives(sd->s, t, y, dydt) == 0)
		return 0;
	return sd->d->stopped ? -2 : -1; /* -1: a trial step shortens */
}

/* An event's search reads the step's continuous extension: no evaluation. */
static int dense_advance(void *ctx, double t0, const double *y0, double tau, double *y)
{
	(void)y0;
	dopri5_dense(ctx, t0 + tau, y);
	return 0;
}

/* Dormand–Prince steps. With o->dense the steps go their own way and every
 * report in between comes from the step's continuous extension, as ode45
 * reports (its order is the steps' less one, so the samples are as
 * accurate as the steps for the price of a few multiplications); without,
 * each reporting time ends a step. */
static void run_dopri5(struct sim *sim, double *y, long nsteps)
{
	const struct sim_options *o = sim->o;
	struct run_data *d = sim->d;
	int n = sim->n;
	struct system_data sd = {sim->s, d};
	struct dopri5 *w = dopri5_new(n, o->tol, o->abstol, dopri5_derivatives, &sd);
	double *y0 = malloc(sizeof(double) * 2 * (size_t)n + 1), *yk = y0 + n;
	double t = o->t0, end = report_time(o, nsteps), last_note = clock_seconds();
	/* a report this close to a step's end is the end's own state */
	double near = 1e-9 * o->dt;
	/* contacts are checked at the steps' ends: a touch that comes and goes
	 * inside a long step would pass unseen, so with contacts no step is
	 * longer than the reporting step */
	double hmax = sim->ev ? o->dt : o->tf;
	long k = 1;
	if (dopri5_start(w, t, y, 0) != 0)
		goto done;
	while (k <= nsteps) {
		progress(sim, t, &last_note);
		double t0 = t;
		memcpy(y0, y, sizeof(double) * (size_t)n);
		int status = dopri5_step(w, o->dense ? end : report_time(o, k),
		                         1e-13 * fmax(1.0, fabs(t)), hmax, &t, y);
		if (status == -2)
			goto done;
		if (status != 0) {
			run_data_fail(
			    d,
			    "at t = %g the %s step fell to %.3g: tol = %g cannot be met "
			    "here (a discontinuity, a stiff force or a singular position?)",
			    t, o->integrator, dopri5_next_h(w), o->tol);
			goto done;
		}
		sim->r->steps++;
		d->error[0] = '\0'; /* what failed in a rejected trial step is no error */
		if (watch_stiffness(sim, t, t - t0))
			goto done;
		int event = events_after_step(sim->ev, t0, y0, &t, y, dense_advance, w);
		if (event < 0)
			goto done;
		/* the reports the step has passed: before an event's instant the
		 * motion is the step's own, from its continuous extension */
		for (; k <= nsteps && report_time(o, k) <= t + (event ? -near : near); k++) {
			double tk = report_time(o, k);
			if (!event && tk >= t - near) {
				if (record(sim, tk, y) != 0)
					goto done;
				continue;
			}
			dopri5_dense(w, tk, yk);
			if (record(sim, tk, yk) != 0)
				goto done;
		}
		/* after the reports the step spans, the formulation may take other
		 * coordinates for the same state */
		int changed = coordinates_after_step(sim, t, y);
		if (changed < 0)
			goto done;
		/* then the steps start afresh; after an event from its instant, with
		 * a step small enough for a stiff contact force that has just begun
		 * (the control lets it grow tenfold a step) */
		double h = event ? fmin(dopri5_next_h(w), 1e-6 * o->dt) : dopri5_next_h(w);
		if ((event || changed) && dopri5_start(w, t, y, h) != 0)
			goto done;
	}
done:
	free(y0);
	dopri5_free(w);
}

/* Fixed steps of about h, each reporting time ending a step. */
static void run_fixed(struct sim *sim, double *y, long nsteps)
{
	const struct sim_options *o = sim->o;
	int n = sim->n;
	long substeps = (long)fmax(1, floor(o->dt / o->h + 0.5));
	double h = o->dt / (double)substeps, t = o->t0, last_note = clock_seconds();
	struct fixed *rk = fixed_new(n, strcmp(o->integrator, "symplectic") == 0);
	double *y0 = malloc(sizeof(double) * (size_t)n + 1);
	struct advance adv = {sim->s, rk, NULL, NULL, NULL, n};
	/* the formulation's own loop takes a whole reporting step at once when
	 * no contact event can interrupt it */
	int whole = rk->symplectic && !sim->ev && constrained_has_advance(sim->s);
	for (long k = 1; k <= nsteps; k++) {
		double target = report_time(o, k);
		if (whole) {
			if (constrained_advance(sim->s, t, h, substeps, y) != 0)
				goto done;
			sim->r->steps += substeps;
			t = target;
		}
		while (target - t > 1e-6 * h) { /* not a step for round-off */
			double t0 = t, step = fmin(h, target - t);
			memcpy(y0, y, sizeof(double) * (size_t)n);
			if (fixed_step(rk, sim->s, t, step, y) != 0)
				goto done;
			sim->r->steps++;
			t += step;
			if (events_after_step(sim->ev, t0, y0, &t, y, advance_one, &adv) < 0 ||
			    coordinates_after_step(sim, t, y) < 0)
				goto done;
		}
		t = target; /* report on the grid, free of accumulated round-off */
		if (record(sim, t, y) != 0)
			goto done;
		progress(sim, t, &last_note);
	}
done:
	free(y0);
	fixed_free(rk);
}

/* The integrators by name: ours (fixed steps, Dormand–Prince) or GSL's. */
static const struct integrator {
	const char *name;
	int fixed;                              /* fixed steps of h */
	const gsl_odeiv2_step_type *const *gsl; /* GSL's adaptive stepper */
} integrators[] = {{"rk4", 1, NULL},
                   {"symplectic", 1, NULL},
                   {"dopri5", 0, NULL},
                   {"ode45", 0, NULL},
                   {"rk45", 0, &gsl_odeiv2_step_rkf45},
                   {"rkf45", 0, &gsl_odeiv2_step_rkf45},
                   {"rkck", 0, &gsl_odeiv2_step_rkck},
                   {"rk8pd", 0, &gsl_odeiv2_step_rk8pd}};

const char *const integrator_names[] = {"rk4",   "symplectic", "dopri5", "ode45", "rk45",
                                        "rkf45", "rkck",       "rk8pd",  NULL};

static const struct integrator *integrator_find(const char *name)
{
	for (size_t i = 0; i < sizeof integrators / sizeof integrators[0]; i++)
		if (strcmp(integrators[i].name, name) == 0)
			return &integrators[i];
	return &integrators[0];
}

int integrator_fixed(const char *name) { return integrator_find(name)->fixed; }

int integrator_interpolates(const char *name)
{
	const struct integrator *in = integrator_find(name);
	return !in->fixed && !in->gsl;
}

struct run *simulate(const struct model *m, const struct formulation *f,
                     const struct sim_options *o)
{
	struct run *r = run_new(m);
	double start = clock_seconds();
	struct run_data *d = run_data_new(m);
	if (f->capabilities & FORM_KINEMATIC_ONLY)
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
		const struct integrator *in = integrator_find(o->integrator);
		if (in->fixed || n == 0)
			run_fixed(&sim, y, nsteps);
		else if (in->gsl)
			run_gsl(&sim, *in->gsl, y, nsteps);
		else
			run_dopri5(&sim, y, nsteps);
	}
	const struct impact_record *impacts = events_impacts(sim.ev, &r->nimpacts);
	if (r->nimpacts) {
		r->impacts = malloc(sizeof *impacts * (size_t)r->nimpacts);
		memcpy(r->impacts, impacts, sizeof *impacts * (size_t)r->nimpacts);
	}
	events_free(sim.ev);
	if (o->progress && clock_seconds() - start > 0.5)
		fprintf(stderr, "\r%40s\r", "");
	run_finish(r, d, start);
	constrained_free(s);
	run_data_free(d);
	free(y);
	return r;
}
