/* band_kkt.c — the KKT system of a constant sparse M as a band (see
 * band_kkt.h). GSL factors and solves the bands; it has no ordering that
 * narrows them, so reverse Cuthill-McKee is written here. */
#include "util/band_kkt.h"

#include <gsl/gsl_cblas.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct band_kkt {
	int n, rows, size;      /* coordinates, rows, n + rows */
	int *coord_at, *row_at; /* each coordinate's and row's place in the KKT order */
	int *mass_at; /* each coordinate's place in M's order (the same order, rows left out) */
	double *mass_diagonal;  /* M_kk, the scale of a coordinate's pivot */
	gsl_matrix *M, *factor; /* M as a band in its order, and its Cholesky factor */
	gsl_matrix *template;   /* the KKT band with M alone in it */
	gsl_matrix *K;          /* the KKT band at the current J, factored */
	double *scale;          /* per row: Σ J_k² / M_kk at the last factor */
	char *held;             /* per row: dropped at the last factor (λ = 0) */
	double *x;              /* a solve's vector in KKT order; a product's two with M */
};

/* ------------------------------------------------------------ the order */

struct graph {
	int n, *start, *next; /* neighbours of v: next[start[v] .. start[v + 1]) */
};

static int degree(const struct graph *g, int v) { return g->start[v + 1] - g->start[v]; }

/* The coordinates' graph: k ~ l when M_kl ≠ 0 or a row touches both. */
static struct graph graph_of(const double *M, const struct rows *r)
{
	int n = r->cols;
	unsigned char *adjacent = calloc((size_t)n * (size_t)n + 1, 1);
	for (int k = 0; k < n; k++)
		for (int l = 0; l < n; l++)
			adjacent[(size_t)k * (size_t)n + (size_t)l] =
			    k != l && M[(size_t)k * (size_t)n + (size_t)l] != 0;
	for (int row = 0; row < r->count; row++)
		FOR_SPAN_COLUMNS(r, row, k)
	FOR_SPAN_COLUMNS(r, row, l)
	if (k != l)
		adjacent[(size_t)k * (size_t)n + (size_t)l] = 1;
	struct graph g = {n, calloc((size_t)n + 2, sizeof(int)), NULL};
	for (int k = 0; k < n; k++)
		for (int l = 0; l < n; l++)
			g.start[k + 1] += adjacent[(size_t)k * (size_t)n + (size_t)l];
	for (int k = 0; k < n; k++)
		g.start[k + 1] += g.start[k];
	g.next = calloc((size_t)g.start[n] + 1, sizeof(int));
	for (int k = 0, e = 0; k < n; k++)
		for (int l = 0; l < n; l++)
			if (adjacent[(size_t)k * (size_t)n + (size_t)l])
				g.next[e++] = l;
	free(adjacent);
	return g;
}

/* Breadth first from `root` over the unplaced vertices (placed[v] == 0),
 * each vertex's neighbours by increasing degree (Cuthill-McKee), appended
 * to order from *count; when mark is set they are placed for good. The
 * last level's vertex of least degree goes to *far, and the number of
 * levels is returned. */
static int sweep(const struct graph *g, int root, char *placed, int *order, int *count, int mark,
                 int *far)
{
	int first = *count, head = first, levels = 0;
	order[(*count)++] = root, placed[root] = 1;
	while (head < *count) {
		int level_end = *count;
		levels++;
		*far = order[head];
		for (int e = head; e < level_end; e++)
			if (degree(g, order[e]) < degree(g, *far))
				*far = order[e];
		for (; head < level_end; head++) {
			int v = order[head], from = *count;
			for (int e = g->start[v]; e < g->start[v + 1]; e++)
				if (!placed[g->next[e]])
					placed[g->next[e]] = 1, order[(*count)++] = g->next[e];
			for (int a = from + 1; a < *count; a++) /* insertion sort by degree */
				for (int b = a;
				     b > from && degree(g, order[b]) < degree(g, order[b - 1]);
				     b--) {
					int swap = order[b];
					order[b] = order[b - 1], order[b - 1] = swap;
				}
		}
	}
	if (!mark)
		for (int e = first; e < *count; e++)
			placed[order[e]] = 0;
	if (!mark)
		*count = first;
	return levels;
}

/* Reverse Cuthill-McKee, each part of the graph from a pseudo-peripheral
 * vertex (George and Liu: start at a vertex of least degree, move to the
 * far end of its level structure while that grows deeper). */
