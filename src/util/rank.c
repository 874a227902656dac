/* rank.c — rank-revealing helpers (see rank.h). */
#include "util/rank.h"

#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t pivot_order(const gsl_matrix *A, int transposed, size_t *order)
{
	size_t rows = transposed ? A->size2 : A->size1, cols = transposed ? A->size1 : A->size2;
	gsl_matrix *B = gsl_matrix_alloc(rows, cols);
	if (transposed)
		gsl_matrix_transpose_memcpy(B, A);
	else
		gsl_matrix_memcpy(B, A);
	gsl_vector *tau = gsl_vector_alloc(rows < cols ? rows : cols),
	           *norm_v = gsl_vector_alloc(cols);
	gsl_permutation *p = gsl_permutation_alloc(cols);
	int sign;
	gsl_linalg_QRPT_decomp(B, tau, p, &sign, norm_v);
	double top = fabs(gsl_matrix_get(B, 0, 0));
	size_t rank = 0;
	while (rank < rows && rank < cols && fabs(gsl_matrix_get(B, rank, rank)) > 1e-9 * top)
		rank++;
	for (size_t k = 0; k < cols; k++)
		order[k] = gsl_permutation_get(p, k);
	gsl_matrix_free(B), gsl_vector_free(tau), gsl_vector_free(norm_v), gsl_permutation_free(p);
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

void explain_dependent_rows(struct model *m, double t, const gsl_matrix *J, row_joint_fn row_joint,
                            void *ctx)
{
	size_t rows = J->size1;
	size_t *order = calloc(rows + 1, sizeof *order);
	size_t rank = pivot_order(J, 1, order);
	char names[256] = "";
	for (size_t k = rank; k < rows; k++) {
		const char *name = row_joint(ctx, (int)order[k]);
		if (!strstr(names, name) && strlen(names) + strlen(name) + 8 < sizeof names) {
			strcat(names, names[0] ? ", '" : "'");
			strcat(names, name);
			strcat(names, "'");
		}
	}
	free(order);
	model_fail(m,
	           "at t = %g the constraint Jacobian has rank %zu for %zu constraint rows: the "
	           "constraints of joint %s depend on the others. Either the model has redundant "
	           "constraints (remove them, or run with redundant = \"drop\" or stabilization = "
	           "\"penalty\", which carry on; their reactions are then not unique), or the "
	           "mechanism is in a singular configuration",
	           t, rank, rows, names[0] ? names : "(unknown)");
}
