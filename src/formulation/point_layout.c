/* SPDX-License-Identifier: GPL-3.0-or-later */
/* point_layout.c — a model's bodies as points, built (see point_layout.h;
 * point_layout_eval.c evaluates): welded groups, their points and frames,
 * the secondary points, the rows of the groups and the joints, the mass
 * matrix and the names. */
#include "formulation/point_layout.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/joint_graph.h"
#include "model/joints/joint.h"

/* ------------------------------------------------------------ lins */

static vec2 conj2(vec2 z) { return v2(z.x, -z.y); }

static struct lin lin_const(vec2 c) { return (struct lin){.c = c}; }

/* l += z r_p (a stationary point's share goes into the constant) */
static void lin_add(const struct layout *L, struct lin *l, int p, vec2 z)
{
	const struct point *pt = &L->points[p];
	if (pt->var < 0) {
		l->c = v2_add(l->c, cmul(z, pt->at));
		return;
	}
	for (int k = 0; k < l->n; k++)
		if (l->v[k] == pt->var) {
			l->z[k] = v2_add(l->z[k], z);
			return;
		}
	l->v[l->n] = pt->var, l->z[l->n++] = z;
}

static struct lin lin_of_point(const struct layout *L, int p)
{
	struct lin l = {0};
	lin_add(L, &l, p, v2(1, 0));
	return l;
}

/* a - b, over at most LIN_REFS points between them */
static struct lin lin_sub(struct lin a, const struct lin *b)
{
	for (int k = 0; k < b->n; k++) {
		int j = 0;
		while (j < a.n && a.v[j] != b->v[k])
			j++;
		if (j == a.n)
			a.v[a.n] = b->v[k], a.z[a.n++] = v2(0, 0);
		a.z[j] = v2_sub(a.z[j], b->z[k]);
	}
	a.c = v2_sub(a.c, b->c);
	return a;
}

void lin_gradient(const struct lin *l, vec2 g, double *row)
{
	for (int k = 0; k < l->n; k++) {
		vec2 w = cmul_t(l->z[k], g);
		row[l->v[k]] += w.x, row[l->v[k] + 1] += w.y;
	}
}

/* ------------------------------------------------------------ building */

/* A union-find over the points while pins join them. */
struct builder {
	struct layout *L;
	const struct model *m;
	struct run_data *d;
	int *uf;       /* points' union-find */
	int cap;       /* room for points */
	int *group_of; /* per body + 1 (index 0: the ground) */
	int recursive; /* the layout's options' */
};

static int find(int *uf, int a)
{
	while (uf[a] != a)
		a = uf[a] = uf[uf[a]];
	return a;
}

static int group_of_body(const struct builder *B, int body) { return B->group_of[body + 1]; }

/* A body's point, or vector, in its group's reference frame. */
static vec2 in_group(const struct layout *L, int body, vec2 s)
{
	if (body < 0)
		return s;
	const struct body_place *p = &L->bodies[body];
	return v2_add(p->offset, v2_rotate(p->angle, s));
}

static vec2 vector_in_group(const struct layout *L, int body, vec2 u)
{
	return body < 0 ? u : v2_rotate(L->bodies[body].angle, u);
}

static double body_angle_in_group(const struct layout *L, int body)
{
	return body < 0 ? 0 : L->bodies[body].angle;
}

