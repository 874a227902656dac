/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sparse_ldl.c — sparse L D L' by rows over the elimination tree (see
 * sparse_ldl.h). */
#include "util/sparse_ldl.h"

#include <math.h>
#include <stdlib.h>

struct sparse_ldl {
	int n;
	const int *start, *row; /* the caller's pattern (upper triangle by columns) */
	int *parent;            /* the elimination tree; -1: a root */
	int *column_start;      /* L's column i: entries column_start[i] .. +filled[i] */
	int *filled;            /* per column, entries so far (during a factor) */
	int *below;             /* L's row indices, column by column */
	double *L, *D;
	double *y;    /* a row being solved, scattered */
	int *reached; /* per column, the last row whose pattern reached it */
	int *path;    /* row k's pattern, in the order the solve needs */
	int *stack;   /* a climb up the tree before it joins path */
};

struct sparse_ldl *sparse_ldl_new(int n, const int *start, const int *row)
{
	struct sparse_ldl *f = calloc(1, sizeof *f);
	size_t size = (size_t)n + 1;
	f->n = n, f->start = start, f->row = row;
	f->parent = malloc(size * sizeof(int));
	f->column_start = calloc(size, sizeof(int));
	f->filled = calloc(size, sizeof(int));
	f->reached = malloc(size * sizeof(int));
	f->path = malloc(size * sizeof(int));
	f->stack = malloc(size * sizeof(int));
	f->y = calloc(size, sizeof(double));
	f->D = calloc(size, sizeof(double));
	/* Row k of L is nonzero where the tree's paths from the rows i < k of
	 * A's column k climb before they meet what row k already reached; the
	 * first row to reach column i is its parent. */
	for (int k = 0; k < n; k++) {
		f->parent[k] = -1, f->reached[k] = k;
		for (int e = start[k]; e < start[k + 1]; e++)
			for (int i = row[e]; i < k && f->reached[i] != k; i = f->parent[i]) {
				if (f->parent[i] < 0)
					f->parent[i] = k;
				f->filled[i]++;
				f->reached[i] = k;
			}
	}
	for (int k = 0; k < n; k++)
		f->column_start[k + 1] = f->column_start[k] + f->filled[k];
	f->below = malloc(((size_t)f->column_start[n] + 1) * sizeof(int));
	f->L = malloc(((size_t)f->column_start[n] + 1) * sizeof(double));
	return f;
}

void sparse_ldl_free(struct sparse_ldl *f)
{
	if (!f)
		return;
	free(f->parent), free(f->column_start), free(f->filled), free(f->reached);
	free(f->path), free(f->stack), free(f->y), free(f->D), free(f->below), free(f->L);
	free(f);
}

int sparse_ldl_fill(const struct sparse_ldl *f) { return f->column_start[f->n]; }

double sparse_ldl_pivot(const struct sparse_ldl *f, int k) { return f->D[k]; }

int sparse_ldl_factor(struct sparse_ldl *f, const double *value)
{
	int n = f->n;
	for (int k = 0; k < n; k++) {
		/* row k's pattern: each climb from a nonzero of A's column k, in
		 * the order that puts every column after the ones it depends on */
		int top = n;
		f->reached[k] = k, f->filled[k] = 0, f->y[k] = 0;
		for (int e = f->start[k]; e < f->start[k + 1]; e++) {
			int i = f->row[e], depth = 0;
			f->y[i] += value[e];
			for (; f->reached[i] != k; i = f->parent[i])
				f->stack[depth++] = i, f->reached[i] = k;
			while (depth > 0)
				f->path[--top] = f->stack[--depth];
		}
		/* L_k,: D = the solve of L y = A's column k over that pattern */
		double d = f->y[k];
		f->y[k] = 0;
		for (; top < n; top++) {
			int i = f->path[top];
			double yi = f->y[i];
			f->y[i] = 0;
			int first = f->column_start[i], last = first + f->filled[i];
			for (int e = first; e < last; e++)
				f->y[f->below[e]] -= f->L[e] * yi;
			double l = yi / f->D[i];
			d -= l * yi;
			f->below[last] = k, f->L[last] = l, f->filled[i]++;
		}
		f->D[k] = d;
		if (!(d != 0 && isfinite(d)))
			return -1;
	}
	return 0;
}

void sparse_ldl_solve(const struct sparse_ldl *f, double *x)
{
	int n = f->n;
	for (int j = 0; j < n; j++) /* L z = x */
		for (int e = f->column_start[j]; e < f->column_start[j + 1]; e++)
			x[f->below[e]] -= f->L[e] * x[j];
	for (int j = 0; j < n; j++) /* D w = z */
		x[j] /= f->D[j];
	for (int j = n - 1; j >= 0; j--) /* L' x = w */
		for (int e = f->column_start[j]; e < f->column_start[j + 1]; e++)
			x[j] -= f->L[e] * x[f->below[e]];
}
