/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disc_disc.c — two discs rolling on each other without slip, each pinned
 * elsewhere (gears, friction wheels), book Sec. 7.2.7, Eq. 7.42:
 *   R_i (φ_i - φ_i0) + R_j (φ_j - φ_j0) = 0,
 * with the reference angles those at t = 0, so they turn in opposite
 * senses with equal rim speeds. λ is the tangential force at the contact,
 * divided into torques R_i λ and R_j λ. */
#include <math.h>
#include <stdio.h>

#include "model/joints/joint.h"

static int prepare(const struct model *m, struct joint *j, char *err, size_t len)
{
	if (!(j->param[0] > 0 && j->param[1] > 0)) {
		snprintf(err, len, "the radii must be positive (got %g, %g)", j->param[0],
		         j->param[1]);
		return -1;
	}
	if (isnan(j->param[2]))
		j->param[2] = m->bodies[j->bi].q0[2];
	if (isnan(j->param[3]))
		j->param[3] = m->bodies[j->bj].q0[2];
	return 0;
}

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)t;
	double Ri = j->param[0], Rj = j->param[1];
	out->phi[0] = Ri * (bi->phi - j->param[2]) + Rj * (bj->phi - j->param[3]);
	for (int k = 0; k < 3; k++)
		out->di[0][k] = k == 2 ? Ri : 0, out->dj[0][k] = k == 2 ? Rj : 0;
	out->gamma[0] = 0;
	return 0;
}

/* R_i (φ_i - φ_i0) + R_j (φ_j - φ_j0) = 0: the angles geared. */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .tie = {.kind = TIE_GEARED, .slot = 0},
    .nrows = 1,
    .row = {ROW_TIE},
};

const struct joint_kind joint_disc_disc = {
    .name = "disc-disc",
    .summary = "two discs (radii {R_i, R_j}) rolling on each other without slip",
    .rows = 1,
    .geometry = &geometry,
    .shape = {.bodies = 2, .moving = 1},
    .params = {{"radii", PARAM_PAIR, PARAM_REQUIRED}, {"start angles", PARAM_PAIR, PARAM_DERIVED}},
    .prepare = prepare,
    .eval = eval,
};
