/* SPDX-License-Identifier: GPL-3.0-or-later */
/* driver_distance.c — a prescribed distance, book Sec. 7.2.8, Eqs.
 * 7.45-7.48: |r_i^P - r_j^P| = f(t), written (d'd - f²) / 2f so that λ is
 * the driving force along u = d / f. */
#include <stdio.h>

#include "model/joints/joint.h"

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m;
	double f[3];
	if (model_fn(d, &j->fn, t, f) != 0)
		return -1;
	if (!(f[0] > 0)) {
		run_data_fail(
		    d, "%s: joint '%s': the prescribed distance must stay positive (%g at t = %g)",
		    j->where, j->name, f[0], t);
		return -1;
	}
	struct point_pair p = joint_points(j, bi, bj);
	vec2 u = v2_scale(1 / f[0], p.d);
	double dtd = v2_dot(p.d, p.d);
	out->phi[0] = (dtd - f[0] * f[0]) / (2 * f[0]);
	double di[3] = {u.x, u.y, v2_dot(u, v2_perp(p.si))};
	double dj[3] = {-u.x, -u.y, -v2_dot(u, v2_perp(p.sj))};
	for (int k = 0; k < 3; k++)
		out->di[0][k] = di[k], out->dj[0][k] = dj[k];
	/* D ċ = -∂Φ/∂t, and γ = -(D ċ)˙ + ∂²Φ/∂t² terms, exact in d and f */
	double f0 = f[0], f1 = f[1], f2 = f[2];
	double dtdd = v2_dot(p.d, p.dd);
	out->vrhs[0] = f1 * (dtd / (f0 * f0) + 1) / 2;
	vec2 centripetal =
	    v2_sub(v2_scale(bi->phid * bi->phid, p.si), v2_scale(bj->phid * bj->phid, p.sj));
	out->gamma[0] = -v2_dot(p.dd, p.dd) / f0 + v2_dot(u, centripetal) +
	                2 * dtdd * f1 / (f0 * f0) +
	                (f2 * (dtd / (f0 * f0) + 1) - 2 * dtd * f1 * f1 / (f0 * f0 * f0)) / 2;
	return 0;
}

/* P_i - P_j = f(t) e(ψ): a link whose length the driver prescribes. */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .nterms = 1,
    .term = {{.kind = TERM_DRIVEN}},
    .nrows = 1,
    .row = {ROW_LENGTH},
};

const struct joint_kind joint_driver_distance = {
    .name = "driver-distance",
    .summary = "drives the distance between P_i and P_j: fn(t)",
    .internal = 1,
    .rows = 1,
    .geometry = &geometry,
    .shape = {.points = 2},
    .eval = eval,
};
