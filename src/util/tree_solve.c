/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tree_solve.c — Baraff's linear-time KKT factorisation (see tree_solve.h).
 * Hand-written: GSL has no tree-ordered sparse factorisation. */
#include "util/tree_solve.h"

#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/rank.h"

#define NODE_MAX 4 /* the largest block: a body's columns or a joint's rows */
#define SQ (NODE_MAX * NODE_MAX)
/* The small kernels below are inlined with their sizes as constants and
 * unrolled (#pragma GCC unroll): most blocks are 2 or 3 wide. */

struct node {
	int body;        /* a block of columns, else a group of rows */
	int first, size; /* its first column or row, and how many */
	int parent;      /* -1: a root */
};

struct tree_solve {
	int nbodies, nnodes, rows, block;
	struct node *node; /* the bodies first (node k is block k), then the tree's joints */
	int *order;        /* nodes, parents first */
	double *D, *Dinv;  /* per node: its block as eliminated, and its inverse */
	double *H, *L;     /* per node: the coupling to its parent H, and D⁻¹ H */
	double *x;         /* per node: a solve's vector */
	int ncut, *cut;    /* rows cut from the tree */
	double *C, *Z;     /* per cut row: the row, and K⁻¹ of it (node layout) */
	gsl_matrix *Sc;    /* C K⁻¹ C', factored */
	double *rhs;       /* per cut row */
};

/* ------------------------------------------------------------ the tree */

/* The blocks a row group touches, up to two: their count, or 3 for more. */
static int group_blocks(const struct rows *r, int first, int count, int block, int *b)
{
	int n = 0;
	for (int row = first; row < first + count; row++)
		for (int slot = 0; slot < ROW_SPANS; slot++)
			for (int k = r->span[row][slot].begin; k < r->span[row][slot].end; k++) {
				int blk = k / block, known = 0;
				for (int e = 0; e < n && e < 2; e++)
					known = known || b[e] == blk;
				if (known)
					continue;
				if (n == 2)
					return 3;
				b[n++] = blk;
			}
	return n;
}

