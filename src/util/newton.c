/* SPDX-License-Identifier: GPL-3.0-or-later */
/* newton.c — the Newton-Raphson loop (see newton.h). */
#include "util/newton.h"

int newton_solve(const struct newton *p, double tol, int max_iterations, double *norm)
{
	for (int it = 0;; it++) {
		if (p->residual(p->ctx, it, norm) != 0)
			return NEWTON_FAILED;
		if (*norm <= tol)
			return it;
		if (it == max_iterations)
			return NEWTON_CAPPED;
		if (p->correct(p->ctx, it) != 0)
			return NEWTON_FAILED;
	}
}
