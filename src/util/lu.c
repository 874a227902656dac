/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lu.c — LU factorisation with partial pivoting (see lu.h). */
#include "util/lu.h"

#include <math.h>

void lu_factor(double *A, int n, int lda, int *pivot)
{
	for (int k = 0; k < n; k++) {
		int p = k;
		double best = fabs(A[k * lda + k]);
		for (int r = k + 1; r < n; r++)
			if (fabs(A[r * lda + k]) > best)
				best = fabs(A[r * lda + k]), p = r;
		pivot[k] = p;
		if (p != k)
			for (int c = 0; c < n; c++) {
				double swap = A[k * lda + c];
				A[k * lda + c] = A[p * lda + c], A[p * lda + c] = swap;
			}
		double d = A[k * lda + k];
		if (d == 0)
			continue; /* singular: lu_pivot_ratio says so */
		for (int r = k + 1; r < n; r++) {
			double f = A[r * lda + k] /= d;
			if (f == 0)
				continue; /* most of a mechanism's matrix is zero: skipping
				           * changes no bit, as x - 0 y = x for finite y */
			double *restrict row = A + r * lda;
			const double *restrict pivot_row = A + k * lda;
			for (int c = k + 1; c < n; c++)
				row[c] -= f * pivot_row[c];
		}
	}
}

double lu_pivot_ratio(const double *LU, int n, int lda)
{
	double top = 0, low = INFINITY;
	for (int k = 0; k < n; k++) {
		double u = fabs(LU[k * lda + k]);
		top = fmax(top, u), low = fmin(low, u);
	}
	if (n == 0)
		return 1; /* nothing to be singular: a system of no equations */
	return top > 0 ? low / top : 0;
}

void lu_solve(const double *LU, int n, int lda, const int *pivot, double *b)
{
	for (int k = 0; k < n; k++)
		if (pivot[k] != k) {
			double swap = b[k];
			b[k] = b[pivot[k]], b[pivot[k]] = swap;
		}
	for (int r = 0; r < n; r++) /* L y = P b */
		for (int c = 0; c < r; c++)
			b[r] -= LU[r * lda + c] * b[c];
	for (int r = n - 1; r >= 0; r--) { /* U x = y */
		for (int c = r + 1; c < n; c++)
			b[r] -= LU[r * lda + c] * b[c];
		b[r] /= LU[r * lda + r];
	}
}
