/* SPDX-License-Identifier: GPL-3.0-or-later */
/* minimal_build.c — minimal coordinates, building (see minimal_coords.c):
 * the joints taken apart into relations, ties and lengths, the angle
 * classes, the decomposition into groups solved in closed form, the choice
 * of independent coordinates, the set-up, and the groups for teaching. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/minimal_coords.h"
#include "formulation/minimal_private.h"
#include "model/constraints.h"
#include "model/joint_graph.h"
#include "model/joints/joint.h"
#include "util/rank.h"

static const char *const form_names[] = {"placed", "two angles", "an angle and a slide",
                                         "a slide turning with its angle", "two slides"};

/* ------------------------------------------------------------ names */

static const char *node_name(const struct mc *w, int n)
{
	return n < w->nb ? w->m->bodies[n].name : n == w->ground ? "ground" : "a massless link";
}

void mc_candidate_name(const struct mc *w, int cand, char *buf, size_t len)
{
	static const char *coords[] = {"x", "y", "angle"};
	if (cand < 3 * w->nb) {
		snprintf(buf, len, "%s.%s", w->m->bodies[cand / 3].name, coords[cand % 3]);
		return;
	}
	int k = cand - 3 * w->nb;
	snprintf(buf, len, "%s.%s", w->m->joints[k].name,
	         geo_offer_names[w->m->graph->geometry[k].offers]);
}

/* The candidate called name: -1 none, -2 a body's and a joint's alike. */
static int candidate_of(const struct mc *w, const char *name)
{
	char buf[256];
	int found = -1;
	for (int c = 0; c < w->ncand; c++) {
		if (c >= 3 * w->nb && w->m->graph->geometry[c - 3 * w->nb].offers == OFFER_NONE)
			continue;
		mc_candidate_name(w, c, buf, sizeof buf);
		if (strcmp(buf, name) == 0)
			found = found >= 0 ? -2 : c;
	}
	return found;
}

/* The set's names, sep between them. */
void mc_set_list(const struct mc *w, const int *set, int n, const char *sep, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		char name[256];
		size_t used = strlen(buf);
		mc_candidate_name(w, set[i], name, sizeof name);
		snprintf(buf + used, len - used, "%s%s", i ? sep : "", name);
	}
}

void mc_set_names(const struct mc *w, const int *set, int n, char *buf, size_t len)
{
	mc_set_list(w, set, n, ", ", buf, len);
	if (n == 0)
		snprintf(buf, len, "none (the drivers fix every body)");
}

static void relation_name(const struct mc *w, int r, char *buf, size_t len)
{
	const struct relation *rel = &w->rel[r];
	if (rel->joint >= 0)
		snprintf(buf, len, "'%s'", w->m->joints[rel->joint].name);
	else
		mc_candidate_name(w, rel->coordinate, buf, len);
}

static void relations_names(const struct mc *w, const int *list, int n, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		char name[256];
		size_t used = strlen(buf);
		relation_name(w, list[i], name, sizeof name);
		snprintf(buf + used, len - used, "%s%s", i ? (i + 1 == n ? " and " : ", ") : "",
		         name);
	}
}

/* The bodies a step places, "coupler and rocker". */
static void step_bodies(const struct mc *w, const struct step *s, char *buf, size_t len)
{
	int count = 0;
	buf[0] = '\0';
	for (int t = s->first; t < s->first + s->count; t++)
		count += w->term[t].arrive >= 0;
	for (int t = s->first, i = 0; t < s->first + s->count; t++) {
		if (w->term[t].arrive < 0)
			continue;
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", i ? (i + 1 == count ? " and " : ", ") : "",
		         w->m->bodies[w->term[t].arrive].name);
		i++;
	}
}

void mc_step_words(const struct mc *w, const struct step *s, char *buf, size_t len)
{
	char joints[200], bodies[200];
	relations_names(w, s->relation, s->nrelations, joints, sizeof joints);
	step_bodies(w, s, bodies, sizeof bodies);
	snprintf(buf, len, "%s%.160s (%.160s)",
	         s->form == PLACE ? "the joint " : "the loop through ", joints, bodies);
}

/* ------------------------------------------------------------ the joints taken apart */

static int add_length(struct mc *w, struct length l)
{
	w->len[w->nlen] = l;
	return w->nlen++;
}

static struct relation *add_relation(struct mc *w, int joint, int a, vec2 pa, int b, vec2 pb)
{
	struct relation *r = &w->rel[w->nrel++];
	*r = (struct relation){joint, -1, a, b, pa, pb, 0, {{0}}};
	return r;
}

static void add_offset(struct relation *r, int node, int length, vec2 dir)
{
	r->offset[r->noffsets++] = (struct term){node, length, dir, -1, {0, 0}};
}

static void add_tie(struct mc *w, int i, int j, double value, int frozen, int driver)
{
	w->tie[w->ntie++] = (struct tie){i, j, value, frozen, driver};
}

static int node_of(const struct mc *w, int body) { return body < 0 ? w->ground : body; }

static int driver_index(struct mc *w, int joint)
{
	w->driver[w->ndrivers] = joint;
	return w->ndrivers++;
}

/* The joint's geometry (model/joint_graph.h). */
static const struct geometry *geometry_of(const struct mc *w, int joint)
{
	return &w->m->graph->geometry[joint];
}

/* The slide a joint offers, the length u'(P_i - P_j) of its only term, its
 * u turned with the body the slide is written on; -1 for other joints. */
static int only_slide(const struct mc *w, int joint)
{
	const struct geometry *g = geometry_of(w, joint);
	return g->offers == OFFER_SLIDE && g->nterms == 1 ? g->slide : -1;
}

/* The slide joint k offers, u'(P_i - P_j), and its rate at (c, ċ) (ċ NULL:
 * at rest), u its vector turned with the body it is written on. */
static void slide_at(const struct mc *w, int k, const double *c, const double *cd, double *value,
                     double *rate)
{
	const struct joint *j = &w->m->joints[k];
	const struct geometry *g = geometry_of(w, k);
	const struct geometry_term *s = &g->term[g->slide];
	struct body_state bi = model_body_state(c, cd, j->bi), bj = model_body_state(c, cd, j->bj);
	const struct body_state *on = s->side ? &bj : &bi;
	struct point_pair p = joint_points(j, &bi, &bj);
	vec2 u = v2_rotate(on->phi, s->w);
	*value = v2_dot(u, p.d);
	*rate = v2_dot(u, p.dd) + on->phid * v2_dot(v2_perp(u), p.d);
}

