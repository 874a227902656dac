/* SPDX-License-Identifier: GPL-3.0-or-later */
/* vector_loops.c — vector-loop kinematics, book Ch. 5 (see vector_loops.h).
 *
 * Every sum of vectors is evaluated the same way, term by term (Eqs.
 * 5.3-5.5, loop_terms.h): a body's vector turns with the body's angle θ, a slide's has a
 * variable length d along a turning unit vector, a massless link its own
 * angle. The value, its partial derivatives in the vector coordinates and
 * its second derivative with the coordinates' accelerations zero (the
 * normal θ̇² and Coriolis 2ḋθ̇ terms) give each loop's Φ, its Jacobian and
 * γ = -that bias, so Newton-Raphson, J q̇ = v and J q̈ = γ of Algorithm K
 * (analysis/kinematics.c) solve the loops like any other formulation's
 * rows. A driver is an equation on the bodies' poses; the poses are open
 * chains of vectors from the origin (Sec. 5.2), so its row is the driver's
 * own D times the chain's partials. */
#include "formulation/vector_loops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/formulation.h"
#include "formulation/loop_terms.h"
#include "model/constraints.h"
#include "model/joint_graph.h"
#include "model/joints/joint.h"

struct vl {
	const struct model *m;
	struct run_data *d;
	int nb, n, nloops, ndrivers;
	int *angle_coord; /* per body */
	double *alpha;    /* per body: φ = θ + α */
	int *parent;      /* per body: the body it hangs from (-1 ground, -2 none) */
	int *tree_joint;  /* per body: the joint it hangs by, -1 for a part's root */
	int *joint_coord; /* per joint: its slide or link coordinate, or -1 */
	struct vl_coordinate *coords;
	struct vl_term *terms; /* every sum's terms, one after another */
	int nterms, room;
	int *path_first, *npath; /* per body: its chain of terms to the mass centre */
	const struct vl_term **path;
	struct vl_loop *loops;
	int *loop_first;       /* per loop: its first term */
	int *loop_joint_first; /* per loop: its first joint in loop_joints */
	int *loop_joints, nloop_joints;
	int *drivers;
	char (*row_names)[160];
	/* per evaluation: the chains' partials of two bodies (x, y, φ rows) */
	double *chain;
};

/* ------------------------------------------------------------ sums of vectors */

static double body_angle(const struct vl *w, int b, const double *q)
{
	if (b < 0)
		return 0;
	return (w->angle_coord[b] >= 0 ? q[w->angle_coord[b]] : 0) + w->alpha[b];
}

static double body_rate(const struct vl *w, int b, const double *qd)
{
	return b >= 0 && w->angle_coord[b] >= 0 ? qd[w->angle_coord[b]] : 0;
}

/* Sum of the terms at q: the value, its rate along the coordinates' rates
 * x (x = q̇ gives the velocity, x = q̈ the part of the acceleration in q̈),
 * and the bias: the acceleration when q̈ = 0, at the rates qd (Eqs.
 * 5.3-5.5). jx, jy (n each, may be NULL) get the partials added. */
struct sum {
	vec2 value, rate, bias;
};

