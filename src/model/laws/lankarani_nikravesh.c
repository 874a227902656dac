/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lankarani_nikravesh.c — Lankarani and Nikravesh's law, Eq. 11.42:
 * f = k δ^n (1 + 3(1 - e²)/4 δ̇/v0), the damping set by the restitution e
 * and the closing speed v0 at first touch. */
#include "model/laws/law.h"

static double normal_force(const struct contact *k, double dn, double rate, double v0)
{
	return k->k * dn * (1 + 0.75 * (1 - k->e * k->e) * rate / v0);
}

const struct contact_law law_lankarani_nikravesh = {
    .name = "lankarani-nikravesh",
    .summary = "Hertz with damping from the restitution e and the first closing speed (Eq. 11.42)",
    .params = {{"k", PARAM_POSITIVE, PARAM_REQUIRED},
               {"n", PARAM_POSITIVE, PARAM_FALLBACK, 1.5},
               {"e", PARAM_FRACTION, PARAM_REQUIRED}},
    .normal_force = normal_force,
};
