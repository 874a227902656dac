/* SPDX-License-Identifier: GPL-3.0-or-later */
/* simple.c — one coordinate of a body held fixed, book Sec. 7.2.6, Eqs.
 * 7.38-7.39: x_i = c, y_i = c or φ_i = c; c is its value at t = 0 unless
 * given. */
#include <math.h>

#include "model/joints/joint.h"

static int prepare(const struct model *m, struct joint *j, char *err, size_t len)
{
	(void)err, (void)len;
	int coord = (int)j->param[0]; /* an index of coords[], checked */
	if (isnan(j->param[1]))
		j->param[1] = m->bodies[j->bi].q0[coord];
	return 0;
}

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)bj, (void)t;
	int coord = (int)j->param[0];
	double q[3] = {bi->r.x, bi->r.y, bi->phi};
	out->phi[0] = q[coord] - j->param[1];
	for (int k = 0; k < 3; k++)
		out->di[0][k] = k == coord, out->dj[0][k] = 0;
	out->gamma[0] = 0;
	return 0;
}

static const char *const coords[] = {"x", "y", "angle", NULL};

const struct joint_kind joint_simple = {
    .name = "simple",
    .summary = "one coordinate of a body held at a value (its start unless given)",
    .rows = 1,
    .shape = {.bodies = 1, .moving = 1},
    .params = {{"coord", PARAM_CHOICE, PARAM_REQUIRED, 0, coords},
               {"value", PARAM_NUMBER, PARAM_FROM_START}},
    .prepare = prepare,
    .eval = eval,
};