static struct sum sum_terms(const struct vl *w, const struct vl_term *t, int count, const double *q,
                            const double *qd, const double *x, double *jx, double *jy)
{
	struct sum s = {{0, 0}, {0, 0}, {0, 0}};
	for (int k = 0; k < count; k++, t++) {
		double sign = t->sign;
		vec2 v, along = {0, 0}, bias = {0, 0};
		/* partials: up to two coordinates, each with its ∂v/∂q */
		int c1 = -1, c2 = -1;
		vec2 p1 = {0, 0}, p2 = {0, 0};
		switch (t->kind) {
		case VT_BODY: { /* r = A s', turning with the body's angle θ (Eq. 5.4) */
			double w1 = body_rate(w, t->body, qd);
			vec2 unused;
			v = v2_rotate(body_angle(w, t->body, q), t->local);
			c1 = t->body >= 0 ? w->angle_coord[t->body] : -1;
			loop_term_partials(1, v, &unused, &p1);
			bias = loop_term_accel(1, 0, 0, w1, 0, v);
			break;
		}
		case VT_SLIDE: { /* r = d u: a distance along the body's turning u (Eq. 5.5) */
			double w1 = body_rate(w, t->body, qd), dist = q[t->coord],
			       rate = qd[t->coord];
			vec2 u = v2_rotate(body_angle(w, t->body, q), t->local);
			v = v2_scale(dist, u);
			c1 = t->coord;
			c2 = t->body >= 0 ? w->angle_coord[t->body] : -1;
			loop_term_partials(dist, u, &p1, &p2);
			bias = loop_term_accel(dist, rate, 0, w1, 0, u);
			break;
		}
		case VT_LINK: { /* r = L u(θ), its own angle */
			double th = q[t->coord], w1 = qd[t->coord];
			vec2 unused;
			v = v2_scale(t->local.x, v2(cos(th), sin(th)));
			c1 = t->coord;
			loop_term_partials(1, v, &unused, &p1);
			bias = loop_term_accel(1, 0, 0, w1, 0, v);
			break;
		}
		default: /* VT_FREE: (x, y) */
			v = v2(q[t->coord], q[t->coord + 1]);
			c1 = t->coord, p1 = v2(1, 0), c2 = t->coord + 1, p2 = v2(0, 1);
			break;
		}
		if (c1 >= 0)
			along = v2_add(along, v2_scale(x[c1], p1));
		if (c2 >= 0)
			along = v2_add(along, v2_scale(x[c2], p2));
		if (jx && c1 >= 0)
			jx[c1] += sign * p1.x, jy[c1] += sign * p1.y;
		if (jx && c2 >= 0)
			jx[c2] += sign * p2.x, jy[c2] += sign * p2.y;
		s.value = v2_add(s.value, v2_scale(sign, v));
		s.rate = v2_add(s.rate, v2_scale(sign, along));
		s.bias = v2_add(s.bias, v2_scale(sign, bias));
	}
	return s;
}

/* ------------------------------------------------------------ building */

static void add_term(struct vl *w, enum vl_term_kind kind, int sign, int body, int coord, int joint,
                     vec2 local)
{
	if (kind == VT_BODY && local.x == 0 && local.y == 0)
		return; /* two points that coincide: no vector */
	if (w->nterms == w->room) {
		w->room = 2 * w->room + 16;
		w->terms = realloc(w->terms, sizeof *w->terms * (size_t)w->room);
	}
	w->terms[w->nterms++] = (struct vl_term){kind, sign, body, coord, joint, local};
}

static const struct geometry *geometry_of(const struct vl *w, int k)
{
	return &w->m->graph->geometry[k];
}

/* The joint's point on body b, body-fixed (a kind that names bodies joins
 * their mass centres). */
static vec2 joint_point(const struct vl *w, int k, int b)
{
	const struct geometry *g = geometry_of(w, k);
	return b == w->m->joints[k].bi ? g->si : g->sj;
}

/* The vectors joint k adds walked from body `from` to the other body:
 * P_i - P_j = Σ terms walked from j to i, its negative the other way. */
static void joint_terms(struct vl *w, int k, int from)
{
	const struct joint *j = &w->m->joints[k];
	const struct geometry *g = geometry_of(w, k);
	int sign = from == j->bj ? 1 : -1, coord = w->joint_coord[k];
	for (int t = 0; t < g->nterms; t++) {
		const struct geometry_term *gt = &g->term[t];
		if (gt->kind == TERM_SLIDE)
			add_term(w, VT_SLIDE, sign, gt->body, coord, k, gt->w);
		else if (gt->kind == TERM_LINK)
			add_term(w, VT_LINK, sign, -1, coord, k, v2(gt->length, 0));
		else /* an offset (refused() leaves no other) */
			add_term(w, VT_BODY, sign, gt->body, -1, k, gt->w);
	}
}

