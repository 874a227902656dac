/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sparse_kkt.c — the KKT system of a constant sparse M (see sparse_kkt.h).
 * The ordering is written here: GSL has none for sparse factorisation. */
#include "util/sparse_kkt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/sparse_ldl.h"

/* A matrix's pattern and values, upper triangle by columns, for sparse_ldl. */
struct pattern {
	int n, count;
	int *start, *row;
	double *value;
};

struct sparse_kkt {
	int n, rows;
	int *coord_at, *row_at; /* each coordinate's and row's place in the KKT order */
	int *mass_at;           /* each coordinate's place among the coordinates alone */
	double *mass_diagonal;  /* M_kk, the scale of a coordinate's pivot */
	int nmass, *mass_a, *mass_b;
	double *mass_value;       /* M's nonzeros, both triangles */
	struct pattern mass, kkt; /* M, and the KKT matrix with M alone in it */
	struct sparse_ldl *mass_factor, *kkt_factor;
	double *kkt_template; /* the KKT values with J zero */
	int *j_slot;          /* per row, per column of its spans in turn: the KKT value it is */
	int *j_first;         /* per row, its first j_slot */
	int *diagonal_slot;   /* per row */
	double *scale;        /* per row: Σ J_k² / M_kk at the last factor */
	char *held;           /* per row: dropped at the last factor (λ = 0) */
	double *x;            /* a solve's vector in KKT order */
};

/* ------------------------------------------------------------ the order */

/* Minimum degree on a graph given as an n x n matrix of 0/1 (changed:
 * eliminating a vertex joins its remaining neighbours, as the factor will):
 * order[e] is the e-th vertex to eliminate; ties go to the lowest index, so
 * the order is the same on every run. */
static void minimum_degree(unsigned char *adjacent, int n, int *order)
{
	int *degree = calloc((size_t)n + 1, sizeof(int)),
	    *near = calloc((size_t)n + 1, sizeof(int));
	char *gone = calloc((size_t)n + 1, 1);
	for (int v = 0; v < n; v++)
		for (int u = 0; u < n; u++)
			degree[v] += adjacent[(size_t)v * (size_t)n + (size_t)u];
	for (int e = 0; e < n; e++) {
		int v = -1;
		for (int u = 0; u < n; u++)
			if (!gone[u] && (v < 0 || degree[u] < degree[v]))
				v = u;
		order[e] = v, gone[v] = 1;
		int count = 0;
		for (int u = 0; u < n; u++)
			if (!gone[u] && adjacent[(size_t)v * (size_t)n + (size_t)u])
				near[count++] = u, degree[u]--;
		for (int a = 0; a < count; a++)
			for (int b = 0; b < count; b++) {
				unsigned char *edge =
				    &adjacent[(size_t)near[a] * (size_t)n + (size_t)near[b]];
				if (a != b && !*edge)
					*edge = 1, degree[near[a]]++;
			}
	}
	free(degree), free(near), free(gone);
}

/* ------------------------------------------------------------ patterns */

/* The upper triangle's entries (column, row) in any order, into a pattern
 * by columns; slot[t] is where entry t went. */
static void pattern_of(struct pattern *p, int n, int count, const int *column, const int *row,
                       int *slot)
{
	p->n = n, p->count = count;
	p->start = calloc((size_t)n + 2, sizeof(int));
	p->row = calloc((size_t)count + 1, sizeof(int));
	p->value = calloc((size_t)count + 1, sizeof(double));
	for (int t = 0; t < count; t++)
		p->start[column[t] + 1]++;
	for (int k = 0; k < n; k++)
		p->start[k + 1] += p->start[k];
	int *filled = calloc((size_t)n + 1, sizeof(int));
	for (int t = 0; t < count; t++) {
		slot[t] = p->start[column[t]] + filled[column[t]]++;
		p->row[slot[t]] = row[t];
	}
	free(filled);
}

static void pattern_free(struct pattern *p) { free(p->start), free(p->row), free(p->value); }

/* ------------------------------------------------------------ set-up */