static char *text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *text(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = malloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static const char *body_name(const struct model *m, int b)
{
	return b < 0 ? "ground" : m->bodies[b].name;
}

/* Group g's point at s (its reference frame), made when it has none there. */
static int point_at(struct builder *B, int g, vec2 s, enum point_role role, int joint, int body,
                    vec2 local)
{
	struct layout *L = B->L;
	struct group *G = &L->groups[g];
	double tol = 1e-9 * (1 + v2_norm(s));
	for (int k = 0; k < G->npoints; k++)
		if (v2_norm(v2_sub(G->at[k], s)) <= tol)
			return G->points[k];
	int p = L->npoints++;
	B->uf[p] = p;
	struct point *pt = &L->points[p];
	*pt = (struct point){.var = -1,
	                     .group = g,
	                     .s = s,
	                     .role = role,
	                     .joint = joint,
	                     .body = body,
	                     .local = local};
	G->points[G->npoints] = p, G->at[G->npoints++] = s;
	return p;
}

/* The point of joint j's body `side` (0: i, 1: j) at its joint point. */
static int joint_point(struct builder *B, int j, int side, enum point_role role)
{
	const struct joint *jt = &B->m->joints[j];
	const struct geometry *g = &B->m->graph->geometry[j];
	int body = side ? jt->bj : jt->bi;
	vec2 local = side ? g->sj : g->si;
	return point_at(B, group_of_body(B, body), in_group(B->L, body, local), role, j, body,
	                local);
}

/* -------------------------------------------- groups: welds, places, motion */

/* Joint j's geometry (model/joint_graph.h). */
static const struct geometry *geometry_of(const struct builder *B, int j)
{
	return &B->m->graph->geometry[j];
}

/* A weld places one body in the other's frame: P_i - P_j = A_j w_j + A_i
 * w_i over its offsets on each, so r_i + A_i d_i = r_j + A_j d_j with d_j
 * = s_j + Σ w_j and d_i = s_i - Σ w_i, and φ_i = φ_j + θ (Eqs. 7.35-7.37
 * for a rigid joint: d_j its offset, d_i zero). */
static void place_welded(struct layout *L, const struct joint *jt, const struct geometry *g,
                         char *placed)
{
	vec2 di = g->si, dj = g->sj;
	for (int t = 0; t < g->nterms; t++)
		if (g->term[t].side)
			dj = v2_add(dj, g->term[t].w);
		else
			di = v2_sub(di, g->term[t].w);
	double theta = g->tie_value;
	if (placed[jt->bj + 1]) {
		vec2 o = jt->bj < 0 ? v2(0, 0) : L->bodies[jt->bj].offset;
		double a = body_angle_in_group(L, jt->bj), ai = a + theta;
		L->bodies[jt->bi].offset = v2_sub(v2_add(o, v2_rotate(a, dj)), v2_rotate(ai, di));
		L->bodies[jt->bi].angle = ai;
		placed[jt->bi + 1] = 1;
	} else {
		double ai = body_angle_in_group(L, jt->bi), a = ai - theta;
		vec2 o = jt->bi < 0 ? v2(0, 0) : L->bodies[jt->bi].offset;
		L->bodies[jt->bj].offset = v2_sub(v2_add(o, v2_rotate(ai, di)), v2_rotate(a, dj));
		L->bodies[jt->bj].angle = a;
		placed[jt->bj + 1] = 1;
	}
}

/* The angle of the group of a fixed tie's free side, given the other's (one
 * of them turning): φ_gi + θ_i - φ_gj - θ_j = the tie's value, or for a
 * tie of parallel vectors ∠u_j - ∠u_i mod π, the branch nearest the
 * group's start. */
static void tie_group(struct layout *L, const struct joint *jt, const struct geometry *g,
                      struct group *Gi, struct group *Gj)
{
	struct group *free_g = Gi->motion == MOTION_TURNING ? Gi : Gj;
	double ai = body_angle_in_group(L, jt->bi), aj = body_angle_in_group(L, jt->bj);
	if (g->tie_form == TIE_PARALLEL) {
		double rel = aj + v2_angle(jt->uj) - ai - v2_angle(jt->ui);
		double want = Gi->motion == MOTION_TURNING ? Gj->angle + rel : Gi->angle - rel;
		free_g->angle = want + M_PI * round((free_g->angle - want) / M_PI);
	} else if (Gi->motion == MOTION_TURNING) {
		free_g->angle = g->tie_value + aj - ai + Gj->angle;
	} else {
		free_g->angle = Gi->angle + ai - g->tie_value - aj;
	}
	free_g->motion = MOTION_SLIDING;
}

static int build_groups(struct builder *B)
{
	const struct model *m = B->m;
	const struct joint_graph *graph = m->graph;
	struct layout *L = B->L;
	int nb = m->nbodies;
	L->ngroups = graph->ngroups; /* the welded groups, the ground's first */
	for (int g = 0; g < L->ngroups; g++)
		L->groups[g] =
		    (struct group){.ref = graph->group_ref[g], .parent = -1, .parent_joint = -1};
	B->group_of[0] = 0;
	for (int b = 0; b < nb; b++)
		B->group_of[b + 1] = graph->group[b];
	/* each body's place in its group's reference frame, through the welds */
	char *placed = calloc((size_t)nb + 2, 1);
	for (int b = 0; b < nb; b++) {
		L->bodies[b].group = group_of_body(B, b);
		placed[b + 1] = L->groups[L->bodies[b].group].ref == b;
	}
	placed[0] = 1;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int j = 0; j < m->njoints; j++) {
			const struct joint *jt = &m->joints[j];
			if (!geometry_of(B, j)->welded || placed[jt->bi + 1] == placed[jt->bj + 1])
				continue;
			place_welded(L, jt, geometry_of(B, j), placed);
			changed = 1;
		}
	}
	free(placed);
	/* each group as one body: mass, centre, inertia about it */
	for (int b = 0; b < nb; b++) {
		struct group *G = &L->groups[L->bodies[b].group];
		G->mass += m->bodies[b].mass;
		G->centre_at =
		    v2_add(G->centre_at, v2_scale(m->bodies[b].mass, L->bodies[b].offset));
	}
	for (int g = 0; g < L->ngroups; g++)
		if (L->groups[g].mass > 0)
			L->groups[g].centre_at =
			    v2_scale(1 / L->groups[g].mass, L->groups[g].centre_at);
	for (int b = 0; b < nb; b++) {
		struct group *G = &L->groups[L->bodies[b].group];
		vec2 s = v2_sub(L->bodies[b].offset, G->centre_at);
		G->inertia += m->bodies[b].inertia + m->bodies[b].mass * v2_dot(s, s);
	}
	/* motion: the ground's group is fixed; a group whose angle a fixed tie
	 * holds to the ground's (a simple joint on the angle), then one a fixed
	 * tie joins to a group whose angle is fixed (a slider), slides without
	 * turning (Sec. 10.2), the angle being the one that meets the joint;
	 * the rest turn */
	L->groups[0].motion = MOTION_FIXED;
	for (int g = 1; g < L->ngroups; g++) {
		L->groups[g].motion = MOTION_TURNING;
		L->groups[g].phi = L->groups[g].angle = m->bodies[L->groups[g].ref].q0[2];
	}
	for (int pass = 0; pass < 2; pass++)
		for (int changed = 1; changed;) {
			changed = 0;
			for (int j = 0; j < m->njoints; j++) {
				const struct joint *jt = &m->joints[j];
				const struct geometry *g = geometry_of(B, j);
				int gi = group_of_body(B, jt->bi), gj = group_of_body(B, jt->bj);
				struct group *Gi = &L->groups[gi], *Gj = &L->groups[gj];
				if (g->tie != TIE_FIXED || g->welded ||
				    (pass == 0 && (g->tie_form != TIE_ANGLE || (gi && gj))) ||
				    (Gi->motion == MOTION_TURNING) ==
				        (Gj->motion == MOTION_TURNING))
					continue;
				tie_group(L, jt, g, Gi, Gj);
				changed = 1;
			}
		}
	return 0;
}

/* -------------------------------------------- points */

