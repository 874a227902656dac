/* SPDX-License-Identifier: GPL-3.0-or-later */
/* geometry.c — a joint's declared geometry read with its numbers, and Φ
 * from the declaration alone (see geometry.h). */
#include "model/joints/geometry.h"

#include <math.h>

const char *const geo_term_names[] = {"offset", "slide", "link", "driven", "roll", NULL};
const char *const geo_row_names[] = {"gap x", "gap y", "across", "along", "length", "tie", NULL};
const char *const geo_tie_names[] = {"none", "fixed", "driven", "geared", NULL};
const char *const geo_tie_form_names[] = {"angle", "parallel", NULL};
const char *const geo_offer_names[] = {"none", "angle", "slide", NULL};
const char *const geo_base_names[] = {"axis", "u", "u_perp", "pair", NULL};

const struct joint_geometry *joint_kind_geometry(const struct joint_kind *kind, const double *param)
{
	if (!kind->geometry)
		return NULL;
	for (int i = 0; param && kind->params[i].name; i++)
		if (kind->params[i].type == PARAM_CHOICE) /* one declaration per choice */
			return &kind->geometry[(int)param[kind_param_slot(kind->params, i)]];
	return &kind->geometry[0];
}

int joint_kind_choices(const struct joint_kind *kind)
{
	for (int i = 0; kind->params[i].name; i++)
		if (kind->params[i].type == PARAM_CHOICE) {
			int n = 0;
			while (kind->params[i].choices[n])
				n++;
			return n;
		}
	return 1;
}

int joint_kind_driven(const struct joint_kind *kind)
{
	const struct joint_geometry *g = joint_kind_geometry(kind, NULL);
	if (!g)
		return 0;
	for (int t = 0; t < g->nterms; t++)
		if (g->term[t].kind == TERM_DRIVEN)
			return 1;
	return g->tie.kind == TIE_DRIVEN;
}

int joint_kind_drives_length(const struct joint_kind *kind)
{
	const struct joint_geometry *g = joint_kind_geometry(kind, NULL);
	for (int t = 0; g && t < g->nterms; t++)
		if (g->term[t].kind == TERM_DRIVEN)
			return 1;
	return 0;
}

enum geo_offer joint_kind_offers(const struct joint_kind *kind)
{
	const struct joint_geometry *g = joint_kind_geometry(kind, NULL);
	return g ? g->offers : OFFER_NONE;
}

double joint_slide_angle(const struct model *m, const struct joint *j)
{
	double base = v2_angle(j->uj) - v2_angle(j->ui);
	double now =
	    (j->bi >= 0 ? m->bodies[j->bi].q0[2] : 0) - (j->bj >= 0 ? m->bodies[j->bj].q0[2] : 0);
	return base + M_PI * round((now - base) / M_PI);
}

static double param_of(const struct joint *j, int encoded)
{
	return encoded ? j->param[encoded - 1] : 1;
}

/* A declared vector in numbers, body-fixed on its side's body. */
static vec2 vector_of(const struct joint *j, int side, const struct geo_vector *v)
{
	vec2 base;
	switch (v->base) {
	case GEO_U:
		base = side ? j->uj : j->ui;
		break;
	case GEO_U_PERP:
		base = v2_perp(side ? j->uj : j->ui);
		break;
	case GEO_PAIR:
		base = v2(j->param[v->pair], j->param[v->pair + 1]);
		break;
	default:
		base = v2(v->x, v->y);
		break;
	}
	return v->scale ? v2_scale(param_of(j, v->scale), base) : base;
}

int joint_geometry_shape(const struct joint_geometry *d, struct geometry *g)
{
	*g = (struct geometry){.decl = d, .slide = -1};
	if (!d || d->nrows == 0) {
		g->decl = NULL;
		return -1;
	}
	g->on = d->on;
	g->nterms = d->nterms;
	for (int k = 0; k < d->nrows; k++)
		g->relates = g->relates || d->row[k] != ROW_TIE;
	for (int t = 0; t < d->nterms; t++) {
		g->term[t] = (struct geometry_term){.kind = d->term[t].kind,
		                                    .side = d->term[t].on == GEO_J,
		                                    .body = -1,
		                                    .length = 1};
		g->driven = g->driven || d->term[t].kind == TERM_DRIVEN;
		if (d->term[t].kind == TERM_SLIDE)
			g->slide = t;
	}
	g->tie = d->tie.kind;
	g->tie_form = d->tie.form;
	g->driven = g->driven || d->tie.kind == TIE_DRIVEN;
	g->offers = d->offers;
	g->points_meet = g->relates && d->nterms == 0 && d->tie.kind == TIE_NONE;
	g->welded = g->relates && d->tie.kind == TIE_FIXED && d->tie.form == TIE_ANGLE;
	for (int t = 0; t < d->nterms; t++)
		g->welded = g->welded && d->term[t].kind == TERM_OFFSET;
	return 0;
}

