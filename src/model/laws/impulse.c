/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impulse.c — the piecewise method (Sec. 11.1): at the instant of impact
 * the velocities jump so that u'v⁺ = -e u'v⁻ (Eq. 11.27), with Coulomb
 * friction (Eq. 11.30); no force acts in between. analysis/impact.c makes
 * the jump. */
#include "model/laws/law.h"

const struct contact_law law_impulse = {
    .name = "impulse",
    .summary = "velocities jump at impact: closing speed times e after it (Eq. 11.27)",
    .impulsive = 1,
    .params = {{"e", PARAM_FRACTION, PARAM_REQUIRED}},
};