/* Pins in the book's way: every pin is one point of both its groups. */
static void share_all_pins(struct builder *B)
{
	for (int j = 0; j < B->m->njoints; j++) {
		const struct joint *jt = &B->m->joints[j];
		if (!geometry_of(B, j)->points_meet ||
		    group_of_body(B, jt->bi) == group_of_body(B, jt->bj))
			continue;
		int a = joint_point(B, j, 0, ROLE_PIN), b = joint_point(B, j, 1, ROLE_PIN);
		B->uf[find(B->uf, a)] = find(B->uf, b);
	}
}

/* Attia's way: the spanning tree over the groups from the ground over the
 * pins (joint_graph.h: breadth first, so chains stay short; then from each
 * group left over, which floats); a tree pin is one point of both its
 * groups, the child's first, its base; every other pin is cut, a point on
 * each side. */
static void tree_pins(struct builder *B, const struct layout_options *o)
{
	struct layout *L = B->L;
	const struct model *m = B->m;
	struct joint_tree own, *tree = &m->graph->tree[TREE_GROUP_PINS];
	if (o->tree) {
		joint_tree_alloc(&own, L->ngroups, m->njoints);
		joint_tree_grow(m, m->graph, TREE_GROUP_PINS, o->tree, o->ntree, &own);
		tree = &own;
	}
	L->norder = tree->norder;
	for (int k = 0; k < tree->norder; k++) {
		int child = L->order[k] = tree->order[k], j = tree->joint[child];
		if (j < 0)
			continue; /* the ground's group, or a root that floats */
		int g = tree->parent[child], side = group_of_body(B, m->joints[j].bi) == g;
		L->groups[child].parent = g, L->groups[child].parent_joint = j;
		int base = joint_point(B, j, side, ROLE_PIN);
		int other = joint_point(B, j, 1 - side, ROLE_PIN);
		B->uf[find(B->uf, base)] = find(B->uf, other);
	}
	if (o->tree)
		joint_tree_free(&own);
	for (int j = 0; j < m->njoints; j++) {
		const struct joint *jt = &m->joints[j];
		int gi = group_of_body(B, jt->bi), gj = group_of_body(B, jt->bj);
		if (!geometry_of(B, j)->points_meet || gi == gj ||
		    L->groups[gi].parent_joint == j || L->groups[gj].parent_joint == j)
			continue;
		joint_point(B, j, 0, ROLE_PIN), joint_point(B, j, 1, ROLE_PIN);
	}
}

/* A group with too few points for its frame takes them from its sliding
 * axes (two points on each, Sec. 10.2: a joint's slide along a body's
 * vector puts a point at the joint's point of each side, and one a radius
 * of gyration along each side's vector), then its mass centre, then a
 * point a radius of gyration along its reference body's x axis. */
static void complete_frames(struct builder *B)
{
	struct layout *L = B->L;
	const struct model *m = B->m;
	for (int g = 1; g < L->ngroups; g++) {
		struct group *G = &L->groups[g];
		int need = G->motion == MOTION_TURNING ? 2 : 1;
		double rho = sqrt(G->inertia / G->mass);
		if (!(rho > 0) || !isfinite(rho))
			rho = 1;
		for (int j = 0; j < m->njoints && G->npoints < need; j++) {
			const struct joint *jt = &m->joints[j];
			const struct geometry *geo = geometry_of(B, j);
			const struct geometry_term *slide =
			    geo->slide >= 0 ? &geo->term[geo->slide] : NULL;
			if (!slide || !slide->along_joint_vector)
				continue;
			for (int side = 0; side < 2 && G->npoints < need; side++) {
				int body = side ? jt->bj : jt->bi;
				if (group_of_body(B, body) != g)
					continue;
				vec2 at = side ? geo->sj : geo->si, u = side ? jt->uj : jt->ui;
				vec2 s = in_group(L, body, at);
				joint_point(B, j, side, ROLE_AXIS);
				/* a side's vector: its slide's, or one a tie keeps parallel */
				int vector = slide->side == side || geo->tie_form == TIE_PARALLEL;
				if (G->npoints < need && vector)
					point_at(
					    B, g,
					    v2_add(s, v2_scale(rho, vector_in_group(L, body, u))),
					    ROLE_AXIS, j, body, v2_add(at, v2_scale(rho, u)));
			}
		}
		int rb = G->ref;
		vec2 centre_local =
		    v2_unrotate(L->bodies[rb].angle, v2_sub(G->centre_at, L->bodies[rb].offset));
		if (G->npoints < need)
			point_at(B, g, G->centre_at, ROLE_CENTRE, -1, rb, centre_local);
		if (G->npoints < need)
			point_at(B, g, v2_add(G->centre_at, v2(rho, 0)), ROLE_GYRATION, -1, rb,
			         v2_add(centre_local, v2_rotate(-L->bodies[rb].angle, v2(rho, 0))));
	}
}

/* The joined points become one: numbered afresh, stationary when on the
 * ground's group, and each group's list rewritten. 0, or -1 when a group
 * has two of its points joined. */
