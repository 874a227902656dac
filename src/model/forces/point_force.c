/* SPDX-License-Identifier: GPL-3.0-or-later */
/* point_force.c — a constant force at a point, fixed in the global frame
 * (it has a potential, Sec. 4.6) or in the body's own frame (it turns with
 * the body, and has none). */
#include "model/forces/force.h"

static int apply(const struct model *m, struct run_data *d, const struct force *fe, const double *c,
                 const double *cd, double t, double *h, double *potential, struct force_values *out)
{
	(void)m, (void)d, (void)t;
	int local = fe->param[2] != 0;
	struct body_state b = model_body_state(c, cd, fe->bi);
	vec2 value = v2(fe->param[0], fe->param[1]);
	vec2 f = local ? body_rotate(&b, value) : value;
	vec2 s = body_rotate(&b, fe->si);
	force_at_point(h, fe->bi, s, f);
	if (!local)
		*potential -= v2_dot(f, v2_add(b.r, s));
	if (out) {
		vec2 v = v2_add(b.rd, v2_scale(b.phid, v2_perp(s))); /* the point's velocity */
		*out = (struct force_values){
		    .fx = f.x, .fy = f.y, .stored = local ? 0 : -v2_dot(f, v)};
	}
	return 0;
}

static const char *const frames[] = {"global", "local", NULL};

const struct force_kind force_point_force = {
    .name = "force",
    .summary = "a constant force value = {fx, fy} at a point, in the global or the body's frame",
    .shape = {.points = 1},
    .values = FORCE_HAS_FXY,
    .params = {{"value", PARAM_PAIR, PARAM_REQUIRED},
               {"frame", PARAM_CHOICE, PARAM_FALLBACK, 0, frames}},
    .law = {FORCE_LAW_AT_POINT, .value = "value", .frame = "frame"},
    .apply = apply,
};