struct sparse_kkt *sparse_kkt_new(const double *M, const struct rows *r)
{
	int n = r->cols, nc = r->count;
	struct sparse_kkt *k = calloc(1, sizeof *k);
	k->n = n, k->rows = nc;
	k->coord_at = calloc((size_t)n + 1, sizeof(int));
	k->mass_at = calloc((size_t)n + 1, sizeof(int));
	k->row_at = calloc((size_t)nc + 1, sizeof(int));
	k->mass_diagonal = calloc((size_t)n + 1, sizeof(double));
	k->scale = calloc((size_t)nc + 1, sizeof(double));
	k->held = calloc((size_t)nc + 1, 1);
	k->x = calloc((size_t)(n + nc) + 1, sizeof(double));
	k->j_first = calloc((size_t)nc + 2, sizeof(int));
	k->diagonal_slot = calloc((size_t)nc + 1, sizeof(int));
	/* the coordinates' graph: a ~ b when M_ab ≠ 0 or a row touches both */
	unsigned char *adjacent = calloc((size_t)n * (size_t)n + 1, 1);
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			double v = M[(size_t)a * (size_t)n + (size_t)b];
			k->nmass += v != 0;
			adjacent[(size_t)a * (size_t)n + (size_t)b] = a != b && v != 0;
		}
	for (int row = 0; row < nc; row++) {
		FOR_SPAN_COLUMNS(r, row, a)
		{
			k->j_first[row + 1]++;
			FOR_SPAN_COLUMNS(r, row, b)
			if (a != b)
				adjacent[(size_t)a * (size_t)n + (size_t)b] = 1;
		}
		k->j_first[row + 1] += k->j_first[row];
	}
	int *order = calloc((size_t)n + 1, sizeof(int));
	minimum_degree(adjacent, n, order);
	free(adjacent);
	for (int e = 0; e < n; e++)
		k->mass_at[order[e]] = e;
	/* each row right after the last coordinate it touches (a row that
	 * touches none goes last, where its zero pivot stops the factor) */
	int *last = calloc((size_t)nc + 1, sizeof(int)), place = 0;
	for (int row = 0; row < nc; row++) {
		last[row] = -1;
		FOR_SPAN_COLUMNS(r, row, c)
		if (k->mass_at[c] > last[row])
			last[row] = k->mass_at[c];
		if (last[row] < 0)
			last[row] = n;
	}
	for (int e = 0; e <= n; e++) {
		if (e < n)
			k->coord_at[order[e]] = place++;
		for (int row = 0; row < nc; row++)
			if (last[row] == e)
				k->row_at[row] = place++;
	}
	free(order), free(last);
	/* M's nonzeros, and both patterns: M's, then the KKT matrix's (M's
	 * upper triangle, each row's diagonal, each row's J) */
	k->mass_a = calloc((size_t)k->nmass + 1, sizeof(int));
	k->mass_b = calloc((size_t)k->nmass + 1, sizeof(int));
	k->mass_value = calloc((size_t)k->nmass + 1, sizeof(double));
	int nj = k->j_first[nc], most = k->nmass + nc + nj + 1;
	int *column = calloc((size_t)most, sizeof(int)),
	    *row_of = calloc((size_t)most, sizeof(int)), *slot = calloc((size_t)most, sizeof(int)),
	    count = 0;
	for (int a = 0, e = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			double v = M[(size_t)a * (size_t)n + (size_t)b];
			if (v == 0)
				continue;
			k->mass_a[e] = a, k->mass_b[e] = b, k->mass_value[e++] = v;
			if (k->mass_at[a] <= k->mass_at[b])
				column[count] = k->mass_at[b], row_of[count++] = k->mass_at[a];
		}
	pattern_of(&k->mass, n, count, column, row_of, slot);
	for (int e = 0, t = 0; e < k->nmass; e++)
		if (k->mass_at[k->mass_a[e]] <= k->mass_at[k->mass_b[e]])
			k->mass.value[slot[t++]] = k->mass_value[e];
	count = 0;
	for (int e = 0; e < k->nmass; e++)
		if (k->coord_at[k->mass_a[e]] <= k->coord_at[k->mass_b[e]])
			column[count] = k->coord_at[k->mass_b[e]],
			row_of[count++] = k->coord_at[k->mass_a[e]];
	int from_mass = count;
	for (int row = 0; row < nc; row++) {
		column[count] = row_of[count] = k->row_at[row], count++;
		FOR_SPAN_COLUMNS(r, row, c)
		column[count] = k->row_at[row], row_of[count++] = k->coord_at[c];
	}
	pattern_of(&k->kkt, n + nc, count, column, row_of, slot);
	k->kkt_template = calloc((size_t)count + 1, sizeof(double));
	k->j_slot = calloc((size_t)nj + 1, sizeof(int));
	for (int e = 0, t = 0; e < k->nmass; e++)
		if (k->coord_at[k->mass_a[e]] <= k->coord_at[k->mass_b[e]])
			k->kkt_template[slot[t++]] = k->mass_value[e];
	for (int row = 0, t = from_mass, j = 0; row < nc; row++) {
		k->diagonal_slot[row] = slot[t++];
		FOR_SPAN_COLUMNS(r, row, c)
		{
			(void)c;
			k->j_slot[j++] = slot[t++];
		}
	}
	free(column), free(row_of), free(slot);
	for (int a = 0; a < n; a++)
		k->mass_diagonal[a] = M[(size_t)a * (size_t)n + (size_t)a];
	k->mass_factor = sparse_ldl_new(n, k->mass.start, k->mass.row);
	k->kkt_factor = sparse_ldl_new(n + nc, k->kkt.start, k->kkt.row);
	int definite = sparse_ldl_factor(k->mass_factor, k->mass.value) == 0;
	for (int a = 0; a < n && definite; a++)
		definite =
		    sparse_ldl_pivot(k->mass_factor, k->mass_at[a]) > 1e-13 * k->mass_diagonal[a];
	if (!definite) {
		sparse_kkt_free(k);
		return NULL;
	}
	return k;
}

