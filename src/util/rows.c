/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rows.c — constraint rows (see rows.h). */
#include "util/rows.h"

#include <stdlib.h>
#include <string.h>

#include "util/rank.h"

struct rows *rows_new(int count, int cols)
{
	struct rows *r = calloc(1, sizeof *r);
	size_t n = count > 0 ? (size_t)count : 0;
	r->count = count, r->cols = cols;
	r->J = calloc(n * (size_t)(cols > 0 ? cols : 0) + 1, sizeof(double));
	r->phi = calloc(3 * n + 1, sizeof(double));
	r->vrhs = r->phi + n, r->gamma = r->vrhs + n;
	r->span = calloc(n + 1, sizeof *r->span);
	for (int row = 0; row < count; row++)
		rows_set_span(r, row, 0, 0, cols);
	return r;
}

void rows_free(struct rows *r)
{
	if (!r)
		return;
	free(r->J), free(r->phi), free(r->span), free(r->overlap), free(r->first);
	free(r);
}

void rows_set_span(struct rows *r, int row, int slot, int begin, int end)
{
	r->span[row][slot] = (struct row_span){begin, end > begin ? end : begin};
}

void rows_clear(struct rows *r)
{
	for (int row = 0; row < r->count; row++) {
		double *j = r->J + (size_t)row * (size_t)r->cols;
		FOR_SPAN_COLUMNS(r, row, k) j[k] = 0;
	}
}

/* The span loops below write out the span of a body's three columns, the
 * common case: the same sums in the same order, without a loop's counting. */

double rows_dot(const struct rows *r, int row, const double *x)
{
	const double *j = r->J + (size_t)row * (size_t)r->cols;
	double s = 0;
	for (int slot = 0; slot < ROW_SPANS; slot++) {
		int k = r->span[row][slot].begin, end = r->span[row][slot].end;
		if (end - k == 3) {
			s += j[k] * x[k];
			s += j[k + 1] * x[k + 1];
			s += j[k + 2] * x[k + 2];
			continue;
		}
		for (; k < end; k++)
			s += j[k] * x[k];
	}
	return s;
}

void rows_times(const struct rows *r, const double *x, double *out)
{
	for (int row = 0; row < r->count; row++)
		out[row] = rows_dot(r, row, x);
}

void rows_add_transpose(const struct rows *r, const double *y, double *out)
{
	for (int row = 0; row < r->count; row++) {
		const double *j = r->J + (size_t)row * (size_t)r->cols;
		double yr = y[row];
		for (int slot = 0; slot < ROW_SPANS; slot++) {
			int k = r->span[row][slot].begin, end = r->span[row][slot].end;
			if (end - k == 3) {
				out[k] += j[k] * yr;
				out[k + 1] += j[k + 1] * yr;
				out[k + 2] += j[k + 2] * yr;
				continue;
			}
			for (; k < end; k++)
				out[k] += j[k] * yr;
		}
	}
}

void rows_gram(const struct rows *r, const double *X, gsl_matrix *S)
{
	size_t cols = (size_t)r->cols;
	for (int a = 0; a < r->count; a++) {
		const double *ja = r->J + (size_t)a * cols;
		for (int b = 0; b <= a; b++) {
			const double *xb = X + (size_t)b * cols;
			double s = 0;
			FOR_SPAN_COLUMNS(r, a, k) s += ja[k] * xb[k];
			S->data[(size_t)a * S->tda + (size_t)b] = s; /* the evaluation path:
			                                              * no range checks */
		}
	}
}

/* The columns rows a and b share in span slots p of a and q of b, or len 0. */
static struct row_overlap shared(const struct rows *r, int a, int b, int p, int q)
{
	int lo =
	    r->span[a][p].begin > r->span[b][q].begin ? r->span[a][p].begin : r->span[b][q].begin;
	int hi = r->span[a][p].end < r->span[b][q].end ? r->span[a][p].end : r->span[b][q].end;
	return (struct row_overlap){a,
	                            b,
	                            lo,
	                            hi > lo ? hi - lo : 0,
	                            0,
	                            a == b && p == q,
	                            (size_t)a * (size_t)r->cols + (size_t)lo,
	                            (size_t)b * (size_t)r->cols + (size_t)lo};
}

