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
	free(r->block), free(r->blocked), free(r->run);
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

/* out[c .. c + 3) += the terms of rows a .. a + n - 1 in row order (n a
 * constant: the loop unrolled, out's entries held in registers). */
static inline __attribute__((always_inline)) void add_span(const struct rows *r, int a, int c,
                                                           int n, const double *y, double *out)
{
	double o0 = out[c], o1 = out[c + 1], o2 = out[c + 2];
#pragma GCC unroll 3
	for (int i = 0; i < n; i++) {
		const double *j = r->J + (size_t)(a + i) * (size_t)r->cols + (size_t)c;
		double yr = y[a + i];
		o0 += j[0] * yr;
		o1 += j[1] * yr;
		o2 += j[2] * yr;
	}
	out[c] = o0, out[c + 1] = o1, out[c + 2] = o2;
}

/* rows_add_transpose run by run (rows.h): each span's three entries of out
 * taken once for its group's rows, which add their terms in row order
 * still (the spans of a row are apart). */
static void add_transpose_runs(const struct rows *r, const double *y, double *out)
{
	for (const struct row_run *u = r->run, *end = u + r->nruns; u < end; u++) {
		int n = u->a + u->n <= r->count ? u->n : r->count - u->a;
		if (n == 2)
			add_span(r, u->a, u->begin, 2, y, out);
		else if (n == 1)
			add_span(r, u->a, u->begin, 1, y, out);
		else if (n == 3)
			add_span(r, u->a, u->begin, 3, y, out);
	}
}

