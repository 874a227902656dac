/* SPDX-License-Identifier: GPL-3.0-or-later */
/* flores.c — Flores' law, Eq. 11.43: f = k δ^n (1 + 8(1 - e)/(5e) δ̇/v0),
 * good for low restitution too (but e = 0 would divide by zero). */
#include <stdio.h>

#include "model/laws/law.h"

static double normal_force(const struct contact *k, double dn, double rate, double v0)
{
	return k->k * dn * (1 + 8 * (1 - k->e) / (5 * k->e) * rate / v0);
}

static int check(const struct contact *k, char *err, size_t len)
{
	if (k->e > 0)
		return 0;
	snprintf(err, len, "the flores law divides by e: use a small e such as 0.01");
	return -1;
}

const struct contact_law law_flores = {
    .name = "flores",
    .summary = "like lankarani-nikravesh, good down to low e (Eq. 11.43)",
    .params = {{"k", PARAM_POSITIVE, PARAM_REQUIRED},
               {"n", PARAM_POSITIVE, PARAM_FALLBACK, 1.5},
               {"e", PARAM_FRACTION, PARAM_REQUIRED}},
    .normal_force = normal_force,
    .check = check,
};
