/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hunt_crossley.c — Hunt and Crossley's law, Eqs. 11.38-11.39:
 * f = (k + c δ̇) δ^n, damping that vanishes with the penetration. */
#include "model/laws/law.h"

static double normal_force(const struct contact *k, double dn, double rate, double v0)
{
	(void)v0;
	return (k->k + k->c * rate) * dn;
}

const struct contact_law law_hunt_crossley = {
    .name = "hunt-crossley",
    .summary = "(k + c rate) delta^n: damping that fades with the overlap (Eq. 11.38)",
    .params = {{"k", PARAM_POSITIVE, PARAM_REQUIRED},
               {"n", PARAM_POSITIVE, PARAM_FALLBACK, 1.5},
               {"c", PARAM_NONNEGATIVE, PARAM_FALLBACK, 0}},
    .normal_force = normal_force,
};
