/* SPDX-License-Identifier: GPL-3.0-or-later */
/* simulate.h — forward dynamics of any formulation (book Ch. 13): one run
 * loop over the stepper types of analysis/stepper.h (fixed steps, GSL's
 * odeiv2 steppers, Dormand–Prince's under DOPRI5's or ode45's control), a
 * reporting step apart from the integration step, function evaluations
 * counted, samples recorded at every reporting time, contact events
 * followed. */
#ifndef MB_SIMULATE_H
#define MB_SIMULATE_H

#include "analysis/run.h"
#include "formulation/formulation.h"

struct sim_options {
	const char *integrator; /* "rk4" or "symplectic" (fixed h), "dopri5" (Hairer's
	                         * control), "ode45" (MATLAB's), or GSL's adaptive
	                         * "rk45", "rkck", "rk8pd" */
	double t0, tf, dt, h;   /* start time, length of the run, reporting step, fixed step */
	int resumed;            /* it carries on from another run's end (an event): no start
	                         * check, no correction */
	double tol, abstol;     /* adaptive: relative and absolute tolerances */
	int correct;            /* correct initial conditions first */
	int dense;              /* adaptive: interpolate reports between free steps */
	struct formulation_config cfg;
	int progress; /* print progress on stderr */
	/* adaptive: end the run where it turns stiff (run->stiff says when), its
	 * samples stopping there, no error: for a search made of many short
	 * runs, which a stiff one would hold up for minutes */
	int stop_when_stiff;
};

/* What a run takes unless told: Dormand–Prince's steps under ode45's
 * control, with dense reports, at tol 1e-10. Its tolerance binds every
 * component of the state (the largest error over max(tol |y_i|, abstol)),
 * where DOPRI5's root mean square lets one component err sqrt(2n) times
 * the tolerance while the others are quiet: on the book's Ex. 14.3 at tol
 * 1e-3 that missed the stick-slip. Measured on 12 example models against
 * rk8pd at tol 1e-12 (5 s, 2 s with contacts), ode45 at tol 1e-10 errs 2
 * to 8 times less than dopri5 at the same tol on 10 of them (the
 * conveyor 2.8 times, the cart at round-off) for 27% more evaluations in
 * all (98,322 against 77,130); at equal cost (ode45 at 5e-10) the two are
 * about as accurate. */
#define integrator_default "ode45"
#define tol_default 1e-10

/* Whether an integrator (analysis/stepper.h has their names) takes fixed
 * steps (else adaptive). */
int integrator_fixed(const char *name);
/* Whether it has an interpolant of its steps' own order, so that its runs
 * report dense unless told (dopri5); GSL's steppers have none (their
 * dense reports are a cubic) and end a step at every report unless told. */
int integrator_interpolates(const char *name);

/* Run model m through formulation f. Always returns a run; a failure
 * leaves what was computed before it and the reason in run->error. */
struct run *simulate(const struct model *m, const struct formulation *f,
                     const struct sim_options *o);

#endif
