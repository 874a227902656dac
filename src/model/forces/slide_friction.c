/* SPDX-License-Identifier: GPL-3.0-or-later */
/* slide_friction.c — viscous friction in a sliding joint (Eq. 4.41): a
 * force -c v along the axis u_j, v the speed of P_i sliding along it
 * relative to body j, acting on body i at P_i and, opposite, on body j at
 * the same place. Made by a joint-friction force on a translational joint
 * (model.lua). */
#include "model/forces/force.h"

static int apply(const struct model *m, struct run_data *d, const struct force *fe, const double *c,
                 const double *cd, double t, double *h, double *potential, struct force_values *out)
{
	(void)m, (void)d, (void)t, (void)potential;
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	vec2 si = body_rotate(&bi, fe->si), uj = body_rotate(&bj, v2(fe->param[1], fe->param[2]));
	vec2 p = v2_add(bi.r, si); /* P_i, where both forces act */
	vec2 sj = v2_sub(p, bj.r); /* the same place from body j */
	vec2 vi = v2_add(bi.rd, v2_scale(bi.phid, v2_perp(si)));
	vec2 vj = v2_add(bj.rd, v2_scale(bj.phid, v2_perp(sj)));
	double slip = v2_dot(uj, v2_sub(vi, vj));
	vec2 f = v2_scale(-fe->param[0] * slip, uj);
	force_at_point(h, fe->bi, si, f);
	force_at_point(h, fe->bj, sj, v2_scale(-1, f));
	if (out) /* f along the axis, on body i; on body j the opposite */
		*out = (struct force_values){
		    .f = -fe->param[0] * slip, .fx = -f.x, .fy = -f.y, .rate = slip};
	return 0;
}

const struct force_kind force_slide_friction = {
    .name = "slide-friction",
    .summary = "viscous friction c along a sliding joint's axis",
    .internal = 1,
    .shape = {.points = 2},
    .values = FORCE_HAS_F | FORCE_HAS_FXY | FORCE_HAS_RATE,
    .params = {{"c", PARAM_POSITIVE, PARAM_REQUIRED}, {"axis", PARAM_PAIR, PARAM_REQUIRED}},
    .law = {FORCE_LAW_SLIP, .damping = "c", .axis = "axis"},
    .apply = apply,
};
