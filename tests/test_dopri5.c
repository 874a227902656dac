/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_dopri5.c — the Dormand–Prince integrator on problems with known
 * solutions: the order of its steps and of its continuous extension
 * measured by halving h, its step control against the tolerance, and the
 * evaluations it counts (six a step, FSAL). */
#include <math.h>
#include <stdlib.h>

#include "analysis/dopri5.h"
#include "check.h"

/* A workspace under either control with tolerances rtol and atol, no step
 * longer than hmax. */
static struct dopri5 *workspace(enum dopri5_control control, int n, double rtol, double atol,
                                double hmax, dopri5_rhs f, void *ctx)
{
	struct dopri5_config cfg = {control, rtol, atol, hmax, hmax};
	return dopri5_new(n, &cfg, f, ctx);
}

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

/* y' = y cos t in the first component, y' = 0 in the others. */
static int padded_exp_sin(void *ctx, double t, const double *y, double *dydt)
{
	int n = *(const int *)ctx;
	dydt[0] = y[0] * cos(t);
	for (int i = 1; i < n; i++)
		dydt[i] = 0;
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
	struct dopri5 *w = workspace(DOPRI5_HAIRER, 1, 1, 1, 1, exp_sin, NULL);
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
static double dense_error(enum dopri5_control control, double h, double *end_error)
{
	double t0 = 0.3, y[2] = {cos(t0), -sin(t0)}, out[2], worst = 0;
	struct dopri5 *w = workspace(control, 2, 1, 1, 1, oscillator, NULL);
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
	/* (both DOPRI5's and ode45's, which are different polynomials: their
	 * difference inside a step is of the same order as their errors) */
	double dense_at[2];
	for (int control = DOPRI5_HAIRER; control <= DOPRI5_ODE45; control++) {
		double end1, end2;
		double d1 = dense_error(control, 0.2, &end1), d2 = dense_error(control, 0.1, &end2);
		printf("%s, one step: dense error %.3g, %.3g (order %.2f locally); end %.3g, %.3g "
		       "(%.2f)\n",
		       control == DOPRI5_HAIRER ? "DOPRI5" : "ode45", d1, d2, log2(d1 / d2), end1,
		       end2, log2(end1 / end2));
		ENSURE_NEAR(log2(d1 / d2), 5, 0.4);
		ENSURE_NEAR(log2(end1 / end2), 6, 0.4);
		/* and it meets the ends: at s = 0 and 1 it is the step's own states */
		double y[2] = {1, 0}, out[2];
		struct dopri5 *w = workspace(control, 2, 1, 1, 1, oscillator, NULL);
		dopri5_start(w, 0, y, 0.3);
		dopri5_fixed_step(w, 0.3, y);
		dopri5_dense(w, 0.3, out);
		ENSURE(fabs(out[0] - y[0]) < 1e-15 && fabs(out[1] - y[1]) < 1e-15);
		dopri5_dense(w, 0.1, out);
		dense_at[control] = out[0];
		dopri5_dense(w, 0, out);
		ENSURE(out[0] == 1 && out[1] == 0);
		dopri5_free(w);
	}
	printf("the two interpolants at a third of a step of 0.3: %.17g, %.17g\n", dense_at[0],
	       dense_at[1]);
	ENSURE(dense_at[0] != dense_at[1] && fabs(dense_at[0] - dense_at[1]) < 1e-5);

	/* the control: at tolerance tol the global error over 10 periods stays
	 * within a small multiple of tol, and costs six evaluations a step plus
	 * the first derivative and the first step's choice (FSAL) */
	for (double tol = 1e-4; tol >= 1e-10; tol *= 1e-3) {
		double y[2] = {1, 0}, t = 0, end = 20 * M_PI, worst = 0;
		struct dopri5 *w = workspace(DOPRI5_HAIRER, 2, tol, tol, end, oscillator, NULL);
		ENSURE(dopri5_start(w, 0, y, 0) == 0);
		long steps = 0;
		while (t < end) {
			if (dopri5_step(w, end, &t, y) != 0)
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
		struct dopri5 *w = workspace(DOPRI5_HAIRER, 2, 1e-8, 1e-8, 2, refuses, &refusals);
		dopri5_start(w, 0, y, 0.5);
		while (t < 2 && dopri5_step(w, 2, &t, y) == 0)
			;
		ENSURE(refusals == 1 && dopri5_rejected(w) >= 1);
		ENSURE_NEAR(t, 2, 0);
		ENSURE_NEAR(y[0], cos(2.0), 1e-7);
		dopri5_free(w);
	}

	/* ode45's control, by hand: on y' = y cos t from 1 at RelTol 1e-3,
	 * AbsTol 1e-6 over one report of 1 s, the first step is the report
	 * shortened to 1 / (|f0| / max(|y0|, 1e-3) / (0.8 RelTol^(1/5))) =
	 * 0.8 · 1e-3^(1/5) = 0.2010 (f0 = 1, y0 = 1), with no evaluation but the
	 * first; each accepted step at the first try proposes h / (1.25
	 * (err/RelTol)^(1/5)); each step's error is the largest component's. */
	{
		double y[1] = {1}, t = 0;
		struct dopri5_config cfg = {DOPRI5_ODE45, 1e-3, 1e-6, 1, 1};
		struct dopri5 *w = dopri5_new(1, &cfg, exp_sin, NULL);
		ENSURE(dopri5_start(w, 0, y, 0) == 0);
		double first = dopri5_next_h(w);
		printf("ode45's first step %.17g (0.8 * 1e-3^0.2 = %.17g), %ld evaluation\n", first,
		       0.8 * pow(1e-3, 0.2), dopri5_evaluations(w));
		ENSURE_NEAR(first, 0.8 * pow(1e-3, 0.2), 1e-15);
		ENSURE(dopri5_evaluations(w) == 1);
		/* the proposal after a step taken at the first try */
		double err = dopri5_fixed_step(w, first, y) * 1e-3; /* back to ode45's err */
		double expected = first / fmax(1.25 * pow(err / 1e-3, 0.2), 0.2);
		dopri5_free(w);
		y[0] = 1;
		w = dopri5_new(1, &cfg, exp_sin, NULL);
		dopri5_start(w, 0, y, 0);
		ENSURE(dopri5_step(w, 10, &t, y) == 0 && dopri5_rejected(w) == 0);
		printf("ode45's second step %.17g, expected %.17g\n", dopri5_next_h(w), expected);
		ENSURE_NEAR(t, first, 0);
		ENSURE_NEAR(dopri5_next_h(w), expected, 1e-15 * expected);
		long steps = 1;
		while (t < 10 && dopri5_step(w, 10, &t, y) == 0)
			steps++;
		printf("ode45 to t = 10: %ld steps, %ld rejected, %ld evaluations, error %.3g\n",
		       steps, dopri5_rejected(w), dopri5_evaluations(w),
		       fabs(y[0] - exp(sin(10.0))));
		ENSURE(t == 10);
		ENSURE(dopri5_evaluations(w) == 6 * (steps + dopri5_rejected(w)) + 1);
		dopri5_free(w);
	}

	/* The two norms where one component carries the error: two copies of
	 * y' = y cos t beside 98 components that never change (y' = 0, y = 1).
	 * DOPRI5's root mean square divides the one error by sqrt(100) = 10,
	 * so its steps are 10^(1/5) = 1.58 times longer and its error grows;
	 * ode45's largest component is the same with or without the others. */
	for (int control = DOPRI5_HAIRER; control <= DOPRI5_ODE45; control++) {
		double error[2];
		long evaluations[2];
		for (int padded = 0; padded <= 1; padded++) {
			int n = padded ? 100 : 1;
			double y[100], t = 0;
			for (int i = 0; i < n; i++)
				y[i] = 1;
			struct dopri5 *w =
			    workspace(control, n, 1e-6, 1e-6, 10, padded_exp_sin, &n);
			dopri5_start(w, 0, y, 0);
			while (t < 10 && dopri5_step(w, 10, &t, y) == 0)
				;
			error[padded] = fabs(y[0] - exp(sin(10.0)));
			evaluations[padded] = dopri5_evaluations(w);
			dopri5_free(w);
		}
		printf(
		    "%s: one component %ld evaluations, error %.3g; with 99 quiet ones %ld, %.3g\n",
		    control == DOPRI5_HAIRER ? "DOPRI5" : "ode45", evaluations[0], error[0],
		    evaluations[1], error[1]);
		if (control == DOPRI5_ODE45) {
			ENSURE(evaluations[1] == evaluations[0] && error[1] == error[0]);
		} else {
			ENSURE(evaluations[1] < 0.8 * evaluations[0] && error[1] > 3 * error[0]);
		}
	}
	return finish();
}