/* A joint that relates its points and drives nothing: an edge of the tree. */
static int graph_joint(const struct vl *w, int k)
{
	return joint_graph_edge(w->m, w->m->graph, TREE_RELATIONS, k);
}

/* The angle sets: sliders, welds and angles held fix φ_i - φ_j, so the
 * bodies they tie turn together (the graph's angle classes): one angle
 * coordinate per class without the ground, θ = the angle of its first
 * body. */
static void angle_sets(struct vl *w)
{
	const struct joint_graph *graph = w->m->graph;
	for (int b = 0; b < w->nb; b++) {
		int root = graph->angle_root[b];
		w->alpha[b] = graph->angle_offset[b];
		if (root == b)
			w->coords[w->n++] = (struct vl_coordinate){VC_ANGLE, b, -1};
		w->angle_coord[b] = root < 0 ? -1 : root == b ? w->n - 1 : w->angle_coord[root];
	}
}

/* The tree of the joints that are vectors (joint_graph.h); a body it
 * cannot reach is the root of a part of its own, placed by (x, y). */
static void take_tree(struct vl *w)
{
	const struct joint_tree *tree = &w->m->graph->tree[TREE_RELATIONS];
	for (int b = 0; b < w->nb; b++) {
		w->tree_joint[b] = tree->joint[b];
		w->parent[b] = tree->joint[b] < 0 ? -2 : tree->parent[b];
	}
}

/* Each body's chain from the origin to its mass centre (Sec. 5.2): to the
 * point it hangs by, then within it to its centre. `entry` holds the
 * body-fixed point each chain has reached. */
static void chains(struct vl *w, int *order, vec2 *entry, int *entry_first, int *entry_count)
{
	const struct model *m = w->m;
	for (int k = 0; k < w->nb; k++) {
		int b = order[k], p = w->parent[b], jk = w->tree_joint[b];
		int first = w->nterms;
		if (p == -2) { /* a part's root: x, y of its centre */
			add_term(w, VT_FREE, 1, b, w->joint_coord[m->njoints + b], -1, v2(0, 0));
			entry[b] = v2(0, 0);
		} else {
			int from_first = p >= 0 ? entry_first[p] : 0,
			    from_count = p >= 0 ? entry_count[p] : 0;
			for (int t = 0; t < from_count; t++) { /* the parent's chain to its entry */
				struct vl_term copy = w->terms[from_first + t];
				add_term(w, copy.kind, copy.sign, copy.body, copy.coord, copy.joint,
				         copy.local);
			}
			vec2 from = p >= 0 ? entry[p] : v2(0, 0); /* the ground's origin */
			add_term(w, VT_BODY, 1, p, -1, -1, v2_sub(joint_point(w, jk, p), from));
			joint_terms(w, jk, p);
			entry[b] = joint_point(w, jk, b);
		}
		entry_first[b] = first, entry_count[b] = w->nterms - first;
	}
	/* then on to the centre: a copy of the entry chain and one more vector */
	for (int b = 0; b < w->nb; b++) {
		w->path_first[b] = w->nterms;
		for (int t = 0; t < entry_count[b]; t++) {
			struct vl_term copy = w->terms[entry_first[b] + t];
			add_term(w, copy.kind, copy.sign, copy.body, copy.coord, copy.joint,
			         copy.local);
		}
		add_term(w, VT_BODY, 1, b, -1, -1, v2_scale(-1, entry[b]));
		w->npath[b] = w->nterms - w->path_first[b];
	}
}

/* The loop that joint k closes: from the bodies' common ancestor down the
 * tree to one end, across k, and up from the other end. Walked the way
 * whose first joint comes first in the model, so a loop reads as the model
 * is written (O, A, B, Q rather than Q, B, A, O). */
struct step {
	int from, joint, to;
};

static int ancestors(const struct vl *w, int b, int *out)
{
	int n = 0;
	for (;;) {
		out[n++] = b;
		if (b < 0 || w->parent[b] == -2)
			return n;
		b = w->parent[b];
	}
}

