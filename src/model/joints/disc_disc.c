/* joint_disc_disc.c — two discs rolling on each other without slip, each
 * pinned elsewhere (gears, friction wheels), book Sec. 7.2.7, Eq. 7.42:
 *   R_i (φ_i - φ_i0) + R_j (φ_j - φ_j0) = 0,
 * so they turn in opposite senses with equal rim speeds. λ is the
 * tangential force at the contact divided into torques R_i λ and R_j λ. */
#include "model/joints/joint.h"

static int eval(struct model *m, const struct joint *j, const struct body_state *bi,
                const struct body_state *bj, double t, struct joint_eval *out)
{
	(void)m, (void)t;
	double Ri = j->radius, Rj = j->length; /* the second radius rides in `length` */
	out->phi[0] = Ri * (bi->phi - j->phi0) + Rj * (bj->phi - j->x0);
	for (int k = 0; k < 3; k++)
		out->di[0][k] = k == 2 ? Ri : 0, out->dj[0][k] = k == 2 ? Rj : 0;
	out->gamma[0] = 0;
	return 0;
}

const struct joint_kind joint_disc_disc = {"disc-disc", 1, eval};
