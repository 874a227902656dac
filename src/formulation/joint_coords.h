/* joint_coords.h — the joint-coordinate formulation, book Ch. 9.
 *
 * Derived from the same model as body coordinates: a spanning tree grows
 * from the ground over the revolute and translational joints; each tree
 * joint brings one coordinate θ (a relative angle, or an absolute one on
 * request, Sec. 9.2.1; a slide distance), a body with no path to the ground
 * floats with (x, y, φ), and every other joint is cut: its constraints
 * join with C = D B (Eq. 9.34). Registers as formulation_joint; the pieces
 * (tree, B, Ḃθ̇, M̄, h̄, C) are open for teaching. */
#ifndef MB_JOINT_COORDS_H
#define MB_JOINT_COORDS_H

#include "formulation/formulation.h"

/* What the tree looks like: for body b, its parent, the model joint
 * through which it hangs (-1: floating) and its first coordinate. */
struct jc_tree_info {
	int nbodies, ncoords, ncut;
	const int *parent, *joint, *coord, *kind; /* kind: 0 float, 1 revolute, 2 slide */
	const int *cut;                           /* model joint indices that are cut */
};

struct jc_pieces {
	struct jc_tree_info tree;
	const double *B, *bias;     /* 3nb x n row-major; Ḃθ̇ */
	const double *Mbar, *hbar;  /* n x n; n */
	const double *C, *gamma;    /* nc x n; right side of C θ̈ = γ̄ */
	const double *acc, *lambda; /* θ̈; cut-joint multipliers */
	const double *theta, *theta_d;
	const double *c, *cd; /* the body coordinates they give */
	int n, nc;
};

/* Everything at the initial state, or at y = {θ, θ̇} when y is not NULL
 * (2n numbers), for teaching and tests. */
int jc_evaluate(void *ws, double t, const double *y, struct jc_pieces *out);

/* The number of joint coordinates of a workspace. */
int jc_size(const void *ws);

struct kin_system;
/* The cut-joint constraints in joint coordinates (C = D B, γ̄) for the
 * kinematic analysis of kinematics.h. */
void jc_kin_system(void *ws, struct kin_system *out);

#endif