static void reverse_cuthill_mckee(const struct graph *g, int *order)
{
	char *placed = calloc((size_t)g->n + 1, 1);
	int count = 0;
	while (count < g->n) {
		int root = -1;
		for (int v = 0; v < g->n; v++)
			if (!placed[v] && (root < 0 || degree(g, v) < degree(g, root)))
				root = v;
		int far, levels = sweep(g, root, placed, order, &count, 0, &far);
		for (int tries = 0; tries < 8; tries++) {
			int further, deeper = sweep(g, far, placed, order, &count, 0, &further);
			if (deeper <= levels)
				break;
			root = far, far = further, levels = deeper;
		}
		sweep(g, root, placed, order, &count, 1, &far);
	}
	for (int a = 0, b = g->n - 1; a < b; a++, b--) {
		int swap = order[a];
		order[a] = order[b], order[b] = swap;
	}
	free(placed);
}

/* ------------------------------------------------------------ set-up */

/* Entry (i, j), i ≥ j, of a symmetric band in GSL's layout: row j holds
 * column j from the diagonal down. */
static inline double *band_at(gsl_matrix *B, int i, int j)
{
	return B->data + (size_t)j * B->tda + (size_t)(i - j);
}

static gsl_matrix *band_new(int size, int width)
{
	return gsl_matrix_calloc(size > 0 ? (size_t)size : 1, (size_t)width + 1);
}

struct band_kkt *band_kkt_new(const double *M, const struct rows *r)
{
	int n = r->cols, nc = r->count;
	struct band_kkt *k = calloc(1, sizeof *k);
	k->n = n, k->rows = nc, k->size = n + nc;
	k->coord_at = calloc((size_t)n + 1, sizeof(int));
	k->mass_at = calloc((size_t)n + 1, sizeof(int));
	k->row_at = calloc((size_t)nc + 1, sizeof(int));
	k->mass_diagonal = calloc((size_t)n + 1, sizeof(double));
	k->scale = calloc((size_t)nc + 1, sizeof(double));
	k->held = calloc((size_t)nc + 1, 1);
	k->x = calloc((size_t)(k->size > 2 * n ? k->size : 2 * n) + 1, sizeof(double));
	struct graph g = graph_of(M, r);
	int *order = calloc((size_t)n + 1, sizeof(int)),
	    *last = calloc((size_t)nc + 1, sizeof(int));
	reverse_cuthill_mckee(&g, order);
	for (int e = 0; e < n; e++)
		k->mass_at[order[e]] = e;
	/* each row right after the last coordinate it touches (a row that
	 * touches none goes last, where its zero pivot stops the factor) */
	for (int row = 0; row < nc; row++) {
		last[row] = -1;
		FOR_SPAN_COLUMNS(r, row, c)
		if (k->mass_at[c] > last[row])
			last[row] = k->mass_at[c];
	}
	int place = 0;
	for (int row = 0; row < nc; row++)
		if (last[row] < 0)
			last[row] = n;
	for (int e = 0; e <= n; e++) {
		if (e < n)
			k->coord_at[order[e]] = place++;
		for (int row = 0; row < nc; row++)
			if (last[row] == e)
				k->row_at[row] = place++;
	}
	int mass_width = 0, width = 0;
	for (int a = 0; a < n; a++) {
		k->mass_diagonal[a] = M[(size_t)a * (size_t)n + (size_t)a];
		for (int b = 0; b < n; b++)
			if (M[(size_t)a * (size_t)n + (size_t)b] != 0) {
				mass_width = abs(k->mass_at[a] - k->mass_at[b]) > mass_width
				                 ? abs(k->mass_at[a] - k->mass_at[b])
				                 : mass_width;
				width = abs(k->coord_at[a] - k->coord_at[b]) > width
				            ? abs(k->coord_at[a] - k->coord_at[b])
				            : width;
			}
	}
	for (int row = 0; row < nc; row++)
		FOR_SPAN_COLUMNS(r, row, c)
	if (k->row_at[row] - k->coord_at[c] > width)
		width = k->row_at[row] - k->coord_at[c];
	k->M = band_new(n, mass_width), k->factor = band_new(n, mass_width);
	k->template = band_new(k->size, width), k->K = band_new(k->size, width);
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			double v = M[(size_t)a * (size_t)n + (size_t)b];
			if (v == 0)
				continue;
			if (k->mass_at[a] >= k->mass_at[b])
				*band_at(k->M, k->mass_at[a], k->mass_at[b]) = v;
			if (k->coord_at[a] >= k->coord_at[b])
				*band_at(k->template, k->coord_at[a], k->coord_at[b]) = v;
		}
	free(g.start), free(g.next), free(order), free(last);
	gsl_matrix_memcpy(k->factor, k->M);
	if (n > 0 && gsl_linalg_cholesky_band_decomp(k->factor) != GSL_SUCCESS) {
		band_kkt_free(k);
		return NULL;
	}
	return k;
}

