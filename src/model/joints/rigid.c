/* joint_rigid.c — two bodies welded as they stand at t = 0, book Sec.
 * 7.2.5, Eqs. 7.35-7.37: r_i = r_j + A_j d'_j and φ_i - φ_j = θ. */
#include "model/joints/joint.h"

static int eval(struct model *m, const struct joint *j, const struct body_state *bi,
                const struct body_state *bj, double t, struct joint_eval *out)
{
	(void)m, (void)t;
	vec2 dj = v2_rotate(bj->phi, j->rigid_d), pdj = v2_perp(dj);
	vec2 d = v2_sub(bi->r, v2_add(bj->r, dj));
	double rowsi[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	double rowsj[3][3] = {{-1, 0, -pdj.x}, {0, -1, -pdj.y}, {0, 0, -1}};
	out->phi[0] = d.x, out->phi[1] = d.y;
	out->phi[2] = bi->phi - bj->phi - j->rigid_theta;
	for (int r = 0; r < 3; r++)
		for (int k = 0; k < 3; k++)
			out->di[r][k] = rowsi[r][k], out->dj[r][k] = rowsj[r][k];
	out->gamma[0] = -dj.x * bj->phid * bj->phid;
	out->gamma[1] = -dj.y * bj->phid * bj->phid;
	out->gamma[2] = 0;
	return 0;
}

const struct joint_kind joint_rigid = {"rigid", 3, eval};