/* A driven length between the same two points as a joint whose only term
 * is its slide drives that slide: the joint, or -1. */
static int driven_slider(const struct mc *w, const struct joint *d)
{
	const struct model *m = w->m;
	for (int k = 0; k < m->njoints; k++) {
		const struct joint *j = &m->joints[k];
		if (only_slide(w, k) < 0)
			continue;
		int same = j->bi == d->bi && j->bj == d->bj && j->si.x == d->si.x &&
		           j->si.y == d->si.y && j->sj.x == d->sj.x && j->sj.y == d->sj.y;
		int swapped = j->bi == d->bj && j->bj == d->bi && j->si.x == d->sj.x &&
		              j->si.y == d->sj.y && j->sj.x == d->si.x && j->sj.y == d->si.y;
		if (same || swapped)
			return k;
	}
	return -1;
}

/* Why the closed forms here cannot take a joint of geometry g, or NULL. */
static const char *untaken(const struct geometry *g)
{
	if (!g->decl)
		return "declares no geometry";
	for (int t = 0; t < g->nterms; t++)
		switch (g->term[t].kind) {
		case TERM_OFFSET:
		case TERM_SLIDE:
		case TERM_LINK:
		case TERM_DRIVEN:
		case TERM_ROLL:
			break;
		default:
			return "relates its points by a term it does not know";
		}
	switch (g->tie) {
	case TIE_NONE:
	case TIE_FIXED:
	case TIE_DRIVEN:
		return NULL;
	case TIE_GEARED:
		return "gears two angles (R_i dphi_i + R_j dphi_j = 0)";
	default:
		return "ties its angles in a way it does not know";
	}
}

static int takes(const struct geometry *g) { return untaken(g) == NULL; }

/* What the closed forms here cannot take: 0, or -1 with the run's error
 * naming the joint, its kind, the formulation and the kinds it takes. */
static int refused(struct mc *w, const struct joint *j, const struct geometry *g)
{
	const char *why = untaken(g);
	if (!why)
		return 0;
	char kinds[256];
	run_data_fail(w->d,
	              "%s: joint '%s' (%s) %s, which has no closed form in the minimal "
	              "formulation: it takes %s. Run it in body or joint coordinates "
	              "(stabilization = \"partitioning\" integrates only independent "
	              "coordinates)",
	              j->where, j->name, j->kind->name, why,
	              joint_kinds_taken(takes, kinds, sizeof kinds));
	return -1;
}

/* Joint k's relation P_b = P_a + Σ offsets, read from its geometry: from
 * the body its terms are written on, the other way round the fixed parts
 * turned back (a free length keeps its sign: the loop solves it); fixed
 * offsets on that body before any other term are points of it. */
static void read_relation(struct mc *w, int k, int *nvirtual, int driver)
{
	const struct joint *j = &w->m->joints[k];
	const struct geometry *g = geometry_of(w, k);
	int i = node_of(w, j->bi), jj = node_of(w, j->bj), from_i = g->on == GEO_I;
	double sign = from_i ? -1 : 1;
	vec2 pa = from_i ? j->si : j->sj;
	int t = 0;
	for (; t < g->nterms && g->term[t].kind == TERM_OFFSET && g->term[t].side == !from_i; t++)
		pa = v2_add(pa, v2_scale(sign, g->term[t].w));
	struct relation *r =
	    from_i ? add_relation(w, k, i, pa, jj, j->sj) : add_relation(w, k, jj, pa, i, j->si);
	for (; t < g->nterms; t++) {
		const struct geometry_term *gt = &g->term[t];
		int node = node_of(w, gt->body), length;
		switch (gt->kind) {
		case TERM_OFFSET:
			add_offset(r, node, -1, from_i ? v2_scale(-1, gt->w) : gt->w);
			break;
		case TERM_SLIDE:
			length = add_length(w, (struct length){LEN_FREE, 0, 0, 1, -1, -1});
			if (g->offers == OFFER_SLIDE)
				w->slide_of[k] = length;
			add_offset(r, node, length, gt->w);
			break;
		case TERM_LINK: /* a massless link: a node of its own, its angle */
			w->virtual_joint[*nvirtual] = k;
			add_offset(r, w->ground + 1 + (*nvirtual)++, -1, v2(gt->length, 0));
			break;
		case TERM_DRIVEN:
			w->virtual_joint[*nvirtual] = k;
			add_offset(r, w->ground + 1 + (*nvirtual)++,
			           add_length(w, (struct length){LEN_DRIVEN, 0, 0, 1, -1, driver}),
			           v2(1, 0));
			break;
		case TERM_ROLL: /* value - R φ_i along w */
			add_offset(r, node,
			           add_length(w, (struct length){LEN_TIED, gt->value, gt->length, 1,
			                                         i, -1}),
			           v2_scale(sign, gt->w));
			break;
		}
	}
}

/* The joints as relations, ties and lengths: 0, or -1 naming a joint no
 * closed form here takes. */
static int read_joints(struct mc *w)
{
	const struct model *m = w->m;
	int nvirtual = 0;
	for (int k = 0; k < m->njoints; k++)
		w->slide_of[k] = -1;
	for (int k = 0; k < m->njoints; k++) {
		const struct joint *j = &m->joints[k];
		const struct geometry *g = geometry_of(w, k);
		if (refused(w, j, g) != 0)
			return -1;
		int i = node_of(w, j->bi), jj = node_of(w, j->bj);
		int driver = g->driven ? driver_index(w, k) : -1;
		if (g->driven && g->tie != TIE_DRIVEN && driven_slider(w, j) >= 0)
			continue; /* |P_i - P_j| = |s|: s = ±fn, the sign of the start's (below) */
		if (g->relates)
			read_relation(w, k, &nvirtual, driver);
		if (g->tie != TIE_NONE)
			add_tie(w, i, jj, g->tie == TIE_FIXED ? g->tie_value : 0, -1,
			        g->tie == TIE_DRIVEN ? driver : -1);
	}
	/* distance drivers of sliders, once every slide has its length */
	for (int d = 0; d < w->ndrivers; d++) {
		const struct joint *j = &m->joints[w->driver[d]];
		const struct geometry *g = geometry_of(w, w->driver[d]);
		int slider = g->tie != TIE_DRIVEN ? driven_slider(w, j) : -1;
		if (slider < 0)
			continue;
		struct length *l = &w->len[w->slide_of[slider]];
		double start, rate, *c0 = calloc(6 * (size_t)w->nb + 1, sizeof(double));
		model_initial(m, c0, c0 + 3 * w->nb);
		slide_at(w, slider, c0, NULL, &start, &rate);
		free(c0);
		l->kind = LEN_DRIVEN, l->source = d;
		l->sign = start < 0 ? -1 : 1;
	}
	w->nrel_joints = w->nrel, w->ntie_joints = w->ntie, w->nlen_joints = w->nlen;
	return 0;
}

