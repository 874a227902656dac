/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rank.h — rank-revealing helpers for constraint Jacobians (book Sec.
 * 14.4, App. A). QR with column pivoting finds which rows (or columns) the
 * others already determine: redundant-constraint diagnosis, redundant =
 * "drop" and the choice of coordinate partitioning all use it. GSL does the
 * factorisations; the workspace is sized once, so an evaluation never
 * allocates. */
#ifndef MB_RANK_H
#define MB_RANK_H

#include <gsl/gsl_matrix.h>
#include <stddef.h>

struct pivot;

/* A workspace for matrices of up to max_rows x max_cols (either way round). */
struct pivot *pivot_new(int max_rows, int max_cols);
void pivot_free(struct pivot *p);

/* The column order of A (rows x cols, row-major; or of A' when transposed)
 * from QR with column pivoting, best-conditioned first, into order; returns
 * the numerical rank (pivots above 1e-9 of the first). */
int pivot_order(struct pivot *p, const double *A, int rows, int cols, int transposed, int *order);

/* Cholesky of a symmetric positive matrix in place, A = L L' with L in the
 * lower triangle (the upper one is left as it was), 0; or -1 when a pivot
 * is tiny against the largest diagonal entry: its rows are dependent.
 * Written out rather than GSL's: for the few rows of a small mechanism,
 * GSL's recursive factorisation spends more setting up its BLAS calls than
 * on the arithmetic, on every evaluation. */
int cholesky_checked(gsl_matrix *A);

/* x = A⁻¹ x in place, A factored by cholesky_checked (L y = x, L' x = y). */
void cholesky_solve(const gsl_matrix *L, double *x);

/* The same two for a matrix whose lower half is zero before column
 * first[i] in each row i (struct rows' envelope of J W J'), which its
 * factor L keeps: the products skip those entries, which are never read
 * (nor written), so they may hold anything. first NULL: none is skipped.
 * The skipped terms are products with zero, so the results are the same. */
int cholesky_envelope(gsl_matrix *A, const int *first);
void cholesky_envelope_solve(const gsl_matrix *L, const int *first, double *x);

/* The factorisation and the first half of the solve in one pass: A = L L'
 * and x <- L⁻¹ x (0, or -1 as cholesky_checked); then cholesky_back makes
 * x = A⁻¹ x (L' x = y). The same numbers as cholesky_envelope_solve. */
int cholesky_forward(gsl_matrix *A, const int *first, double *x);
void cholesky_back(const gsl_matrix *L, const int *first, double *x);

/* out = A x for the symmetric n x n A in the top left of the matrix, held as
 * its lower triangle or, once factored (A = L L'), as L: a mass matrix
 * multiplied in either state. */
void symmetric_product(const gsl_matrix *A, size_t n, int factored, const double *x, double *out);

#endif