void sparse_kkt_free(struct sparse_kkt *k)
{
	if (!k)
		return;
	free(k->coord_at), free(k->mass_at), free(k->row_at), free(k->mass_diagonal);
	free(k->mass_a), free(k->mass_b), free(k->mass_value);
	pattern_free(&k->mass), pattern_free(&k->kkt);
	sparse_ldl_free(k->mass_factor), sparse_ldl_free(k->kkt_factor);
	free(k->kkt_template), free(k->j_slot), free(k->j_first), free(k->diagonal_slot);
	free(k->scale), free(k->held), free(k->x);
	free(k);
}

/* ------------------------------------------------------------ M */

void sparse_kkt_mass_apply(const struct sparse_kkt *k, const double *x, double *out)
{
	memset(out, 0, sizeof(double) * (size_t)k->n);
	for (int e = 0; e < k->nmass; e++)
		out[k->mass_a[e]] += k->mass_value[e] * x[k->mass_b[e]];
}

void sparse_kkt_mass_solve(struct sparse_kkt *k, double *x)
{
	for (int a = 0; a < k->n; a++)
		k->x[k->mass_at[a]] = x[a];
	sparse_ldl_solve(k->mass_factor, k->x);
	for (int a = 0; a < k->n; a++)
		x[a] = k->x[k->mass_at[a]];
}

void sparse_kkt_mass_dense(const struct sparse_kkt *k, double *M)
{
	memset(M, 0, sizeof(double) * (size_t)k->n * (size_t)k->n);
	for (int e = 0; e < k->nmass; e++)
		M[(size_t)k->mass_a[e] * (size_t)k->n + (size_t)k->mass_b[e]] = k->mass_value[e];
}

/* ------------------------------------------------------------ the KKT system */

int sparse_kkt_factor(struct sparse_kkt *k, const struct rows *r, const char *dropped)
{
	double *value = k->kkt.value;
	memcpy(value, k->kkt_template, sizeof(double) * (size_t)k->kkt.count);
	for (int row = 0; row < k->rows; row++) {
		k->held[row] = dropped && dropped[row];
		if (k->held[row]) { /* an identity row: μ = 0, and J's slots stay zero */
			value[k->diagonal_slot[row]] = -1, k->scale[row] = 1;
			continue;
		}
		const double *j = r->J + (size_t)row * (size_t)r->cols;
		const int *slot = k->j_slot + k->j_first[row];
		double scale = 0;
		FOR_SPAN_COLUMNS(r, row, c)
		{
			value[*slot++] = j[c];
			scale += j[c] * j[c] / k->mass_diagonal[c];
		}
		k->scale[row] = scale;
	}
	if (sparse_ldl_factor(k->kkt_factor, value) != 0)
		return -1;
	/* the pivots' signs, and their sizes against their own scales as
	 * cholesky_checked weighs S's (1e-13 of the square) */
	for (int a = 0; a < k->n; a++)
		if (!(sparse_ldl_pivot(k->kkt_factor, k->coord_at[a]) >
		      1e-13 * k->mass_diagonal[a]))
			return -1;
	for (int row = 0; row < k->rows; row++)
		if (!(-sparse_ldl_pivot(k->kkt_factor, k->row_at[row]) > 1e-13 * k->scale[row]))
			return -1;
	return 0;
}

void sparse_kkt_row_pivots(const struct sparse_kkt *k, double *scale, double *square)
{
	for (int row = 0; row < k->rows; row++) {
		scale[row] = k->scale[row];
		square[row] = -sparse_ldl_pivot(k->kkt_factor, k->row_at[row]);
	}
}

void sparse_kkt_solve(struct sparse_kkt *k, const double *h, const double *gamma, double *a,
                      double *lambda)
{
	for (int c = 0; c < k->n; c++)
		k->x[k->coord_at[c]] = h[c];
	for (int row = 0; row < k->rows; row++)
		k->x[k->row_at[row]] = k->held[row] ? 0 : gamma[row];
	sparse_ldl_solve(k->kkt_factor, k->x);
	for (int c = 0; c < k->n; c++)
		a[c] = k->x[k->coord_at[c]];
	for (int row = 0; row < k->rows; row++)
		lambda[row] = -k->x[k->row_at[row]];
}
