/* joint.h — the kinematic joints of book Sec. 7.2, one kind per file.
 *
 * A kind fills, for the current state, its constraint rows Φ, the Jacobian
 * blocks D_i and D_j (rows x 3, columns x, y, φ of each body), the right
 * side γ of D c̈ = γ and the right side of D ċ = v (non-zero for drivers).
 * Adding a joint is one file and one entry in joint_kinds. */
#ifndef MB_JOINT_H
#define MB_JOINT_H

#include "model/model.h"

struct joint_eval {
	double phi[3];
	double di[3][3], dj[3][3];
	double gamma[3];
	double vrhs[3];
};

struct joint_kind {
	const char *name;
	int rows;
	/* 0, or -1 with m->error set (a driver function failed) */
	int (*eval)(struct model *m, const struct joint *j, const struct body_state *bi,
	            const struct body_state *bj, double t, struct joint_eval *out);
};

extern const struct joint_kind joint_revolute, joint_translational, joint_rev_rev, joint_rev_tran,
    joint_rigid, joint_simple, joint_disc, joint_disc_disc, joint_driver_angle,
    joint_driver_distance;

/* The kind called name, or NULL. */
const struct joint_kind *joint_kind_find(const char *name);

#endif
