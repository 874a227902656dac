/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disc.c — a disc of radius R on flat ground (y = 0), touching and rolling
 * without slip, book Sec. 7.2.7, Eqs. 7.40-7.41:
 *   y_i - R = 0  and  R (φ_i - φ0) + (x_i - x0) = 0,
 * with x0 and φ0 the disc's position and angle at t = 0 unless given. λ1
 * is the normal force on the disc, λ2 the tangential (no-slip) force. */
#include <math.h>

#include "model/joints/joint.h"

static int prepare(const struct model *m, struct joint *j, char *err, size_t len)
{
	(void)err, (void)len;
	if (isnan(j->param[1]))
		j->param[1] = m->bodies[j->bi].q0[0];
	if (isnan(j->param[2]))
		j->param[2] = m->bodies[j->bi].q0[2];
	return 0;
}

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)bj, (void)t;
	double R = j->param[0], x0 = j->param[1], phi0 = j->param[2];
	out->phi[0] = bi->r.y - R;
	out->phi[1] = R * (bi->phi - phi0) + (bi->r.x - x0);
	double rows[2][3] = {{0, 1, 0}, {1, 0, R}};
	for (int r = 0; r < 2; r++)
		for (int k = 0; k < 3; k++)
			out->di[r][k] = rows[r][k], out->dj[r][k] = 0;
	out->gamma[0] = out->gamma[1] = 0;
	return 0;
}

/* r_i - 0 = R e_y + ℓ e_x with ℓ = x0 - R (φ_i - φ0): its centre at the
 * height of its radius, its roll tying x to its angle; rows across the
 * roll, then along it. */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .nterms = 2,
    .term = {{.kind = TERM_OFFSET, .on = GEO_J, .vec = {GEO_AXIS, 0, 1, 0, GEO_PARAM(0)}},
             {.kind = TERM_ROLL, .on = GEO_J, .vec = {GEO_AXIS, 1, 0, 0, 0}, .slot = 0}},
    .nrows = 2,
    .row = {ROW_ACROSS, ROW_ALONG},
};

const struct joint_kind joint_disc = {
    .name = "disc",
    .summary = "a disc rolling on the ground's x axis without slip",
    .rows = 2,
    .shape = {.bodies = 1, .moving = 1},
    .geometry = &geometry,
    .drawing = DRAW_DISC,
    .params = {{"radius", PARAM_POSITIVE, PARAM_REQUIRED},
               {"x0", PARAM_NUMBER, PARAM_FROM_START},
               {"phi0", PARAM_NUMBER, PARAM_FROM_START}},
    .prepare = prepare,
    .eval = eval,
};