struct tree_solve *tree_solve_new(const struct rows *r, int block, const int *group)
{
	struct tree_solve *t = calloc(1, sizeof *t);
	int nb = (r->cols + block - 1) / block, rows = r->count;
	t->nbodies = nb, t->rows = rows, t->block = block;
	/* groups: consecutive rows with one group number */
	int ngroups = 0, *gfirst = calloc((size_t)rows + 1, sizeof(int)),
	    *gcount = calloc((size_t)rows + 1, sizeof(int)),
	    *gb = calloc(2 * (size_t)rows + 1, sizeof(int)),
	    *gn = calloc((size_t)rows + 1, sizeof(int)),
	    *state = calloc((size_t)rows + 1, sizeof(int));
	for (int row = 0; row < rows; row++) {
		if (row > 0 && group[row] >= 0 && group[row] == group[row - 1]) {
			gcount[ngroups - 1]++;
			continue;
		}
		gfirst[ngroups] = row, gcount[ngroups++] = 1;
	}
	/* each block's groups (compressed rows) */
	int *start = calloc((size_t)nb + 2, sizeof(int)),
	    *list = calloc(2 * (size_t)ngroups + 1, sizeof(int));
	for (int g = 0; g < ngroups; g++) {
		gn[g] = group_blocks(r, gfirst[g], gcount[g], block, gb + 2 * g);
		if (gn[g] < 1 || gn[g] > 2 || gcount[g] > NODE_MAX)
			state[g] = 2; /* cut */
		for (int e = 0; e < gn[g] && gn[g] <= 2; e++)
			start[gb[2 * g + e] + 1]++;
	}
	for (int b = 0; b < nb; b++)
		start[b + 1] += start[b];
	int *fill = calloc((size_t)nb + 1, sizeof(int));
	for (int g = 0; g < ngroups; g++)
		for (int e = 0; e < gn[g] && gn[g] <= 2; e++) {
			int b = gb[2 * g + e];
			list[start[b] + fill[b]++] = g;
		}
	/* breadth first: from each joint to the ground first (a part's root),
	 * then from each body not yet reached */
	t->node = calloc((size_t)(nb + ngroups) + 1, sizeof *t->node);
	t->order = calloc((size_t)(nb + ngroups) + 1, sizeof(int));
	int *node_of_group = calloc((size_t)ngroups + 1, sizeof(int)),
	    *seen = calloc((size_t)nb + 1, sizeof(int));
	for (int b = 0; b < nb; b++)
		t->node[b] = (struct node){1, b * block, block, -1};
	t->nnodes = nb;
	int head = 0, tail = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int s = 0; s < (pass == 0 ? ngroups : nb); s++) {
			if (pass == 0) {
				if (state[s] != 0 || gn[s] != 1)
					continue;
				int b = gb[2 * s];
				if (seen[b]) {
					state[s] = 2;
					continue;
				}
				int g = t->nnodes++;
				state[s] = 1, node_of_group[s] = g;
				t->node[g] = (struct node){0, gfirst[s], gcount[s], -1};
				t->order[tail++] = g;
				seen[b] = 1, t->node[b].parent = g, t->order[tail++] = b;
			} else {
				if (seen[s])
					continue;
				seen[s] = 1, t->order[tail++] = s;
			}
			for (; head < tail; head++) {
				int u = t->order[head];
				if (!t->node[u].body)
					continue;
				for (int e = start[u]; e < start[u + 1]; e++) {
					int s2 = list[e];
					if (state[s2] != 0)
						continue;
					int v = gn[s2] == 2 ? (gb[2 * s2] == u ? gb[2 * s2 + 1]
					                                       : gb[2 * s2])
					                    : -1;
					if (v < 0 ||
					    seen[v]) { /* a second way to the ground, or a loop */
						state[s2] = 2;
						continue;
					}
					int g = t->nnodes++;
					state[s2] = 1, node_of_group[s2] = g;
					t->node[g] = (struct node){0, gfirst[s2], gcount[s2], u};
					t->order[tail++] = g;
					seen[v] = 1, t->node[v].parent = g, t->order[tail++] = v;
				}
			}
		}
	for (int g = 0; g < ngroups; g++)
		if (state[g] == 2)
			t->ncut += gcount[g];
	t->cut = calloc((size_t)t->ncut + 1, sizeof(int));
	for (int g = 0, k = 0; g < ngroups; g++)
		for (int row = gfirst[g]; state[g] == 2 && row < gfirst[g] + gcount[g]; row++)
			t->cut[k++] = row;
	size_t nn = (size_t)t->nnodes;
	t->D = calloc(SQ * nn + 1, sizeof(double));
	t->Dinv = calloc(SQ * nn + 1, sizeof(double));
	t->H = calloc(SQ * nn + 1, sizeof(double));
	t->L = calloc(SQ * nn + 1, sizeof(double));
	t->x = calloc(NODE_MAX * nn + 1, sizeof(double));
	t->Z = calloc((size_t)t->ncut * NODE_MAX * nn + 1, sizeof(double));
	t->C = calloc((size_t)t->ncut * NODE_MAX * nn + 1, sizeof(double));
	t->Sc = gsl_matrix_calloc(t->ncut ? (size_t)t->ncut : 1, t->ncut ? (size_t)t->ncut : 1);
	t->rhs = calloc((size_t)t->ncut + 1, sizeof(double));
	free(gfirst), free(gcount), free(gb), free(gn), free(state), free(start), free(list);
	free(fill), free(node_of_group), free(seen);
	return t;
}

void tree_solve_free(struct tree_solve *t)
{
	if (!t)
		return;
	free(t->node), free(t->order), free(t->D), free(t->Dinv), free(t->H), free(t->L),
	    free(t->x);
	free(t->cut), free(t->C), free(t->Z), free(t->rhs);
	gsl_matrix_free(t->Sc);
	free(t);
}

int tree_solve_cut_rows(const struct tree_solve *t) { return t->ncut; }

int tree_solve_cut_row(const struct tree_solve *t, int k) { return t->cut[k]; }

