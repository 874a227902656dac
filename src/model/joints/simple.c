/* joint_simple.c — one coordinate of a body held fixed, book Sec. 7.2.6,
 * Eqs. 7.38-7.39: x_i = c, y_i = c or φ_i = c. */
#include "model/joints/joint.h"

static int eval(struct model *m, const struct joint *j, const struct body_state *bi,
                const struct body_state *bj, double t, struct joint_eval *out)
{
	(void)m, (void)bj, (void)t;
	double q[3] = {bi->r.x, bi->r.y, bi->phi};
	out->phi[0] = q[j->coord] - j->value;
	for (int k = 0; k < 3; k++)
		out->di[0][k] = k == j->coord, out->dj[0][k] = 0;
	out->gamma[0] = 0;
	return 0;
}

const struct joint_kind joint_simple = {"simple", 1, eval};
