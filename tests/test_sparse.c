/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_sparse.c — the sparse L D L' (util/sparse_ldl.c) and the KKT system
 * of a sparse mass matrix (util/sparse_kkt.c) against dense solves, on
 * patterns no mechanism of the examples makes: random ones with fill, an
 * arrow in both orders, rows dropped and rows dependent. */
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/rows.h"
#include "util/sparse_kkt.h"
#include "util/sparse_ldl.h"

/* x = A⁻¹ b by GSL's LU (A n x n row-major, kept) */
static void dense_solve(const double *A, int n, const double *b, double *x)
{
	gsl_matrix *LU = gsl_matrix_alloc((size_t)n, (size_t)n);
	gsl_permutation *p = gsl_permutation_alloc((size_t)n);
	int sign;
	memcpy(LU->data, A, sizeof(double) * (size_t)n * (size_t)n);
	gsl_linalg_LU_decomp(LU, p, &sign);
	gsl_vector_const_view bv = gsl_vector_const_view_array(b, (size_t)n);
	gsl_vector_view xv = gsl_vector_view_array(x, (size_t)n);
	gsl_linalg_LU_solve(LU, p, &bv.vector, &xv.vector);
	gsl_matrix_free(LU), gsl_permutation_free(p);
}

static double largest_gap(const double *a, const double *b, int n)
{
	double gap = 0, top = 1e-300;
	for (int k = 0; k < n; k++)
		gap = fmax(gap, fabs(a[k] - b[k])), top = fmax(top, fabs(b[k]));
	return gap / top;
}

/* The upper triangle of a dense symmetric A as sparse_ldl's pattern. */
static int upper_pattern(const double *A, int n, int *start, int *row, double *value)
{
	int count = 0;
	for (int k = 0; k < n; k++) {
		start[k] = count;
		for (int i = 0; i <= k; i++)
			if (A[i * n + k] != 0)
				row[count] = i, value[count++] = A[i * n + k];
	}
	start[n] = count;
	return count;
}

/* Random sparse symmetric positive definite matrices: the factor's solve
 * against LU's, whatever fill the pattern makes. */
static void random_definite(gsl_rng *rng)
{
	enum { N = 40 };
	static double A[N * N], value[N * N], b[N], x[N], want[N];
	static int start[N + 1], row[N * N];
	for (int trial = 0; trial < 20; trial++) {
		memset(A, 0, sizeof A);
		for (int i = 0; i < N; i++)
			for (int j = 0; j < i; j++)
				if (gsl_rng_uniform(rng) < 0.08)
					A[i * N + j] = A[j * N + i] = gsl_rng_uniform(rng) - 0.5;
		for (int i = 0; i < N; i++) { /* diagonally dominant */
			double sum = 1;
			for (int j = 0; j < N; j++)
				sum += fabs(A[i * N + j]);
			A[i * N + i] = sum;
			b[i] = gsl_rng_uniform(rng) - 0.5;
		}
		upper_pattern(A, N, start, row, value);
		struct sparse_ldl *f = sparse_ldl_new(N, start, row);
		ENSURE(sparse_ldl_factor(f, value) == 0);
		memcpy(x, b, sizeof b);
		sparse_ldl_solve(f, x);
		dense_solve(A, N, b, want);
		ENSURE(largest_gap(x, want, N) < 1e-13);
		/* a second factor with other numbers in the same pattern: the
		 * diagonal grown by k + 1 in column k */
		for (int k = 0; k < N; k++) {
			A[k * N + k] += k + 1;
			for (int e = start[k]; e < start[k + 1]; e++)
				value[e] += row[e] == k ? k + 1 : 0;
		}
		ENSURE(sparse_ldl_factor(f, value) == 0);
		memcpy(x, b, sizeof b);
		sparse_ldl_solve(f, x);
		dense_solve(A, N, b, want);
		ENSURE(largest_gap(x, want, N) < 1e-13);
		sparse_ldl_free(f);
	}
}

/* An arrow: a hub joined to every other vertex. Hub last, the factor has
 * the pattern's entries alone; hub first, it fills in completely. */
static void arrow(void)
{
	enum { N = 12 };
	double A[N * N] = {0}, value[N * N];
	int start[N + 1], row[N * N];
	for (int hub_last = 0; hub_last < 2; hub_last++) {
		int hub = hub_last ? N - 1 : 0;
		memset(A, 0, sizeof A);
		for (int k = 0; k < N; k++) {
			A[k * N + k] = 4;
			if (k != hub)
				A[k * N + hub] = A[hub * N + k] = 1;
		}
		A[hub * N + hub] = N;
		upper_pattern(A, N, start, row, value);
		struct sparse_ldl *f = sparse_ldl_new(N, start, row);
		ENSURE(sparse_ldl_fill(f) == (hub_last ? N - 1 : N * (N - 1) / 2));
		ENSURE(sparse_ldl_factor(f, value) == 0);
		sparse_ldl_free(f);
	}
	/* a zero pivot is said, not divided by */
	double zero[4] = {0, 1, 1, 0};
	int zstart[3], zrow[4];
	double zvalue[4];
	upper_pattern(zero, 2, zstart, zrow, zvalue);
	struct sparse_ldl *f = sparse_ldl_new(2, zstart, zrow);
	ENSURE(sparse_ldl_factor(f, zvalue) == -1);
	sparse_ldl_free(f);
}

