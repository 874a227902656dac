/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dopri5.h — the Dormand–Prince 5(4) pair with its continuous extension:
 * the method of MATLAB's and Octave's ode45, which the book's program
 * DAP_BC calls. Seven stages, the last at the step's end (FSAL: it is the
 * next step's first, so a step costs six evaluations), the step size
 * controlled by the embedded fourth-order estimate, and a free
 * fourth-order interpolant between a step's ends for reports and events.
 *
 * Two controls of the same steps:
 * - DOPRI5_HAIRER, Hairer, Nørsett and Wanner's DOPRI5 (Solving ODEs I,
 *   Sec. II.4-II.6): the error is the root mean square over the components
 *   of err_i / (atol + rtol max(|y_i|, |y_new,i|)), at most 1; a PI
 *   controller; the first step from HINIT (one evaluation more); Shampine's
 *   interpolant. An error that one component carries alone is divided by
 *   the square root of the state's size.
 * - DOPRI5_ODE45, MATLAB's ode45 as its source does it: the error is the
 *   largest over the components of |err_i| / max(|y_i|, |y_new,i|,
 *   AbsTol/RelTol), at most RelTol (so |err_i| <= max(RelTol |y_i|,
 *   AbsTol) in every component); h · 1/(1.25 (err/RelTol)^(1/5)), at most
 *   five times, after a step taken at the first try; 0.8 (RelTol/err)^(1/5)
 *   (at least a tenth) on a first refusal and a half on the next ones; the
 *   first step the reporting interval shortened so that its Euler step
 *   moves no component by more than 0.8 RelTol^(1/5) of its weight; no step
 *   longer than the largest given (ode45's MaxStep, a tenth of the run);
 *   RelTol raised to 100 eps when below; ode45's own interpolant (ntrp45).
 *
 * GSL's odeiv2 has no Dormand–Prince pair and no dense output, so it is
 * written here by hand. The workspace is sized once: no step allocates. */
#ifndef MB_DOPRI5_H
#define MB_DOPRI5_H

/* dydt = f(t, y): 0, or a failure: -1 the state cannot be evaluated there
 * (a trial step is shortened), -2 the run must stop. */
typedef int (*dopri5_rhs)(void *ctx, double t, const double *y, double *dydt);

struct dopri5;

enum dopri5_control { DOPRI5_HAIRER, DOPRI5_ODE45 };

struct dopri5_config {
	enum dopri5_control control;
	double rtol, atol; /* relative and absolute tolerances */
	double hmax;       /* the longest step */
	double first_span; /* ode45: the first reporting interval, its first step's bound */
};

/* A workspace for n equations. */
struct dopri5 *dopri5_new(int n, const struct dopri5_config *cfg, dopri5_rhs f, void *ctx);
void dopri5_free(struct dopri5 *w);

/* Start (or start again, after an event) at (t, y): the first stage there,
 * and a first step: h > 0 as given, or chosen (h = 0) from the derivatives
 * as DOPRI5 does, one evaluation more. 0, or the failure of f. */
int dopri5_start(struct dopri5 *w, double t, const double *y, double h);

/* One accepted step from the last state, no longer than hmax and no
 * further than t_end: the trial steps the error estimate rejects are
 * shortened and taken again. On return *t, y are the step's end. 0; -1
 * when the step falls below the least it may take (1e-13 of max(1, |t|),
 * or ode45's 16 units in the last place of t; the message is the
 * caller's); -2 when f said stop. */
int dopri5_step(struct dopri5 *w, double t_end, double *t, double *y);

/* One step of exactly h from the last state without the control (for the
 * tests of its order): y receives the fifth-order result, and the error
 * norm of the step (1: at the tolerance, in either control) is returned,
 * or -1 if f failed. */
double dopri5_fixed_step(struct dopri5 *w, double h, double *y);

/* The continuous extension of the last step at t (between its ends) into
 * out: fourth order, O(h^5) locally. */
void dopri5_dense(const struct dopri5 *w, double t, double *out);

/* The size the control proposes next, and the counts of accepted and
 * rejected steps and of evaluations. */
double dopri5_next_h(const struct dopri5 *w);
long dopri5_evaluations(const struct dopri5 *w);
long dopri5_rejected(const struct dopri5 *w);

#endif
