/* joint_rev_tran.c — pin in a slot, book Sec. 7.2.4, Eqs. 7.31-7.34.
 * The slot is the line through P_i along u_i on body i; the pin P_j on
 * body j stays at the signed offset L from it. λ acts on body i along ŭ_i. */
#include "model/joints/joint.h"

static int eval(struct model *m, const struct joint *j, const struct body_state *bi,
                const struct body_state *bj, double t, struct joint_eval *out)
{
	(void)m, (void)t;
	vec2 si = v2_rotate(bi->phi, j->si), sj = v2_rotate(bj->phi, j->sj);
	vec2 ui = v2_rotate(bi->phi, j->ui), ni = v2_perp(ui);
	vec2 d = v2_sub(v2_add(bi->r, si), v2_add(bj->r, sj));
	vec2 dd = v2_sub(v2_add(bi->rd, v2_scale(bi->phid, v2_perp(si))),
	                 v2_add(bj->rd, v2_scale(bj->phid, v2_perp(sj))));
	double wi = bi->phid, wj = bj->phid;
	out->phi[0] = v2_dot(ni, d) - j->length;
	double di[3] = {ni.x, ni.y, v2_dot(ui, v2_sub(si, d))};
	double dj[3] = {-ni.x, -ni.y, -v2_dot(ui, sj)};
	for (int k = 0; k < 3; k++)
		out->di[0][k] = di[k], out->dj[0][k] = dj[k];
	vec2 centripetal = v2_sub(v2_scale(wi * wi, si), v2_scale(wj * wj, sj));
	out->gamma[0] = v2_dot(ni, d) * wi * wi + 2 * v2_dot(ui, dd) * wi + v2_dot(ni, centripetal);
	return 0;
}

const struct joint_kind joint_rev_tran = {"rev-tran", 1, eval};