static int settle_points(struct builder *B)
{
	struct layout *L = B->L;
	int n = L->npoints, *fresh = malloc(sizeof(int) * (size_t)(n + 1));
	struct point *old = L->points;
	L->points = calloc((size_t)n + 1, sizeof *L->points);
	L->npoints = 0;
	for (int p = 0; p < n; p++) {
		int root = find(B->uf, p);
		if (root == p) {
			fresh[p] = L->npoints;
			L->points[L->npoints++] = old[p];
		}
	}
	for (int p = 0; p < n; p++) {
		fresh[p] = fresh[find(B->uf, p)];
		if (old[p].group == 0) { /* on the ground's group: stationary */
			L->points[fresh[p]].var = -2;
			L->points[fresh[p]].at = old[p].s;
		}
	}
	L->n = 0;
	for (int p = 0; p < L->npoints; p++)
		L->points[p].var = L->points[p].var == -2 ? -1 : (L->n += 2) - 2;
	int status = 0;
	for (int g = 0; g < L->ngroups && status == 0; g++) {
		struct group *G = &L->groups[g];
		for (int k = 0; k < G->npoints; k++) {
			G->points[k] = fresh[G->points[k]];
			for (int e = 0; e < k; e++)
				if (G->points[e] == G->points[k] && status == 0) {
					run_data_fail(B->d,
					              "point coordinates cannot take this model: "
					              "its pins join "
					              "two different points of '%s' together",
					              body_name(B->m, G->ref));
					status = -1;
				}
		}
	}
	free(old), free(fresh);
	return status;
}

/* -------------------------------------------- secondary points */

/* Group g's point at s in its frame (Eq. 10.28): turning, r = r_a + α u +
 * β ŭ = (1 - z) r_a + z r_b with z = (α + iβ) / L; sliding, r_a plus a
 * constant; fixed, a constant. */
static struct lin lin_in_group(const struct layout *L, int g, vec2 s)
{
	const struct group *G = &L->groups[g];
	if (G->motion == MOTION_FIXED)
		return lin_const(s);
	struct lin l = {0};
	vec2 from_a = v2_sub(s, G->at[0]);
	if (G->motion == MOTION_SLIDING) {
		lin_add(L, &l, G->points[0], v2(1, 0));
		l.c = v2_add(l.c, v2_rotate(G->angle, from_a));
		return l;
	}
	vec2 e = v2_scale(1 / G->length, v2_sub(G->at[1], G->at[0]));
	vec2 z = v2(v2_dot(e, from_a) / G->length, v2_dot(v2_perp(e), from_a) / G->length);
	lin_add(L, &l, G->points[0], v2(1 - z.x, -z.y));
	lin_add(L, &l, G->points[1], z);
	return l;
}

/* A body-fixed direction u of group g: z (r_b - r_a), or a constant. */
static struct lin lin_direction(const struct layout *L, int g, vec2 u)
{
	const struct group *G = &L->groups[g];
	if (G->motion != MOTION_TURNING)
		return lin_const(v2_rotate(G->angle, u));
	vec2 e = v2_scale(1 / G->length, v2_sub(G->at[1], G->at[0]));
	vec2 z = v2(v2_dot(e, u) / G->length, v2_dot(v2_perp(e), u) / G->length);
	struct lin l = {0};
	lin_add(L, &l, G->points[1], z);
	lin_add(L, &l, G->points[0], v2(-z.x, -z.y));
	return l;
}

static struct lin lin_body_point(const struct layout *L, int body, vec2 local)
{
	int g = body < 0 ? 0 : L->bodies[body].group;
	return lin_in_group(L, g, in_group(L, body, local));
}

static struct lin lin_body_vector(const struct layout *L, int body, vec2 u)
{
	int g = body < 0 ? 0 : L->bodies[body].group;
	return lin_direction(L, g, vector_in_group(L, body, u));
}

/* -------------------------------------------- rows */

static struct prow *new_row(struct layout *L, enum prow_kind kind, const char *type, int joint,
                            int body)
{
	struct prow *r = &L->rows[L->nrows++];
	*r = (struct prow){.kind = kind,
	                   .type = type,
	                   .joint = joint,
	                   .body = body,
	                   .w = 1,
	                   .group = {-1, -1},
	                   .points = {-1, -1, -1, -1}};
	return r;
}

/* ½ (d'd - L²) = 0, d = a - b (Eq. 10.14) */
static struct prow *length_row(struct layout *L, struct lin a, const struct lin *b, double len,
                               int joint, int body)
{
	struct prow *r = new_row(L, PROW_DOT, "length", joint, body);
	r->a = r->b = lin_sub(a, b);
	r->same = 1;
	r->w = 0.5, r->k = 0.5 * len * len, r->value = len;
	return r;
}

/* g'a - k = 0: a simple constraint (Eqs. 10.23-10.24) when a is one point
 * and g an axis */
static struct prow *linear_row(struct layout *L, struct lin a, vec2 g, double k, int joint,
                               int body)
{
	int simple = a.n == 1 && a.z[0].x == 1 && a.z[0].y == 0 &&
	             ((g.x == 0 && fabs(g.y) == 1) || (g.y == 0 && fabs(g.x) == 1));
	struct prow *r = new_row(L, PROW_LINEAR, simple ? "simple" : "linear", joint, body);
	r->a = a, r->g = g, r->k = k, r->value = k;
	return r;
}

/* The rows that hold group g's points together: a length between its
 * frame's points; for each further point c a length to a, and a second
 * row: parallel if c lies on the axis a-b (Problem 10.8: three lengths on
 * one line are dependent), normal if on the perpendicular at a, a length
 * to b where the triangle a, b, c is well shaped (the plate of Sec.
 * 10.8.2), else the constant angle at a written with its sine (Eq. 10.21;
 * the cosine is flat near 0, Problem 10.4). A sliding group's points keep
 * their offsets, two simple rows each. */
