/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_rank.c — the Cholesky factor of rank.c: its range, and the fused
 * forward substitution against the separate one. */
#include "check.h"
#include "util/rank.h"

#include <stdlib.h>
#include <string.h>

/* A 2 x 2 and a 14 x 14 (the general path) symmetric positive matrix,
 * S_ij = scale (δ_ij n + 1/(1 + |i - j|)), factored and solved: the factor
 * of S scaled by 10^k is that of S times 10^(k/2), wherever S's entries and
 * their squares' ratios stay in double range. */
static void scaled(int n, double scale)
{
	double a[14 * 14], b[14 * 14], x[14], y[14];
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			a[i * n + j] = (i == j ? n : 0) + 1.0 / (1 + abs(i - j));
	memcpy(b, a, sizeof a);
	for (int k = 0; k < n * n; k++)
		b[k] *= scale;
	gsl_matrix_view A = gsl_matrix_view_array(a, (size_t)n, (size_t)n);
	gsl_matrix_view B = gsl_matrix_view_array(b, (size_t)n, (size_t)n);
	ENSURE(cholesky_checked(&A.matrix) == 0);
	int ok = cholesky_checked(&B.matrix) == 0;
	if (!ok)
		printf("  n = %d, scale %g: found dependent\n", n, scale);
	ENSURE(ok);
	double root = sqrt(scale), worst = 0;
	for (int i = 0; ok && i < n; i++)
		for (int j = 0; j <= i; j++)
			worst = fmax(worst, fabs(b[i * n + j] / root - a[i * n + j]) / a[0]);
	ENSURE_NEAR(worst, 0, 1e-14);
	for (int i = 0; i < n; i++)
		x[i] = y[i] = i + 1;
	cholesky_solve(&A.matrix, x);
	cholesky_solve(&B.matrix, y);
	for (int i = 0; ok && i < n; i++)
		ENSURE_NEAR(y[i] * scale / x[i], 1, 1e-13);
}

int main(void)
{
	/* S ~ 1e160: a pivot's u² (1e320) overflowed and S was found
	 * dependent; S ~ 1e-170: u² underflowed, leaving L_22 at sqrt(2), not
	 * sqrt(1.5) */
	for (int n = 2; n <= 14; n += 12)
		for (int k = -170; k <= 170; k += 34)
			scaled(n, pow(10, k));

	/* the fused forward substitution (cholesky_forward, then
	 * cholesky_back) gives the same bits as the factor then the separate
	 * solve, with and without an envelope, small and general */
	for (int n = 3; n <= 15; n += 12) {
		double a[15 * 15], b[15 * 15], x[15], y[15];
		int first[15];
		for (int i = 0; i < n; i++) {
			first[i] = i < 2 ? 0 : i - 2;
			for (int j = 0; j < n; j++)
				a[i * n + j] =
				    abs(i - j) > 2 ? 0 : (i == j ? 4 + 0.1 * i : 1.0 / (3 + i + j));
		}
		for (int envelope = 0; envelope < 2; envelope++) {
			memcpy(b, a, sizeof a);
			gsl_matrix_view A = gsl_matrix_view_array(a, (size_t)n, (size_t)n);
			gsl_matrix_view B = gsl_matrix_view_array(b, (size_t)n, (size_t)n);
			double keep[15 * 15];
			memcpy(keep, a, sizeof a);
			for (int i = 0; i < n; i++)
				x[i] = y[i] = sin(i + 1.0);
			const int *f = envelope ? first : NULL;
			ENSURE(cholesky_envelope(&A.matrix, f) == 0);
			cholesky_envelope_solve(&A.matrix, f, x);
			ENSURE(cholesky_forward(&B.matrix, f, y) == 0);
			cholesky_back(&B.matrix, f, y);
			ENSURE(memcmp(x, y, sizeof(double) * (size_t)n) == 0);
			memcpy(a, keep, sizeof a);
		}
	}
	return finish();
}
