/* rank.c — rank-revealing helpers (see rank.h). */
#include "util/rank.h"

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

int cholesky_checked(gsl_matrix *A)
{
	double scale = 0;
	for (size_t k = 0; k < A->size1; k++)
		scale = fmax(scale, gsl_matrix_get(A, k, k));
	if (gsl_linalg_cholesky_decomp1(A) != 0)
		return -1;
	for (size_t k = 0; k < A->size1; k++) {
		double piv = gsl_matrix_get(A, k, k);
		if (!(piv * piv > 1e-13 * scale))
			return -1;
	}
	return 0;
}