static void own_rows(struct layout *L, int g)
{
	struct group *G = &L->groups[g];
	int body = G->ref;
	if (G->motion == MOTION_SLIDING)
		for (int k = 1; k < G->npoints; k++) {
			struct lin d = lin_of_point(L, G->points[k]),
			           a = lin_of_point(L, G->points[0]);
			vec2 off = v2_rotate(G->angle, v2_sub(G->at[k], G->at[0]));
			struct prow *x = linear_row(L, lin_sub(d, &a), v2(1, 0), off.x, -1, body);
			struct prow *y = linear_row(L, lin_sub(d, &a), v2(0, 1), off.y, -1, body);
			x->type = y->type = "simple";
			x->points[0] = y->points[0] = G->points[k];
			x->points[1] = y->points[1] = G->points[0];
		}
	if (G->motion != MOTION_TURNING)
		return;
	struct lin a = lin_of_point(L, G->points[0]), b = lin_of_point(L, G->points[1]);
	struct lin ba = lin_sub(b, &a);
	struct prow *r = length_row(L, b, &a, G->length, -1, body);
	r->points[0] = G->points[1], r->points[1] = G->points[0];
	vec2 e = v2_scale(1 / G->length, v2_sub(G->at[1], G->at[0]));
	for (int k = 2; k < G->npoints; k++) {
		struct lin c = lin_of_point(L, G->points[k]);
		vec2 ca = v2_sub(G->at[k], G->at[0]), cb = v2_sub(G->at[k], G->at[1]);
		double alpha = v2_dot(e, ca), beta = v2_dot(v2_perp(e), ca);
		r = length_row(L, c, &a, v2_norm(ca), -1, body);
		r->points[0] = G->points[k], r->points[1] = G->points[0];
		double shape = fabs(v2_cross(ca, cb)) / (v2_norm(ca) * v2_norm(cb));
		if (fabs(beta) > 1e-9 * G->length && fabs(alpha) > 1e-9 * G->length &&
		    shape >= 0.5) {
			r = length_row(L, c, &b, v2_norm(cb), -1, body);
			r->points[0] = G->points[k], r->points[1] = G->points[1];
			continue;
		}
		int normal = fabs(alpha) <= 1e-9 * G->length;
		r = new_row(L, normal ? PROW_DOT : PROW_CROSS,
		            normal                           ? "normal"
		            : fabs(beta) <= 1e-9 * G->length ? "parallel"
		                                             : "angle",
		            -1, body);
		r->a = ba, r->b = lin_sub(c, &a);
		r->k = normal ? 0 : G->length * beta;
		r->value = atan2(beta, alpha);
		r->points[0] = G->points[1], r->points[1] = G->points[0],
		r->points[2] = G->points[k];
	}
}

/* Fail naming joint j, its kind and the formulation: always -1. */
static int refuse(struct builder *B, const struct joint *jt, const char *why)
{
	run_data_fail(B->d,
	              "%s: joint '%s' (%s) %s, which the %s formulation cannot write on its "
	              "points (Sec. 10.3); run it in body or joint coordinates",
	              jt->where, jt->name, jt->kind->name, why,
	              B->recursive ? "point-recursive" : "point");
	return -1;
}

/* Σ w_c φ_c + g'a - k with the weights w on the angles of joint j's bodies
 * (Eqs. 7.40-7.44 with the angles from the points: a turning group's angle
 * from its frame, a fixed one's a constant). */
static struct prow *angle_row(struct builder *B, int j, const char *type, const double w[2],
                              double k)
{
	struct layout *L = B->L;
	const struct joint *jt = &B->m->joints[j];
	struct prow *r = new_row(L, PROW_ANGLE, type, j, -1);
	r->k = k;
	for (int side = 0; side < 2; side++) {
		int body = side ? jt->bj : jt->bi, g = group_of_body(B, body);
		const struct group *G = &L->groups[g];
		if (w[side] == 0)
			continue;
		r->k -= w[side] * body_angle_in_group(L, body); /* φ_body = φ_group + θ */
		if (G->motion == MOTION_TURNING)
			r->group[side] = g, r->weight[side] = w[side];
		else
			r->k -= w[side] * G->angle;
	}
	return r;
}

/* P_i less joint j's offsets a row along direction U (constant: a fixed
 * group's; NULL: none) cannot fold into its constant, whose share along
 * `along` (U or its normal) goes into *k: an offset across or along the
 * free term's own body vector (exactly its length, or nothing), or a
 * constant offset against a constant U. */
static struct lin offsets_left(struct builder *B, int j, const struct geometry_term *free_term,
                               const struct lin *U, vec2 along, int across, double *k)
{
	const struct geometry *g = geometry_of(B, j);
	struct lin A = lin_body_point(B->L, B->m->joints[j].bi, g->si);
	for (int t = 0; t < g->nterms; t++) {
		const struct geometry_term *o = &g->term[t];
		if (o->kind != TERM_OFFSET)
			continue;
		if (free_term && free_term->along_joint_vector && o->side == free_term->side &&
		    o->along_joint_vector) { /* ŭ'(ℓ ŭ) = ℓ, ŭ'(ℓ u) = 0 */
			*k += across && o->along_joint_vector == 2 ? o->length : 0;
			continue;
		}
		struct lin W = lin_body_vector(B->L, o->body, o->w);
		if (U && U->n == 0 && W.n == 0)
			*k += v2_dot(along, W.c);
		else
			A = lin_sub(A, &W);
	}
	return A;
}

/* The rows of joint j (Sec. 10.3 on its points), as its geometry writes
 * them: 0, or -1 refusing what they cannot hold. */
