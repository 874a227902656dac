/* SPDX-License-Identifier: GPL-3.0-or-later */
/* torque.c — a torque on a body: a constant value (with a potential), or
 * fn(t). */
#include "model/forces/force.h"

static int apply(const struct model *m, struct run_data *d, const struct force *fe, const double *c,
                 const double *cd, double t, double *h, double *potential, struct force_values *out)
{
	(void)m;
	double T[3];
	if (model_fn(d, &fe->fn, t, T) != 0)
		return -1;
	T[0] += fe->param[0];
	h[3 * fe->bi + 2] += T[0];
	if (!fe->fn.call)
		*potential -= T[0] * model_body_state(c, cd, fe->bi).phi;
	if (out)
		*out = (struct force_values){
		    .torque = T[0],
		    .stored = fe->fn.call ? 0 : -T[0] * model_body_state(c, cd, fe->bi).phid};
	return 0;
}

const struct force_kind force_torque = {
    .name = "torque",
    .summary = "a torque value (a number or fn(t)) on a body",
    .shape = {.bodies = 1, .moving = 1},
    .values = FORCE_HAS_TORQUE,
    .params = {{"value", PARAM_NUMBER, PARAM_REQUIRED, 0, NULL, 1}},
    .law = {FORCE_LAW_TORQUE, .value = "value"},
    .apply = apply,
};
