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

/* One per coord, in their order: x_i = c is r_i - 0 = c e_x + s (0, -1),
 * y_i = c is r_i - 0 = c e_y + s e_x (the body sliding along the ground's
 * line, its row across it), φ_i = c a tie to the ground. */
static const struct joint_geometry geometry[] = {
    {.on = GEO_J,
     .nterms = 2,
     .term = {{.kind = TERM_OFFSET, .on = GEO_J, .vec = {GEO_AXIS, 1, 0, 0, GEO_PARAM(1)}},
              {.kind = TERM_SLIDE, .on = GEO_J, .vec = {GEO_AXIS, 0, -1, 0, 0}}},
     .nrows = 1,
     .row = {ROW_ACROSS}},
    {.on = GEO_J,
     .nterms = 2,
     .term = {{.kind = TERM_OFFSET, .on = GEO_J, .vec = {GEO_AXIS, 0, 1, 0, GEO_PARAM(1)}},
              {.kind = TERM_SLIDE, .on = GEO_J, .vec = {GEO_AXIS, 1, 0, 0, 0}}},
     .nrows = 1,
     .row = {ROW_ACROSS}},
    {.on = GEO_J,
     .tie = {.kind = TIE_FIXED, .form = TIE_ANGLE, .value = GEO_PARAM(1)},
     .nrows = 1,
     .row = {ROW_TIE}},
};

const struct joint_kind joint_simple = {
    .name = "simple",
    .summary = "one coordinate of a body held at a value (its start unless given)",
    .rows = 1,
    .geometry = geometry,
    .shape = {.bodies = 1, .moving = 1},
    .params = {{"coord", PARAM_CHOICE, PARAM_REQUIRED, 0, coords},
               {"value", PARAM_NUMBER, PARAM_FROM_START}},
    .prepare = prepare,
    .eval = eval,
};
