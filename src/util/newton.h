/* SPDX-License-Identifier: GPL-3.0-or-later */
/* newton.h — the one Newton-Raphson loop of the C solvers (book Sec.
 * 12.1.2): the positions of kinematic analysis, the dependent coordinates
 * of coordinate partitioning, the least-squares correction of initial
 * conditions. Each states its residual Φ and its correction J Δ = -Φ (a
 * square LU, a block of it, J'(JJ')⁻¹); the loop, its test and its cap
 * are here. */
#ifndef MB_NEWTON_H
#define MB_NEWTON_H

struct newton {
	void *ctx;
	/* Φ at the current x, its norm into *norm: 0, or -1 with the caller's
	 * error set. iteration counts the corrections made so far. */
	int (*residual)(void *ctx, int iteration, double *norm);
	/* x += Δ with J Δ = -Φ at the x of the last residual: 0 or -1 */
	int (*correct)(void *ctx, int iteration);
};

enum { NEWTON_FAILED = -1, NEWTON_CAPPED = -2 };

/* Residuals and corrections in turn until ‖Φ‖ <= tol: the corrections it
 * took (0 ... max_iterations); NEWTON_FAILED when a hook failed;
 * NEWTON_CAPPED when after max_iterations corrections ‖Φ‖ is still above
 * tol (*norm is the last, the residual's state left for the message). */
int newton_solve(const struct newton *p, double tol, int max_iterations, double *norm);

#endif