/* [M J'; J 0] for a block tridiagonal M (points along a chain) and rows on
 * pairs of neighbouring points, some with two spans: a and λ against the
 * dense system; a dropped row keeps λ = 0; a repeated row is refused. */
static void kkt(gsl_rng *rng)
{
	enum { P = 10, N = 2 * P, R = 8 };
	static double M[N * N], K[(N + R) * (N + R)], rhs[N + R], want[N + R], a[N], lambda[R];
	memset(M, 0, sizeof M);
	for (int p = 0; p + 1 < P; p++) /* each "body" couples points p and p + 1 */
		for (int u = 0; u < 4; u++)
			for (int v = 0; v < 4; v++) {
				int i = 2 * p + u, j = 2 * p + v;
				M[i * N + j] += u == v ? 2 : (u % 2 == v % 2 ? 0.5 : 0);
			}
	struct rows *r = rows_new(R, N);
	for (int k = 0; k < R; k++) {
		int p = k < R - 2 ? k : 2 * (k - R + 2) + 1; /* the last two: far apart */
		rows_set_span(r, k, 0, 2 * p, 2 * p + 2);
		rows_set_span(r, k, 1, k < R - 2 ? 2 * p + 2 : N - 2, k < R - 2 ? 2 * p + 4 : N);
		FOR_SPAN_COLUMNS(r, k, c)
		r->J[k * N + c] = gsl_rng_uniform(rng) - 0.5;
	}
	struct sparse_kkt *s = sparse_kkt_new(M, r);
	ENSURE(s != NULL);
	if (!s)
		return;
	char dropped[R] = {0};
	for (int drop = 0; drop < 2; drop++) {
		dropped[3] = (char)drop;
		memset(K, 0, sizeof K);
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				K[i * (N + R) + j] = M[i * N + j];
		for (int k = 0; k < R; k++) {
			for (int c = 0; c < N && !dropped[k]; c++)
				K[(N + k) * (N + R) + c] = K[c * (N + R) + N + k] = r->J[k * N + c];
			if (dropped[k])
				K[(N + k) * (N + R) + N + k] = 1;
		}
		for (int k = 0; k < N + R; k++)
			rhs[k] = k < N || !dropped[k - N] ? gsl_rng_uniform(rng) - 0.5 : 0;
		dense_solve(K, N + R, rhs, want);
		ENSURE(sparse_kkt_factor(s, r, dropped) == 0);
		sparse_kkt_solve(s, rhs, rhs + N, a, lambda);
		ENSURE(largest_gap(a, want, N) < 1e-12);
		for (int k = 0; k < R; k++)
			want[N + k] = -want[N + k]; /* λ = -μ */
		ENSURE(largest_gap(lambda, want + N, R) < 1e-12);
		ENSURE(lambda[3] == 0 || !drop);
	}
	/* M alone: its solve, its product and its dense copy */
	double x[N], back[N], dense[N * N];
	for (int k = 0; k < N; k++)
		x[k] = gsl_rng_uniform(rng);
	memcpy(back, x, sizeof x);
	sparse_kkt_mass_solve(s, back);
	sparse_kkt_mass_apply(s, back, a);
	ENSURE(largest_gap(a, x, N) < 1e-13);
	sparse_kkt_mass_dense(s, dense);
	ENSURE(memcmp(dense, M, sizeof M) == 0);
	/* a row repeated: dependent, refused */
	memcpy(r->J + 1 * N, r->J, sizeof(double) * N);
	r->span[1][0] = r->span[0][0], r->span[1][1] = r->span[0][1];
	sparse_kkt_free(s);
	s = sparse_kkt_new(M, r);
	ENSURE(sparse_kkt_factor(s, r, NULL) == -1);
	sparse_kkt_free(s), rows_free(r);
	/* an M that is not positive definite */
	static double bad[4] = {1, 2, 2, 1};
	struct rows *none = rows_new(0, 2);
	ENSURE(sparse_kkt_new(bad, none) == NULL);
	rows_free(none);
}

int main(void)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 16);
	random_definite(rng);
	arrow();
	kkt(rng);
	gsl_rng_free(rng);
	return finish();
}
