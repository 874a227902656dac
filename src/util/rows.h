/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rows.h — constraint rows: the Jacobian J of a set of constraints Φ with
 * the right sides of J q̇ = v and J q̈ = γ (book Eqs. 7.12-7.13), as every
 * formulation and the model's body-coordinate layer hand them on.
 *
 * J is stored densely, row-major, and every row also says which columns it
 * touches: up to ROW_SPANS ranges, [begin, end). A joint in body
 * coordinates touches the three columns of each of its two bodies; a cut
 * joint in joint coordinates touches every column. Products run over the
 * spans alone, so a sparse row costs what its nonzeros cost; the entries
 * outside the spans must be zero. */
#ifndef MB_ROWS_H
#define MB_ROWS_H

#include <gsl/gsl_matrix.h>

#define ROW_SPANS 2

struct row_span {
	int begin, end; /* end == begin: unused */
};

/* Columns [begin, begin + len) that rows a >= b both touch; ja and jb are
 * where they start in J for each row. An entry (a, b) of J W J' sums the
 * overlaps of its pair, listed one after another, the last marked; a pair
 * of the envelope (below) that shares no column is listed once with len 0,
 * so that its entry is written too. */
struct row_overlap {
	int a, b, begin, len, last;
	int own; /* a == b and the same span of the row: J_a x's terms over it */
	size_t ja, jb;
};

/* Rows in groups whose spans are the same, each three columns wide (a
 * joint's rows in body coordinates, each span a body's x, y, φ), up to
 * GROUP_ROWS rows a group: J W J' block by block, each block the entries
 * of two groups (a >= b, the first rows of each) over the spans they share,
 * blocked[from .. to) (those of rows a and b). */
#define GROUP_ROWS 3
struct row_block {
	int a, b, na, nb;
	int from, to;
	int shape; /* which of rows.c's compiled shapes makes it */
};
/* A group's span: rows a .. a + n - 1 at columns begin .. begin + 2. */
struct row_run {
	int a, n, begin;
};

struct rows {
	int count, cols;
	double *J;                  /* count x cols */
	double *phi, *vrhs, *gamma; /* Φ; J q̇ = v; J q̈ = γ */
	struct row_span (*span)[ROW_SPANS];
	struct row_overlap *overlap; /* rows_list_overlaps: every pair's shared columns */
	int noverlaps;
	int *first;              /* rows_list_overlaps: per row a, the first column of J W J' (W
	                          * diagonal) in its lower half that can be nonzero: the first row
	                          * b < a that shares a column with a, else a itself. The
	                          * Cholesky factor keeps this envelope (no fill before it). */
	struct row_block *block; /* rows_list_overlaps, when the rows group so (else NULL) */
	int nblocks;
	struct row_overlap *blocked; /* the blocks' shared spans */
	struct row_run *run;         /* every group's spans, group by group */
	int nruns;
};

/* count rows of cols columns, zero, each spanning every column until told
 * otherwise. */
struct rows *rows_new(int count, int cols);
void rows_free(struct rows *r);

/* Row `row` touches columns [begin, end) in span slot `slot`. */
void rows_set_span(struct rows *r, int row, int slot, int begin, int end);

/* Zero J inside every span (what lies outside is zero already). */
void rows_clear(struct rows *r);

/* J_row x */
double rows_dot(const struct rows *r, int row, const double *x);

/* out = J x (count entries) */
void rows_times(const struct rows *r, const double *x, double *out);

/* out += J' y */
void rows_add_transpose(const struct rows *r, const double *y, double *out);

/* S = J X' (count x count, symmetric), where row a of X is W J_a' for a
 * symmetric weight W: S = J W J', its lower half (what the Cholesky
 * factorisation reads). */
void rows_gram(const struct rows *r, const double *X, gsl_matrix *S);

/* List, once the spans are set, the columns each pair of rows shares:
 * most pairs share none, so the product below runs over the others alone. */
void rows_list_overlaps(struct rows *r);

/* The same as rows_gram when W is diagonal (w, one per column), from the
 * overlaps listed by rows_list_overlaps: the entries of the envelope
 * (r->first) alone; those before it are left as they are (zero, for the
 * envelope's Cholesky factorisation never reads them). Given x, also
 * out = J x (every row, rows_times' numbers). Rows in groups (r->block)
 * go block by block, the same sums in the same order. */
void rows_gram_diagonal(const struct rows *r, const double *w, gsl_matrix *S, const double *x,
                        double *out);

struct pivot;

/* Mark in dropped the rows that QR with column pivoting of J' finds
 * dependent on the others (book Sec. 14.4), with p and order (count
 * entries) as workspace; returns the rank. */
int rows_dependent(const struct rows *r, struct pivot *p, int *order, char *dropped);

/* Make each dropped row and column of S (count x count) the identity's, so
 * a dropped row's multiplier comes out zero. */
void gram_drop(gsl_matrix *S, const char *dropped, int count);

/* Columns of row `row`, span by span: FOR_SPAN_COLUMNS(r, row, k) sum += ...; */
#define FOR_SPAN_COLUMNS(r, row, k)                                                                \
	for (int slot_ = 0; slot_ < ROW_SPANS; slot_++)                                            \
		for (int k = (r)->span[row][slot_].begin; k < (r)->span[row][slot_].end; k++)

#endif