static int joint_rows(struct builder *B, int j)
{
	struct layout *L = B->L;
	const struct joint *jt = &B->m->joints[j];
	const struct geometry *g = geometry_of(B, j);
	int gi = group_of_body(B, jt->bi), gj = group_of_body(B, jt->bj);
	const struct group *Gi = &L->groups[gi], *Gj = &L->groups[gj];
	if (!g->decl)
		return refuse(B, jt, "declares no geometry");
	if (g->welded || (gi == gj && !g->driven))
		return 0; /* the group's own rows hold it */
	const struct geometry_term *dir = NULL, *link = NULL;
	for (int t = 0; t < g->nterms; t++) {
		const struct geometry_term *gt = &g->term[t];
		switch (gt->kind) {
		case TERM_OFFSET:
			continue;
		case TERM_SLIDE:
		case TERM_ROLL:
		case TERM_LINK:
		case TERM_DRIVEN:
			break;
		default:
			return refuse(B, jt, "relates its points by a term it does not know");
		}
		if (dir || link)
			return refuse(B, jt, "relates its points by more than one free term");
		if (gt->kind == TERM_SLIDE || gt->kind == TERM_ROLL)
			dir = gt;
		else
			link = gt;
	}
	struct lin U = dir ? lin_body_vector(L, dir->body, dir->w) : lin_const(v2(0, 0));
	if (dir && dir->kind == TERM_ROLL && U.n > 0)
		return refuse(B, jt, "rolls along a body that turns");
	/* a fixed tie is built into groups that do not turn; the others are rows */
	int tie_row = g->tie != TIE_NONE && (g->tie != TIE_FIXED || Gi->motion == MOTION_TURNING ||
	                                     Gj->motion == MOTION_TURNING);
	struct lin Pj = lin_body_point(L, jt->bj, g->sj);
	struct prow *r;
	for (int row = 0; row < g->decl->nrows; row++) {
		double k = 0;
		switch (g->decl->row[row]) {
		case ROW_GAP_X:
		case ROW_GAP_Y: { /* shared: nothing; cut (Attia): r_i - r_j = 0 */
			int y = g->decl->row[row] == ROW_GAP_Y;
			vec2 axis = y ? v2(0, 1) : v2(1, 0);
			if (dir || link)
				return refuse(B, jt, "writes a gap beside a free term");
			int pi = -1, pj = -1;
			if (g->points_meet) {
				pi = joint_point(B, j, 0, ROLE_PIN),
				pj = joint_point(B, j, 1, ROLE_PIN);
				if (pi == pj)
					continue;
			}
			struct lin A = offsets_left(B, j, NULL, &U, axis, 0, &k);
			r = linear_row(L, lin_sub(A, &Pj), axis, k, j, -1);
			if (g->points_meet)
				r->type = "cut", r->points[0] = pi, r->points[1] = pj;
			break;
		}
		case ROW_ACROSS: { /* ŭ'(P_i - P_j - offsets) = 0 (Eqs. 10.17, 10.20) */
			if (!dir)
				return refuse(B, jt, "writes a row across no slide");
			struct lin A = offsets_left(B, j, dir, &U, v2_perp(U.c), 1, &k);
			if (U.n == 0 && !tie_row) { /* the angles are built in */
				r = linear_row(L, lin_sub(A, &Pj), v2_perp(U.c), k, j, -1);
			} else {
				r = new_row(L, PROW_CROSS, "parallel", j, -1);
				r->a = U, r->b = lin_sub(A, &Pj), r->k = r->value = k;
			}
			if (dir->kind == TERM_ROLL)
				r->type = "rolling";
			break;
		}
		case ROW_ALONG: { /* u'(P_i - P_j - offsets) + R φ_i - (x0 + R φ0) */
			if (!dir || dir->kind != TERM_ROLL)
				return refuse(B, jt, "writes a row along no roll");
			struct lin A = offsets_left(B, j, dir, &U, U.c, 0, &k);
			double w[2] = {dir->length, 0};
			r = angle_row(B, j, "rolling", w, dir->value + k);
			r->a = lin_sub(A, &Pj), r->g = U.c;
			break;
		}
		case ROW_LENGTH: { /* ½ (d'd - ℓ²), Eq. 10.14, ℓ = f(t) for a driver */
			if (!link)
				return refuse(B, jt, "writes a length without a link");
			struct lin A = offsets_left(B, j, NULL, NULL, v2(0, 0), 0, &k);
			r = length_row(L, A, &Pj, link->kind == TERM_LINK ? link->length : 0, j,
			               -1);
			if (link->kind == TERM_DRIVEN)
				r->k = 0, r->time = TIME_HALF_SQUARE, r->type = "driver";
			break;
		}
		case ROW_TIE: {
			if (g->tie != TIE_FIXED && g->tie != TIE_DRIVEN && g->tie != TIE_GEARED)
				return refuse(B, jt, "writes a tie it does not know");
			if (!tie_row)
				break;
			if (g->tie == TIE_FIXED && g->tie_form == TIE_PARALLEL) { /* Eq. 10.22 */
				r = new_row(L, PROW_CROSS, "parallel", j, -1);
				r->a = lin_body_vector(L, jt->bj, jt->uj);
				r->b = lin_body_vector(L, jt->bi, jt->ui);
			} else if (g->tie == TIE_GEARED) {
				double w[2] = {g->gear[0], g->gear[1]};
				angle_row(B, j, "rolling", w,
				          w[0] * g->gear[2] + w[1] * g->gear[3]);
			} else {
				double w[2] = {1, -1};
				int driven = g->tie == TIE_DRIVEN;
				r = angle_row(B, j, driven ? "driver" : "angle", w,
				              driven ? 0 : g->tie_value);
				r->time = driven ? TIME_LINEAR : TIME_NONE;
			}
			break;
		}
		default:
			return refuse(B, jt, "writes a row it does not know");
		}
	}
	return 0;
}

/* The place of point coordinate var among a row's vars, -1 if none. */
static int var_slot(const struct prow *r, int var)
{
	for (int i = 0; i < r->nvars; i++)
		if (r->vars[i] == var)
			return i;
	return -1;
}

/* The coordinates a row touches, in order, and where each of its points'
 * gradients goes among them. */
