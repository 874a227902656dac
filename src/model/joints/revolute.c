/* SPDX-License-Identifier: GPL-3.0-or-later */
/* revolute.c — pin joint, book Sec. 7.2.1, Eqs. 7.14-7.18.
 * Φ = r_i^P - r_j^P; λ is the force the pin applies to body i. */
#include "model/joints/joint.h"

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)t;
	struct point_pair p = joint_points(j, bi, bj);
	vec2 pi = v2_perp(p.si), pj = v2_perp(p.sj);
	vec2 g = v2_sub(v2_scale(bi->phid * bi->phid, p.si), v2_scale(bj->phid * bj->phid, p.sj));
	double rows[2][3] = {{1, 0, pi.x}, {0, 1, pi.y}},
	       rowsj[2][3] = {{-1, 0, -pj.x}, {0, -1, -pj.y}};
	out->phi[0] = p.d.x, out->phi[1] = p.d.y;
	out->gamma[0] = g.x, out->gamma[1] = g.y; /* Eq. 7.18 */
	for (int r = 0; r < 2; r++)
		for (int k = 0; k < 3; k++)
			out->di[r][k] = rows[r][k], out->dj[r][k] = rowsj[r][k];
	return 0;
}

/* P_i - P_j = 0; it offers its relative angle. */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .offers = OFFER_ANGLE,
    .nrows = 2,
    .row = {ROW_GAP_X, ROW_GAP_Y},
};

const struct joint_kind joint_revolute = {
    .name = "revolute",
    .summary = "a pin: P_i stays on P_j",
    .rows = 2,
    .geometry = &geometry,
    .shape = {.points = 2},
    .drawing = DRAW_PIN,
    .eval = eval,
};
