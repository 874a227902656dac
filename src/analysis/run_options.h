/* SPDX-License-Identifier: GPL-3.0-or-later */
/* run_options.h — the options of a run, declared once (util/option.h):
 * what simulate.c and kinematics.c read into struct sim_options and struct
 * kin_options, with the ranges both the Lua layer and the bindings check.
 * The remedies' options and those every formulation shares are declared in
 * formulation/formulation.c, each formulation's own in its table entry. */
#ifndef MB_RUN_OPTIONS_H
#define MB_RUN_OPTIONS_H

#include "util/option.h"

extern const struct option option_integrator, option_tf, option_dt, option_h, option_tol,
    option_abstol, option_correct, option_dense, option_progress, option_max_iterations,
    option_newton, option_trace, option_t0, option_resumed, option_stop_when_stiff;

/* All of them, NULL-terminated. */
extern const struct option *const run_options[];

/* The most reports (tf / dt) and fixed steps (tf / h) a run takes: beyond
 * them the samples would not fit in memory, or the run would not end. */
#define RUN_MAX_REPORTS 1e7
#define RUN_MAX_STEPS 1e9

#endif
