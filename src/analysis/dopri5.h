/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dopri5.h — the Dormand–Prince 5(4) pair with its continuous extension:
 * the method of MATLAB's and Octave's ode45, which the book's program
 * DAP_BC calls. Seven stages, the last at the step's end (FSAL: it is the
 * next step's first, so a step costs six evaluations), the step size
 * controlled by the embedded fourth-order estimate as in Hairer, Nørsett
 * and Wanner's DOPRI5 (Solving ODEs I, Sec. II.4-II.6), and a free
 * fourth-order interpolant between a step's ends for reports and events.
 *
 * GSL's odeiv2 has no Dormand–Prince pair and no dense output, so it is
 * written here by hand. The workspace is sized once: no step allocates. */
#ifndef MB_DOPRI5_H
#define MB_DOPRI5_H

/* dydt = f(t, y): 0, or a failure: -1 the state cannot be evaluated there
 * (a trial step is shortened), -2 the run must stop. */
typedef int (*dopri5_rhs)(void *ctx, double t, const double *y, double *dydt);

struct dopri5;

/* A workspace for n equations with relative and absolute tolerances. */
struct dopri5 *dopri5_new(int n, double rtol, double atol, dopri5_rhs f, void *ctx);
void dopri5_free(struct dopri5 *w);

/* Start (or start again, after an event) at (t, y): the first stage there,
 * and a first step: h > 0 as given, or chosen (h = 0) from the derivatives
 * as DOPRI5 does, one evaluation more. 0, or the failure of f. */
int dopri5_start(struct dopri5 *w, double t, const double *y, double h);

/* One accepted step from the last state, no longer than hmax and no
 * further than t_end: the trial steps the error estimate rejects are
 * shortened and taken again. On return *t, y are the step's end. 0; -1
 * when the step falls below hmin (the message is the caller's); -2 when f
 * said stop. */
int dopri5_step(struct dopri5 *w, double t_end, double hmin, double hmax, double *t, double *y);

/* One step of exactly h from the last state without the control (for the
 * tests of its order): y receives the fifth-order result, and the error
 * norm of the step (1: at the tolerance) is returned, or -1 if f failed. */
double dopri5_fixed_step(struct dopri5 *w, double h, double *y);

/* The continuous extension of the last step at t (between its ends) into
 * out: fourth order, O(h^5) locally. */
void dopri5_dense(const struct dopri5 *w, double t, double *out);

/* The last step's ends, the size the control proposes next, and the counts
 * of accepted and rejected steps and of evaluations. */
double dopri5_step_start(const struct dopri5 *w);
double dopri5_step_end(const struct dopri5 *w);
double dopri5_next_h(const struct dopri5 *w);
long dopri5_evaluations(const struct dopri5 *w);
long dopri5_rejected(const struct dopri5 *w);

#endif
