/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_rows.c — rows.c's products by groups of rows (rows whose spans are
 * a body's three columns, as joints' rows in body coordinates) against its
 * general path on the same rows: the same bits, J W J' (its envelope, and
 * nothing before it), J x and J'y; and against the dense J W J'. */
#include "check.h"
#include "util/rows.h"

#include <stdlib.h>
#include <string.h>

/* A joint-like group: rows between bodies i and j (-1: the ground). */
struct group {
	int bi, bj, rows;
};

static double uniform(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (double)(*seed >> 8) / (1u << 24) * 2 - 1;
}

static struct rows *layout(const struct group *g, int ngroups, int bodies)
{
	int count = 0;
	for (int k = 0; k < ngroups; k++)
		count += g[k].rows;
	struct rows *r = rows_new(count, 3 * bodies);
	for (int k = 0, row = 0; k < ngroups; k++)
		for (int q = 0; q < g[k].rows; q++, row++) {
			int bi = g[k].bi, bj = g[k].bj;
			rows_set_span(r, row, 0, bi >= 0 ? 3 * bi : 0, bi >= 0 ? 3 * bi + 3 : 0);
			rows_set_span(r, row, 1, bj >= 0 ? 3 * bj : 0, bj >= 0 ? 3 * bj + 3 : 0);
		}
	rows_list_overlaps(r);
	return r;
}

/* The grouped products and the general ones (the same rows without their
 * groups) agree bit for bit; the dense J W J' to round-off. x spans eight
 * orders of magnitude, so that a sum taken in another order shows. */
static void agree(const struct group *g, int ngroups, int bodies, unsigned seed)
{
	struct rows *r = layout(g, ngroups, bodies);
	ENSURE(r->block != NULL && r->run != NULL);
	int n = r->count, cols = r->cols;
	double *w = malloc(sizeof(double) * (size_t)cols),
	       *x = malloc(sizeof(double) * (size_t)cols);
	double *y = malloc(sizeof(double) * (size_t)n),
	       *X = calloc((size_t)(n * cols), sizeof(double));
	for (int k = 0; k < cols; k++)
		w[k] = 1 + uniform(&seed) * uniform(&seed),
		x[k] = uniform(&seed) * pow(10, 4 * uniform(&seed));
	for (int a = 0; a < n; a++) {
		y[a] = uniform(&seed) * 100;
		FOR_SPAN_COLUMNS(r, a, k) r->J[a * cols + k] = uniform(&seed) * (1 + a);
		FOR_SPAN_COLUMNS(r, a, k) X[a * cols + k] = w[k] * r->J[a * cols + k];
	}
	gsl_matrix *S1 = gsl_matrix_alloc((size_t)n, (size_t)n),
	           *S2 = gsl_matrix_alloc((size_t)n, (size_t)n),
	           *D = gsl_matrix_alloc((size_t)n, (size_t)n);
	gsl_matrix_set_all(S1, 7), gsl_matrix_set_all(S2, 7);
	double *out1 = calloc((size_t)n, sizeof(double)), *out2 = calloc((size_t)n, sizeof(double));
	double *t1 = calloc((size_t)cols, sizeof(double)),
	       *t2 = calloc((size_t)cols, sizeof(double));
	for (int k = 0; k < cols; k++)
		t1[k] = t2[k] = x[k];
	struct rows general = *r;
	general.block = NULL, general.run = NULL, general.nblocks = general.nruns = 0;
	rows_gram_diagonal(r, w, S1, x, out1);
	rows_gram_diagonal(&general, w, S2, x, out2);
	rows_add_transpose(r, y, t1);
	rows_add_transpose(&general, y, t2);
	ENSURE(memcmp(S1->data, S2->data, sizeof(double) * (size_t)(n * n)) == 0);
	ENSURE(memcmp(out1, out2, sizeof(double) * (size_t)n) == 0);
	ENSURE(memcmp(t1, t2, sizeof(double) * (size_t)cols) == 0);
	rows_gram(r, X, D);
	double worst = 0;
	for (int a = 0; a < n; a++)
		for (int b = r->first[a]; b <= a; b++)
			worst = fmax(worst, fabs(gsl_matrix_get(S1, (size_t)a, (size_t)b) -
			                         gsl_matrix_get(D, (size_t)a, (size_t)b)));
	ENSURE_NEAR(worst, 0, 1e-12);
	for (int a = 0; a < n; a++) /* before the envelope: as it was */
		for (int b = 0; b < r->first[a]; b++)
			ENSURE(gsl_matrix_get(S1, (size_t)a, (size_t)b) == 7);
	gsl_matrix_free(S1), gsl_matrix_free(S2), gsl_matrix_free(D);
	free(w), free(x), free(y), free(X), free(out1), free(out2), free(t1), free(t2);
	rows_free(r);
}

int main(void)
{
	/* a four-bar: four pins, two rows each */
	const struct group four_bar[] = {{0, -1, 2}, {1, 0, 2}, {1, 2, 2}, {2, -1, 2}};
	/* every group size and pair of sizes; a group of four rows with the
	 * same spans (split at GROUP_ROWS); bodies met out of order; a pair of
	 * groups inside the envelope that shares no body */
	const struct group mixed[] = {{-1, 0, 3}, {0, 1, 1}, {1, 2, 2}, {2, 3, 3}, {3, -1, 2},
	                              {1, 4, 4},  {4, 0, 1}, {2, 4, 2}, {3, 0, 1}};
	for (unsigned seed = 1; seed <= 20; seed++) {
		agree(four_bar, 4, 3, seed);
		agree(mixed, 9, 5, seed);
	}
	/* spans two columns wide have no groups: the general path alone */
	struct rows *r = rows_new(2, 4);
	rows_set_span(r, 0, 0, 0, 2), rows_set_span(r, 0, 1, 2, 4);
	rows_set_span(r, 1, 0, 1, 3), rows_set_span(r, 1, 1, 3, 3);
	rows_list_overlaps(r);
	ENSURE(r->block == NULL && r->run == NULL);
	rows_free(r);
	return finish();
}
