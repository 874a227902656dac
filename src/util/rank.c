/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rank.c — rank-revealing helpers (see rank.h). */
#include "util/rank.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>

struct pivot {
	int size; /* the larger of the two dimensions allowed */
	double *data;
	gsl_vector *tau, *norm;
	gsl_permutation *perm;
};

struct pivot *pivot_new(int max_rows, int max_cols)
{
	struct pivot *p = calloc(1, sizeof *p);
	int size = max_rows > max_cols ? max_rows : max_cols;
	p->size = size > 0 ? size : 1;
	p->data = calloc((size_t)p->size * (size_t)p->size, sizeof(double));
	p->tau = gsl_vector_alloc((size_t)p->size);
	p->norm = gsl_vector_alloc((size_t)p->size);
	p->perm = gsl_permutation_alloc((size_t)p->size);
	return p;
}

void pivot_free(struct pivot *p)
{
	if (!p)
		return;
	free(p->data);
	gsl_vector_free(p->tau), gsl_vector_free(p->norm), gsl_permutation_free(p->perm);
	free(p);
}

int pivot_order(struct pivot *p, const double *A, int rows, int cols, int transposed, int *order)
{
	int m = transposed ? cols : rows, n = transposed ? rows : cols;
	if (m <= 0 || n <= 0)
		return 0;
	gsl_matrix_view B = gsl_matrix_view_array(p->data, (size_t)m, (size_t)n);
	for (int r = 0; r < m; r++)
		for (int k = 0; k < n; k++)
			gsl_matrix_set(&B.matrix, (size_t)r, (size_t)k,
			               transposed ? A[k * cols + r] : A[r * cols + k]);
	gsl_vector_view tau = gsl_vector_subvector(p->tau, 0, (size_t)(m < n ? m : n));
	gsl_vector_view norm = gsl_vector_subvector(p->norm, 0, (size_t)n);
	gsl_permutation perm = {(size_t)n, p->perm->data};
	int sign;
	gsl_linalg_QRPT_decomp(&B.matrix, &tau.vector, &perm, &sign, &norm.vector);
	double top = fabs(gsl_matrix_get(&B.matrix, 0, 0));
	int rank = 0;
	while (rank < m && rank < n &&
	       fabs(gsl_matrix_get(&B.matrix, (size_t)rank, (size_t)rank)) > 1e-9 * top)
		rank++;
	for (int k = 0; k < n; k++)
		order[k] = (int)gsl_permutation_get(&perm, (size_t)k);
	return rank;
}

int cholesky_checked(gsl_matrix *A) { return cholesky_envelope(A, NULL); }

/* s - Σ u_k v_k over k = from .. to - 1, in order: an entry of L (u, v
 * rows of L) or of y in L y = x (v = x), the envelope's first column from
 * on; unrolled, the loop runs from 0 with the terms before it skipped. */
static inline __attribute__((always_inline)) double
reduced(double s, const double *u, const double *v, int from, int to, int unrolled)
{
#pragma GCC unroll 16
	for (int k = unrolled ? 0 : from; k < to; k++)
		if (k >= from)
			s -= u[k] * v[k];
	return s;
}

/* The factorisation and the solve, row by row (each L_ij from the rows
 * before i, which are complete; every entry is the same sum in the same
 * order as column by column), over the lower half from column first[i] of
 * each row i (the envelope; first NULL: from 0). Given x, the
 * factorisation also solves L y = x (x <- y) as each row of L is
 * complete, so that the forward substitution runs beside the rest of the
 * factorisation instead of after it: the same arithmetic, each y_i waiting
 * on its own row alone. Written once, as inline functions: with n a
 * constant (`unrolled`, the small systems below) the compiler unrolls every
 * loop, each term then guarded by the envelope (a branch that goes the same
 * way on every call), so a few rows cost their arithmetic alone, not the
 * loops' counting, which on a mechanism of a few bodies is most of it; and
 * no term waits on a zero before the envelope.
 *
 * Pivots are used through their reciprocals: L_ij = u_ij (1/L_jj) with
 * u_ij = S_ij - Σ_k L_ik L_jk (as LAPACK's dpotf2 scales a column), and
 * the pivot d_i = S_ii - Σ_j L_ij² takes each square as u_ij (u_ij / d_j)
 * (dpotf2 squares the stored L_ij instead). A small system is a chain of
 * pivots, each waiting on the one before; this way a pivot waits on one
 * division of the last, while the square root and the division that give
 * L_jj and 1/L_jj run beside the next row's sums (about an eighth off an
 * evaluation of the slider-crank in body coordinates). u_ij / d_j first,
 * never u_ij² (as large as S_ii S_jj): the square overflowed past S ~
 * 1e154, finding a diverging run's rows dependent, and underflowed below
 * 1e-154, leaving the pivot too large. The reciprocals are kept for the
 * rows done: 2n numbers on the stack, beside the n² of the matrix (on the
 * heap); with n a constant, two arrays. */