static int walk(const struct vl *w, const int *up_a, int a, int k, int b, const int *up_b,
                int lca_a, int lca_b, struct step *out)
{
	int n = 0;
	for (int x = lca_a - 1; x >= 0; x--) /* down to a */
		out[n++] = (struct step){up_a[x + 1], w->tree_joint[up_a[x]], up_a[x]};
	out[n++] = (struct step){a, k, b};
	for (int x = 0; x < lca_b; x++) /* up from b */
		out[n++] = (struct step){up_b[x], w->tree_joint[up_b[x]], up_b[x + 1]};
	return n;
}

static void close_loop(struct vl *w, int k, int *up_a, int *up_b, struct step *s1, struct step *s2)
{
	const struct model *m = w->m;
	const struct joint *j = &m->joints[k];
	int na = ancestors(w, j->bi, up_a), nb = ancestors(w, j->bj, up_b);
	int la = -1, lb = -1; /* the common ancestor's place in each list */
	for (int x = 0; x < na && la < 0; x++)
		for (int y = 0; y < nb; y++)
			if (up_a[x] == up_b[y]) {
				la = x, lb = y;
				break;
			}
	int n1 = walk(w, up_a, j->bi, k, j->bj, up_b, la, lb, s1);
	int n2 = walk(w, up_b, j->bj, k, j->bi, up_a, lb, la, s2);
	struct step *s = s2[0].joint < s1[0].joint ? s2 : s1;
	int n = s == s1 ? n1 : n2, start = s[0].from;
	struct vl_loop *loop = &w->loops[w->nloops];
	w->loop_first[w->nloops] = w->nterms;
	loop->njoints = n, loop->start = start;
	w->loop_joint_first[w->nloops] = w->nloop_joints;
	/* across each joint, then within the body reached to the next joint's
	 * point: the start's own vector comes last, as the book writes a loop */
	for (int x = 0; x < n; x++) {
		int here = s[x].joint, next = s[(x + 1) % n].joint;
		joint_terms(w, s[x].joint, s[x].from);
		add_term(w, VT_BODY, 1, s[x].to, -1, -1,
		         v2_sub(joint_point(w, next, s[x].to), joint_point(w, here, s[x].to)));
		w->loop_joints[w->nloop_joints++] = s[x].joint;
	}
	loop->nterms = w->nterms - w->loop_first[w->nloops];
	char *name = w->row_names[2 * w->nloops];
	int used = snprintf(name, sizeof w->row_names[0], "loop %d (", w->nloops + 1);
	for (int x = 0; x < n && used < (int)sizeof w->row_names[0]; x++)
		used += snprintf(name + used, sizeof w->row_names[0] - (size_t)used, "%s%s",
		                 x ? ", " : "", m->joints[s[x].joint].name);
	if (used < (int)sizeof w->row_names[0])
		snprintf(name + used, sizeof w->row_names[0] - (size_t)used, ")");
	memcpy(w->row_names[2 * w->nloops + 1], name, sizeof w->row_names[0]);
	w->nloops++;
}

static void release(void *ws);

/* Whether a loop of vectors holds a joint of geometry g: its points
 * related by fixed offsets and at most one slide or link (or a driven
 * length), its angles free, fixed or driven. */
static int takes(const struct geometry *g)
{
	int free_terms = 0, ok = g->decl != NULL;
	for (int t = 0; ok && t < g->nterms; t++)
		switch (g->term[t].kind) {
		case TERM_OFFSET:
			break;
		case TERM_SLIDE:
		case TERM_LINK:
			free_terms++;
			break;
		case TERM_DRIVEN: /* a driver: an equation on the bodies' poses */
			break;
		default: /* a roll, or a term it does not know */
			ok = 0;
		}
	switch (ok ? g->tie : TIE_GEARED) {
	case TIE_NONE:
	case TIE_FIXED:
	case TIE_DRIVEN:
		break;
	default: /* geared, or a tie it does not know */
		ok = 0;
	}
	return ok && free_terms <= 1;
}