double tree_solve_cut_pivot(const struct tree_solve *t, int k)
{
	return t->Sc->data[(size_t)k * (t->Sc->tda + 1)];
}

/* ------------------------------------------------------------ factoring */

/* inv = A⁻¹ for a small definite A (s x s, stride NODE_MAX) of sign `sign`
 * (+1 positive, -1 negative definite) by Cholesky of sign A: 0, or -1 when a
 * pivot falls below 1e-13 of its diagonal's largest (as cholesky_checked). */
static inline int small_inverse(const double *A, int s, double sign, double *inv)
{
	double Lc[SQ], scale = 0;
#pragma GCC unroll 4
	for (int i = 0; i < s; i++)
		scale = fmax(scale, sign * A[i * NODE_MAX + i]);
#pragma GCC unroll 4
	for (int j = 0; j < s; j++) {
		double d = sign * A[j * NODE_MAX + j];
#pragma GCC unroll 4
		for (int k = 0; k < j; k++)
			d -= Lc[j * NODE_MAX + k] * Lc[j * NODE_MAX + k];
		if (!(d > 1e-13 * scale))
			return -1;
		Lc[j * NODE_MAX + j] = sqrt(d);
#pragma GCC unroll 4
		for (int i = j + 1; i < s; i++) {
			double v = sign * A[i * NODE_MAX + j];
#pragma GCC unroll 4
			for (int k = 0; k < j; k++)
				v -= Lc[i * NODE_MAX + k] * Lc[j * NODE_MAX + k];
			Lc[i * NODE_MAX + j] = v / Lc[j * NODE_MAX + j];
		}
	}
#pragma GCC unroll 4
	for (int c = 0; c < s; c++) { /* column c of (L L')⁻¹: forward, then back */
		double y[NODE_MAX];
#pragma GCC unroll 4
		for (int i = 0; i < s; i++) {
			double v = i == c ? 1 : 0;
#pragma GCC unroll 4
			for (int k = 0; k < i; k++)
				v -= Lc[i * NODE_MAX + k] * y[k];
			y[i] = v / Lc[i * NODE_MAX + i];
		}
#pragma GCC unroll 4
		for (int i = s - 1; i >= 0; i--) {
			double v = y[i];
#pragma GCC unroll 4
			for (int k = i + 1; k < s; k++)
				v -= Lc[k * NODE_MAX + i] * inv[k * NODE_MAX + c];
			inv[i * NODE_MAX + c] = v / Lc[i * NODE_MAX + i];
		}
	}
#pragma GCC unroll 4
	for (int i = 0; i < s; i++)
#pragma GCC unroll 4
		for (int j = 0; j < s; j++)
			inv[i * NODE_MAX + j] *= sign;
	return 0;
}

/* x_p -= L' x_i, and x_i = D⁻¹ x_i - L x_p, for sizes si and sp (inlined
 * with the common sizes as constants, as couple is). */
static inline void gather(const double *L, const double *xi, double *xp, int si, int sp)
{
#pragma GCC unroll 4
	for (int c = 0; c < sp; c++)
#pragma GCC unroll 4
		for (int r = 0; r < si; r++)
			xp[c] -= L[r * NODE_MAX + c] * xi[r];
}

static inline void scatter(const double *Dinv, const double *L, double *xi, const double *xp,
                           int si, int sp)
{
	double v[NODE_MAX];
#pragma GCC unroll 4
	for (int r = 0; r < si; r++) {
		v[r] = 0;
#pragma GCC unroll 4
		for (int c = 0; c < si; c++)
			v[r] += Dinv[r * NODE_MAX + c] * xi[c];
#pragma GCC unroll 4
		for (int c = 0; c < sp; c++)
			v[r] -= L[r * NODE_MAX + c] * xp[c];
	}
#pragma GCC unroll 4
	for (int r = 0; r < si; r++)
		xi[r] = v[r];
}