void rows_add_transpose(const struct rows *r, const double *y, double *out)
{
	if (r->run) {
		add_transpose_runs(r, y, out);
		return;
	}
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

/* Whether rows a and b have the same spans. */
static int same_spans(const struct rows *r, int a, int b)
{
	for (int p = 0; p < ROW_SPANS; p++)
		if (r->span[a][p].begin != r->span[b][p].begin ||
		    r->span[a][p].end != r->span[b][p].end)
			return 0;
	return 1;
}

/* The spans rows a and b share, in the order of the overlaps' list, onto
 * r->blocked: 0, or -1 when one is not a whole span of three columns. */
static int list_shared(struct rows *r, int a, int b, int *listed, int *room)
{
	for (int p = 0; p < ROW_SPANS; p++)
		for (int q = 0; q < ROW_SPANS; q++)
			if (meets(r, a, p, b, q)) {
				struct row_overlap o = shared(r, a, b, p, q);
				if (o.len != 3)
					return -1;
				append(&r->blocked, listed, room, o);
			}
	return 0;
}

/* A block's shape, the case of gram_blocks that makes it. */
static int block_shape(int na, int nb, int diagonal) { return diagonal * 16 + na * 4 + nb; }

/* The rows' groups and blocks (rows.h), when every span is a body's three
 * columns whole: the rows of a group are consecutive, with the same spans. */
static void list_blocks(struct rows *r)
{
	free(r->block), free(r->blocked), free(r->run);
	r->block = NULL, r->blocked = NULL, r->run = NULL, r->nblocks = r->nruns = 0;
	int *group = malloc(sizeof *group * ((size_t)r->count + 1)); /* each row's group's first */
	for (int a = 0; a < r->count; a++) {
		for (int p = 0; p < ROW_SPANS; p++) {
			int len = r->span[a][p].end - r->span[a][p].begin, apart = 1;
			for (int q = p + 1; q < ROW_SPANS; q++)
				apart = apart && !meets(r, a, p, a, q);
			if ((len != 0 && len != 3) || !apart) {
				free(group);
				return;
			}
		}
		group[a] = a > 0 && a - group[a - 1] < GROUP_ROWS && same_spans(r, a, a - 1)
		               ? group[a - 1]
		               : a;
	}
	int nblocks = 0, room = 16, listed = 0, shared_room = 16;
	struct row_block *list = malloc(sizeof *list * (size_t)room);
	r->blocked = malloc(sizeof *r->blocked * (size_t)shared_room);
	for (int a = 0, fail = 0; a < r->count; a++) {
		if (group[a] != a)
			continue;
		int na = 1;
		while (a + na < r->count && group[a + na] == a)
			na++;
		for (int b = group[r->first[a]]; b <= a && !fail; b++) {
			if (group[b] != b)
				continue;
			int nb = 1;
			while (b + nb < r->count && group[b + nb] == b)
				nb++;
			struct row_block k = {a, b, na, nb, listed, 0, block_shape(na, nb, a == b)};
			fail = list_shared(r, a, b, &listed, &shared_room) != 0;
			k.to = listed;
			if (nblocks == room)
				list = realloc(list, sizeof *list * (size_t)(room *= 2));
			list[nblocks++] = k;
		}
		if (fail) {
			free(list), free(group), free(r->blocked);
			r->blocked = NULL;
			return;
		}
	}
	free(group);
	r->block = list, r->nblocks = nblocks;
	r->run = malloc(sizeof *r->run * ((size_t)nblocks * ROW_SPANS + 1));
	for (int b = 0; b < nblocks; b++)
		for (int p = 0; list[b].a == list[b].b && p < ROW_SPANS; p++)
			if (r->span[list[b].a][p].end > r->span[list[b].a][p].begin)
				r->run[r->nruns++] = (struct row_run){list[b].a, list[b].na,
				                                      r->span[list[b].a][p].begin};
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
	list_blocks(r);
}

/* The entries of block k (rows.h), na x nb of them (diagonal: the lower
 * half of na x na), each the sum over the shared spans in the overlaps'
 * order of J_ak w_k J_bk: with na, nb constants the sums stay in registers
 * and each row's entries are read once a span, not once an entry. J_ak w_k
 * is one product whichever row b it meets. A diagonal block, given x, also
 * makes its rows' J_a x from their own spans, as rows_dot does. */
static inline __attribute__((always_inline)) void
gram_block(const struct rows *r, const struct row_block *k, const double *w, double *s, size_t tda,
           const double *x, double *out, int na, int nb, int diagonal)
{
	size_t cols = (size_t)r->cols;
	double sum[GROUP_ROWS][GROUP_ROWS] = {{0}}, dot[GROUP_ROWS] = {0};
	int own = diagonal && x; /* a diagonal block's spans are its rows' own (they are apart) */
	for (const struct row_overlap *o = r->blocked + k->from, *end = r->blocked + k->to; o < end;
	     o++) {
		const double *wk = w + o->begin, *xk = own ? x + o->begin : NULL;
#pragma GCC unroll 3
		for (int i = 0; i < na; i++) {
			const double *ja = r->J + o->ja + (size_t)i * cols;
			double u0 = ja[0] * wk[0], u1 = ja[1] * wk[1], u2 = ja[2] * wk[2];
#pragma GCC unroll 3
			for (int l = 0; l < nb; l++) {
				if (diagonal && l > i)
					break;
				/* a diagonal block's rows are a's own (o->jb is o->ja):
				 * their entries read above are read again from registers */
				const double *jb =
				    r->J + (diagonal ? o->ja : o->jb) + (size_t)l * cols;
				sum[i][l] += u0 * jb[0];
				sum[i][l] += u1 * jb[1];
				sum[i][l] += u2 * jb[2];
			}
			if (own) {
				dot[i] += ja[0] * xk[0];
				dot[i] += ja[1] * xk[1];
				dot[i] += ja[2] * xk[2];
			}
		}
	}
#pragma GCC unroll 3
	for (int i = 0; i < na; i++) {
#pragma GCC unroll 3
		for (int l = 0; l < nb; l++)
			if (!diagonal || l <= i)
				s[(size_t)(k->a + i) * tda + (size_t)(k->b + l)] = sum[i][l];
		if (diagonal && x)
			out[k->a + i] = dot[i];
	}
}

/* Every block, each shape of block compiled on its own: a diagonal block
 * of 1 to GROUP_ROWS rows, or any two sizes. */
static void gram_blocks(const struct rows *r, const double *w, gsl_matrix *S, const double *x,
                        double *out)
{
	size_t tda = S->tda;
	double *s = S->data;
	for (const struct row_block *k = r->block, *end = k + r->nblocks; k < end; k++) {
#define SHAPE(na, nb, diagonal)                                                                    \
	case (diagonal)*16 + (na)*4 + (nb):                                                        \
		gram_block(r, k, w, s, tda, x, out, na, nb, diagonal);                             \
		break;
#define BESIDE(na) SHAPE(na, 1, 0) SHAPE(na, 2, 0) SHAPE(na, 3, 0)
		_Static_assert(GROUP_ROWS == 3, "a shape for every size of group");
		switch (k->shape) {
			SHAPE(1, 1, 1) SHAPE(2, 2, 1) SHAPE(3, 3, 1) BESIDE(1) BESIDE(2) BESIDE(3)
		}
#undef BESIDE
#undef SHAPE
	}
}

void rows_gram_diagonal(const struct rows *r, const double *w, gsl_matrix *S, const double *x,
                        double *out)
{
	if (r->block) {
		gram_blocks(r, w, S, x, out);
		return;
	}
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