int joint_geometry_read(const struct model *m, const struct joint *j, struct geometry *g)
{
	const struct joint_geometry *d = joint_kind_geometry(j->kind, j->param);
	if (joint_geometry_shape(d, g) != 0)
		return -1;
	if (j->kind->shape.points > 0)
		g->si = j->si, g->sj = j->sj;
	for (int t = 0; t < d->nterms; t++) {
		const struct geo_term *dt = &d->term[t];
		struct geometry_term *gt = &g->term[t];
		gt->body = gt->side ? j->bj : j->bi;
		switch (dt->kind) {
		case TERM_OFFSET:
			gt->w = vector_of(j, gt->side, &dt->vec);
			gt->along_joint_vector = dt->vec.base == GEO_U        ? 1
			                         : dt->vec.base == GEO_U_PERP ? 2
			                                                      : 0;
			gt->length = param_of(j, dt->vec.scale);
			break;
		case TERM_SLIDE:
			gt->w = vector_of(j, gt->side, &dt->vec);
			gt->along_joint_vector = dt->vec.base == GEO_U;
			break;
		case TERM_LINK:
			gt->length = j->param[dt->slot];
			break;
		case TERM_DRIVEN:
			break;
		case TERM_ROLL: { /* ℓ = x0 - R (φ - φ0) = (x0 + R φ0) - R φ */
			double R = j->param[dt->slot];
			gt->w = vector_of(j, gt->side, &dt->vec);
			gt->length = R;
			gt->value = j->param[dt->slot + 1] + R * j->param[dt->slot + 2];
			break;
		}
		}
	}
	if (d->tie.kind == TIE_FIXED)
		g->tie_value = d->tie.form == TIE_PARALLEL
		                   ? joint_slide_angle(m, j)
		                   : (d->tie.value ? j->param[d->tie.value - 1] : 0);
	if (d->tie.kind == TIE_GEARED)
		for (int k = 0; k < 4; k++)
			g->gear[k] = j->param[d->tie.slot + k];
	return 0;
}

int joint_geometry_phi(const struct model *m, const struct joint *j, const struct body_state *bi,
                       const struct body_state *bj, const double f[3], double *phi)
{
	struct geometry g;
	if (joint_geometry_read(m, j, &g) != 0)
		return -1;
	const struct body_state *body[2] = {bi, bj};
	/* g = P_i - P_j less the terms known at this state; the free term's
	 * vector (a slide's or a roll's u) and a link's length kept aside */
	struct point_pair p = point_pair(bi, g.si, bj, g.sj);
	vec2 gap = p.d, u = {0, 0};
	double length = 1;
	for (int t = 0; t < g.nterms; t++) {
		const struct geometry_term *gt = &g.term[t];
		const struct body_state *b = body[gt->side];
		switch (gt->kind) {
		case TERM_OFFSET:
			gap = v2_sub(gap, body_rotate(b, gt->w));
			break;
		case TERM_SLIDE:
			u = body_rotate(b, gt->w);
			break;
		case TERM_ROLL:
			u = body_rotate(b, gt->w);
			gap = v2_sub(gap, v2_scale(gt->value - gt->length * bi->phi, u));
			break;
		case TERM_LINK:
			length = gt->length;
			break;
		case TERM_DRIVEN:
			length = f[0];
			break;
		}
	}
	const struct joint_geometry *d = g.decl;
	for (int k = 0; k < d->nrows; k++) {
		switch (d->row[k]) {
		case ROW_GAP_X:
			phi[k] = gap.x;
			break;
		case ROW_GAP_Y:
			phi[k] = gap.y;
			break;
		case ROW_ACROSS:
			phi[k] = v2_dot(v2_perp(u), gap);
			break;
		case ROW_ALONG:
			phi[k] = v2_dot(u, gap);
			break;
		case ROW_LENGTH:
			phi[k] = (v2_dot(gap, gap) - length * length) / (2 * length);
			break;
		case ROW_TIE:
			if (g.tie == TIE_GEARED)
				phi[k] = g.gear[0] * (bi->phi - g.gear[2]) +
				         g.gear[1] * (bj->phi - g.gear[3]);
			else if (g.tie_form == TIE_PARALLEL)
				phi[k] =
				    v2_dot(v2_perp(body_rotate(bj, j->uj)), body_rotate(bi, j->ui));
			else
				phi[k] =
				    bi->phi - bj->phi - (g.tie == TIE_DRIVEN ? f[0] : g.tie_value);
			break;
		}
	}
	return 0;
}
