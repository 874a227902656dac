/* point_coords.h — the point-coordinate formulation, book Ch. 10.
 *
 * Each body becomes two primary points with no rotational coordinate: P1
 * at its mass centre and P2 at distance ρ = sqrt(J/m) (its radius of
 * gyration) along its x axis, held apart by a length constraint (Eq.
 * 10.14). With that spacing the mass matrix is constant and exact (Sec.
 * 10.7-10.8): per body m [2I -I; -I I], the particle m at P1 and the
 * rotary inertia J/ρ² = m on the difference P2 - P1. Forces and torques
 * go to the points (Sec. 10.6: a torque is a couple on P1 and P2). Each
 * joint is the model's own joint stated through the points: its rows are
 * D_r = D_c ∂c/∂r for the map c(r) from points to the body's pose, so
 * every joint kind works and reports the same reactions.
 *
 * State y = {r, ṙ} (4 per body); it registers as formulation_point. */
#ifndef MB_POINT_COORDS_H
#define MB_POINT_COORDS_H

#include "formulation/formulation.h"

struct pc_pieces {
	const double *r, *rd;    /* primary points and their velocities, 4 per body */
	const double *M;         /* n x n, row-major, constant */
	const double *D, *gamma; /* rows x n: the joints' rows, then one length row per body */
	const double *phi;       /* the rows' Φ */
	const double *h, *acc, *lambda;
	int n, rows, joint_rows;
};

/* The constraints in point coordinates for kinematics.h. */
struct kin_system;
void pc_kin_system(void *ws, struct kin_system *out);

/* Everything at the model's initial state, or at y = {r, ṙ} when y is not
 * NULL (8 numbers per body), for teaching and tests. */
int pc_evaluate(void *ws, double t, const double *y, struct pc_pieces *out);

#endif
