/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lu.h — LU factorisation with partial pivoting (book App. A), in the
 * caller's arrays.
 *
 * Written here because GSL 2.7's gsl_linalg_LU_decomp allocates its pivot
 * vector on every call, and partitioning, kinematic analysis and impacts
 * factor a matrix at every evaluation or step, where nothing may allocate.
 * Matrices are row-major with leading dimension lda. */
#ifndef MB_LU_H
#define MB_LU_H

/* P A = L U in place (L unit lower, U upper); pivot[k] is the row swapped
 * with row k at step k. A zero pivot is left in U for the caller to find
 * (lu_pivot_ratio). */
void lu_factor(double *A, int n, int lda, int *pivot);

/* The smallest |U_kk| over the largest, 0 for a singular matrix (1 for
 * n = 0). */
double lu_pivot_ratio(const double *LU, int n, int lda);

/* Solve A x = b with the factors, b becoming x. */
void lu_solve(const double *LU, int n, int lda, const int *pivot, double *b);

#endif
