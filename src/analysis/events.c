/* SPDX-License-Identifier: GPL-3.0-or-later */
/* events.c — contact events during a run (see events.h). */
#include "analysis/events.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/impact.h"
#include "model/contact.h"

/* An impulse contact counts as open once δ < -apart and as closed once
 * δ > apart: wide enough for round-off, far below any real gap. */
static const double apart = 1e-9;

/* Speeds below this (m/s) are round-off, not a closing contact. */
static const double still = 1e-9;

struct events {
	const struct model *m;
	struct run_data *d;
	struct constrained *s; /* the run's formulation */
	struct impact *impact; /* velocity jumps in body coordinates */
	int n3, ny;
	double *c, *cd;             /* body coordinates of a state */
	double *delta;              /* per contact, at the last accepted state */
	double *now;                /* per contact, at the state being checked */
	double *trial;              /* per contact, at a trial state of the search */
	double *ytry;               /* a trial state while the instant is searched */
	double *yclosed;            /* the earliest state found closed, for one contact */
	double *yfirst;             /* the same for the contact that closed first */
	struct impact_record *open; /* per force-law contact: the contact under way */
	struct impact_record *impacts;
	int nimpacts, capacity;
};

struct events *events_new(const struct model *m, struct run_data *d, struct constrained *s)
{
	if (m->ncontacts == 0)
		return NULL;
	struct events *ev = calloc(1, sizeof *ev);
	ev->m = m, ev->d = d, ev->s = s;
	ev->impact = impact_new(m);
	ev->n3 = 3 * m->nbodies;
	ev->ny = 2 * constrained_size(s);
	ev->c = calloc(2 * (size_t)ev->n3 + 1, sizeof(double));
	ev->cd = ev->c + ev->n3;
	ev->delta = calloc(3 * (size_t)m->ncontacts + 1, sizeof(double));
	ev->now = ev->delta + m->ncontacts, ev->trial = ev->now + m->ncontacts;
	ev->ytry = calloc(3 * (size_t)ev->ny + 1, sizeof(double));
	ev->yclosed = ev->ytry + ev->ny, ev->yfirst = ev->yclosed + ev->ny;
	ev->open = calloc((size_t)m->ncontacts + 1, sizeof *ev->open);
	d->contacts_tracked = 1;
	return ev;
}

void events_free(struct events *ev)
{
	if (!ev)
		return;
	ev->d->contacts_tracked = 0;
	impact_free(ev->impact);
	free(ev->c), free(ev->delta), free(ev->ytry), free(ev->impacts), free(ev->open);
	free(ev);
}

const struct impact_record *events_impacts(const struct events *ev, int *count)
{
	*count = ev ? ev->nimpacts : 0;
	return ev ? ev->impacts : NULL;
}

/* The body coordinates of state y into ev->c, ev->cd. */
static int bodies_of(struct events *ev, double t, const double *y)
{
	return constrained_bodies(ev->s, t, y, ev->c, ev->cd);
}

static int gaps(struct events *ev, double t, const double *y, double *out)
{
	if (bodies_of(ev, t, y) != 0)
		return -1;
	for (int k = 0; k < ev->m->ncontacts; k++) {
		struct contact_point p;
		contact_geometry(&ev->m->contacts[k], ev->c, ev->cd, &p);
		out[k] = p.delta;
	}
	return 0;
}

static void record_impact(struct events *ev, struct impact_record r)
{
	if (ev->nimpacts == ev->capacity) {
		ev->capacity = ev->capacity ? 2 * ev->capacity : 16;
		ev->impacts = realloc(ev->impacts, sizeof *ev->impacts * (size_t)ev->capacity);
	}
	ev->impacts[ev->nimpacts++] = r;
}

/* Impacts of every impulse contact that touches and closes at (t, y), the
 * fastest first, until none is left: an impact can pass on to a contact
 * that was only touching (a row of balls). */