/* What a loop of vectors cannot hold: 0, or -1 with the run's error
 * naming the joint, its kind, the formulation and the kinds it takes. */
static int refused(const struct model *m, struct run_data *d)
{
	const struct joint_graph *graph = m->graph;
	for (int k = 0; k < m->njoints; k++) {
		const struct joint *j = &m->joints[k];
		if (takes(&graph->geometry[k]))
			continue;
		char kinds[256];
		run_data_fail(
		    d,
		    "%s: joint '%s' is a %s, which is not a vector of a loop: the vector "
		    "method (Ch. 5, formulation \"vector\") takes joints whose points are "
		    "related by fixed offsets and one slide or one link, their angles "
		    "fixed or driven (%s); use body or joint coordinates for this model",
		    j->where, j->name, j->kind->name,
		    joint_kinds_taken(takes, kinds, sizeof kinds));
		return -1;
	}
	if (graph->redundant_tie >= 0) {
		const struct joint *j = &m->joints[graph->redundant_tie];
		run_data_fail(d,
		              "%s: joint '%s' (%s): the angles of its bodies are already tied "
		              "by other sliders or welds; vector coordinates cannot take the "
		              "redundant constraint (use body coordinates with redundant = "
		              "\"drop\")",
		              j->where, j->name, j->kind->name);
		return -1;
	}
	return 0;
}

static struct vl *build(const struct model *m, struct run_data *d)
{
	if (refused(m, d) != 0)
		return NULL;
	struct vl *w = calloc(1, sizeof *w);
	int nb = m->nbodies, nj = m->njoints;
	w->m = m, w->d = d, w->nb = nb;
	w->angle_coord = calloc((size_t)nb + 1, sizeof(int));
	w->alpha = calloc((size_t)nb + 1, sizeof(double));
	w->parent = calloc((size_t)nb + 1, sizeof(int));
	w->tree_joint = calloc((size_t)nb + 1, sizeof(int));
	w->joint_coord = calloc((size_t)(nj + nb) + 1, sizeof(int)); /* joints, then roots */
	w->coords = calloc(2 * (size_t)(nb + nj) + 1, sizeof *w->coords);
	w->path_first = calloc((size_t)nb + 1, sizeof(int));
	w->npath = calloc((size_t)nb + 1, sizeof(int));
	w->path = calloc((size_t)nb + 1, sizeof *w->path);
	w->loops = calloc((size_t)nj + 1, sizeof *w->loops);
	w->loop_first = calloc((size_t)nj + 1, sizeof(int));
	w->loop_joint_first = calloc((size_t)nj + 1, sizeof(int));
	w->loop_joints = calloc((size_t)nj * ((size_t)nj + 1) + 1, sizeof(int));
	w->drivers = calloc((size_t)nj + 1, sizeof(int));
	w->row_names = calloc(2 * (size_t)nj + 1, sizeof *w->row_names);
	angle_sets(w);
	take_tree(w);
	for (int k = 0; k < nj; k++) { /* slides and links, in the model's order */
		const struct geometry *g = geometry_of(w, k);
		w->joint_coord[k] = -1;
		for (int t = 0; t < g->nterms && !g->driven; t++)
			if (g->term[t].kind == TERM_SLIDE || g->term[t].kind == TERM_LINK)
				w->coords[w->joint_coord[k] = w->n++] = (struct vl_coordinate){
				    g->term[t].kind == TERM_LINK ? VC_LINK : VC_SLIDE, -1, k};
		if (g->driven)
			w->drivers[w->ndrivers++] = k;
	}
	for (int b = 0; b < nb; b++) { /* a part's root: x and y */
		w->joint_coord[nj + b] = -1;
		if (w->parent[b] != -2)
			continue;
		w->joint_coord[nj + b] = w->n;
		w->coords[w->n++] = (struct vl_coordinate){VC_X, b, -1};
		w->coords[w->n++] = (struct vl_coordinate){VC_Y, b, -1};
	}
	/* chains in the tree's order: parents before children */
	int *order = calloc((size_t)nb + 1, sizeof(int)), count = 0;
	char *placed = calloc((size_t)nb + 1, 1);
	while (count < nb)
		for (int b = 0; b < nb; b++)
			if (!placed[b] && (w->parent[b] < 0 || placed[w->parent[b]]))
				placed[b] = 1, order[count++] = b;
	vec2 *entry = calloc((size_t)nb + 1, sizeof *entry);
	int *entry_first = calloc((size_t)nb + 1, sizeof(int)),
	    *entry_count = calloc((size_t)nb + 1, sizeof(int));
	chains(w, order, entry, entry_first, entry_count);
	free(order), free(placed), free(entry), free(entry_first), free(entry_count);
	/* one loop per joint the tree left out */
	int *up_a = calloc((size_t)nb + 2, sizeof(int)),
	    *up_b = calloc((size_t)nb + 2, sizeof(int));
	struct step *s1 = calloc((size_t)nb + 3, sizeof *s1),
	            *s2 = calloc((size_t)nb + 3, sizeof *s2);
	for (int k = 0; k < nj; k++) {
		int tree = 0;
		for (int b = 0; b < nb; b++)
			tree = tree || w->tree_joint[b] == k;
		if (!tree && graph_joint(w, k))
			close_loop(w, k, up_a, up_b, s1, s2);
	}
	free(up_a), free(up_b), free(s1), free(s2);
	/* the terms have stopped moving: point into them */
	for (int b = 0; b < nb; b++)
		w->path[b] = w->terms + w->path_first[b];
	for (int l = 0; l < w->nloops; l++) {
		w->loops[l].terms = w->terms + w->loop_first[l];
		w->loops[l].joints = w->loop_joints + w->loop_joint_first[l];
	}
	for (int r = 0; r < w->ndrivers; r++)
		snprintf(w->row_names[2 * w->nloops + r], sizeof w->row_names[0], "%s",
		         m->joints[w->drivers[r]].name);
	w->chain = calloc(6 * (size_t)w->n + 1, sizeof(double));
	return w;
}

