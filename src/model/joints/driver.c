/* joint_driver.c — prescribed motions, book Sec. 7.2.8.
 * Angle (Eqs. 7.43-7.44): φ_i - φ_j - f(t) = 0; λ is the driving torque
 * on body i. Distance (Eqs. 7.45-7.48): |r_i^P - r_j^P| = f(t), written
 * (d'd - f²) / 2f so that λ is the driving force along u = d / f. */
#include "model/joints/joint.h"

static int angle(struct model *m, const struct joint *j, const struct body_state *bi,
                 const struct body_state *bj, double t, struct joint_eval *out)
{
	double f[3];
	if (model_fn(m, &j->fn, t, f) != 0)
		return -1;
	out->phi[0] = bi->phi - bj->phi - f[0];
	for (int k = 0; k < 3; k++)
		out->di[0][k] = k == 2, out->dj[0][k] = -(k == 2);
	out->gamma[0] = f[2];
	out->vrhs[0] = f[1];
	return 0;
}

static int distance(struct model *m, const struct joint *j, const struct body_state *bi,
                    const struct body_state *bj, double t, struct joint_eval *out)
{
	double f[3];
	if (model_fn(m, &j->fn, t, f) != 0)
		return -1;
	if (!(f[0] > 0)) {
		model_fail(
		    m, "%s: joint '%s': the prescribed distance must stay positive (%g at t = %g)",
		    j->where, j->name, f[0], t);
		return -1;
	}
	vec2 si = v2_rotate(bi->phi, j->si), sj = v2_rotate(bj->phi, j->sj);
	vec2 d = v2_sub(v2_add(bi->r, si), v2_add(bj->r, sj));
	vec2 dd = v2_sub(v2_add(bi->rd, v2_scale(bi->phid, v2_perp(si))),
	                 v2_add(bj->rd, v2_scale(bj->phid, v2_perp(sj))));
	vec2 u = v2_scale(1 / f[0], d);
	double dtd = v2_dot(d, d);
	out->phi[0] = (dtd - f[0] * f[0]) / (2 * f[0]);
	double di[3] = {u.x, u.y, v2_dot(u, v2_perp(si))};
	double dj[3] = {-u.x, -u.y, -v2_dot(u, v2_perp(sj))};
	for (int k = 0; k < 3; k++)
		out->di[0][k] = di[k], out->dj[0][k] = dj[k];
	/* D ċ = -∂Φ/∂t, and γ = -(D ċ)˙ + ∂²Φ/∂t² terms, exact in d and f */
	double f0 = f[0], f1 = f[1], f2 = f[2];
	double dtdd = v2_dot(d, dd);
	out->vrhs[0] = f1 * (dtd / (f0 * f0) + 1) / 2;
	vec2 centripetal =
	    v2_sub(v2_scale(bi->phid * bi->phid, si), v2_scale(bj->phid * bj->phid, sj));
	out->gamma[0] = -v2_dot(dd, dd) / f0 + v2_dot(u, centripetal) + 2 * dtdd * f1 / (f0 * f0) +
	                (f2 * (dtd / (f0 * f0) + 1) - 2 * dtd * f1 * f1 / (f0 * f0 * f0)) / 2;
	return 0;
}

const struct joint_kind joint_driver_angle = {"driver-angle", 1, angle};
const struct joint_kind joint_driver_distance = {"driver-distance", 1, distance};