static int resolve_impacts(struct events *ev, double t, double *y)
{
	const struct model *m = ev->m;
	for (int round = 0;; round++) {
		if (bodies_of(ev, t, y) != 0)
			return -1;
		int pick = -1;
		double fastest = still;
		for (int k = 0; k < m->ncontacts; k++) {
			struct contact_point p;
			contact_geometry(&m->contacts[k], ev->c, ev->cd, &p);
			if (m->contacts[k].law->impulsive && p.delta >= -apart && -p.vn > fastest)
				pick = k, fastest = -p.vn;
		}
		if (pick < 0)
			return 0;
		if (round == 1000) {
			run_data_fail(ev->d,
			              "at t = %g the impacts do not settle after 1000 rounds", t);
			return -1;
		}
		struct impact_record r = {t, pick, fastest, 0, 0, 0, 0, 0, 0};
		if (contact_impact(ev->impact, ev->d, pick, t, ev->c, ev->cd, &r.normal,
		                   &r.tangent) != 0)
			return -1;
		struct contact_point after;
		contact_geometry(&m->contacts[pick], ev->c, ev->cd, &after);
		r.opening = after.vn;
		record_impact(ev, r);
		ev->d->contact[pick].armed = 0;
		constrained_set_state(ev->s, ev->c, ev->cd, y);
	}
}

int events_start(struct events *ev, double t, double *y)
{
	if (!ev)
		return 0;
	const struct model *m = ev->m;
	if (bodies_of(ev, t, y) != 0)
		return -1;
	for (int k = 0; k < m->ncontacts; k++) {
		struct contact_state *K = &ev->d->contact[k];
		struct contact_point p;
		contact_geometry(&m->contacts[k], ev->c, ev->cd, &p);
		K->armed = p.delta < -apart;
		K->touching = p.delta > 0;
		K->approach = p.rate;
		ev->open[k] = (struct impact_record){t, k, p.rate, 0, 0, 0, 0, p.delta, 0};
	}
	if (resolve_impacts(ev, t, y) != 0)
		return -1;
	return gaps(ev, t, y, ev->delta);
}

/* The instant in (t0, t0 + H] at which contact k closes (sense +1) or
 * opens (sense -1), sense·δ_k crossing 0 upwards, by Illinois false
 * position; ev->yclosed receives the state there, just past the crossing.
 * Returns the time from t0 in *tau. */
static int crossing_instant(struct events *ev, int k, double sense, double t0, const double *y0,
                            double H, const double *y1, advance_fn advance, void *ctx, double *tau)
{
	double a = 0, ga = sense * ev->delta[k], b = H, gb = sense * ev->now[k];
	memcpy(ev->yclosed, y1, sizeof(double) * (size_t)ev->ny);
	if (ga >= 0) { /* closed at the start of the step already */
		memcpy(ev->yclosed, y0, sizeof(double) * (size_t)ev->ny);
		*tau = 0;
		return 0;
	}
	double *g = ev->trial;
	int side = 0, status = 0;
	for (int it = 0; it < 100 && b - a > 1e-13 * fmax(1.0, fabs(t0)) && fabs(gb) > 1e-14;
	     it++) {
		double x = b - gb * (b - a) / (gb - ga);
		if (!(x > a && x < b))
			x = 0.5 * (a + b);
		if (advance(ctx, t0, y0, x, ev->ytry) != 0 || gaps(ev, t0 + x, ev->ytry, g) != 0) {
			status = -1;
			break;
		}
		if (sense * g[k] > 0 || (sense < 0 && g[k] == 0)) {
			b = x, gb = sense * g[k];
			memcpy(ev->yclosed, ev->ytry, sizeof(double) * (size_t)ev->ny);
			if (side == 1)
				ga *= 0.5; /* Illinois: the stale end counts half */
			side = 1;
		} else {
			a = x, ga = sense * g[k];
			if (side == -1)
				gb *= 0.5;
			side = -1;
		}
	}
	*tau = b;
	return status;
}