/* ------------------------------------------------------------ a set made independent */

/* The joints' pieces with set[0..n) made independent: 0, or -1 when one of
 * them is no coordinate (a driven slide). */
static int freeze(struct mc *w, const int *set, int n)
{
	w->nrel = w->nrel_joints, w->ntie = w->ntie_joints, w->nlen = w->nlen_joints;
	for (int k = 0; k < w->m->njoints; k++) /* sliders free again */
		if (w->slide_of[k] >= 0 && w->len[w->slide_of[k]].kind == LEN_FROZEN)
			w->len[w->slide_of[k]].kind = LEN_FREE;
	for (int i = 0; i < n; i++) {
		int c = set[i];
		if (c >= 3 * w->nb) {
			int jn = c - 3 * w->nb;
			const struct joint *j = &w->m->joints[jn];
			enum geo_offer offer = geometry_of(w, jn)->offers;
			if (offer == OFFER_ANGLE) {
				add_tie(w, node_of(w, j->bi), node_of(w, j->bj), 0, i, -1);
			} else if (offer == OFFER_SLIDE &&
			           w->len[w->slide_of[jn]].kind == LEN_FREE) {
				w->len[w->slide_of[jn]].kind = LEN_FROZEN;
				w->len[w->slide_of[jn]].source = i;
			} else {
				return -1;
			}
			continue;
		}
		int b = c / 3, coord = c % 3;
		if (coord == 2) {
			add_tie(w, b, w->ground, 0, i, -1);
			continue;
		}
		/* the origin on the line x = q (or y = q) of the ground */
		vec2 across = coord == 0 ? v2(1, 0) : v2(0, 1), along = v2(across.y, across.x);
		struct relation *r = add_relation(w, -1, w->ground, v2(0, 0), b, v2(0, 0));
		r->coordinate = c;
		add_offset(r, w->ground, add_length(w, (struct length){LEN_FROZEN, 0, 0, 1, -1, i}),
		           across);
		add_offset(r, w->ground, add_length(w, (struct length){LEN_FREE, 0, 0, 1, -1, -1}),
		           along);
	}
	return 0;
}

/* Angle classes: a breadth-first search over the ties from each root (the
 * ground first), α of every node as an affine function of the set and the
 * drivers. -1 when a tie closes a cycle: a redundant angle. */
