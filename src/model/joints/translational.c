/* SPDX-License-Identifier: GPL-3.0-or-later */
/* translational.c — sliding joint, book Sec. 7.2.2, Eqs. 7.19-7.23.
 * Row 1 keeps P_i on the line through P_j along u_j; row 2 keeps u_i
 * parallel to u_j. γ is the general form (no φ̇_i = φ̇_j assumed), so it
 * also holds off the constraint manifold. λ1 acts on body i along ŭ_j, λ2
 * is the reaction torque on body i. */
#include "model/joints/joint.h"

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)t;
	struct point_pair p = joint_points(j, bi, bj);
	vec2 ui = body_rotate(bi, j->ui), uj = body_rotate(bj, j->uj);
	vec2 nj = v2_perp(uj);
	double wi = bi->phid, wj = bj->phid, cosij = v2_dot(uj, ui);

	out->phi[0] = v2_dot(nj, p.d);
	out->phi[1] = v2_dot(nj, ui);
	double *di0 = out->di[0], *dj0 = out->dj[0];
	di0[0] = nj.x, di0[1] = nj.y, di0[2] = v2_dot(uj, p.si);
	dj0[0] = -nj.x, dj0[1] = -nj.y, dj0[2] = -v2_dot(uj, v2_add(p.sj, p.d));
	out->di[1][0] = out->di[1][1] = out->dj[1][0] = out->dj[1][1] = 0;
	out->di[1][2] = cosij, out->dj[1][2] = -cosij;
	vec2 centripetal = v2_sub(v2_scale(wi * wi, p.si), v2_scale(wj * wj, p.sj));
	out->gamma[0] =
	    v2_dot(nj, p.d) * wj * wj + 2 * v2_dot(uj, p.dd) * wj + v2_dot(nj, centripetal);
	out->gamma[1] = (wi - wj) * (wi - wj) * out->phi[1];
	return 0;
}

/* P_i - P_j = s A_j u_j, its slide free, and A_i u_i kept parallel to A_j
 * u_j: row 1 across the slide, row 2 the sine between the vectors. */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .nterms = 1,
    .term = {{.kind = TERM_SLIDE, .on = GEO_J, .vec = {.base = GEO_U}}},
    .tie = {.kind = TIE_FIXED, .form = TIE_PARALLEL},
    .offers = OFFER_SLIDE,
    .nrows = 2,
    .row = {ROW_ACROSS, ROW_TIE},
};

const struct joint_kind joint_translational = {
    .name = "translational",
    .summary = "a slider: P_i on the line through P_j along u_j, u_i parallel to u_j",
    .rows = 2,
    .geometry = &geometry,
    .shape = {.points = 2, .vectors = 2},
    .drawing = DRAW_GUIDE,
    .eval = eval,
};
