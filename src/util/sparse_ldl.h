/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sparse_ldl.h — L D L' of a sparse symmetric matrix without pivoting, its
 * pattern analysed once and its numbers factored many times.
 *
 * The matrix is given by its upper triangle, column by column (for column
 * k the rows i ≤ k where A_ik may be nonzero): A = L D L' with L unit lower
 * triangular. The analysis finds the elimination tree (the parent of
 * column i is the first row k > i with L_ki ≠ 0) and the count of each
 * column of L, so the factor's storage is fixed before any number is
 * known; each factor then computes L row by row, row k from a triangular
 * solve over the columns its pattern reaches through that tree (the
 * "up-looking" method of T. A. Davis's LDL). The work is the number of
 * multiplications the factor needs, so a matrix ordered to make little
 * fill (a tree eliminated leaves first) costs time linear in its size.
 * Hand-written: GSL has no sparse direct factorisation. */
#ifndef MB_SPARSE_LDL_H
#define MB_SPARSE_LDL_H

struct sparse_ldl;

/* A pattern of n columns: column k's rows are row[start[k] .. start[k + 1]),
 * each ≤ k. The values come later, in the same places. */
struct sparse_ldl *sparse_ldl_new(int n, const int *start, const int *row);
void sparse_ldl_free(struct sparse_ldl *f);

/* The entries of L below the diagonal (for the workspace's size). */
int sparse_ldl_fill(const struct sparse_ldl *f);

/* Factor the values (one per pattern entry): 0, or -1 when a pivot is
 * zero or not finite. Allocates nothing. */
int sparse_ldl_factor(struct sparse_ldl *f, const double *value);

/* D's entry k after a factor. */
double sparse_ldl_pivot(const struct sparse_ldl *f, int k);

/* x ← A⁻¹ x after a factor. */
void sparse_ldl_solve(const struct sparse_ldl *f, double *x);

#endif
