/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_newton.c — the Newton-Raphson loop on x² = 2 from x = 1: quadratic
 * convergence counted by hand, the cap, a failing hook. */
#include <math.h>

#include "check.h"
#include "util/newton.h"

struct root {
	double x;
	int residuals, corrections;
	int fail_at; /* the residual that fails (-1: none) */
};

static int residual(void *ctx, int it, double *norm)
{
	struct root *r = ctx;
	if (it == r->fail_at)
		return -1;
	r->residuals++;
	*norm = fabs(r->x * r->x - 2);
	return 0;
}

static int correct(void *ctx, int it)
{
	struct root *r = ctx;
	(void)it;
	r->corrections++;
	r->x -= (r->x * r->x - 2) / (2 * r->x);
	return 0;
}

int main(void)
{
	/* 1, 1.5, 1.41667, 1.414216, 1.41421356237469, then |x² - 2| < 1e-15:
	 * five corrections, six residuals */
	struct root r = {1, 0, 0, -1};
	struct newton p = {&r, residual, correct};
	double norm;
	int its = newton_solve(&p, 1e-14, 25, &norm);
	printf("x = %.17g after %d corrections, |x^2 - 2| = %.3g\n", r.x, its, norm);
	ENSURE(its == 5 && r.corrections == 5 && r.residuals == 6);
	ENSURE_NEAR(r.x, sqrt(2.0), 4e-16);
	ENSURE(norm <= 1e-14);
	/* the cap: two corrections leave |x² - 2| = 6.9e-3, the third residual says so */
	r = (struct root){1, 0, 0, -1};
	its = newton_solve(&p, 1e-14, 2, &norm);
	ENSURE(its == NEWTON_CAPPED && r.corrections == 2 && r.residuals == 3);
	ENSURE_NEAR(norm, 1.0 / 144, 1e-15);
	/* already there: no correction */
	r = (struct root){sqrt(2.0), 0, 0, -1};
	ENSURE(newton_solve(&p, 1e-14, 25, &norm) == 0 && r.corrections == 0);
	/* a hook that fails ends it */
	r = (struct root){1, 0, 0, 2};
	ENSURE(newton_solve(&p, 1e-14, 25, &norm) == NEWTON_FAILED && r.corrections == 2);
	return finish();
}