static void append(struct row_overlap **list, int *listed, int *room, struct row_overlap o)
{
	if (*listed == *room)
		*list = realloc(*list, sizeof **list * (size_t)(*room *= 2));
	(*list)[(*listed)++] = o;
}

/* Whether span slot p of row a and slot q of row b share a column. */
static int meets(const struct rows *r, int a, int p, int b, int q)
{
	const struct row_span *x = &r->span[a][p], *y = &r->span[b][q];
	return (x->begin > y->begin ? x->begin : y->begin) < (x->end < y->end ? x->end : y->end);
}

void rows_list_overlaps(struct rows *r)
{
	int listed = 0, room = 16;
	struct row_overlap *list = malloc(sizeof *list * (size_t)room);
	free(r->first);
	r->first = calloc((size_t)r->count + 1, sizeof *r->first);
	for (int a = 0; a < r->count; a++) {
		r->first[a] = a;
		for (int b = 0; b < a && r->first[a] == a; b++)
			for (int p = 0; p < ROW_SPANS; p++)
				for (int q = 0; q < ROW_SPANS; q++)
					if (meets(r, a, p, b, q))
						r->first[a] = b;
		for (int b = r->first[a]; b <= a; b++) {
			int begun = listed;
			for (int p = 0; p < ROW_SPANS; p++)
				for (int q = 0; q < ROW_SPANS; q++)
					if (meets(r, a, p, b, q))
						append(&list, &listed, &room,
						       shared(r, a, b, p, q));
			if (listed == begun) /* inside the envelope, yet nothing shared: 0 */
				append(&list, &listed, &room, shared(r, a, b, 0, 0));
			list[listed - 1].last = 1;
		}
	}
	free(r->overlap);
	r->overlap = list, r->noverlaps = listed;
}

void rows_gram_diagonal(const struct rows *r, const double *w, gsl_matrix *S, const double *x,
                        double *out)
{
	size_t tda = S->tda;
	double *s = S->data, sum = 0, dot = 0;
	for (const struct row_overlap *o = r->overlap, *end = o + r->noverlaps; o < end; o++) {
		const double *ja = r->J + o->ja, *jb = r->J + o->jb, *wk = w + o->begin;
		if (o->len == 3) { /* a body's x, y, φ: the common case, written out */
			sum += ja[0] * wk[0] * jb[0];
			sum += ja[1] * wk[1] * jb[1];
			sum += ja[2] * wk[2] * jb[2];
		} else {
			for (int k = 0; k < o->len; k++)
				sum += ja[k] * wk[k] * jb[k];
		}
		if (x && o->own) { /* a span of row a: its terms of J_a x, in order */
			const double *xk = x + o->begin;
			if (o->len == 3) {
				dot += ja[0] * xk[0];
				dot += ja[1] * xk[1];
				dot += ja[2] * xk[2];
			} else {
				for (int k = 0; k < o->len; k++)
					dot += ja[k] * xk[k];
			}
		}
		if (o->last) { /* the pair's entry is complete */
			s[(size_t)o->a * tda + (size_t)o->b] = sum;
			sum = 0;
			if (x && o->a == o->b) /* and the row's product, its last pair */
				out[o->a] = dot, dot = 0;
		}
	}
}

int rows_dependent(const struct rows *r, struct pivot *p, int *order, char *dropped)
{
	int rank = pivot_order(p, r->J, r->count, r->cols, 1, order);
	for (int k = rank; k < r->count; k++)
		dropped[order[k]] = 1;
	return rank;
}

void gram_drop(gsl_matrix *S, const char *dropped, int count)
{
	for (int a = 0; a < count; a++)
		if (dropped[a])
			for (int b = 0; b < count; b++) {
				gsl_matrix_set(S, (size_t)a, (size_t)b, a == b);
				gsl_matrix_set(S, (size_t)b, (size_t)a, a == b);
			}
}
