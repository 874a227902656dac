/* SPDX-License-Identifier: GPL-3.0-or-later */
/* vector_loops.h — vector-loop kinematics, book Ch. 5.
 *
 * The joint graph of the model (bodies and the ground as nodes, joints as
 * edges) gives a spanning tree from the ground and one loop per joint left
 * over (a cycle basis: joints - bodies + 1 loops per connected part, the
 * ground counted as a body). Each loop is a sum of vectors that must be
 * zero (Eqs. 5.14, 5.20, 5.29-5.30): a body's vectors between its joint
 * points (constant length, the body's angle), a slider's variable length
 * along its guide, a massless link's own angle. The unknowns are the
 * vector coordinates: one absolute angle per set of bodies that sliders
 * and welds keep parallel, one distance per slider, one angle per massless
 * link, and x, y of a part that no joint holds to the ground. Drivers add
 * one equation each. It registers as formulation_vector, for kinematic
 * analysis only (no mass hooks); the structure below is open for
 * printing the loops (m:loops()). */
#ifndef MB_VECTOR_LOOPS_H
#define MB_VECTOR_LOOPS_H

#include "model/model.h"

/* One vector of a sum: sign times its value. */
struct vl_term {
	enum vl_term_kind {
		VT_BODY,  /* A(φ_body) local: fixed on a body (constant on the ground) */
		VT_SLIDE, /* d A(φ_body) local: a distance coordinate along a body's unit vector */
		VT_LINK,  /* L u(θ): a massless link, θ its coordinate; local = (L, 0) */
		VT_FREE,  /* (x, y): the mass centre of a part no joint holds to the ground */
	} kind;
	int sign;   /* +1 or -1: walked tail to head or head to tail */
	int body;   /* VT_BODY, VT_SLIDE: the body it is fixed on (-1: the ground) */
	int coord;  /* VT_SLIDE, VT_LINK: its coordinate; VT_FREE: that of x */
	int joint;  /* the joint it crosses, or -1 for a vector within a body */
	vec2 local; /* body-fixed vector, or unit vector of a slide */
};

/* A vector coordinate (Sec. 5.1.2). */
struct vl_coordinate {
	enum vl_coord_kind { VC_ANGLE, VC_SLIDE, VC_LINK, VC_X, VC_Y } kind;
	int body;  /* VC_ANGLE: the first body of the set that turns with it; VC_X, VC_Y */
	int joint; /* VC_SLIDE, VC_LINK: its joint */
};

struct vl_loop {
	const struct vl_term *terms;
	int nterms;
	const int *joints; /* the joints around it, in the order walked */
	int njoints;
	int start; /* the body it starts and ends at (-1: the ground) */
};

struct vl_structure {
	int nbodies, ncoords, nloops;
	const struct vl_coordinate *coords;
	const struct vl_loop *loops;
	/* per body: the coordinate of its angle (-1: fixed to the ground's),
	 * the constant α with φ = θ + α, and the vector sum from the origin to
	 * its mass centre (Sec. 5.2) */
	const int *angle_coord;
	const double *alpha;
	const struct vl_term *const *path;
	const int *npath;
	const int *drivers; /* model joints that are drivers, in order */
	int ndrivers;
};

/* ws: the workspace of a vector-loop run (constrained_workspace). */
void vl_structure(void *ws, struct vl_structure *out);

/* The structure of a model without a run, for printing (m:loops()): the
 * workspace of formulation_vector set up to describe, not to solve (an
 * open chain, with no loop, is taken). NULL with the reason in d->error
 * when a joint has no vector. Free with formulation_vector.release. */
void *vl_describe(const struct model *m, struct run_data *d);

#endif
