/* SPDX-License-Identifier: GPL-3.0-or-later */
/* joint.h — the kinematic joints of book Sec. 7.2, one kind per file.
 *
 * A kind fills, for the current state, its constraint rows Φ, the Jacobian
 * blocks D_i and D_j (rows x 3, columns x, y, φ of each body), the right
 * side γ of D c̈ = γ and the right side of D ċ = v (non-zero for drivers).
 * Its table entry (struct joint_kind, model.h) also names its numbers,
 * fills their defaults, checks them, and declares what the joint relates
 * in the closed vocabulary of geometry.h, which every formulation reads:
 * nothing outside this folder asks which kind a joint is. Adding a joint
 * is one file and one line in JOINT_KINDS below; tests/test_joints.c then
 * checks its rows against finite differences and its Φ against its
 * declaration, and tests/test_kinds.c runs it in every formulation. */
#ifndef MB_JOINT_H
#define MB_JOINT_H

#include "model/joints/geometry.h"
#include "model/model.h"

/* Where a kind's eval writes each of its rows: Φ, γ, v (zero unless it
 * writes it: drivers) and the row's three columns of body i and of body j,
 * all of which it writes. joint_rows_eval points them into the constraint
 * rows themselves, so nothing is copied. */
struct joint_eval {
	double *phi, *gamma, *vrhs;
	double *di[JOINT_ROWS], *dj[JOINT_ROWS];
};

/* A kind's output kept on its own, outside constraint rows. */
struct joint_values {
	double phi[JOINT_ROWS], gamma[JOINT_ROWS], vrhs[JOINT_ROWS];
	double di[JOINT_ROWS][3], dj[JOINT_ROWS][3];
};

/* A joint_eval that writes into v, zeroed. */
static inline struct joint_eval joint_eval_into(struct joint_values *v)
{
	static const struct joint_values zero;
	*v = zero;
	return (struct joint_eval){v->phi,
	                           v->gamma,
	                           v->vrhs,
	                           {v->di[0], v->di[1], v->di[2]},
	                           {v->dj[0], v->dj[1], v->dj[2]}};
}

/* X(file name) for every kind, in the order help lists them. */
#define JOINT_KINDS                                                                                \
	X(revolute)                                                                                \
	X(translational)                                                                           \
	X(rev_rev)                                                                                 \
	X(rev_tran)                                                                                \
	X(rigid)                                                                                   \
	X(simple)                                                                                  \
	X(disc)                                                                                    \
	X(disc_disc)                                                                               \
	X(driver_angle)                                                                            \
	X(driver_distance)

#define X(kind) extern const struct joint_kind joint_##kind;
JOINT_KINDS
#undef X

/* The kind called name, or NULL. */
const struct joint_kind *joint_kind_find(const char *name);

/* Every kind, NULL-terminated. */
extern const struct joint_kind *const joint_kinds[];

/* What a formulation takes, in its refusals, read from the table so that
 * a new kind adds nothing there: the kinds offered by name of which
 * `takes` accepts a declaration (of any choice), as "revolute, rigid and
 * disc joints" into out (len bytes), then ", and drivers" when it takes a
 * driven kind the driver form makes. Returns out. */
const char *joint_kinds_taken(int (*takes)(const struct geometry *g), char *out, size_t len);

/* The joint's points at the bodies' states (model.h). */
#define joint_points(j, bi, bj) point_pair(bi, (j)->si, bj, (j)->sj)

#endif