static void row_vars(const struct layout *L, struct prow *r)
{
	int *v = r->vars, n = 0;
	const struct lin *lins[2] = {&r->a, &r->b};
	for (int l = 0; l < 2; l++)
		for (int k = 0; k < lins[l]->n; k++)
			v[n++] = lins[l]->v[k];
	for (int s = 0; s < 2; s++)
		for (int f = 0; r->group[s] >= 0 && f < 2; f++) {
			int var = L->points[L->groups[r->group[s]].points[f]].var;
			if (var >= 0)
				v[n++] = var;
		}
	/* sort, drop repeats */
	for (int i = 1; i < n; i++)
		for (int k = i; k > 0 && v[k - 1] > v[k]; k--) {
			int t = v[k];
			v[k] = v[k - 1], v[k - 1] = t;
		}
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m == 0 || v[m - 1] != v[i])
			v[m++] = v[i];
	r->nvars = m;
	for (int i = 0; i < m; i++)
		r->coords[2 * i] = v[i], r->coords[2 * i + 1] = v[i] + 1;
	for (int k = 0; k < r->a.n; k++)
		r->slot_a[k] = (signed char)var_slot(r, r->a.v[k]);
	for (int k = 0; k < r->b.n; k++)
		r->slot_b[k] = (signed char)var_slot(r, r->b.v[k]);
	for (int s = 0; s < 2; s++)
		for (int f = 0; r->group[s] >= 0 && f < 2; f++)
			r->slot_frame[s][f] = (signed char)var_slot(
			    r, L->points[L->groups[r->group[s]].points[f]].var);
	/* a row written on vectors and offsets names, for the listing, the
	 * moving points it touches */
	for (int i = 0, k = 0, unnamed = r->points[0] < 0; unnamed && i < m; i++)
		for (int p = 0; p < L->npoints && k < PROW_POINTS; p++) {
			int var = L->points[p].var, seen = 0;
			for (int e = 0; e < k; e++)
				seen = seen || r->points[e] == p;
			if (var >= 0 && (v[i] == var || v[i] == var + 1) && !seen)
				r->points[k++] = p;
		}
}

/* -------------------------------------------- the layout */

/* The groups whose angle an evaluation reads: by an angle row, or by a
 * force or contact on one of its bodies (a user's force, or a contact, may
 * read any). */
static void angles_read(struct layout *L)
{
	const struct model *m = L->m;
	int every = m->ncontacts > 0;
	for (int i = 0; i < L->nrows; i++)
		for (int s = 0; L->rows[i].kind == PROW_ANGLE && s < 2; s++)
			if (L->rows[i].group[s] >= 0)
				L->groups[L->rows[i].group[s]].angle_read = 1;
	for (int i = 0; i < m->nforces; i++) {
		const struct force *f = &m->forces[i];
		every = every || f->kind->host; /* a user's force may read any angle */
		if (f->bi >= 0)
			L->groups[L->bodies[f->bi].group].angle_read = 1;
		if (f->bj >= 0)
			L->groups[L->bodies[f->bj].group].angle_read = 1;
	}
	for (int g = 0; g < L->ngroups; g++)
		L->groups[g].angle_read = L->groups[g].angle_read || every;
}

static void name_points(struct layout *L)
{
	const struct model *m = L->m;
	for (int p = 0; p < L->npoints; p++) {
		struct point *pt = &L->points[p];
		const char *body = body_name(m, pt->body);
		const char *joint = pt->joint >= 0 ? m->joints[pt->joint].name : "";
		switch (pt->role) {
		case ROLE_PIN:
			pt->name = text("the pin '%s'", joint);
			break;
		case ROLE_AXIS:
			pt->name = text("a point of '%s' on the axis of '%s'", body, joint);
			break;
		case ROLE_CENTRE:
			pt->name = text("the mass centre of '%s'", body);
			break;
		case ROLE_GYRATION:
			pt->name = text("the gyration point of '%s'", body);
			break;
		}
	}
}

