/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rot_spring_damper.c — rotational spring-damper-actuator, book Eqs.
 * 4.33-4.38: θ = φ_i - φ_j, T = k (θ - θ0) + c θ̇ + actuator; body i gets
 * -T, body j gets +T. */
#include "model/forces/force.h"

static int apply(const struct model *m, struct run_data *d, const struct force *fe, const double *c,
                 const double *cd, double t, double *h, double *potential, struct force_values *out)
{
	(void)m;
	double k = fe->param[0], angle = fe->param[1], damping = fe->param[2];
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	double theta = bi.phi - bj.phi, thetad = bi.phid - bj.phid, act[3];
	if (model_fn(d, &fe->fn, t, act) != 0)
		return -1;
	double T = k * (theta - angle) + damping * thetad + fe->param[3] + act[0];
	if (fe->bi >= 0)
		h[3 * fe->bi + 2] -= T;
	if (fe->bj >= 0)
		h[3 * fe->bj + 2] += T;
	*potential += 0.5 * k * (theta - angle) * (theta - angle);
	if (out)
		*out = (struct force_values){.torque = T,
		                             .length = theta,
		                             .rate = thetad,
		                             .stored = k * (theta - angle) * thetad};
	return 0;
}

const struct force_kind force_rot_spring_damper = {
    .name = "rot-spring-damper",
    .summary = "torsion spring k at free angle, damper c and actuator between two bodies",
    .shape = {.bodies = 2},
    .values = FORCE_HAS_TORQUE | FORCE_HAS_ANGLE | FORCE_HAS_RATE,
    .params = {{"k", PARAM_NUMBER, PARAM_FALLBACK, 0},
               {"angle", PARAM_NUMBER, PARAM_FALLBACK, 0},
               {"c", PARAM_NUMBER, PARAM_FALLBACK, 0},
               {"actuator", PARAM_NUMBER, PARAM_FALLBACK, 0, NULL, 1}},
    .law = {FORCE_LAW_TURN, .stiffness = "k", .rest = "angle", .damping = "c",
            .actuator = "actuator"},
    .apply = apply,
};
