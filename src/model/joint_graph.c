/* SPDX-License-Identifier: GPL-3.0-or-later */
/* joint_graph.c — the model's joints as a graph, compiled once (see
 * joint_graph.h). */
#include "model/joint_graph.h"

#include <stdlib.h>
#include <string.h>

int joint_graph_edge(const struct model *m, const struct joint_graph *graph, enum tree_edges edges,
                     int k)
{
	const struct geometry *g = &graph->geometry[k];
	switch (edges) {
	case TREE_COORDINATES:
		return (g->offers == OFFER_ANGLE && g->points_meet) ||
		       (g->offers == OFFER_SLIDE && g->nterms == 1 && g->term[0].side == 1 &&
		        g->term[0].along_joint_vector && g->tie == TIE_FIXED);
	case TREE_RELATIONS:
		return g->relates && !g->driven;
	case TREE_GROUP_PINS:
		return g->points_meet;
	case TREE_ALL:
	case TREE_KINDS:
		break;
	}
	return m->joints[k].kind->rows > 0;
}

static int listed(const int *list, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (list[i] == x)
			return 1;
	return 0;
}

/* The node of a body: itself, or its welded group (the ground's: 0). */
static int node_of(const struct joint_graph *graph, int groups, int body)
{
	return groups ? (body < 0 ? 0 : graph->group[body]) : body;
}

void joint_tree_grow(const struct model *m, const struct joint_graph *graph, enum tree_edges edges,
                     const int *allowed, int nallowed, struct joint_tree *out)
{
	int groups = edges == TREE_GROUP_PINS, n = groups ? graph->ngroups : m->nbodies;
	char *seen = calloc((size_t)n + 1, 1), *used = calloc((size_t)m->njoints + 1, 1);
	int *queue = calloc((size_t)n + 2, sizeof *queue);
	out->nnodes = n, out->norder = 0, out->ncut = 0;
	for (int v = 0; v < n; v++)
		out->parent[v] = -1, out->joint[v] = -1;
	/* from the ground (a node only among groups), then from each part left */
	for (int start = groups ? 0 : -1; start < n; start++) {
		if (start >= 0) {
			if (seen[start])
				continue;
			seen[start] = 1;
			out->order[out->norder++] = start;
		}
		int head = 0, tail = 0;
		queue[tail++] = start;
		while (head < tail) {
			int u = queue[head++];
			for (int k = 0; k < m->njoints; k++) {
				const struct joint *j = &m->joints[k];
				int a = node_of(graph, groups, j->bi),
				    b = node_of(graph, groups, j->bj);
				if (used[k] || a == b || (a != u && b != u) ||
				    !joint_graph_edge(m, graph, edges, k) ||
				    (allowed && !listed(allowed, nallowed, k)))
					continue;
				int v = a == u ? b : a;
				if (v < 0 || seen[v])
					continue;
				seen[v] = 1, used[k] = 1;
				out->parent[v] = u, out->joint[v] = k;
				out->order[out->norder++] = v;
				queue[tail++] = v;
			}
		}
	}
	for (int k = 0; k < m->njoints; k++)
		if (!used[k])
			out->cut[out->ncut++] = k;
	free(seen), free(used), free(queue);
}

void joint_tree_alloc(struct joint_tree *t, int nnodes, int njoints)
{
	t->parent = calloc((size_t)nnodes + 1, sizeof(int));
	t->joint = calloc((size_t)nnodes + 1, sizeof(int));
	t->order = calloc((size_t)nnodes + 1, sizeof(int));
	t->cut = calloc((size_t)njoints + 1, sizeof(int));
}

void joint_tree_free(struct joint_tree *t)
{
	free(t->parent), free(t->joint), free(t->order), free(t->cut);
}

/* A weighted union-find: φ_x = φ_up[x] + offset[x]. */
static int find(const int *up, const double *offset, int x, double *total)
{
	*total = 0;
	while (up[x] != x)
		*total += offset[x], x = up[x];
	return x;
}

static int root_of(int *uf, int a)
{
	while (uf[a] != a)
		a = uf[a] = uf[uf[a]];
	return a;
}

/* Welded groups: a union-find over the welds, node 0 the ground and body b
 * node b + 1, numbered in the nodes' order (the ground's first). */
static void weld_groups(const struct model *m, struct joint_graph *graph)
{
	int nb = m->nbodies, *uf = malloc(sizeof(int) * (size_t)(nb + 1));
	int *group_of_node = malloc(sizeof(int) * (size_t)(nb + 1));
	for (int i = 0; i <= nb; i++)
		uf[i] = i;
	for (int k = 0; k < m->njoints; k++) {
		const struct joint *j = &m->joints[k];
		if (graph->geometry[k].welded)
			uf[root_of(uf, j->bi + 1)] = root_of(uf, j->bj + 1);
	}
	graph->ngroups = 0;
	for (int node = 0; node <= nb; node++) {
		int root = root_of(uf, node), g = -1;
		for (int prev = 0; prev < node; prev++)
			if (root_of(uf, prev) == root)
				g = group_of_node[prev];
		if (g < 0)
			graph->group_ref[g = graph->ngroups++] = node - 1;
		group_of_node[node] = g;
		if (node > 0)
			graph->group[node - 1] = g;
	}
	free(uf), free(group_of_node);
}