void *vl_describe(const struct model *m, struct run_data *d) { return build(m, d); }

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	(void)cfg;
	struct vl *w = build(m, d);
	if (w && w->nloops == 0) {
		run_data_fail(d,
		              "model '%s' has no closed loop, so vector kinematics has no loop "
		              "equation to solve: an open chain's positions are plain sums of "
		              "vectors (m:loops() shows them); use body or joint coordinates",
		              m->name);
		release(w);
		return NULL;
	}
	return w;
}

static void release(void *ws)
{
	struct vl *w = ws;
	if (!w)
		return;
	free(w->angle_coord), free(w->alpha), free(w->parent), free(w->tree_joint);
	free(w->joint_coord), free(w->coords), free(w->terms), free(w->path_first), free(w->npath);
	free(w->path), free(w->loops), free(w->loop_first), free(w->loop_joint_first);
	free(w->loop_joints), free(w->drivers);
	free(w->row_names), free(w->chain);
	free(w);
}

void vl_structure(void *ws, struct vl_structure *out)
{
	struct vl *w = ws;
	*out = (struct vl_structure){w->nb,    w->n,           w->nloops,  w->coords,
	                             w->loops, w->angle_coord, w->alpha,   w->path,
	                             w->npath, w->drivers,     w->ndrivers};
}

/* ------------------------------------------------------------ the formulation */

static int size(const void *ws, int *rows)
{
	const struct vl *w = ws;
	*rows = 2 * w->nloops + w->ndrivers;
	return w->n;
}

static void spans(const void *ws, struct rows *r) { (void)ws, (void)r; }

static const char *row_name(void *ws, int row) { return ((struct vl *)ws)->row_names[row]; }

static int row_joint(void *ws, int row)
{
	struct vl *w = ws;
	return row < 2 * w->nloops ? -1 : w->drivers[row - 2 * w->nloops];
}

