/* SPDX-License-Identifier: GPL-3.0-or-later */
/* option.c — what every declared option shares (option.h). */
#include "util/option.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const option_analysis_names[] = {
    "simulate",     "kinematics",     "pieces",      "explain", "joint_coords",
    "point_coords", "minimal_coords", "equilibrium", "modes",   NULL};

int option_index(const struct option *const *list, const char *name)
{
	for (int k = 0; list && list[k]; k++)
		if (strcmp(list[k]->name, name) == 0)
			return k;
	return -1;
}

const char *const *option_choices(const struct option *o)
{
	return o->choices ? o->choices : o->choices_of();
}

int option_choice_index(const struct option *o, const char *name)
{
	const char *const *names = option_choices(o);
	for (int k = 0; names[k]; k++)
		if (strcmp(names[k], name) == 0)
			return k;
	return -1;
}

int option_refusal(const struct option *o, double v, const char *got_text, char *why, size_t len)
{
	int whole = o->type == OPTION_WHOLE, time = o->type == OPTION_TIME;
	if (!got_text && isfinite(v) &&
	    (time || (v >= o->lo && v <= o->hi && (!whole || v == floor(v)))))
		return 0;
	char got[64];
	if (got_text)
		snprintf(got, sizeof got, "%s", got_text);
	else if (isnan(v))
		snprintf(got, sizeof got, "NaN");
	else
		snprintf(got, sizeof got, "%g", v);
	if (time)
		snprintf(why, len, "%s must be a finite number (got %s)", o->name, got);
	else
		snprintf(why, len, "%s must be a %snumber from %g to %g (got %s)", o->name,
		         whole ? "whole " : "", o->lo, o->hi, got);
	return -1;
}