static int classes(struct mc *w)
{
	int nn = w->nnodes, nc = w->ncoef;
	int *queue = w->path_body; /* free while not searching: nnodes long */
	for (int n = 0; n < nn; n++)
		w->root[n] = -1;
	memset(w->alpha_coef, 0, sizeof(double) * (size_t)nn * (size_t)nc);
	char *tie_used = w->used; /* scratch here, reset by decompose */
	memset(tie_used, 0, (size_t)(w->ntie + 1));
	for (int pass = 0; pass < nn; pass++) {
		int start = pass == 0 ? w->ground : pass - 1 + (pass - 1 >= w->ground);
		if (start >= nn || w->root[start] >= 0)
			continue;
		int head = 0, tail = 0;
		w->root[start] = start, w->alpha_const[start] = 0;
		queue[tail++] = start;
		while (head < tail) {
			int u = queue[head++];
			for (int t = 0; t < w->ntie; t++) {
				struct tie *e = &w->tie[t];
				if (tie_used[t] || (e->i != u && e->j != u))
					continue;
				tie_used[t] = 1;
				int v = e->i == u ? e->j : e->i;
				double sign = e->i == v ? 1 : -1; /* φ_v = φ_u + sign (tie) */
				if (w->root[v] >= 0)
					return -1;
				w->root[v] = start;
				w->alpha_const[v] = w->alpha_const[u] + sign * e->value;
				double *cv = w->alpha_coef + (size_t)v * (size_t)nc;
				memcpy(cv, w->alpha_coef + (size_t)u * (size_t)nc,
				       sizeof(double) * (size_t)nc);
				if (e->frozen >= 0)
					cv[e->frozen] += sign;
				if (e->driver >= 0)
					cv[w->kmax + e->driver] += sign;
				queue[tail++] = v;
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------ the decomposition */

static int length_known_now(const struct mc *w, int l)
{
	const struct length *L = &w->len[l];
	if (L->kind == LEN_FREE)
		return w->known_len[l];
	if (L->kind == LEN_TIED)
		return w->known_root[w->root[L->node]];
	return 1;
}

static int nonzero(vec2 v) { return v.x != 0 || v.y != 0; }

/* The terms of a path into w->term from `at`: the relations path_rel[0..n)
 * taken forwards (a to b) or back, through path_body[0..n-1). */
static int path_terms(struct mc *w, int n, int at, int place)
{
	int count = 0;
	vec2 arrived = {0, 0};
	for (int k = 0; k < n; k++) {
		const struct relation *r = &w->rel[w->path_rel[k]];
		int fwd = w->path_fwd[k];
		if (k > 0) { /* across the body just reached */
			int b = w->path_body[k - 1];
			w->term[at + count++] =
			    (struct term){b, -1, v2_sub(fwd ? r->pa : r->pb, arrived), b, arrived};
		}
		for (int o = 0; o < r->noffsets; o++) {
			struct term t = r->offset[o];
			if (!fwd)
				t.w = v2_scale(-1, t.w);
			w->term[at + count++] = t;
		}
		arrived = fwd ? r->pb : r->pa;
	}
	if (place) {
		int b = w->path_body[n - 1];
		w->term[at + count++] = (struct term){b, -1, v2(0, 0), b, arrived};
	}
	return count;
}

static int listed(const int *list, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (list[i] == x)
			return 1;
	return 0;
}

/* Whether the path's loop (terms from `at`, count of them) has a closed
 * form; if so fills the step's form and unknowns. */
static int classify(struct mc *w, int at, int count, struct step *s)
{
	int angles[4], na = 0, slides[4], ns = 0, tied = 0;
	for (int t = at; t < at + count; t++) {
		const struct term *tm = &w->term[t];
		int r = w->root[tm->node];
		if (!w->known_root[r] && (nonzero(tm->w) || tm->length >= 0) &&
		    !listed(angles, na, r)) {
			if (na == 3)
				return 0;
			angles[na++] = r;
		}
	}
	for (int t = at; t < at + count; t++) {
		const struct term *tm = &w->term[t];
		if (tm->length < 0 || length_known_now(w, tm->length))
			continue;
		const struct length *L = &w->len[tm->length];
		if (L->kind == LEN_TIED && listed(angles, na, w->root[L->node])) {
			tied++;
			continue;
		}
		if (ns == 3)
			return 0;
		slides[ns++] = tm->length;
	}
	if (na + ns != 2)
		return 0;
	/* every body on the path must get its angle */
	for (int t = at; t < at + count; t++) {
		int b = w->term[t].arrive;
		if (b < 0)
			continue;
		int r = w->root[b], ok = w->known_root[r] || listed(angles, na, r);
		for (int i = 0; i < ns && !ok; i++) {
			const struct length *L = &w->len[slides[i]];
			ok = L->kind == LEN_TIED && w->root[L->node] == r;
		}
		if (!ok)
			return 0;
	}
	int dir_root[2] = {-1, -1}; /* the class that turns each slide */
	for (int t = at; t < at + count; t++)
		for (int i = 0; i < ns; i++)
			if (w->term[t].length == slides[i])
				dir_root[i] = w->root[w->term[t].node];
	if (na == 2) {
		if (tied)
			return 0;
		s->form = TWO_ANGLES;
	} else if (na == 1) {
		if (dir_root[0] == angles[0]) {
			if (tied)
				return 0;
			s->form = TURNING_SLIDE;
		} else {
			if (!w->known_root[dir_root[0]])
				return 0;
			/* a tied slide must lie along the free one: the same class, no
			 * coordinate or driver between their angles */
			for (int t = at; t < at + count && tied; t++) {
				const struct term *tm = &w->term[t];
				if (tm->length < 0 || w->len[tm->length].kind != LEN_TIED ||
				    length_known_now(w, tm->length))
					continue;
				int n1 = tm->node, n2 = -1;
				for (int u = at; u < at + count; u++)
					if (w->term[u].length == slides[0])
						n2 = u;
				const struct term *free_term = &w->term[n2];
				if (w->root[n1] != w->root[free_term->node])
					return 0;
				const double *c1 = w->alpha_coef + (size_t)n1 * (size_t)w->ncoef,
				             *c2 = w->alpha_coef +
				                   (size_t)free_term->node * (size_t)w->ncoef;
				for (int c = 0; c < w->ncoef; c++)
					if (c1[c] != c2[c])
						return 0;
				vec2 a = v2_rotate(w->alpha_const[n1], tm->w),
				     b = v2_rotate(w->alpha_const[free_term->node], free_term->w);
				if (fabs(v2_cross(a, b)) > 1e-12 * v2_norm(a) * v2_norm(b))
					return 0;
			}
			s->form = ANGLE_SLIDE;
		}
		s->unknown[0] = angles[0], s->slide[0] = 0;
		s->unknown[1] = slides[0], s->slide[1] = 1;
		return 1;
	} else {
		if (tied || !w->known_root[dir_root[0]] || !w->known_root[dir_root[1]])
			return 0;
		s->form = TWO_SLIDES;
	}
	for (int i = 0; i < 2; i++) {
		s->unknown[i] = i < na ? angles[i] : slides[i - na];
		s->slide[i] = i >= na;
	}
	return 1;
}

/* The step's pieces known from here on. */
static void commit(struct mc *w, struct step *s)
{
	for (int i = 0; i < s->nrelations; i++)
		w->used[s->relation[i]] = 1;
	for (int i = 0; i < 2 && s->form != PLACE; i++) {
		if (!s->slide[i]) {
			w->known_root[s->unknown[i]] = 1;
			continue;
		}
		w->known_len[s->unknown[i]] = 1;
		const struct length *L = &w->len[s->unknown[i]];
		if (L->kind == LEN_TIED)
			w->known_root[w->root[L->node]] = 1;
	}
	for (int t = s->first; t < s->first + s->count; t++)
		if (w->term[t].arrive >= 0)
			w->known_body[w->term[t].arrive] = 1;
	w->nterms += s->count;
	w->nsteps++;
}

static int node_placed(const struct mc *w, int n)
{
	return n == w->ground || (n < w->nb && w->known_body[n]);
}

/* A body whose angle is known placed from a placed one by a relation
 * without unknowns. */
static int find_place(struct mc *w)
{
	for (int r = 0; r < w->nrel; r++) {
		const struct relation *rel = &w->rel[r];
		if (w->used[r])
			continue;
		for (int fwd = 1; fwd >= 0; fwd--) {
			int from = fwd ? rel->a : rel->b, to = fwd ? rel->b : rel->a;
			if (!node_placed(w, from) || to >= w->nb || w->known_body[to] ||
			    !w->known_root[w->root[to]])
				continue;
			int ok = 1;
			for (int o = 0; o < rel->noffsets; o++)
				ok = ok && w->known_root[w->root[rel->offset[o].node]] &&
				     (rel->offset[o].length < 0 ||
				      length_known_now(w, rel->offset[o].length));
			if (!ok)
				continue;
			struct step *s = &w->step[w->nsteps];
			w->path_rel[0] = r, w->path_fwd[0] = fwd, w->path_body[0] = to;
			*s = (struct step){PLACE,
			                   from,
			                   -1,
			                   fwd ? rel->pa : rel->pb,
			                   {0, 0},
			                   w->nterms,
			                   0,
			                   {-1, -1},
			                   {0, 0},
			                   {r},
			                   1,
			                   0,
			                   {{0, 0}, {0, 0}},
			                   1};
			s->count = path_terms(w, 1, w->nterms, 1);
			commit(w, s);
			return 1;
		}
	}
	return 0;
}

/* Depth-first over relations not yet used, from placed node `from`, through
 * depth bodies not placed, back to a placed node: the first loop with a
 * closed form is taken. */
static int extend(struct mc *w, int start, int depth, int n)
{
	int last = w->path_body[n - 1];
	for (int r = 0; r < w->nrel; r++) {
		const struct relation *rel = &w->rel[r];
		if (w->used[r] || listed(w->path_rel, n, r) || (rel->a != last && rel->b != last))
			continue;
		int fwd = rel->a == last, next = fwd ? rel->b : rel->a;
		w->path_rel[n] = r, w->path_fwd[n] = fwd;
		if (node_placed(w, next)) {
			if (n < depth)
				continue; /* shorter loops were tried first */
			struct step *s = &w->step[w->nsteps];
			*s = (struct step){TWO_ANGLES,
			                   start,
			                   next,
			                   w->path_fwd[0] ? w->rel[w->path_rel[0]].pa
			                                  : w->rel[w->path_rel[0]].pb,
			                   fwd ? rel->pb : rel->pa,
			                   w->nterms,
			                   0,
			                   {-1, -1},
			                   {0, 0},
			                   {0},
			                   n + 1,
			                   1,
			                   {{0, 0}, {0, 0}},
			                   1};
			for (int i = 0; i <= n; i++)
				s->relation[i] = w->path_rel[i];
			s->count = path_terms(w, n + 1, w->nterms, 0);
			if (classify(w, s->first, s->count, s)) {
				commit(w, s);
				return 1;
			}
			continue;
		}
		if (next >= w->nb || w->known_body[next] || listed(w->path_body, n, next) ||
		    n >= depth)
			continue;
		w->path_body[n] = next;
		if (extend(w, start, depth, n + 1))
			return 1;
	}
	return 0;
}

static int find_loop(struct mc *w)
{
	for (int depth = 1; depth < LONGEST_PATH; depth++)
		for (int r = 0; r < w->nrel; r++) {
			const struct relation *rel = &w->rel[r];
			if (w->used[r])
				continue;
			for (int fwd = 1; fwd >= 0; fwd--) {
				int from = fwd ? rel->a : rel->b, to = fwd ? rel->b : rel->a;
				if (!node_placed(w, from) || to >= w->nb || w->known_body[to])
					continue;
				w->path_rel[0] = r, w->path_fwd[0] = fwd, w->path_body[0] = to;
				if (extend(w, from, depth, 1))
					return 1;
			}
		}
	return 0;
}

/* Steps for the current pieces until every body is placed or none can be:
 * the number of bodies placed. */
static int decompose(struct mc *w)
{
	memset(w->known_root, 0, (size_t)w->nnodes + 1);
	memset(w->known_body, 0, (size_t)w->nb + 1);
	memset(w->known_len, 0, (size_t)w->nlen + 1);
	memset(w->used, 0, (size_t)w->nrel + 1);
	w->known_root[w->ground] = 1;
	w->nsteps = w->nterms = 0;
	int placed = 0;
	while (placed < w->nb && (find_place(w) || find_loop(w))) {
		placed = 0;
		for (int b = 0; b < w->nb; b++)
			placed += w->known_body[b];
	}
	return placed;
}

/* Every body placed, and every relation used: none left over (redundant). */
static int complete(const struct mc *w)
{
	for (int b = 0; b < w->nb; b++)
		if (!w->known_body[b])
			return 0;
	for (int r = 0; r < w->nrel; r++)
		if (!w->used[r])
			return 0;
	return 1;
}

/* ------------------------------------------------------------ the independent coordinates */

/* A candidate's value and rate at pose (c, ċ) */
static void coordinate_at(const struct mc *w, int cand, const double *c, const double *cd,
                          double *value, double *rate)
{
	if (cand < 3 * w->nb) {
		*value = c[cand], *rate = cd ? cd[cand] : 0;
		return;
	}
	int k = cand - 3 * w->nb;
	const struct joint *j = &w->m->joints[k];
	if (geometry_of(w, k)->offers == OFFER_SLIDE) {
		slide_at(w, k, c, cd, value, rate);
		return;
	}
	struct body_state bi = model_body_state(c, cd, j->bi), bj = model_body_state(c, cd, j->bj);
	*value = bi.phi - bj.phi, *rate = bi.phid - bj.phid; /* as a driver holds it */
}

void mc_set_values(struct mc *w, const int *set, int n, const double *c, const double *cd,
                   double *q, double *qd)
{
	for (int i = 0; i < n; i++) {
		double rate;
		coordinate_at(w, set[i], c, cd, &q[i], &rate);
		if (qd)
			qd[i] = rate;
	}
}

/* The pieces and steps for set[0..n): the bodies placed, or -1 when the
 * set is no coordinates (a redundant angle, a driven slide). */
int mc_try_set(struct mc *w, const int *set, int n)
{
	if (freeze(w, set, n) != 0 || classes(w) != 0)
		return -1;
	if (set != w->set)
		memcpy(w->set, set, sizeof(int) * (size_t)n);
	w->nset = n;
	return decompose(w);
}

/* The smallest condition of the steps at pose c (near which the loops'
 * branches are taken); 0 when the pose cannot be solved. */
static double worst_at(struct mc *w, double t, const double *c)
{
	int which;
	mc_set_values(w, w->set, w->nset, c, NULL, w->q_now, NULL);
	if (mc_positions(w, t, w->q_now, c) != 0) {
		w->d->error[0] = '\0'; /* only a trial */
		return 0;
	}
	return mc_worst_condition(w, &which);
}

/* A body whose group of bodies joined together has none placed: it floats
 * (Sec. 9.1), its x, y and angle independent. */
static int floating_body(const struct mc *w)
{
	for (int b = 0; b < w->nb; b++) {
		if (w->known_body[b])
			continue;
		/* breadth first over relations and ties from b */
		int *seen = w->path_body, head = 0, tail = 0, anchored = 0;
		seen[tail++] = b;
		while (head < tail && !anchored) {
			int u = seen[head++];
			for (int r = 0; r < w->nrel + w->ntie; r++) {
				int a = r < w->nrel ? w->rel[r].a : w->tie[r - w->nrel].i;
				int z = r < w->nrel ? w->rel[r].b : w->tie[r - w->nrel].j;
				if (a != u && z != u)
					continue;
				int v = a == u ? z : a;
				if (v >= w->nb) {
					anchored = anchored || v == w->ground;
					continue;
				}
				if (w->known_body[v]) {
					anchored = 1;
					continue;
				}
				if (!listed(seen, tail, v))
					seen[tail++] = v;
			}
		}
		if (!anchored)
			return b;
	}
	return -1;
}

/* Candidates in the order they are preferred: the bodies' angles (book
 * Sec. 5.2: absolute angles keep the formulas short), the joints' angles
 * and slides, then (second) the bodies' x and y. */
static int candidate_in_order(const struct mc *w, int pass, int i)
{
	int nb = w->nb, nj = w->m->njoints;
	if (pass == 0) {
		if (i < nb)
			return 3 * i + 2;
		if (i < nb + nj)
			return geometry_of(w, i - nb)->offers != OFFER_NONE ? 3 * nb + i - nb : -1;
		return -2;
	}
	return i < 2 * nb ? 3 * (i / 2) + i % 2 : -2;
}

/* Describe the loop a set leaves unsolved: the first path through bodies
 * not placed between placed ones, whatever its unknowns (1); or a joint
 * left over between placed bodies (0: it is redundant). */
static int stuck_words(struct mc *w, char *buf, size_t len, char *kinds, size_t kinds_len)
{
	kinds[0] = '\0';
	for (int r = 0; r < w->nrel; r++) {
		const struct relation *rel = &w->rel[r];
		if (w->used[r])
			continue;
		int from = node_placed(w, rel->a) ? rel->a : node_placed(w, rel->b) ? rel->b : -1;
		if (from < 0)
			continue;
		/* breadth first from the other end over unused relations to a placed node */
		int *prev = w->path_rel, *queue = w->path_body, head = 0, tail = 0;
		int *via = w->path_fwd, first = from == rel->a ? rel->b : rel->a;
		if (first >= w->nb || w->known_body[first])
			continue;
		for (int n = 0; n < w->nnodes; n++)
			prev[n] = -2;
		prev[first] = -1, via[first] = r;
		queue[tail++] = first;
		while (head < tail) {
			int u = queue[head++];
			for (int e = 0; e < w->nrel; e++) {
				const struct relation *x = &w->rel[e];
				if (w->used[e] || e == via[u] || (x->a != u && x->b != u))
					continue;
				int v = x->a == u ? x->b : x->a;
				if (node_placed(w, v)) {
					int list[64], n = 0;
					list[n++] = e;
					for (int y = u; y >= 0 && n < 63; y = prev[y])
						list[n++] = via[y];
					for (int i = 0; i < n / 2; i++) {
						int swap = list[i];
						list[i] = list[n - 1 - i], list[n - 1 - i] = swap;
					}
					char joints[300];
					relations_names(w, list, n, joints, sizeof joints);
					snprintf(buf, len, "the loop through %s", joints);
					for (int i = 0; i < n;
					     i++) { /* its joints' kinds, each once */
						const struct relation *x = &w->rel[list[i]];
						const char *kind =
						    x->joint >= 0
						        ? w->m->joints[x->joint].kind->name
						        : NULL;
						if (kind && !strstr(kinds, kind))
							snprintf(kinds + strlen(kinds),
							         kinds_len - strlen(kinds), "%s%s",
							         kinds[0] ? ", " : "", kind);
					}
					return 1;
				}
				if (v < w->nb && prev[v] == -2 && !w->known_body[v]) {
					prev[v] = u, via[v] = e;
					queue[tail++] = v;
				}
			}
		}
	}
	for (int r = 0; r < w->nrel; r++)
		if (!w->used[r]) {
			char name[256];
			relation_name(w, r, name, sizeof name);
			snprintf(buf, len, "joint %s", name);
			return 0;
		}
	snprintf(buf, len, "the loop of the bodies' angles");
	return 1;
}

/* Fail saying why the steps stop with the current set (named: the user's). */
static void refuse(struct mc *w, const char *named)
{
	char words[400], kinds[200];
	if (!stuck_words(w, words, sizeof words, kinds, sizeof kinds)) {
		run_data_fail(w->d,
		              "%s is redundant: the other joints hold already what it holds, and "
		              "minimal coordinates solve each joint once. Leave it out, or run "
		              "the model in body or joint coordinates with redundant = \"drop\"",
		              words);
		return;
	}
	if (named) {
		run_data_fail(w->d,
		              "independent: with %s independent, %s cannot be solved in closed "
		              "form: a loop is solved here when it has two unknowns. Name other "
		              "coordinates, or leave independent out to let them be chosen",
		              named, words);
		return;
	}
	run_data_fail(w->d,
	              "%s cannot be solved in closed form in the minimal formulation%s%s%s: "
	              "whichever coordinates are made independent it keeps more than two "
	              "unknowns, and only a loop of two (a dyad) is solved here. Run it in "
	              "body or joint coordinates; stabilization = \"partitioning\" integrates "
	              "only independent coordinates there",
	              words, kinds[0] ? " (its joints: " : "", kinds, kinds[0] ? ")" : "");
}

/* Every candidate in the order of preference, into w->order (w->norder). */
static void candidates_ordered(struct mc *w)
{
	w->norder = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0;; i++) {
			int cand = candidate_in_order(w, pass, i);
			if (cand == -2)
				break;
			if (cand >= 0)
				w->order[w->norder++] = cand;
		}
}

/* When no one candidate lets the steps go on, two together may: a body
 * held by a simple joint on x needs its angle and y at once (neither alone
 * leaves a loop of two unknowns). The first pair in order whose condition
 * is good, else the best, into set[n], set[n + 1]; 0 when none helps. */
static int choose_pair(struct mc *w, double t, const double *c, int *set, int n, int placed)
{
	int best[2] = {-1, -1};
	double best_score = -1;
	for (int a = 0; a < w->norder; a++) {
		if (listed(set, n, w->order[a]))
			continue;
		for (int b = a + 1; b < w->norder; b++) {
			if (listed(set, n, w->order[b]))
				continue;
			set[n] = w->order[a], set[n + 1] = w->order[b];
			if (mc_try_set(w, set, n + 2) <= placed)
				continue;
			double score = worst_at(w, t, c);
			if (score > best_score + 1e-9)
				best[0] = set[n], best[1] = set[n + 1], best_score = score;
			if (score >= GOOD_ABOVE)
				return 1;
		}
	}
	set[n] = best[0], set[n + 1] = best[1];
	return best[0] >= 0;
}

/* Choose independent coordinates at pose c, greedily: whenever the steps
 * stop, the candidate (in order) that lets them go on with the best
 * condition, or failing one, a pair; a body joined to nothing placed floats. The chosen set stays
 * in w->set (w->nset) with its steps; -1 with the run's error set when the
 * steps stop for every candidate. */
int mc_choose(struct mc *w, double t, const double *c, double *worst)
{
	int *set = w->alternatives ? NULL : w->path_fwd + w->nnodes; /* scratch set */
	if (w->alternatives) {
		int best = -1;
		double best_worst = -1;
		for (int a = 0; a < w->nalternatives; a++) {
			const int *alt = w->alternatives + (size_t)a * (size_t)w->k;
			if (mc_try_set(w, alt, w->k) != w->nb || !complete(w))
				continue;
			double x = worst_at(w, t, c);
			if (x > best_worst)
				best = a, best_worst = x;
		}
		if (best < 0)
			return -1;
		mc_try_set(w, w->alternatives + (size_t)best * (size_t)w->k, w->k);
		*worst = best_worst;
		return 0;
	}
	int n = 0;
	for (;;) {
		int placed = mc_try_set(w, set, n);
		if (placed == w->nb && complete(w))
			break;
		int fl = placed >= 0 && n + 3 <= w->dof ? floating_body(w) : -1;
		if (fl >= 0) {
			set[n++] = 3 * fl, set[n++] = 3 * fl + 1, set[n++] = 3 * fl + 2;
			continue;
		}
		int best = -1, good = -1;
		double best_score = -1;
		for (int pass = 0; pass < 2 && good < 0 && n < w->dof; pass++)
			for (int i = 0; good < 0; i++) {
				int cand = candidate_in_order(w, pass, i);
				if (cand == -2)
					break;
				if (cand < 0 || listed(set, n, cand))
					continue;
				set[n] = cand;
				int more = mc_try_set(w, set, n + 1);
				if (more <= placed)
					continue;
				double score = worst_at(w, t, c);
				if (score > best_score + 1e-9)
					best = cand, best_score = score;
				if (score >= GOOD_ABOVE)
					good = cand;
			}
		if (good >= 0)
			best = good;
		if (best < 0 && n + 2 <= w->dof && choose_pair(w, t, c, set, n, placed)) {
			n += 2;
			continue;
		}
		if (best < 0) {
			mc_try_set(w, set, n);
			refuse(w, NULL);
			return -1;
		}
		set[n++] = best;
	}
	if (n > w->kmax)
		return -1;
	memcpy(w->set, set, sizeof(int) * (size_t)n);
	*worst = worst_at(w, t, c);
	if (n < w->dof) { /* a loop took more unknowns than its joints fix: two hold alike */
		int which = w->failed_step;
		char words[400] = "a loop";
		if (which < 0)
			mc_worst_condition(w, &which);
		if (which >= 0)
			mc_step_words(w, &w->step[which], words, sizeof words);
		run_data_fail(w->d,
		              "%s holds less than its joints seem to: one of them is redundant "
		              "(the others hold already what it holds), and minimal coordinates "
		              "solve each joint once. Leave it out, or run the model in body or "
		              "joint coordinates with redundant = \"drop\"",
		              words);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ set-up */

static void *alloc(size_t count, size_t size) { return calloc(count + 1, size); }

/* 3 per body less the rank of the joints' Jacobian at (c, ċ) (Sec. 14.4):
 * a redundant joint does not count. */
static int degrees_of_freedom(struct mc *w, const double *c, const double *cd)
{
	const struct model *m = w->m;
	int n3 = 3 * m->nbodies;
	struct rows *r = joint_rows_new(m, NULL, 0);
	int rank = r->count;
	if (r->count > 0 && joint_rows_eval(m, w->d, NULL, 0, 0, c, cd, r) == 0) {
		struct pivot *p = pivot_new(r->count, n3);
		int *order = alloc((size_t)(r->count > n3 ? r->count : n3), sizeof(int));
		rank = pivot_order(p, r->J, r->count, n3, 1, order);
		free(order);
		pivot_free(p);
	}
	w->d->error[0] = '\0'; /* a driver's failure is said when the run evaluates it */
	rows_free(r);
	return n3 - rank;
}

void *mc_setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	struct mc *w = calloc(1, sizeof *w);
	int nb = m->nbodies, nj = m->njoints;
	w->m = m, w->d = d, w->nb = nb, w->ground = nb;
	w->switching = option_number(&mc_option_switching, &cfg->own[MC_OWN_SWITCHING]) == 1;
	w->nnodes = nb + 1 + nj; /* room for a massless link per joint */
	w->ncand = 3 * nb + nj;
	w->kmax = 3 * nb;
	size_t nrel = (size_t)nj + 2 * (size_t)nb, ntie = (size_t)nj + 3 * (size_t)nb;
	size_t nlen = 2 * (size_t)nj + 4 * (size_t)nb, nn = (size_t)w->nnodes;
	w->rel = alloc(nrel, sizeof *w->rel);
	w->tie = alloc(ntie, sizeof *w->tie);
	w->len = alloc(nlen, sizeof *w->len);
	w->slide_of = alloc((size_t)nj, sizeof(int));
	w->driver = alloc((size_t)nj, sizeof(int));
	w->virtual_joint = alloc((size_t)nj, sizeof(int));
	w->set = alloc((size_t)w->kmax, sizeof(int));
	w->root = alloc(nn, sizeof(int));
	if (read_joints(w) != 0) {
		mc_release(w);
		return NULL;
	}
	w->ncoef = w->kmax + w->ndrivers;
	w->alpha_const = alloc(nn, sizeof(double));
	w->alpha_coef = alloc(nn * (size_t)w->ncoef, sizeof(double));
	w->maxsteps = (int)nrel + nb;
	w->step = alloc((size_t)w->maxsteps, sizeof *w->step);
	w->maxterms = 4 * ((int)nrel + nb + 2) + 3 * LONGEST_PATH;
	w->term = alloc((size_t)w->maxterms, sizeof *w->term);
	w->known_root = alloc(nn, 1);
	w->known_body = alloc((size_t)nb, 1);
	w->known_len = alloc(nlen, 1);
	w->used = alloc(nrel + ntie, 1);
	w->path_rel = alloc(nn + nrel, sizeof(int));
	w->path_fwd = alloc(nn + nrel + (size_t)w->kmax, sizeof(int));
	w->path_body = alloc(nn + nrel, sizeof(int));
	w->f = alloc(3 * (size_t)w->ndrivers, sizeof(double));
	w->alpha = alloc(nn, sizeof(double));
	w->theta = alloc(nn, sizeof(double));
	w->ref = alloc(nn, sizeof(double));
	w->have = alloc(nn, 1);
	w->lv = alloc(nlen, sizeof(double));
	w->lhave = alloc(nlen, 1);
	w->c = alloc(3 * (size_t)nb, sizeof(double));
	w->c_save = alloc(6 * (size_t)nb, sizeof(double));
	w->solving_root = alloc(nn, sizeof(int));
	w->solving_len = alloc(nlen, sizeof(int));
	w->mdiag = alloc(3 * (size_t)nb, sizeof(double));
	w->h = alloc(3 * (size_t)nb, sizeof(double));
	w->g = alloc(3 * (size_t)nb, sizeof(double));
	model_mass_diagonal(m, w->mdiag);
	w->q_now = alloc(2 * ((size_t)w->kmax + 1), sizeof(double));
	w->old_set = alloc((size_t)w->kmax, sizeof(int));
	w->order = alloc((size_t)w->ncand, sizeof(int));
	candidates_ordered(w);

	/* the first set: the user's, or chosen at the model's start */
	double *c0 = w->c_save, *cd0 = c0 + 3 * nb, worst;
	model_initial(m, c0, cd0);
	w->dof = degrees_of_freedom(w, c0, cd0);
	int status = 0;
	const struct option_value *sets = &cfg->own[MC_OWN_INDEPENDENT];
	int nsets = sets->given && sets->group > 0 ? sets->count / sets->group : 0;
	if (nsets > 0) {
		w->k = sets->group;
		w->nalternatives = nsets > 1 ? nsets : 0;
		w->alternatives = alloc((size_t)nsets * (size_t)w->k, sizeof(int));
		for (int i = 0; i < nsets * w->k && status == 0; i++) {
			int cand = candidate_of(w, sets->names[i]);
			if (cand < 0) {
				run_data_fail(
				    d,
				    "independent: '%s' is %s: name body.x, body.y, body.angle, "
				    "a pin's joint.angle or a slider's joint.slide",
				    sets->names[i],
				    cand == -2 ? "both a body's and a joint's coordinate"
				               : "no coordinate of the model");
				status = -1;
			}
			w->alternatives[i] = cand;
		}
		for (int a = 0; a < nsets && status == 0; a++) {
			const int *set = w->alternatives + (size_t)a * (size_t)w->k;
			if (mc_try_set(w, set, w->k) != nb || !complete(w)) {
				char names[300];
				mc_set_names(w, set, w->k, names, sizeof names);
				refuse(w, names);
				status = -1;
			}
		}
		if (status == 0)
			mc_try_set(w, w->alternatives, w->k);
		if (!w->nalternatives)
			free(w->alternatives), w->alternatives = NULL;
	} else {
		status = mc_choose(w, 0, c0, &worst);
		w->k = w->nset;
	}
	if (status != 0) {
		mc_release(w);
		return NULL;
	}
	w->R = w->k + 1;
	size_t R = (size_t)w->R;
	w->alpha_rate = alloc(nn * R, sizeof(double));
	w->alpha_bias = alloc(nn, sizeof(double));
	w->theta_rate = alloc(nn * R, sizeof(double));
	w->theta_bias = alloc(nn, sizeof(double));
	w->lrate = alloc(nlen * R, sizeof(double));
	w->lbias = alloc(nlen, sizeof(double));
	w->crate = alloc(3 * (size_t)nb * R, sizeof(double));
	w->cbias = alloc(3 * (size_t)nb, sizeof(double));
	w->qd1 = alloc(R, sizeof(double));
	w->rx = alloc(2 * R, sizeof(double));
	w->ry = alloc(2 * R, sizeof(double));
	w->sx = alloc(R, sizeof(double));
	w->sy = alloc(R, sizeof(double));
	free(w->q_now);
	w->q_now = alloc(2 * ((size_t)w->kmax + R), sizeof(double));
	w->M = gsl_matrix_calloc(w->k ? (size_t)w->k : 1, w->k ? (size_t)w->k : 1);
	return w;
}

void mc_release(void *ws)
{
	struct mc *w = ws;
	if (!w)
		return;
	free(w->rel), free(w->tie), free(w->len), free(w->slide_of), free(w->driver);
	free(w->virtual_joint), free(w->set), free(w->alternatives), free(w->root);
	free(w->alpha_const), free(w->alpha_coef), free(w->step), free(w->term);
	free(w->known_root), free(w->known_body), free(w->known_len), free(w->used);
	free(w->path_rel), free(w->path_fwd), free(w->path_body), free(w->f);
	free(w->alpha), free(w->alpha_rate), free(w->alpha_bias), free(w->theta);
	free(w->theta_rate), free(w->theta_bias), free(w->ref), free(w->have), free(w->lv);
	free(w->lrate), free(w->lbias), free(w->lhave), free(w->c), free(w->crate);
	free(w->cbias), free(w->solving_root), free(w->solving_len), free(w->qd1), free(w->rx);
	free(w->ry), free(w->sx), free(w->sy), free(w->q_now), free(w->c_save);
	free(w->mdiag), free(w->h), free(w->g), free(w->old_set), free(w->order);
	if (w->M)
		gsl_matrix_free(w->M);
	free(w);
}

/* ------------------------------------------------------------ teaching */

int mc_groups(void *ws, struct mc_group *out, int max)
{
	struct mc *w = ws;
	int n = 0;
	for (int i = 0; i < w->nsteps && n < max; i++, n++) {
		const struct step *s = &w->step[i];
		struct mc_group *g = &out[n];
		g->kind = form_names[s->form];
		relations_names(w, s->relation, s->nrelations, g->joints, sizeof g->joints);
		step_bodies(w, s, g->bodies, sizeof g->bodies);
		g->unknowns[0] = '\0';
		for (int u = 0; u < 2 && s->form != PLACE; u++) {
			size_t used = strlen(g->unknowns);
			char name[256];
			if (s->slide[u]) {
				int r = -1;
				for (int e = 0; e < s->nrelations && r < 0; e++)
					for (int o = 0; o < w->rel[s->relation[e]].noffsets; o++)
						if (w->rel[s->relation[e]].offset[o].length ==
						    s->unknown[u])
							r = s->relation[e];
				relation_name(w, r, name, sizeof name);
				snprintf(g->unknowns + used, sizeof g->unknowns - used,
				         "%sthe slide of %s", u ? ", " : "", name);
			} else {
				int root = s->unknown[u], body = -1;
				for (int b = 0; b < w->nnodes && body < 0; b++)
					if (w->root[b] == root && b != w->ground)
						body = b;
				if (body > w->ground)
					snprintf(
					    name, sizeof name, "the angle of link '%s'",
					    w->m->joints[w->virtual_joint[body - w->ground - 1]]
					        .name);
				else
					snprintf(name, sizeof name, "the angle of %s",
					         node_name(w, body));
				snprintf(g->unknowns + used, sizeof g->unknowns - used, "%s%s",
				         u ? ", " : "", name);
			}
		}
		g->condition = s->form == PLACE ? 1 : s->condition;
		g->branch = s->branch;
	}
	return n;
}