static void coordinate_name(void *ws, int k, char *buf, size_t len)
{
	struct vl *w = ws;
	const struct vl_coordinate *c = &w->coords[k];
	const struct model *m = w->m;
	switch (c->kind) {
	case VC_ANGLE:
		snprintf(buf, len, "the angle of body '%s'", m->bodies[c->body].name);
		break;
	case VC_SLIDE:
		snprintf(buf, len, "the slide of joint '%s'", m->joints[c->joint].name);
		break;
	case VC_LINK:
		snprintf(buf, len, "the angle of link '%s'", m->joints[c->joint].name);
		break;
	default:
		snprintf(buf, len, "body '%s' (%s)", m->bodies[c->body].name,
		         c->kind == VC_X ? "x" : "y");
	}
}

/* A body's pose, velocity, and its chain's partials (3 rows of n: x, y, φ)
 * and bias (3) into chain, at (q, q̇). */
static struct body_state body_chain(struct vl *w, int b, const double *q, const double *qd,
                                    double *chain, double *bias)
{
	int n = w->n;
	memset(chain, 0, sizeof(double) * 3 * (size_t)n);
	bias[0] = bias[1] = bias[2] = 0;
	if (b < 0)
		return model_body_state(NULL, NULL, -1);
	struct sum r = sum_terms(w, w->path[b], w->npath[b], q, qd, qd, chain, chain + n);
	if (w->angle_coord[b] >= 0)
		chain[2 * n + w->angle_coord[b]] = 1;
	bias[0] = r.bias.x, bias[1] = r.bias.y;
	return body_state_make(r.value, r.rate, body_angle(w, b, q), body_rate(w, b, qd));
}

static int evaluate(void *ws, double t, const double *q, const double *qd, unsigned what,
                    struct rows *r, double *h)
{
	(void)h;
	struct vl *w = ws;
	const struct model *m = w->m;
	int n = w->n;
	if (what & (EVAL_FORCES | EVAL_MASS | EVAL_MASS_SOLVE)) {
		run_data_stop(w->d, "vector loops give kinematics only (Ch. 5): use "
		                    "m:kinematics{ formulation = \"vector\" }, or a formulation "
		                    "of dynamics for forces and motion");
		return -1;
	}
	if (!(what & EVAL_ROWS))
		return 0;
	rows_clear(r);
	/* each loop: Σ vectors = 0, differentiated term by term */
	for (int l = 0; l < w->nloops; l++) {
		double *jx = r->J + (size_t)(2 * l) * (size_t)n, *jy = jx + n;
		struct sum s =
		    sum_terms(w, w->loops[l].terms, w->loops[l].nterms, q, qd, qd, jx, jy);
		r->phi[2 * l] = s.value.x, r->phi[2 * l + 1] = s.value.y;
		r->vrhs[2 * l] = r->vrhs[2 * l + 1] = 0;
		r->gamma[2 * l] = -s.bias.x, r->gamma[2 * l + 1] = -s.bias.y;
	}
	/* each driver: its row in body coordinates through the chains */
	double *ci = w->chain, *cj = w->chain + 3 * n, bias_i[3], bias_j[3];
	for (int k = 0; k < w->ndrivers; k++) {
		const struct joint *j = &m->joints[w->drivers[k]];
		int row = 2 * w->nloops + k;
		struct body_state si = body_chain(w, j->bi, q, qd, ci, bias_i);
		struct body_state sj = body_chain(w, j->bj, q, qd, cj, bias_j);
		struct joint_values values;
		struct joint_eval e = joint_eval_into(&values);
		if (j->kind->eval(m, w->d, j, &si, &sj, t, &e) != 0)
			return -1;
		double *J = r->J + (size_t)row * (size_t)n, gamma = e.gamma[0];
		for (int a = 0; a < 3; a++) {
			for (int c = 0; c < n; c++)
				J[c] += e.di[0][a] * ci[a * n + c] + e.dj[0][a] * cj[a * n + c];
			gamma -= e.di[0][a] * bias_i[a] + e.dj[0][a] * bias_j[a];
		}
		r->phi[row] = e.phi[0], r->vrhs[row] = e.vrhs[0], r->gamma[row] = gamma;
	}
	return 0;
}

