/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_dopri5.c — the Dormand–Prince integrator on problems with known
 * solutions: the order of its steps and of its continuous extension
 * measured by halving h, its step control against the tolerance, and the
 * evaluations it counts (six a step, FSAL). */
#include <math.h>
#include <stdlib.h>

#include "analysis/dopri5.h"
#include "check.h"

/* y'' = -y as y = (x, v): x = cos t, v = -sin t from (1, 0). */
static int oscillator(void *ctx, double t, const double *y, double *dydt)
{
	(void)ctx, (void)t;
	dydt[0] = y[1], dydt[1] = -y[0];
	return 0;
}

/* y' = y cos t: y = exp(sin t) from 1 (non-autonomous, so the stages' times
 * matter too). */
static int exp_sin(void *ctx, double t, const double *y, double *dydt)
{
	(void)ctx;
	dydt[0] = y[0] * cos(t);
	return 0;
}

/* Refuses states beyond x = 0.5 once, as a contact pressed too far in
 * would: a trial step that reaches there must be shortened. */
static int refuses(void *ctx, double t, const double *y, double *dydt)
{
	int *refusals = ctx;
	if (y[0] < 0.5 && *refusals == 0) {
		++*refusals;
		return -1;
	}
	return oscillator(NULL, t, y, dydt);
}

/* The global error at t = 2 of fixed steps of h on y' = y cos t. */
static double global_error(double h)
{
	struct dopri5 *w = dopri5_new(1, 1, 1, exp_sin, NULL);
	double y[1] = {1};
	dopri5_start(w, 0, y, h);
	int steps = (int)lround(2 / h);
	for (int k = 0; k < steps; k++)
		dopri5_fixed_step(w, h, y);
	dopri5_free(w);
	return fabs(y[0] - exp(sin(2.0)));
}

/* The largest error of the continuous extension over one step of h from
 * the exact state at t0 on the oscillator, at 0.1 ... 0.9 of the step; and
 * the step's own error at its end. */
static double dense_error(double h, double *end_error)
{
	double t0 = 0.3, y[2] = {cos(t0), -sin(t0)}, out[2], worst = 0;
	struct dopri5 *w = dopri5_new(2, 1, 1, oscillator, NULL);
	dopri5_start(w, t0, y, h);
	dopri5_fixed_step(w, h, y);
	for (int k = 1; k < 10; k++) {
		double t = t0 + 0.1 * k * h;
		dopri5_dense(w, t, out);
		worst = fmax(worst, fmax(fabs(out[0] - cos(t)), fabs(out[1] + sin(t))));
	}
	*end_error = fmax(fabs(y[0] - cos(t0 + h)), fabs(y[1] + sin(t0 + h)));
	dopri5_free(w);
	return worst;
}

int main(void)
{
	/* fifth order: halving h divides the global error by 2^5 = 32 */
	double e1 = global_error(0.1), e2 = global_error(0.05), e3 = global_error(0.025);
	double p1 = log2(e1 / e2), p2 = log2(e2 / e3);
	printf("global error at t = 2: %.3g, %.3g, %.3g; measured order %.2f, %.2f\n", e1, e2, e3,
	       p1, p2);
	ENSURE_NEAR(p1, 5, 0.3);
	ENSURE_NEAR(p2, 5, 0.3);

	/* the continuous extension is of fourth order: its error inside a step
	 * is O(h^5) (ratio 32 when h halves), while the step's end is O(h^6) */
	double end1, end2;
	double d1 = dense_error(0.2, &end1), d2 = dense_error(0.1, &end2);
	printf("one step: dense error %.3g, %.3g (order %.2f locally); end %.3g, %.3g (%.2f)\n", d1,
	       d2, log2(d1 / d2), end1, end2, log2(end1 / end2));
	ENSURE_NEAR(log2(d1 / d2), 5, 0.4);
	ENSURE_NEAR(log2(end1 / end2), 6, 0.4);
	/* and it meets the ends: at s = 0 and 1 it is the step's own states */
	{
		double y[2] = {1, 0}, out[2];
		struct dopri5 *w = dopri5_new(2, 1, 1, oscillator, NULL);
		dopri5_start(w, 0, y, 0.3);
		dopri5_fixed_step(w, 0.3, y);
		dopri5_dense(w, 0.3, out);
		ENSURE(out[0] == y[0] && out[1] == y[1]);
		dopri5_dense(w, 0, out);
		ENSURE(out[0] == 1 && out[1] == 0);
		dopri5_free(w);
	}

	/* the control: at tolerance tol the global error over 10 periods stays
	 * within a small multiple of tol, and costs six evaluations a step plus
	 * the first derivative and the first step's choice (FSAL) */
	for (double tol = 1e-4; tol >= 1e-10; tol *= 1e-3) {
		double y[2] = {1, 0}, t = 0, end = 20 * M_PI, worst = 0;
		struct dopri5 *w = dopri5_new(2, tol, tol, oscillator, NULL);
		ENSURE(dopri5_start(w, 0, y, 0) == 0);
		long steps = 0;
		while (t < end) {
			if (dopri5_step(w, end, 1e-12, end, &t, y) != 0)
				break;
			steps++;
			worst = fmax(worst, fmax(fabs(y[0] - cos(t)), fabs(y[1] + sin(t))));
		}
		ENSURE(t == end);
		long evaluations = dopri5_evaluations(w), rejected = dopri5_rejected(w);
		printf("tol %g: %ld steps (%ld rejected), %ld evaluations, error %.3g\n", tol,
		       steps, rejected, evaluations, worst);
		ENSURE(evaluations == 6 * (steps + rejected) + 2);
		ENSURE(worst < 250 * tol && worst > 2 * tol);
		dopri5_free(w);
	}

	/* a trial stage the model refuses shortens the step, and the run goes on */
	{
		int refusals = 0;
		double y[2] = {1, 0}, t = 0;
		struct dopri5 *w = dopri5_new(2, 1e-8, 1e-8, refuses, &refusals);
		dopri5_start(w, 0, y, 0.5);
		while (t < 2 && dopri5_step(w, 2, 1e-12, 2, &t, y) == 0)
			;
		ENSURE(refusals == 1 && dopri5_rejected(w) >= 1);
		ENSURE_NEAR(t, 2, 0);
		ENSURE_NEAR(y[0], cos(2.0), 1e-7);
		dopri5_free(w);
	}
	return finish();
}
