/* SPDX-License-Identifier: GPL-3.0-or-later */
/* minimal_coords.h — minimal coordinates from explicit inverse kinematics
 * (Blajer, Schiehlen and Schirm, 1992), switching the independent
 * coordinates before a singularity.
 *
 * The model's joints are taken apart into groups that have closed-form
 * solutions, in an order that uses only what is already known: a body
 * placed on a known one by a pin or slider whose angle or slide is
 * independent, driven or fixed; and vector loops between known bodies
 * that are left with two unknowns, each solved as a triangle, a line
 * across a circle or two lines (the dyads of a planar mechanism: RRR, RRP,
 * RPR, PRP and the like, with massless links for rev-rev and rev-tran
 * joints). The independent coordinates are body coordinates ("crank.x",
 * "crank.angle") or joint coordinates ("B.angle" of a pin, "guide.slide"
 * of a slider). It registers as formulation_minimal; the groups are open
 * for teaching. */
#ifndef MB_MINIMAL_COORDS_H
#define MB_MINIMAL_COORDS_H

/* One group of the decomposition at the last evaluation. */
struct mc_group {
	const char *kind;   /* "placed", "two angles", "angle and slide", ... */
	char joints[200];   /* the joints (or coordinates) it closes, in words */
	char bodies[200];   /* the bodies it places */
	char unknowns[200]; /* what it solves for */
	double condition;   /* 1: far from singular, 0: singular */
	int branch;         /* +1 or -1: the assembly taken (0: none to take) */
};

/* The bodies at (t, q_I, q̇_I): c, and per body coordinate a rate row of
 * k + 1 numbers, B's row then η's (ċ = B q̇_I + η, Eq. 6), and ξ (c̈ =
 * B q̈_I + ξ, Eq. 7). Valid until the next evaluation. */
struct mc_kinematics {
	int k;
	const double *c, *rows, *xi;
};

/* ws: the workspace of a minimal-coordinate run (constrained_workspace). */
int mc_groups(void *ws, struct mc_group *out, int max);
int mc_kinematics(void *ws, double t, const double *q, const double *qd, struct mc_kinematics *out);

#endif
