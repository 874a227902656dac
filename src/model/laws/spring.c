/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spring.c — a linear or Hertz spring with a damper, Eqs. 11.31-11.34:
 * f = k δ^n + c δ̇ (never pulling). */
#include "model/laws/law.h"

static double normal_force(const struct contact *k, double dn, double rate, double v0)
{
	(void)v0;
	return k->k * dn + k->c * rate;
}

const struct contact_law law_spring = {
    .name = "spring",
    .summary = "k delta^n + c rate, never pulling (Eqs. 11.31-11.34; n = 1.5: Hertz)",
    .params = {{"k", PARAM_POSITIVE, PARAM_REQUIRED},
               {"n", PARAM_POSITIVE, PARAM_FALLBACK, 1},
               {"c", PARAM_NONNEGATIVE, PARAM_FALLBACK, 0}},
    .normal_force = normal_force,
};
