/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stepper.h — how a forward run takes its steps: one type per family of
 * integrators (as GSL's odeiv2 step types), each with the same few hooks
 * (start, step, dense output, a step from a given state), so that one run
 * loop (simulate.c) serves fixed steps, GSL's adaptive steppers and
 * Dormand–Prince's, events and switches of coordinates included.
 *
 * A stepper advances the state y of a formulation set up for the run (its
 * derivatives are constrained_derivatives, each counted as an evaluation).
 * The workspace is sized when the run starts: no step allocates. */
#ifndef MB_STEPPER_H
#define MB_STEPPER_H

#include "formulation/constrained.h"

/* What a stepper is set up with. */
struct stepper_setup {
	struct constrained *s;
	struct run_data *d;
	int n;               /* the state's size */
	const char *name;    /* the integrator's name ("rk4", "ode45", "rkck", ...) */
	double h;            /* fixed steppers: the step (dt divided evenly) */
	long substeps;       /* fixed steppers: steps of h per reporting interval */
	double tol, abstol;  /* adaptive: relative and absolute tolerances */
	double hmax;         /* adaptive: the longest step */
	double dt;           /* the reporting interval */
	int dense;           /* adaptive: reports come from the steps' dense output */
	int whole_intervals; /* fixed: a formulation's own loop may take a whole interval */
};

struct stepper_type {
	const char *name;
	int fixed;        /* steps of h; else adaptive, under the tolerances */
	int interpolates; /* its dense output has the steps' own order (a cubic Hermite
	                   * otherwise): reports are dense by default, and those before
	                   * an event come from it rather than from a step of their own */
	void *(*alloc)(const struct stepper_setup *setup);
	void (*free)(void *w);
	/* (Re)start at (t, y) with a first step h (0: its own choice): 0, or -1
	 * with the run's error set. */
	int (*start)(void *w, double t, const double *y, double h);
	/* Accepted steps from the last state to no further than t_end, *t and y
	 * their end: how many steps (1, or a fixed stepper's whole interval);
	 * -1 when the step cannot be taken (an adaptive one fell too small: the
	 * message is the loop's; a fixed one: the run's error is set); -2 when
	 * the run was stopped. */
	long (*step)(void *w, double t_end, double *t, double *y);
	/* The state at t within the last step into out: 0 or -1. */
	int (*dense)(void *w, double t, double *out);
	/* One step from (t0, y0) over tau into y, the state left as it was for
	 * the run (an event's instant is searched with it): 0 or -1. */
	int (*advance)(void *w, double t0, const double *y0, double tau, double *y);
	/* The step size it would take next. */
	double (*next_h)(const void *w);
	/* The steps its error control has refused since it was made (0 for a
	 * fixed stepper): a refused step costs its evaluations too. */
	long (*refused)(const void *w);
};

/* The stepper type of an integrator's name, or NULL. */
const struct stepper_type *stepper_find(const char *name);

/* Every integrator's name, NULL-terminated. */
const char *const *integrator_names(void);

#endif