/* The KKT solve K x = x in node layout (the tree alone). */
static void kkt_solve(const struct tree_solve *t, double *x)
{
	for (int k = t->nnodes - 1; k >= 0; k--) { /* in: x_p -= L_i' x_i */
		int i = t->order[k], p = t->node[i].parent;
		if (p < 0)
			continue;
		int si = t->node[i].size, sp = t->node[p].size;
		const double *L = t->L + SQ * i, *xi = x + NODE_MAX * i;
		double *xp = x + NODE_MAX * p;
		if (si == 2 && sp == 3)
			gather(L, xi, xp, 2, 3);
		else if (si == 3 && sp == 2)
			gather(L, xi, xp, 3, 2);
		else
			gather(L, xi, xp, si, sp);
	}
	for (int k = 0; k < t->nnodes; k++) { /* out: x_i = D_i⁻¹ x_i - L_i x_p */
		int i = t->order[k], p = t->node[i].parent, si = t->node[i].size;
		int sp = p >= 0 ? t->node[p].size : 0;
		const double *Dinv = t->Dinv + SQ * i, *L = t->L + SQ * i;
		const double *xp = x + NODE_MAX * (p >= 0 ? p : 0);
		double *xi = x + NODE_MAX * i;
		if (si == 2 && sp == 3)
			scatter(Dinv, L, xi, xp, 2, 3);
		else if (si == 3 && sp == 2)
			scatter(Dinv, L, xi, xp, 3, 2);
		else
			scatter(Dinv, L, xi, xp, si, sp);
	}
}

/* A cut row of J in node layout: its columns on the bodies' nodes. */
static void cut_row(const struct tree_solve *t, const struct rows *r, int row, double *x)
{
	memset(x, 0, sizeof(double) * NODE_MAX * (size_t)t->nnodes);
	const double *j = r->J + (size_t)row * (size_t)r->cols;
	FOR_SPAN_COLUMNS(r, row, k)
	x[NODE_MAX * (k / t->block) + k % t->block] = j[k];
}

/* Cut row a (its copy in node layout, C) times x. */
static double cut_dot(const struct tree_solve *t, int a, const double *x)
{
	size_t stride = NODE_MAX * (size_t)t->nnodes;
	const double *c = t->C + (size_t)a * stride;
	double s = 0;
	for (size_t k = 0; k < stride; k++)
		s += c[k] * x[k];
	return s;
}

/* L = D_i⁻¹ H and D_p -= H' L for a node of size si under one of size sp
 * (inlined with the common sizes as constants, so the loops unroll). */
static inline void couple(const double *Dinv, const double *H, double *L, double *Dp, int si,
                          int sp)
{
#pragma GCC unroll 4
	for (int a = 0; a < si; a++)
#pragma GCC unroll 4
		for (int c = 0; c < sp; c++) {
			double s = 0;
#pragma GCC unroll 4
			for (int e = 0; e < si; e++)
				s += Dinv[a * NODE_MAX + e] * H[e * NODE_MAX + c];
			L[a * NODE_MAX + c] = s;
		}
#pragma GCC unroll 4
	for (int a = 0; a < sp; a++)
#pragma GCC unroll 4
		for (int c = 0; c < sp; c++) {
			double s = 0;
#pragma GCC unroll 4
			for (int e = 0; e < si; e++)
				s += H[e * NODE_MAX + a] * L[e * NODE_MAX + c];
			Dp[a * NODE_MAX + c] -= s;
		}
}

