/* joint_disc.c — a disc of radius R on flat ground (y = 0), touching and
 * rolling without slip, book Sec. 7.2.7, Eqs. 7.40-7.41:
 *   y_i - R = 0  and  R (φ_i - φ0) + (x_i - x0) = 0.
 * λ1 is the normal force on the disc, λ2 the tangential (no-slip) force. */
#include "model/joints/joint.h"

static int eval(struct model *m, const struct joint *j, const struct body_state *bi,
                const struct body_state *bj, double t, struct joint_eval *out)
{
	(void)m, (void)bj, (void)t;
	double R = j->radius;
	out->phi[0] = bi->r.y - R;
	out->phi[1] = R * (bi->phi - j->phi0) + (bi->r.x - j->x0);
	double rows[2][3] = {{0, 1, 0}, {1, 0, R}};
	for (int r = 0; r < 2; r++)
		for (int k = 0; k < 3; k++)
			out->di[r][k] = rows[r][k], out->dj[r][k] = 0;
	out->gamma[0] = out->gamma[1] = 0;
	return 0;
}

const struct joint_kind joint_disc = {"disc", 2, eval};
