/* joint_rev_rev.c — a massless link of length L between two pins,
 * book Sec. 7.2.3, Eqs. 7.24-7.30: Φ = (d'd - L²) / 2L, so that λ is the
 * axial force on body i along u = d / L. */
#include "model/joints/joint.h"

static int eval(struct model *m, const struct joint *j, const struct body_state *bi,
                const struct body_state *bj, double t, struct joint_eval *out)
{
	(void)m, (void)t;
	double L = j->length;
	vec2 si = v2_rotate(bi->phi, j->si), sj = v2_rotate(bj->phi, j->sj);
	vec2 d = v2_sub(v2_add(bi->r, si), v2_add(bj->r, sj));
	vec2 dd = v2_sub(v2_add(bi->rd, v2_scale(bi->phid, v2_perp(si))),
	                 v2_add(bj->rd, v2_scale(bj->phid, v2_perp(sj))));
	vec2 u = v2_scale(1 / L, d);
	out->phi[0] = (v2_dot(d, d) - L * L) / (2 * L);
	double di[3] = {u.x, u.y, v2_dot(u, v2_perp(si))};
	double dj[3] = {-u.x, -u.y, -v2_dot(u, v2_perp(sj))};
	for (int k = 0; k < 3; k++)
		out->di[0][k] = di[k], out->dj[0][k] = dj[k];
	vec2 centripetal =
	    v2_sub(v2_scale(bi->phid * bi->phid, si), v2_scale(bj->phid * bj->phid, sj));
	out->gamma[0] = -v2_dot(dd, dd) / L + v2_dot(u, centripetal); /* Eq. 7.30 */
	return 0;
}

const struct joint_kind joint_rev_rev = {"rev-rev", 1, eval};