int tree_solve_factor(struct tree_solve *t, const struct rows *r, const double *w)
{
	size_t cols = (size_t)r->cols;
	for (int i = 0; i < t->nnodes; i++) { /* W⁻¹ on the bodies' blocks, 0 on the joints' */
		const struct node *ni = &t->node[i];
		double *D = t->D + SQ * i;
		for (int a = 0; a < ni->size; a++)
			for (int e = 0; e < ni->size; e++)
				D[a * NODE_MAX + e] = 0;
		for (int e = 0; ni->body && e < ni->size; e++)
			D[e * NODE_MAX + e] = ni->first + e < r->cols ? 1 / w[ni->first + e] : 1;
	}
	for (int k = t->nnodes - 1; k >= 0; k--) {
		int i = t->order[k], p = t->node[i].parent;
		const struct node *ni = &t->node[i];
		const double *D = t->D + SQ * i;
		double *Dinv_i = t->Dinv + SQ * i, sign = ni->body ? 1 : -1;
		int bad = ni->size == 3   ? small_inverse(D, 3, sign, Dinv_i)
		          : ni->size == 2 ? small_inverse(D, 2, sign, Dinv_i)
		          : ni->size == 1 ? small_inverse(D, 1, sign, Dinv_i)
		                          : small_inverse(D, NODE_MAX, sign, Dinv_i);
		if (bad)
			return -1;
		if (p < 0)
			continue;
		const struct node *np = &t->node[p];
		double *H = t->H + SQ * i, *L = t->L + SQ * i, *Dp = t->D + SQ * p;
		const struct node *rows = ni->body ? np : ni, *body = ni->body ? ni : np;
		int width =
		    body->first + body->size <= r->cols ? body->size : r->cols - body->first;
		for (int a = 0; a < rows->size; a++) { /* J of the joint's rows on the body */
			const double *j =
			    r->J + (size_t)(rows->first + a) * cols + (size_t)body->first;
			for (int e = 0; e < width; e++)
				H[ni->body ? e * NODE_MAX + a : a * NODE_MAX + e] = j[e];
		}
		const double *Dinv = t->Dinv + SQ * i;
		if (ni->size == 2 && np->size == 3) /* a pin's rows under a body: sizes known */
			couple(Dinv, H, L, Dp, 2, 3);
		else if (ni->size == 3 && np->size == 2)
			couple(Dinv, H, L, Dp, 3, 2);
		else
			couple(Dinv, H, L, Dp, ni->size, np->size);
	}
	if (t->ncut == 0)
		return 0;
	size_t stride = NODE_MAX * (size_t)t->nnodes;
	for (int a = 0; a < t->ncut; a++) {
		double *z = t->Z + (size_t)a * stride, *c = t->C + (size_t)a * stride;
		cut_row(t, r, t->cut[a], c);
		memcpy(z, c, sizeof(double) * stride);
		kkt_solve(t, z);
	}
	for (int a = 0; a < t->ncut; a++)
		for (int b = 0; b <= a; b++) {
			double s = cut_dot(t, a, t->Z + (size_t)b * stride);
			t->Sc->data[(size_t)a * t->Sc->tda + (size_t)b] = s;
			t->Sc->data[(size_t)b * t->Sc->tda + (size_t)a] = s;
		}
	return cholesky_checked(t->Sc);
}

/* ------------------------------------------------------------ solving */

void tree_solve_apply(struct tree_solve *t, double *b)
{
	size_t stride = NODE_MAX * (size_t)t->nnodes;
	memset(t->x, 0, sizeof(double) * stride);
	for (int i = t->nbodies; i < t->nnodes; i++)
		for (int a = 0; a < t->node[i].size; a++)
			t->x[NODE_MAX * i + a] = -b[t->node[i].first + a];
	kkt_solve(t, t->x);
	if (t->ncut > 0) { /* y_c = S_c⁻¹ (C x - r_c), then x -= Z y_c */
		for (int a = 0; a < t->ncut; a++)
			t->rhs[a] = cut_dot(t, a, t->x) + b[t->cut[a]];
		gsl_vector_view v = gsl_vector_view_array(t->rhs, (size_t)t->ncut);
		gsl_linalg_cholesky_svx(t->Sc, &v.vector);
		for (int a = 0; a < t->ncut; a++) {
			const double *z = t->Z + (size_t)a * stride;
			for (size_t k = 0; k < stride; k++)
				t->x[k] -= z[k] * t->rhs[a];
			b[t->cut[a]] = t->rhs[a];
		}
	}
	for (int i = t->nbodies; i < t->nnodes; i++)
		for (int a = 0; a < t->node[i].size; a++)
			b[t->node[i].first + a] = t->x[NODE_MAX * i + a];
}
