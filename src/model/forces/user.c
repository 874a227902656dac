/* SPDX-License-Identifier: GPL-3.0-or-later */
/* user.c — forces the host computes (a Lua function): the generalised
 * forces of all bodies at once, added to h. h was finite before, so
 * whatever is not finite after is this force's doing. */
#include <math.h>

#include "model/forces/force.h"

static int apply(const struct model *m, struct run_data *d, const struct force *fe, const double *c,
                 const double *cd, double t, double *h, double *potential, struct force_values *out)
{
	(void)potential;
	if (out) /* its forces are the host's: its power alone is reported */
		*out = (struct force_values){0};
	char err[400] = "";
	if (fe->host.call(fe->host.ctx, t, c, cd, m->nbodies, h, err, sizeof err) != 0) {
		run_data_stop(d, "%s", err[0] ? err : "the user force failed");
		return -1;
	}
	for (int k = 0; k < 3 * m->nbodies; k++)
		if (!isfinite(h[k])) {
			run_data_fail(
			    d,
			    "%s: force '%s': the user function gave a non-finite force at "
			    "t = %g",
			    fe->where, fe->name, t);
			return -1;
		}
	return 0;
}

const struct force_kind force_user = {
    .name = "user",
    .summary = "fn(t, state) returns { {body =, force = {fx, fy}, at = {x, y}, torque =}, ... }",
    .host = 1,
    .apply = apply,
};
