/* SPDX-License-Identifier: GPL-3.0-or-later */
/* kinematics.h — kinematic analysis and inverse dynamics, book Sec.
 * 12.1-12.2, in any formulation.
 *
 * With as many driver rows as degrees of freedom the constraints alone fix
 * the motion (Algorithm K): at each reporting time Newton-Raphson solves
 * Φ(q, t) = 0, then J q̇ = v and J q̈ = γ, in the formulation's own
 * coordinates q (body coordinates: J = D; joint coordinates: J = C = D B).
 * Inverse dynamics (ID1) adds D'λ = M c̈ - h in body coordinates for every
 * multiplier, the drivers' torques and forces among them; it comes with
 * every sample, reported like forward runs. */
#ifndef MB_KINEMATICS_H
#define MB_KINEMATICS_H

#include "analysis/run.h"
#include "formulation/formulation.h"

struct kin_options {
	double tf, dt, tol;
	int max_iterations;
	int modified; /* modified Newton: keep the first Jacobian of each solve */
	int trace;    /* keep the residual of every iteration of the first solve */
};

#define KIN_TRACE 64

struct kin_trace {
	int count;
	double residual[KIN_TRACE];      /* ‖Φ‖ before each iteration */
	int worst_row[KIN_TRACE];        /* the largest |Φ_i| */
	char worst_joint[KIN_TRACE][64]; /* its row's name */
};

/* A run whose samples follow the drivers; run->steps counts Newton
 * iterations, run->fevals constraint evaluations. On failure run->error
 * says when and why; the samples before it stay. iterations (one per
 * sample, allocated by the run) and trace may be NULL. */
struct run *kinematic_run(const struct model *m, const struct formulation *f,
                          const struct formulation_config *cfg, const struct kin_options *o,
                          int **iterations, struct kin_trace *trace);

#endif
