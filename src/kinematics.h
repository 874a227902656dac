/* kinematics.h — kinematic analysis and inverse dynamics in body
 * coordinates, book Sec. 12.1-12.2.
 *
 * With as many driver rows as degrees of freedom the constraints alone fix
 * the motion (Algorithm K): at each reporting time Newton-Raphson solves
 * Φ(c, t) = 0, then D ċ = v and D c̈ = γ. Inverse dynamics (ID1) adds
 * D'λ = M c̈ - h for every multiplier, the drivers' torques and forces
 * among them; it comes with every sample, reported like forward runs. */
#ifndef MB_KINEMATICS_H
#define MB_KINEMATICS_H

#include "simulate.h"

struct kin_options {
	double tf, dt, tol;
	int max_iterations;
	int modified; /* modified Newton: keep the first Jacobian of each solve */
	int trace;    /* keep the residual of every iteration of the first solve */
};

struct kin_trace {
	int count;
	double residual[64]; /* ‖Φ‖ before each iteration */
	int worst_row[64];   /* the largest |Φ_i| */
};

/* A run whose samples follow the drivers; run->steps counts Newton
 * iterations, run->fevals constraint evaluations. On failure run->error
 * says when and why; the samples before it stay. iterations (one per
 * sample, allocated by the run) and trace may be NULL. */
struct run *kinematic_run(struct model *m, const struct kin_options *o, int **iterations,
                          struct kin_trace *trace);

#endif
