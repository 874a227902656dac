/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spring_damper.c — point-to-point spring-damper-actuator, book Eqs.
 * 4.22-4.32: f = k (L - L0) + c L̇ + actuator pulls the points together
 * when positive; body i gets -f u, body j gets +f u. */
#include "model/forces/force.h"

static int apply(const struct model *m, struct run_data *d, const struct force *fe, const double *c,
                 const double *cd, double t, double *h, double *potential, struct force_values *out)
{
	(void)m;
	double k = fe->param[0], length = fe->param[1], damping = fe->param[2];
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	struct point_pair p = point_pair(&bi, fe->si, &bj, fe->sj);
	double L = v2_norm(p.d);
	if (L < 1e-12) {
		run_data_fail(d,
		              "%s: force '%s': its two points coincide (length 0 at t = %g), so "
		              "the direction of the spring is undefined",
		              fe->where, fe->name, t);
		return -1;
	}
	vec2 u = v2_scale(1 / L, p.d);
	double act[3];
	if (model_fn(d, &fe->fn, t, act) != 0)
		return -1;
	double f = k * (L - length) + damping * v2_dot(u, p.dd) + fe->param[3] + act[0];
	force_at_point(h, fe->bi, p.si, v2_scale(-f, u));
	force_at_point(h, fe->bj, p.sj, v2_scale(f, u));
	*potential += 0.5 * k * (L - length) * (L - length);
	if (out) {
		double rate = v2_dot(u, p.dd); /* L' */
		*out = (struct force_values){.f = f,
		                             .fx = f * u.x,
		                             .fy = f * u.y,
		                             .length = L,
		                             .rate = rate,
		                             .stored = k * (L - length) * rate};
	}
	return 0;
}

const struct force_kind force_spring_damper = {
    .name = "spring-damper",
    .summary = "spring k, free length, damper c and actuator (a number or fn(t)) from P_i to P_j",
    .shape = {.points = 2},
    .drawing = DRAW_SPRING,
    .values = FORCE_HAS_F | FORCE_HAS_FXY | FORCE_HAS_LENGTH | FORCE_HAS_RATE,
    .params = {{"k", PARAM_NUMBER, PARAM_FALLBACK, 0},
               {"length", PARAM_NUMBER, PARAM_FALLBACK, 0},
               {"c", PARAM_NUMBER, PARAM_FALLBACK, 0},
               {"actuator", PARAM_NUMBER, PARAM_FALLBACK, 0, NULL, 1}},
    .law = {FORCE_LAW_LINE, .stiffness = "k", .rest = "length", .damping = "c",
            .actuator = "actuator"},
    .apply = apply,
};
