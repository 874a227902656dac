/* SPDX-License-Identifier: GPL-3.0-or-later */
/* run_options.c — the options of a run (run_options.h). Each range says
 * why it is what it is; the Lua layer and the bindings read it from here. */
#include "analysis/run_options.h"

#include <math.h>

#include "analysis/simulate.h"
#include "analysis/stepper.h"

#define RUNS (TAKEN_BY_SIMULATE | TAKEN_BY_KINEMATICS)

const struct option option_integrator = {
    .name = "integrator",
    .type = OPTION_CHOICE,
    .fallback = NAN,
    .said = "the formulation's (ode45 but for discrete)",
    .choices_of = integrator_names,
    .taken_by = TAKEN_BY_SIMULATE,
    .summary = "the integrator: ode45 (Dormand-Prince), rk45, rkf45, rkck, rk8pd (adaptive), rk4 "
               "or symplectic (fixed step h)"};

/* Times in seconds: a run shorter than a picosecond or longer than 30,000
 * years is a slip of units, and a step or a report of at least 1e-12 s
 * still moves t (tf / dt and tf / h are capped apart, RUN_MAX_*). */
const struct option option_tf = {.name = "tf",
                                 .type = OPTION_NUMBER,
                                 .lo = 1e-12,
                                 .hi = 1e12,
                                 .fallback = 1,
                                 .taken_by = RUNS,
                                 .summary = "the end of the run (s)"};
const struct option option_dt = {.name = "dt",
                                 .type = OPTION_NUMBER,
                                 .lo = 1e-12,
                                 .hi = 1e12,
                                 .fallback = NAN,
                                 .said = "0.01 or tf / 10, the smaller, at least 1e-12",
                                 .taken_by = RUNS,
                                 .summary = "the reporting step (s), at most tf and tf / 1e7"};
const struct option option_h = {.name = "h",
                                .type = OPTION_NUMBER,
                                .lo = 1e-12,
                                .hi = 1e12,
                                .fallback = NAN,
                                .said = "the formulation's step, or dt",
                                .taken_by = TAKEN_BY_SIMULATE,
                                .summary = "the fixed step of rk4 and symplectic (s), at most dt "
                                           "and tf / 1e9"};

/* Below 1e-14 an error is under the round-off of one evaluation (2.2e-16
 * times the hundred-odd operations a step or a constraint takes), so no
 * step and no Newton iteration could meet it; above 1 it bounds nothing.
 * (Kinematics took 1e-15 and simulations 1e-14: one range now.) */
const struct option option_tol = {.name = "tol",
                                  .type = OPTION_NUMBER,
                                  .lo = 1e-14,
                                  .hi = 1,
                                  .fallback = 1e-10,
                                  .taken_by = RUNS,
                                  .summary = "the error allowed: of each adaptive step, relative; "
                                             "of the constraints in Newton-Raphson"};
/* In the state's own units (m, rad, m/s, rad/s): any positive size down to
 * the smallest normal doubles (an error relative to the state alone), up
 * to 1e12, past which it bounds nothing a model holds. */
const struct option option_abstol = {.name = "abstol",
                                     .type = OPTION_NUMBER,
                                     .lo = 1e-300,
                                     .hi = 1e12,
                                     .fallback = NAN,
                                     .said = "tol",
                                     .taken_by = TAKEN_BY_SIMULATE,
                                     .summary = "the absolute error of each adaptive step"};
const struct option option_correct = {.name = "correct",
                                      .type = OPTION_FLAG,
                                      .taken_by = TAKEN_BY_SIMULATE,
                                      .summary = "moves the start onto the joints first"};
const struct option option_dense = {.name = "dense",
                                    .type = OPTION_FLAG,
                                    .fallback = NAN,
                                    .said = "the integrator's: true for ode45",
                                    .taken_by = TAKEN_BY_SIMULATE,
                                    .summary = "steps run freely and the reports are "
                                               "interpolated (false: each report ends a step)"};
const struct option option_progress = {.name = "progress",
                                       .type = OPTION_FLAG,
                                       .fallback = NAN,
                                       .said = "true at the prompt",
                                       .taken_by = TAKEN_BY_SIMULATE,
                                       .summary = "a progress line on standard error"};

/* Newton-Raphson converges in a handful of iterations from a start near
 * its solution; past 1000 it is not converging, and more would hide it. */
const struct option option_max_iterations = {.name = "max_iterations",
                                             .type = OPTION_WHOLE,
                                             .lo = 1,
                                             .hi = 1000,
                                             .fallback = 25,
                                             .taken_by = TAKEN_BY_KINEMATICS,
                                             .summary = "Newton-Raphson's iterations per solve"};
static const char *const newton_kinds[] = {"full", "modified", NULL};
const struct option option_newton = {.name = "newton",
                                     .type = OPTION_CHOICE,
                                     .choices = newton_kinds,
                                     .taken_by = TAKEN_BY_KINEMATICS,
                                     .summary = "full (a Jacobian each iteration) or modified "
                                                "(the first kept for the solve)"};
const struct option option_trace = {.name = "trace",
                                    .type = OPTION_FLAG,
                                    .taken_by = TAKEN_BY_KINEMATICS,
                                    .summary = "keeps the first solve's residuals in r.trace"};

/* The library's own, taken by no analysis a user calls: a run that carries
 * on from another's end (events) starts at t0, with no start check and no
 * correction; a search made of many short runs stops one turning stiff. */
const struct option option_t0 = {.name = "t0",
                                 .type = OPTION_NUMBER,
                                 .lo = 0,
                                 .hi = 1e12,
                                 .summary = "the start time of a run that carries on"};
const struct option option_resumed = {
    .name = "resumed", .type = OPTION_FLAG, .summary = "the run carries on from another's end"};
const struct option option_stop_when_stiff = {
    .name = "stop_when_stiff", .type = OPTION_FLAG, .summary = "end the run where it turns stiff"};

const struct option *const run_options[] = {&option_integrator,
                                            &option_tf,
                                            &option_dt,
                                            &option_h,
                                            &option_tol,
                                            &option_abstol,
                                            &option_correct,
                                            &option_dense,
                                            &option_progress,
                                            &option_max_iterations,
                                            &option_newton,
                                            &option_trace,
                                            &option_t0,
                                            &option_resumed,
                                            &option_stop_when_stiff,
                                            NULL};
