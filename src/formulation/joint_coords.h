/* SPDX-License-Identifier: GPL-3.0-or-later */
/* joint_coords.h — the joint-coordinate formulation, book Ch. 9.
 *
 * Derived from the same model as body coordinates: a spanning tree grows
 * from the ground over the joints that can be tree joints (a pin gives a
 * relative angle, or an absolute one on request, Sec. 9.2.1; a slider a
 * distance); a body with no path to the ground floats with (x, y, φ), and
 * every other joint is cut: its constraints join with C = D B (Eq. 9.34).
 * It registers as formulation_joint; the pieces below (the tree, B, Ḃθ̇)
 * are open for teaching. */
#ifndef MB_JOINT_COORDS_H
#define MB_JOINT_COORDS_H

/* What the tree looks like: for body b, its parent, the model joint
 * through which it hangs (-1: floating) and its first coordinate. */
struct jc_tree {
	int nbodies, ncoords, ncut;
	const int *parent, *joint, *coord, *kind; /* kind: 0 float, 1 revolute, 2 slide */
	const int *cut;                           /* model joint indices that are cut */
};

/* B (3nb x n, row-major) in ċ = B θ̇, Ḃθ̇, and the bodies' c and ċ at θ, θ̇. */
struct jc_kinematics {
	const double *B, *bias, *c, *cd;
};

/* ws: the workspace of a joint-coordinate run (constrained_workspace). */
void jc_tree(void *ws, struct jc_tree *out);
void jc_kinematics(void *ws, const double *theta, const double *theta_d, struct jc_kinematics *out);

#endif