struct layout *layout_new(const struct model *m, const struct layout_options *o, struct run_data *d)
{
	struct layout *L = calloc(1, sizeof *L);
	int nb = m->nbodies, ng_max = nb + 1;
	L->m = m;
	L->accepted_steps = o->accepted_steps;
	L->groups = calloc((size_t)ng_max, sizeof *L->groups);
	L->bodies = calloc((size_t)nb + 1, sizeof *L->bodies);
	L->order = calloc((size_t)ng_max, sizeof *L->order);
	struct builder B = {.L = L, .m = m, .d = d, .recursive = o->recursive};
	B.group_of = calloc((size_t)nb + 2, sizeof *B.group_of);
	build_groups(&B);
	/* room for points: two per joint side, one more per sliding axis, the
	 * centre and gyration points */
	int *touching = calloc((size_t)L->ngroups, sizeof(int));
	for (int j = 0; j < m->njoints; j++) {
		touching[group_of_body(&B, m->joints[j].bi)] += 2;
		touching[group_of_body(&B, m->joints[j].bj)] += 2;
	}
	B.cap = 0;
	for (int g = 0; g < L->ngroups; g++) {
		int room = touching[g] + 2;
		L->groups[g].points = calloc((size_t)room, sizeof(int));
		L->groups[g].at = calloc((size_t)room, sizeof(vec2));
		B.cap += room;
	}
	free(touching);
	L->points = calloc((size_t)B.cap + 1, sizeof *L->points);
	B.uf = calloc((size_t)B.cap + 1, sizeof(int));
	if (o->recursive)
		tree_pins(&B, o);
	else
		share_all_pins(&B);
	complete_frames(&B);
	int status = settle_points(&B);
	for (int g = 1; g < L->ngroups && status == 0; g++) {
		struct group *G = &L->groups[g];
		if (G->motion == MOTION_TURNING) {
			G->length = v2_norm(v2_sub(G->at[1], G->at[0]));
			G->dir = v2_angle(v2_sub(G->at[1], G->at[0]));
			struct lin a = lin_of_point(L, G->points[0]);
			G->frame = lin_sub(lin_of_point(L, G->points[1]), &a);
		}
		G->centre = lin_in_group(L, g, G->centre_at);
	}
	for (int b = 0; b < nb && status == 0; b++)
		L->bodies[b].centre = lin_in_group(L, L->bodies[b].group, L->bodies[b].offset);
	if (status == 0) {
		int room = 0;
		for (int g = 0; g < L->ngroups; g++)
			room += 2 * L->groups[g].npoints;
		L->rows = calloc((size_t)(room + 3 * m->njoints) + 1, sizeof *L->rows);
		/* the groups' own rows first, as the book lists them; after the
		 * joints' when the recursive formulation meets them itself */
		for (int pass = 0; pass < 2; pass++) {
			if (pass == (o->recursive ? 0 : 1))
				for (int j = 0; j < m->njoints && status == 0; j++)
					status = joint_rows(&B, j);
			else
				for (int g = 1; g < L->ngroups; g++)
					own_rows(L, g);
		}
		/* a row on stationary points alone is a constant: it constrains
		 * nothing here (the reports still check its joint) */
		int kept = 0;
		for (int i = 0; i < L->nrows; i++) {
			row_vars(L, &L->rows[i]);
			if (L->rows[i].nvars > 0)
				L->rows[kept++] = L->rows[i];
		}
		L->nown = 0;
		for (int i = 0; i < kept; i++)
			L->nown += L->rows[i].joint < 0;
		L->nrows = kept;
		angles_read(L);
		name_points(L);
		for (int g = 1; g < L->ngroups; g++)
			L->groups[g].name = text("%s (its points)", body_name(m, L->groups[g].ref));
	}
	free(B.uf), free(B.group_of);
	if (status != 0) {
		layout_free(L);
		return NULL;
	}
	return L;
}

void layout_free(struct layout *L)
{
	if (!L)
		return;
	for (int g = 0; g < L->ngroups; g++)
		free(L->groups[g].points), free(L->groups[g].at), free(L->groups[g].name);
	for (int p = 0; p < L->npoints; p++)
		free(L->points[p].name);
	free(L->groups), free(L->points), free(L->bodies), free(L->rows), free(L->order);
	free(L);
}

void layout_spans(const struct layout *L, struct rows *r)
{
	for (int i = 0; i < L->nrows; i++) {
		const struct prow *p = &L->rows[i];
		int gap = 0; /* split at the widest gap between the coordinates it touches */
		for (int k = 1; k < p->nvars; k++)
			if (p->vars[k] - p->vars[k - 1] > p->vars[gap + 1] - p->vars[gap])
				gap = k - 1;
		if (p->nvars < 2 || p->vars[gap + 1] - p->vars[gap] <= 2) {
			rows_set_span(r, i, 0, p->vars[0], p->vars[p->nvars - 1] + 2);
			rows_set_span(r, i, 1, 0, 0);
		} else {
			rows_set_span(r, i, 0, p->vars[0], p->vars[gap] + 2);
			rows_set_span(r, i, 1, p->vars[gap + 1], p->vars[p->nvars - 1] + 2);
		}
	}
}

void layout_coordinate_name(const struct layout *L, int k, char *buf, size_t len)
{
	for (int p = 0; p < L->npoints; p++)
		if (L->points[p].var == (k & ~1)) {
			snprintf(buf, len, "%c of %s", k % 2 ? 'y' : 'x', L->points[p].name);
			return;
		}
	snprintf(buf, len, "coordinate %d", k + 1);
}

const char *layout_row_name(const struct layout *L, int row)
{
	const struct prow *p = &L->rows[row];
	return p->joint >= 0 ? L->m->joints[p->joint].name
	                     : L->groups[L->bodies[p->body].group].name;
}

/* M += w l'l, l's points' 2 x 2 blocks being the matrices of conj(z_i) z_j */
static void add_outer(double *M, int n, double w, const struct lin *l)
{
	for (int i = 0; i < l->n; i++)
		for (int j = 0; j < l->n; j++) {
			vec2 z = cmul(conj2(l->z[i]), l->z[j]);
			double *row = M + (size_t)l->v[i] * (size_t)n + l->v[j];
			row[0] += w * z.x, row[1] -= w * z.y;
			row[n] += w * z.y, row[n + 1] += w * z.x;
		}
}

void layout_mass(const struct layout *L, double *M)
{
	memset(M, 0, sizeof(double) * (size_t)L->n * (size_t)L->n);
	for (int g = 1; g < L->ngroups; g++) {
		const struct group *G = &L->groups[g];
		if (G->motion == MOTION_SLIDING) { /* translation only: the mass on its points */
			for (int k = 0; k < G->npoints; k++) {
				struct lin p = lin_of_point(L, G->points[k]);
				add_outer(M, L->n, G->mass / G->npoints, &p);
			}
			continue;
		}
		if (G->motion != MOTION_TURNING)
			continue;
		add_outer(M, L->n, G->mass, &G->centre); /* ½ m |ṙ_G|² */
		int pairs = G->npoints - 1;
		struct lin a = lin_of_point(L, G->points[0]);
		for (int k = 1; k <= pairs; k++) { /* ½ J φ̇², φ̇² = |ḋ|² / |d|² on each pair */
			struct lin b = lin_of_point(L, G->points[k]), d = lin_sub(b, &a);
			vec2 s = v2_sub(G->at[k], G->at[0]);
			add_outer(M, L->n, G->inertia / (pairs * v2_dot(s, s)), &d);
		}
	}
}