static int lasting_contact(struct run_data *d, const struct contact *K, double t)
{
	run_data_fail(d,
	              "%s: contact '%s' closes again at t = %g without having come apart: the "
	              "bodies have come to rest on each other, and the impulse law carries brief "
	              "impacts only. For lasting contact give it a force law (law = "
	              "\"hunt-crossley\", \"lankarani-nikravesh\", ...)",
	              K->where, K->name, t);
	return -1;
}

/* The normal force of a force-law contact at the state in ev->c, ev->cd. */
static double normal_force(struct events *ev, int k, struct contact_point *p)
{
	double energy;
	const struct contact *K = &ev->m->contacts[k];
	contact_geometry(K, ev->c, ev->cd, p);
	return contact_normal_force(K, p->delta, p->rate, ev->d->contact[k].approach, &energy);
}

int events_after_step(struct events *ev, double t0, const double *y0, double *t, double *y,
                      advance_fn advance, void *ctx)
{
	if (!ev)
		return 0;
	const struct model *m = ev->m;
	if (gaps(ev, *t, y, ev->now) != 0)
		return -1;
	int first = -1;
	double first_tau = INFINITY;
	for (int k = 0; k < m->ncontacts; k++) {
		struct contact_state *K = &ev->d->contact[k];
		double sense = 1;
		int crossed;
		if (m->contacts[k].law->impulsive) {
			crossed = ev->now[k] > apart;
			if (crossed && !K->armed)
				return lasting_contact(ev->d, &m->contacts[k], *t);
		} else if (K->touching) {
			crossed = ev->now[k] <= 0, sense = -1; /* it opens */
		} else {
			crossed = ev->now[k] > 0;
		}
		double tau;
		if (crossed &&
		    crossing_instant(ev, k, sense, t0, y0, *t - t0, y, advance, ctx, &tau) != 0)
			return -1;
		if (crossed && tau < first_tau) {
			first = k, first_tau = tau;
			memcpy(ev->yfirst, ev->yclosed, sizeof(double) * (size_t)ev->ny);
		}
	}
	if (first < 0) {
		for (int k = 0; k < m->ncontacts; k++) {
			struct contact_state *K = &ev->d->contact[k];
			int impulsive = m->contacts[k].law->impulsive;
			if (impulsive && ev->now[k] < -apart)
				K->armed = 1;
			if (!impulsive && K->touching) {
				struct contact_point p;
				double f = normal_force(ev, k, &p);
				ev->open[k].peak = fmax(ev->open[k].peak, f);
				ev->open[k].depth = fmax(ev->open[k].depth, p.delta);
			}
			ev->delta[k] = ev->now[k];
		}
		return 0;
	}
	/* back to the instant of the first event */
	*t = t0 + first_tau;
	memcpy(y, ev->yfirst, sizeof(double) * (size_t)ev->ny);
	struct contact_state *K = &ev->d->contact[first];
	if (m->contacts[first].law->impulsive) {
		if (resolve_impacts(ev, *t, y) != 0)
			return -1;
	} else {
		struct contact_point p;
		if (bodies_of(ev, *t, y) != 0)
			return -1;
		contact_geometry(&m->contacts[first], ev->c, ev->cd, &p);
		if (K->touching) { /* it opens: its record is complete */
			struct impact_record *r = &ev->open[first];
			r->opening = p.vn, r->duration = *t - r->t;
			record_impact(ev, *r);
			K->touching = 0;
		} else {
			K->touching = 1, K->approach = p.rate;
			ev->open[first] =
			    (struct impact_record){*t, first, p.rate, 0, 0, 0, 0, 0, 0};
		}
	}
	if (gaps(ev, *t, y, ev->delta) != 0)
		return -1;
	for (int k = 0; k < m->ncontacts; k++)
		if (m->contacts[k].law->impulsive && ev->delta[k] < -apart)
			ev->d->contact[k].armed = 1;
	return 1;
}