/* Angle classes: the fixed ties with unit weights in the model's order,
 * the ground (node nb) always a root. */
static void angle_classes(const struct model *m, struct joint_graph *graph)
{
	int nb = m->nbodies;
	int *up = calloc((size_t)nb + 1, sizeof *up);
	double *offset = calloc((size_t)nb + 1, sizeof *offset);
	for (int x = 0; x <= nb; x++)
		up[x] = x;
	graph->redundant_tie = -1;
	for (int k = 0; k < m->njoints; k++) {
		const struct joint *j = &m->joints[k];
		const struct geometry *g = &graph->geometry[k];
		if (g->tie != TIE_FIXED)
			continue;
		double a = g->tie_value;
		int i = j->bi >= 0 ? j->bi : nb, jj = j->bj >= 0 ? j->bj : nb;
		double oi, oj;
		int ri = find(up, offset, i, &oi), rj = find(up, offset, jj, &oj);
		if (ri == rj) { /* already tied: redundant */
			if (graph->redundant_tie < 0)
				graph->redundant_tie = k;
			continue;
		}
		/* φ_ri + oi - φ_rj - oj = a */
		if (ri == nb)
			up[rj] = ri, offset[rj] = oi - oj - a;
		else
			up[ri] = rj, offset[ri] = a + oj - oi;
	}
	/* per body its class's first body and α from that body's angle */
	int *first = malloc(sizeof(int) * ((size_t)nb + 1));
	double *first_offset = calloc((size_t)nb + 1, sizeof(double));
	for (int x = 0; x <= nb; x++)
		first[x] = -2;
	for (int b = 0; b < nb; b++) {
		double o;
		int r = find(up, offset, b, &o);
		if (r == nb) {
			graph->angle_root[b] = -1, graph->angle_offset[b] = o;
			continue;
		}
		if (first[r] == -2)
			first[r] = b, first_offset[r] = o;
		graph->angle_root[b] = first[r], graph->angle_offset[b] = o - first_offset[r];
	}
	free(up), free(offset), free(first), free(first_offset);
}

/* The graph is one block: each array in a share of it rounded up to 16
 * bytes, so that each is aligned as calloc's block is. */
static size_t share(size_t size, int count) { return (size * ((size_t)count + 1) + 15) / 16 * 16; }

static void *take(char *base, size_t *at, size_t size, int count)
{
	void *p = base ? base + *at : NULL;
	*at += share(size, count);
	return p;
}

/* The block's size, and the arrays placed in it when graph is given. */
static size_t lay_out(struct joint_graph *graph, int nb, int nj)
{
	char *base = (char *)graph;
	size_t at = share(sizeof *graph, 0);
	struct joint_graph dry, *g = graph ? graph : &dry;
	g->geometry = take(base, &at, sizeof(struct geometry), nj);
	g->group = take(base, &at, sizeof(int), nb);
	g->group_ref = take(base, &at, sizeof(int), nb + 1);
	g->angle_root = take(base, &at, sizeof(int), nb);
	g->angle_offset = take(base, &at, sizeof(double), nb);
	for (int t = 0; t < TREE_KINDS; t++) {
		g->tree[t].parent = take(base, &at, sizeof(int), nb + 1);
		g->tree[t].joint = take(base, &at, sizeof(int), nb + 1);
		g->tree[t].order = take(base, &at, sizeof(int), nb + 1);
		g->tree[t].cut = take(base, &at, sizeof(int), nj);
	}
	return at;
}

struct joint_graph *joint_graph_compile(const struct model *m)
{
	int nb = m->nbodies, nj = m->njoints;
	struct joint_graph *graph = calloc(1, lay_out(NULL, nb, nj));
	lay_out(graph, nb, nj);
	graph->nbodies = nb, graph->njoints = nj;
	graph->undeclared = -1;
	for (int k = 0; k < nj; k++)
		if (joint_geometry_read(m, &m->joints[k], &graph->geometry[k]) != 0 &&
		    graph->undeclared < 0)
			graph->undeclared = k;
	weld_groups(m, graph);
	angle_classes(m, graph);
	for (int t = 0; t < TREE_KINDS; t++)
		joint_tree_grow(m, graph, (enum tree_edges)t, NULL, 0, &graph->tree[t]);
	return graph;
}