static void from_bodies(void *ws, const double *c, const double *cd, double *q, double *qd)
{
	struct vl *w = ws;
	const struct model *m = w->m;
	for (int k = 0; k < w->n; k++) {
		const struct vl_coordinate *v = &w->coords[k];
		if (v->kind == VC_ANGLE) {
			q[k] = c[3 * v->body + 2] - w->alpha[v->body];
			qd[k] = cd[3 * v->body + 2];
		} else if (v->kind == VC_X || v->kind == VC_Y) {
			q[k] = c[3 * v->body + (v->kind == VC_Y)];
			qd[k] = cd[3 * v->body + (v->kind == VC_Y)];
		} else {
			const struct joint *j = &m->joints[v->joint];
			const struct geometry *g = geometry_of(w, v->joint);
			struct body_state bi = model_body_state(c, cd, j->bi),
			                  bj = model_body_state(c, cd, j->bj);
			struct point_pair p = point_pair(&bi, g->si, &bj, g->sj);
			if (v->kind == VC_LINK) { /* θ of d = P_i - P_j, and θ̇ = d × ḋ / d'd */
				q[k] = v2_angle(p.d);
				qd[k] = v2_cross(p.d, p.dd) / v2_dot(p.d, p.d);
			} else { /* d = u'(P_i - P_j - offsets) along the slide's turning u */
				const struct geometry_term *s = &g->term[g->slide];
				const struct body_state *b = s->side ? &bj : &bi;
				vec2 u = v2_rotate(b->phi, s->w);
				q[k] = v2_dot(u, p.d);
				qd[k] = v2_dot(u, p.dd) + b->phid * v2_dot(v2_perp(u), p.d);
				for (int t = 0; t < g->nterms;
				     t++) { /* one across u adds nothing */
					const struct geometry_term *o = &g->term[t];
					if (o->kind != TERM_OFFSET || o->along_joint_vector == 2)
						continue;
					const struct body_state *ob = o->side ? &bj : &bi;
					vec2 a = v2_rotate(ob->phi, o->w);
					q[k] -= v2_dot(u, a);
					qd[k] -= v2_dot(u, v2_scale(ob->phid, v2_perp(a))) +
					         b->phid * v2_dot(v2_perp(u), a);
				}
			}
		}
	}
}

static int to_bodies(void *ws, double t, const double *q, const double *qd, const double *qdd,
                     double *c, double *cd, double *cdd)
{
	(void)t;
	struct vl *w = ws;
	for (int b = 0; b < w->nb; b++) {
		struct sum s = sum_terms(w, w->path[b], w->npath[b], q, qd, qd, NULL, NULL);
		c[3 * b] = s.value.x, c[3 * b + 1] = s.value.y, c[3 * b + 2] = body_angle(w, b, q);
		cd[3 * b] = s.rate.x, cd[3 * b + 1] = s.rate.y, cd[3 * b + 2] = body_rate(w, b, qd);
		if (qdd && cdd) {
			struct sum a =
			    sum_terms(w, w->path[b], w->npath[b], q, qd, qdd, NULL, NULL);
			cdd[3 * b] = a.rate.x + a.bias.x, cdd[3 * b + 1] = a.rate.y + a.bias.y;
			cdd[3 * b + 2] = body_rate(w, b, qdd);
		}
	}
	return 0;
}

const struct formulation formulation_vector = {
    .name = "vector",
    .title = "vector loops (Ch. 5)",
    .setup = setup,
    .release = release,
    .size = size,
    .spans = spans,
    .row_name = row_name,
    .row_joint = row_joint,
    .coordinate_name = coordinate_name,
    .from_bodies = from_bodies,
    .to_bodies = to_bodies,
    .evaluate = evaluate,
};
