/* SPDX-License-Identifier: GPL-3.0-or-later */
/* driver_angle.c — a prescribed angle, book Sec. 7.2.8, Eqs. 7.43-7.44:
 * φ_i - φ_j - f(t) = 0; λ is the driving torque on body i. */
#include "model/joints/joint.h"

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m;
	double f[3];
	if (model_fn(d, &j->fn, t, f) != 0)
		return -1;
	out->phi[0] = bi->phi - bj->phi - f[0];
	for (int k = 0; k < 3; k++)
		out->di[0][k] = k == 2, out->dj[0][k] = -(k == 2);
	out->gamma[0] = f[2];
	out->vrhs[0] = f[1];
	return 0;
}

/* φ_i - φ_j = f(t). */
static const struct joint_geometry geometry = {
    .on = GEO_J,
    .tie = {.kind = TIE_DRIVEN, .form = TIE_ANGLE},
    .nrows = 1,
    .row = {ROW_TIE},
};

const struct joint_kind joint_driver_angle = {
    .name = "driver-angle",
    .summary = "drives the angle of body i against body j: fn(t)",
    .internal = 1,
    .rows = 1,
    .geometry = &geometry,
    .shape = {.bodies = 2},
    .eval = eval,
};