void band_kkt_free(struct band_kkt *k)
{
	if (!k)
		return;
	free(k->coord_at), free(k->mass_at), free(k->row_at), free(k->mass_diagonal);
	free(k->scale), free(k->held), free(k->x);
	gsl_matrix_free(k->M), gsl_matrix_free(k->factor);
	gsl_matrix_free(k->template), gsl_matrix_free(k->K);
	free(k);
}

int band_kkt_mass_width(const struct band_kkt *k) { return (int)k->M->size2 - 1; }
int band_kkt_width(const struct band_kkt *k) { return (int)k->K->size2 - 1; }

/* ------------------------------------------------------------ M */

void band_kkt_mass_apply(const struct band_kkt *k, const double *x, double *out)
{
	double *in = k->x, *product = k->x + k->n;
	for (int a = 0; a < k->n; a++)
		in[k->mass_at[a]] = x[a];
	cblas_dsbmv(CblasColMajor, CblasLower, k->n, (int)k->M->size2 - 1, 1, k->M->data,
	            (int)k->M->tda, in, 1, 0, product, 1);
	for (int a = 0; a < k->n; a++)
		out[a] = product[k->mass_at[a]];
}

void band_kkt_mass_solve(struct band_kkt *k, double *x)
{
	if (k->n == 0)
		return;
	for (int a = 0; a < k->n; a++)
		k->x[k->mass_at[a]] = x[a];
	gsl_vector_view v = gsl_vector_view_array(k->x, (size_t)k->n);
	gsl_linalg_cholesky_band_svx(k->factor, &v.vector);
	for (int a = 0; a < k->n; a++)
		x[a] = k->x[k->mass_at[a]];
}

void band_kkt_mass_dense(const struct band_kkt *k, double *M)
{
	int n = k->n, width = band_kkt_mass_width(k);
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			int i = k->mass_at[a], j = k->mass_at[b];
			if (i < j)
				i = k->mass_at[b], j = k->mass_at[a];
			M[(size_t)a * (size_t)n + (size_t)b] =
			    i - j <= width ? *band_at(k->M, i, j) : 0;
		}
}

/* ------------------------------------------------------------ the KKT system */

int band_kkt_factor(struct band_kkt *k, const struct rows *r, const char *dropped)
{
	gsl_matrix_memcpy(k->K, k->template);
	for (int row = 0; row < k->rows; row++) {
		int at = k->row_at[row];
		k->held[row] = dropped && dropped[row];
		if (k->held[row]) {
			*band_at(k->K, at, at) = -1, k->scale[row] = 1;
			continue;
		}
		const double *j = r->J + (size_t)row * (size_t)r->cols;
		double scale = 0;
		FOR_SPAN_COLUMNS(r, row, c)
		{
			*band_at(k->K, at, k->coord_at[c]) = j[c];
			scale += j[c] * j[c] / k->mass_diagonal[c];
		}
		k->scale[row] = scale;
	}
	if (gsl_linalg_ldlt_band_decomp(k->K) != GSL_SUCCESS)
		return -1;
	/* the pivots' signs, and a row's against its own scale as
	 * cholesky_checked weighs S's pivots (1e-13 of the square) */
	for (int a = 0; a < k->n; a++)
		if (!(*band_at(k->K, k->coord_at[a], k->coord_at[a]) > 1e-13 * k->mass_diagonal[a]))
			return -1;
	for (int row = 0; row < k->rows; row++)
		if (!(-*band_at(k->K, k->row_at[row], k->row_at[row]) > 1e-13 * k->scale[row]))
			return -1;
	return 0;
}

void band_kkt_solve(struct band_kkt *k, const double *h, const double *gamma, double *a,
                    double *lambda)
{
	for (int c = 0; c < k->n; c++)
		k->x[k->coord_at[c]] = h[c];
	for (int row = 0; row < k->rows; row++)
		k->x[k->row_at[row]] = k->held[row] ? 0 : gamma[row];
	gsl_vector_view v = gsl_vector_view_array(k->x, (size_t)k->size);
	gsl_linalg_ldlt_band_svx(k->K, &v.vector);
	for (int c = 0; c < k->n; c++)
		a[c] = k->x[k->coord_at[c]];
	for (int row = 0; row < k->rows; row++)
		lambda[row] = -k->x[k->row_at[row]];
}
