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
	double *di0 = out->di[0], *di1 = out->di[1], *dj0 = out->dj[0], *dj1 = out->dj[1];
	di0[0] = 1, di0[1] = 0, di0[2] = pi.x; /* [I, s̆_i] and -[I, s̆_j] */
	di1[0] = 0, di1[1] = 1, di1[2] = pi.y;
	dj0[0] = -1, dj0[1] = 0, dj0[2] = -pj.x;
	dj1[0] = 0, dj1[1] = -1, dj1[2] = -pj.y;
	out->phi[0] = p.d.x, out->phi[1] = p.d.y;
	out->gamma[0] = g.x, out->gamma[1] = g.y; /* Eq. 7.18 */
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
