/* kinematics.h — kinematic analysis and inverse dynamics, book Sec.
 * 12.1-12.2, in any formulation that can state its constraints.
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

#include "analysis/simulate.h"

struct kin_options {
	double tf, dt, tol;
	int max_iterations;
	int modified; /* modified Newton: keep the first Jacobian of each solve */
	int trace;    /* keep the residual of every iteration of the first solve */
};

struct kin_trace {
	int count;
	double residual[64];         /* ‖Φ‖ before each iteration */
	int worst_row[64];           /* the largest |Φ_i| */
	const char *worst_joint[64]; /* its joint (names owned by the model) */
};

/* The constraints of a formulation in its own coordinates q. */
struct kin_eval {
	const double *J;               /* rows x n, row-major */
	const double *phi, *v, *gamma; /* Φ, J q̇ = v, J q̈ = γ */
	int rows;
};

struct kin_system {
	int n; /* coordinates */
	void *ctx;
	/* 0, or -1 with the model's error set */
	int (*constraints)(void *ctx, double t, const double *q, const double *qd,
	                   struct kin_eval *out);
	/* body coordinates c, ċ, c̈ of a solved state (pointers into ctx) */
	int (*bodies)(void *ctx, double t, const double *q, const double *qd, const double *qdd,
	              const double **c, const double **cd, const double **cdd);
	const char *(*row_joint)(void *ctx, int row);
};

/* A run whose samples follow the drivers; run->steps counts Newton
 * iterations, run->fevals constraint evaluations. On failure run->error
 * says when and why; the samples before it stay. iterations (one per
 * sample, allocated by the run) and trace may be NULL. The formulation is
 * any of formulation.h's, by name, set up with cfg. */
struct run *kinematic_run(struct model *m, const char *formulation,
                          const struct formulation_config *cfg, const struct kin_options *o,
                          int **iterations, struct kin_trace *trace);

#endif
