/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rev_rev.c — a massless link of length L between two pins, book Sec.
 * 7.2.3, Eqs. 7.24-7.30: Φ = (d'd - L²) / 2L, so that λ is the axial force
 * on body i along u = d / L. */
#include "model/joints/joint.h"

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)t;
	double L = j->param[0];
	struct point_pair p = joint_points(j, bi, bj);
	vec2 u = v2_scale(1 / L, p.d);
	out->phi[0] = (v2_dot(p.d, p.d) - L * L) / (2 * L);
	double di[3] = {u.x, u.y, v2_dot(u, v2_perp(p.si))};
	double dj[3] = {-u.x, -u.y, -v2_dot(u, v2_perp(p.sj))};
	for (int k = 0; k < 3; k++)
		out->di[0][k] = di[k], out->dj[0][k] = dj[k];
	vec2 centripetal =
	    v2_sub(v2_scale(bi->phid * bi->phid, p.si), v2_scale(bj->phid * bj->phid, p.sj));
	out->gamma[0] = -v2_dot(p.dd, p.dd) / L + v2_dot(u, centripetal); /* Eq. 7.30 */
	return 0;
}

/* P_i - P_j = L e(ψ): a link of length L with an angle ψ of its own. */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .nterms = 1,
    .term = {{.kind = TERM_LINK, .slot = 0}},
    .nrows = 1,
    .row = {ROW_LENGTH},
};

const struct joint_kind joint_rev_rev = {
    .name = "rev-rev",
    .summary = "a massless link: P_i and P_j stay `length` apart",
    .rows = 1,
    .geometry = &geometry,
    .shape = {.points = 2},
    .drawing = DRAW_ROD,
    .params = {{"length", PARAM_POSITIVE, PARAM_REQUIRED}},
    .eval = eval,
};
