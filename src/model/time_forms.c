/* SPDX-License-Identifier: GPL-3.0-or-later */
/* time_forms.c — DAP_BC's functions of time in C (see time_forms.h). The
 * expressions follow fn.lua's term by term, in Lua's order of evaluation
 * (and its x^2 = x*x, other powers by pow), so both give the same bits. */
#include "model/time_forms.h"

#include <math.h>
#include <string.h>

const char *const time_form_names[] = {"poly", "smooth_step", "ramp_rate", NULL};

int time_form_find(const char *name)
{
	for (int k = 0; time_form_names[k]; k++)
		if (strcmp(time_form_names[k], name) == 0)
			return k;
	return -1;
}

/* Type a: f = c1 + c2 t + c3 t^2. */
static void poly(const double *p, double t, double out[3])
{
	double c1 = p[0], c2 = p[1], c3 = p[2];
	out[0] = c1 + c2 * t + c3 * t * t;
	out[1] = c2 + 2 * c3 * t;
	out[2] = 2 * c3;
}

/* Type b: from f0 to f1 over [t0, t1] as 10s^3 - 15s^4 + 6s^5, held after. */
static void smooth_step(const double *p, double t, double out[3])
{
	double f0 = p[0], f1 = p[1], t0 = p[2], t1 = p[3], T = t1 - t0, D = f1 - f0;
	if (t <= t0 || t >= t1) {
		out[0] = t <= t0 ? f0 : f1, out[1] = 0, out[2] = 0;
		return;
	}
	double s = (t - t0) / T;
	out[0] = f0 + D * pow(s, 3) * (10 - 15 * s + 6 * s * s);
	out[1] = D * 30 * s * s * ((1 - s) * (1 - s)) / T;
	out[2] = D * 60 * s * (1 - s) * (1 - 2 * s) / (T * T);
}

/* Type c: the rate ramps from 0 to v over [t0, t1], then stays. */
static void ramp_rate(const double *p, double t, double out[3])
{
	double f0 = p[0], v = p[1], t0 = p[2], t1 = p[3], T = t1 - t0;
	double c2 = 2.5 * v / pow(T, 3), c3 = -3 * v / pow(T, 4), c4 = v / pow(T, 5);
	if (t <= t0) {
		out[0] = f0, out[1] = 0, out[2] = 0;
		return;
	}
	double tau = t - t0;
	if (tau >= T) {
		out[0] = f0 + 0.5 * v * T + v * (tau - T), out[1] = v, out[2] = 0;
		return;
	}
	out[0] = f0 + c2 * pow(tau, 4) + c3 * pow(tau, 5) + c4 * pow(tau, 6);
	out[1] = 4 * c2 * pow(tau, 3) + 5 * c3 * pow(tau, 4) + 6 * c4 * pow(tau, 5);
	out[2] = 12 * c2 * (tau * tau) + 20 * c3 * pow(tau, 3) + 30 * c4 * pow(tau, 4);
}

int time_form_call(void *ctx, double t, double out[3], char *err, size_t len)
{
	(void)err, (void)len;
	static void (*const forms[])(const double *, double, double[3]) = {poly, smooth_step,
	                                                                   ramp_rate};
	const struct time_form *f = ctx;
	forms[f->kind](f->p, t, out);
	return 3;
}
