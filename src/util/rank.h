/* rank.h — rank-revealing helpers for constraint Jacobians (book Sec.
 * 14.4, App. A): QR with column pivoting finds which rows (or columns) the
 * others already determine. Shared by redundant-constraint diagnosis, by
 * redundant = "drop", and by coordinate partitioning's choice of split. */
#ifndef MB_RANK_H
#define MB_RANK_H

#include <gsl/gsl_matrix.h>

#include "model/model.h"

/* The column order of A (or of A' when transposed) from QR with column
 * pivoting, best-conditioned first, into order; returns the numerical
 * rank. */
size_t pivot_order(const gsl_matrix *A, int transposed, size_t *order);

/* Cholesky of a symmetric positive matrix in place, 0; or -1 when a pivot
 * is tiny against the largest diagonal entry: its rows are dependent (GSL
 * refuses only exactly singular ones). */
int cholesky_checked(gsl_matrix *A);

/* Which joint constraint row `row` belongs to. */
typedef const char *(*row_joint_fn)(void *ctx, int row);

/* Fail with a message naming the joints whose rows of J depend on the
 * others, and saying how to carry on. */
void explain_dependent_rows(struct model *m, double t, const gsl_matrix *J, row_joint_fn row_joint,
                            void *ctx);

#endif
