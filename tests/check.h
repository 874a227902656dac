/* SPDX-License-Identifier: GPL-3.0-or-later */
/* check.h — the C tests' tolerance helpers (after Box2D's ENSURE).
 * Each failed check prints where and why; finish() prints the closing line
 * "N passed, N failed" that tests/run.sh adds up. */
#ifndef MB_CHECK_H
#define MB_CHECK_H

#include <math.h>
#include <stdio.h>

static int checks_passed, checks_failed;

#define ENSURE(cond)                                                                               \
	do {                                                                                       \
		if (cond)                                                                          \
			checks_passed++;                                                           \
		else {                                                                             \
			checks_failed++;                                                           \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                     \
		}                                                                                  \
	} while (0)

/* |got - want| <= tol, with both values shown on failure */
#define ENSURE_NEAR(got, want, tol)                                                                \
	do {                                                                                       \
		double g_ = (got), w_ = (want);                                                    \
		if (fabs(g_ - w_) <= (tol))                                                        \
			checks_passed++;                                                           \
		else {                                                                             \
			checks_failed++;                                                           \
			printf("FAIL %s:%d: %s = %.12g, want %.12g (tol %g)\n", __FILE__,          \
			       __LINE__, #got, g_, w_, (double)(tol));                             \
		}                                                                                  \
	} while (0)

static int finish(void)
{
	printf("%d passed, %d failed\n", checks_passed, checks_failed);
	return checks_failed != 0;
}

#endif
