/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rev_tran.c — pin in a slot, book Sec. 7.2.4, Eqs. 7.31-7.34. The slot is
 * the line through P_i along u_i on body i; the pin P_j on body j stays at
 * the signed offset L from it. λ acts on body i along ŭ_i. */
#include "model/joints/joint.h"

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)t;
	struct point_pair p = joint_points(j, bi, bj);
	vec2 ui = body_rotate(bi, j->ui), ni = v2_perp(ui);
	double wi = bi->phid, wj = bj->phid;
	out->phi[0] = v2_dot(ni, p.d) - j->param[0];
	double di[3] = {ni.x, ni.y, v2_dot(ui, v2_sub(p.si, p.d))};
	double dj[3] = {-ni.x, -ni.y, -v2_dot(ui, p.sj)};
	for (int k = 0; k < 3; k++)
		out->di[0][k] = di[k], out->dj[0][k] = dj[k];
	vec2 centripetal = v2_sub(v2_scale(wi * wi, p.si), v2_scale(wj * wj, p.sj));
	out->gamma[0] =
	    v2_dot(ni, p.d) * wi * wi + 2 * v2_dot(ui, p.dd) * wi + v2_dot(ni, centripetal);
	return 0;
}

/* P_i - P_j = s A_i u_i + L A_i ŭ_i, written on body i, its slide free:
 * its row is across the slot. */
static const struct joint_geometry geometry = {
    .on = GEO_I,
    .nterms = 2,
    .term = {{.kind = TERM_SLIDE, .on = GEO_I, .vec = {.base = GEO_U}},
             {.kind = TERM_OFFSET,
              .on = GEO_I,
              .vec = {.base = GEO_U_PERP, .scale = GEO_PARAM(0)}}},
    .nrows = 1,
    .row = {ROW_ACROSS},
};

const struct joint_kind joint_rev_tran = {
    .name = "rev-tran",
    .summary = "a pin in a slot: P_j stays `length` off the line through P_i along u_i",
    .rows = 1,
    .geometry = &geometry,
    .shape = {.points = 2, .vectors = 1},
    .drawing = DRAW_SLOT,
    .params = {{"length", PARAM_NUMBER, PARAM_FALLBACK, 0}},
    .eval = eval,
};
