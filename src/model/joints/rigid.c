/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rigid.c — two bodies welded, book Sec. 7.2.5, Eqs. 7.35-7.37:
 * r_i = r_j + A_j d'_j and φ_i - φ_j = θ. Unless given, d'_j and θ are
 * those of the bodies as they stand at t = 0. */
#include <math.h>

#include "model/joints/joint.h"

static int prepare(const struct model *m, struct joint *j, char *err, size_t len)
{
	(void)err, (void)len;
	static const double ground[3] = {0, 0, 0};
	const double *qi = j->bi >= 0 ? m->bodies[j->bi].q0 : ground;
	const double *qj = j->bj >= 0 ? m->bodies[j->bj].q0 : ground;
	if (isnan(j->param[0]) || isnan(j->param[1])) {
		vec2 d = v2_unrotate(qj[2], v2(qi[0] - qj[0], qi[1] - qj[1]));
		j->param[0] = d.x, j->param[1] = d.y;
	}
	if (isnan(j->param[2]))
		j->param[2] = qi[2] - qj[2];
	return 0;
}

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)t;
	vec2 dj = body_rotate(bj, v2(j->param[0], j->param[1])), pdj = v2_perp(dj);
	vec2 gap = v2_sub(bi->r, v2_add(bj->r, dj));
	double rowsi[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	double rowsj[3][3] = {{-1, 0, -pdj.x}, {0, -1, -pdj.y}, {0, 0, -1}};
	out->phi[0] = gap.x, out->phi[1] = gap.y;
	out->phi[2] = bi->phi - bj->phi - j->param[2];
	for (int r = 0; r < 3; r++)
		for (int k = 0; k < 3; k++)
			out->di[r][k] = rowsi[r][k], out->dj[r][k] = rowsj[r][k];
	out->gamma[0] = -dj.x * bj->phid * bj->phid;
	out->gamma[1] = -dj.y * bj->phid * bj->phid;
	out->gamma[2] = 0;
	return 0;
}

/* r_i - r_j = A_j d'_j (the offset), φ_i - φ_j = θ (the angle). */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .nterms = 1,
    .term = {{.kind = TERM_OFFSET, .on = GEO_J, .vec = {.base = GEO_PAIR, .pair = 0}}},
    .tie = {.kind = TIE_FIXED, .form = TIE_ANGLE, .value = GEO_PARAM(2)},
    .nrows = 3,
    .row = {ROW_GAP_X, ROW_GAP_Y, ROW_TIE},
};

const struct joint_kind joint_rigid = {
    .name = "rigid",
    .summary = "a weld: body i keeps its place (offset, in j's frame) and angle on body j",
    .rows = 3,
    .geometry = &geometry,
    .shape = {.bodies = 2},
    .params = {{"offset", PARAM_PAIR, PARAM_FROM_START}, {"angle", PARAM_NUMBER, PARAM_FROM_START}},
    .prepare = prepare,
    .eval = eval,
};
