/* body_coords.h — the body-coordinate formulation, book Ch. 7 and 8.
 *
 * Coordinates c = {x, y, φ} per body; state y = {c, ċ}. It registers as
 * formulation_body (formulation.h). The pieces are also open for teaching
 * and tests: M, D, γ, h, c̈ and λ at one state. */
#ifndef MB_BODY_COORDS_H
#define MB_BODY_COORDS_H

#include <gsl/gsl_matrix.h>

#include "formulation/formulation.h"
#include "analysis/kinematics.h"

struct bc_pieces {
	const double *mass_diag; /* M, 3 per body */
	const gsl_matrix *D;     /* nc x 3nb */
	const double *gamma, *phi, *h, *acc, *lambda;
};

/* Evaluate everything at (t, c, ċ) with a workspace from
 * formulation_body.setup; the pieces point into the workspace. */
int bc_evaluate(void *ws, double t, const double *c, const double *cd, struct bc_pieces *out);

/* The constraints at (t, c, ċ): Φ, D, γ and the velocity right side v
 * (D ċ = v, D c̈ = γ), pointing into the workspace; 0 or -1. */
struct bc_constraints {
	const gsl_matrix *D;
	const double *phi, *gamma, *vrhs;
	int rows, cols;
};
int bc_constraints(void *ws, double t, const double *c, const double *cd,
                   struct bc_constraints *out);

/* The velocities after a constraint is added (Sec. 13.5, Eq. 13.55): the
 * mass-weighted projection of cd onto D ċ = v, in place; 0 or -1. */
int bc_impulse(void *ws, double t, const double *c, double *cd);

/* The velocity jump of an impact (Sec. 11.1.4, Eq. 11.27; with friction
 * as Eq. 11.30): impulses π along the generalised directions W (rows x n,
 * row-major) such that A ċ⁺ = target while every joint keeps D ċ⁺ = v,
 *   [M -D' -W'; D 0 0; A 0 0] {Δċ; Δσ; π} = {0; 0; target - A ċ⁻}.
 * ċ becomes ċ⁺; 0, or -1 when the system is singular (the joints already
 * stop the motion the impulse asks for, or they are redundant). */
int bc_impact(void *ws, double t, const double *c, double *cd, int rows, const double *A,
              const double *W, const double *target, double *pi);

/* The constraints as a kin_system in c (kinematics.h), for Algorithm K
 * and coordinate partitioning; ctx is the workspace. */
void bc_kin_system(void *ws, struct kin_system *out);

/* Which joint a constraint row belongs to. */
const char *bc_row_joint(void *ws, int row);

/* A sample for a state whose accelerations another formulation computed:
 * the multipliers of every joint come from D'λ = M c̈ - h (least squares),
 * so reactions, energy and violation are reported the same way. */
int bc_measure_given(void *ws, double t, const double *c, const double *cd, const double *acc,
                     struct sample *out);

#endif