static inline __attribute__((always_inline)) int
factor_rows(double *a, int tda, int n, const int *first, int unrolled, double *x)
{
	double scale = 0, inverse[n], pivot_inverse[n]; /* 1/L_jj, 1/d_j */
#pragma GCC unroll 16
	for (int k = 0; k < n; k++) /* fmax's, with no call: a NaN is passed over */
		if (a[k * tda + k] > scale)
			scale = a[k * tda + k];
#pragma GCC unroll 16
	for (int i = 0; i < n; i++) {
		double *row_i = a + i * tda;
		int from_i = first ? first[i] : 0;
		double d = row_i[i]; /* less the squares of the row's entries, in order */
#pragma GCC unroll 16
		for (int j = unrolled ? 0 : from_i; j < i; j++) {
			if (j < from_i)
				continue;
			const double *row_j = a + j * tda;
			int from = first && first[j] > from_i ? first[j] : from_i;
			double u = reduced(row_i[j], row_i, row_j, from, j, unrolled);
			row_i[j] = u * inverse[j];
			d -= u * (u * pivot_inverse[j]);
		}
		/* the pivot against the largest diagonal entry */
		if (!(d > 1e-13 * scale))
			return -1;
		row_i[i] = sqrt(d);
		inverse[i] = 1 / row_i[i], pivot_inverse[i] = 1 / d;
		if (x) /* y_i of L y = x */
			x[i] = reduced(x[i], row_i, x, from_i, i, unrolled) * inverse[i];
	}
	return 0;
}

/* L y = x (when `forward`; else x holds y already), then L' x = y. */
static inline __attribute__((always_inline)) void
solve_rows(const double *a, int tda, int n, const int *first, int unrolled, int forward, double *x)
{
#pragma GCC unroll 16
	for (int i = 0; forward && i < n; i++) /* L y = x */
		x[i] = reduced(x[i], a + i * tda, x, first ? first[i] : 0, i, unrolled) *
		       (1 / a[i * tda + i]);
#pragma GCC unroll 16
	for (int i = n - 1; i >= 0; i--) { /* L' x = y */
		double s = x[i];
#pragma GCC unroll 16
		for (int k = i + 1; k < n; k++)
			if (!first || first[k] <= i) /* L_ki in row k's envelope */
				s -= a[k * tda + i] * x[k];
		x[i] = s * (1 / a[i * tda + i]);
	}
}

/* Systems of up to SMALL_SYSTEM rows, each size compiled on its own. */
#define SMALL_SYSTEM 12
#define SMALL_SIZES X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12)
#define X(n)                                                                                       \
	static int factor_##n(double *a, int tda, const int *first, double *x)                     \
	{                                                                                          \
		return factor_rows(a, tda, n, first, 1, x);                                        \
	}                                                                                          \
	static void solve_##n(const double *a, int tda, const int *first, int forward, double *x)  \
	{                                                                                          \
		solve_rows(a, tda, n, first, 1, forward, x);                                       \
	}
SMALL_SIZES
#undef X
#define X(n) factor_##n,
static int (*const factor_small[])(double *, int, const int *, double *) = {NULL, SMALL_SIZES};
#undef X
#define X(n) solve_##n,
static void (*const solve_small[])(const double *, int, const int *, int, double *) = {NULL,
                                                                                       SMALL_SIZES};
#undef X

int cholesky_envelope(gsl_matrix *A, const int *first) { return cholesky_forward(A, first, NULL); }

int cholesky_forward(gsl_matrix *A, const int *first, double *x)
{
	int n = (int)A->size1, tda = (int)A->tda;
	if (n > SMALL_SYSTEM)
		return factor_rows(A->data, tda, n, first, 0, x);
	return n > 0 ? factor_small[n](A->data, tda, first, x) : 0;
}

/* L y = x when forward, then L' x = y. */
static void solve_either(const gsl_matrix *L, const int *first, int forward, double *x)
{
	int n = (int)L->size1, tda = (int)L->tda;
	if (n > SMALL_SYSTEM)
		solve_rows(L->data, tda, n, first, 0, forward, x);
	else if (n > 0)
		solve_small[n](L->data, tda, first, forward, x);
}

void cholesky_solve(const gsl_matrix *L, double *x) { solve_either(L, NULL, 1, x); }

void cholesky_envelope_solve(const gsl_matrix *L, const int *first, double *x)
{
	solve_either(L, first, 1, x);
}

void cholesky_back(const gsl_matrix *L, const int *first, double *x)
{
	solve_either(L, first, 0, x);
}

void symmetric_product(const gsl_matrix *A, size_t n, int factored, const double *x, double *out)
{
	if (n == 0)
		return;
	gsl_matrix_const_view a = gsl_matrix_const_submatrix(A, 0, 0, n, n);
	gsl_vector_const_view xv = gsl_vector_const_view_array(x, n);
	gsl_vector_view ov = gsl_vector_view_array(out, n);
	if (!factored) {
		gsl_blas_dsymv(CblasLower, 1, &a.matrix, &xv.vector, 0, &ov.vector);
		return;
	}
	gsl_vector_memcpy(&ov.vector, &xv.vector); /* L (L' x) */
	gsl_blas_dtrmv(CblasLower, CblasTrans, CblasNonUnit, &a.matrix, &ov.vector);
	gsl_blas_dtrmv(CblasLower, CblasNoTrans, CblasNonUnit, &a.matrix, &ov.vector);
}
