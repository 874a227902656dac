/* SPDX-License-Identifier: GPL-3.0-or-later */
/* contact.c — contact geometry and force laws (see contact.h). */
#include "model/contact.h"

#include <math.h>
#include <string.h>

/* Eqs. 11.42-11.43 divide by the closing speed at first touch; a contact
 * that begins slower than this is damped as if it began at this speed. */
static const double slowest_approach = 1e-3;

static vec2 point_velocity(struct body_state b, vec2 from_centre)
{
	return v2_add(b.rd, v2_scale(b.phid, v2_perp(from_centre)));
}

void contact_geometry(const struct contact *k, const double *c, const double *cd,
                      struct contact_point *out)
{
	struct body_state bi = model_body_state(c, cd, k->bi), bj = model_body_state(c, cd, k->bj);
	vec2 ci = v2_add(bi.r, body_rotate(&bi, k->si)), cj = v2_add(bj.r, body_rotate(&bj, k->sj));
	vec2 on_i, on_j;
	if (k->shape == CONTACT_CIRCLE_LINE) {
		out->u = body_rotate(&bj, k->normal);
		out->delta = k->ri - v2_dot(out->u, v2_sub(ci, cj));
		on_i = on_j = v2_sub(ci, v2_scale(k->ri, out->u)); /* j's point that i touches */
	} else {
		vec2 d = v2_sub(ci, cj);
		double len = v2_norm(d);
		out->u = len > 0 ? v2_scale(1 / len, d) : v2(1, 0);
		out->delta = k->ri + k->rj - len;
		on_i = v2_sub(ci, v2_scale(k->ri, out->u));
		on_j = v2_add(cj, v2_scale(k->rj, out->u));
	}
	out->t = v2(out->u.y, -out->u.x); /* u turned clockwise: +x along a floor */
	out->pi = v2_sub(on_i, bi.r);
	out->pj = v2_sub(on_j, bj.r);
	vec2 v = v2_sub(point_velocity(bi, out->pi), point_velocity(bj, out->pj));
	out->vn = v2_dot(out->u, v);
	out->vt = v2_dot(out->t, v);
	out->rate = -out->vn;
}

double contact_normal_force(const struct contact *k, double delta, double rate, double approach,
                            double *energy)
{
	*energy = 0;
	if (delta <= 0 || k->law->impulsive)
		return 0;
	double dn = pow(delta, k->n);
	*energy = k->k * dn * delta / (k->n + 1);
	double f = k->law->normal_force(k, dn, rate, fmax(approach, slowest_approach));
	return f > 0 ? f : 0;
}

double friction_brown_mcphee(double mu_s, double mu_d, double v_t, double v)
{
	double vr = v / v_t, bump = 0.25 * vr * vr + 0.75;
	return mu_d * tanh(4 * vr) + (mu_s - mu_d) * vr / (bump * bump);
}

/* The normal and friction forces of a force-law contact. While a run
 * follows the contacts, one acts only from the instant it was found to
 * close: a trial step that reaches past that instant sees the motion
 * without it, so the instant can be found on a smooth motion. */
static void contact_forces(const struct run_data *d, int index, const struct contact *k,
                           const struct contact_point *p, double *fn, double *ft, double *energy)
{
	*fn = *ft = *energy = 0;
	const struct contact_state *s = d ? &d->contact[index] : NULL;
	int touching = s && s->touching;
	if (d && d->contacts_tracked && !touching)
		return;
	double approach = touching ? s->approach : p->rate;
	*fn = contact_normal_force(k, p->delta, p->rate, approach, energy);
	*ft =
	    k->mu > 0 && *fn > 0 ? -*fn * friction_brown_mcphee(k->mu_s, k->mu, k->v_t, p->vt) : 0;
}

void contacts_apply(const struct model *m, const struct run_data *d, const double *c,
                    const double *cd, double *h, double *potential)
{
	for (int i = 0; i < m->ncontacts; i++) {
		const struct contact *k = &m->contacts[i];
		if (k->law->impulsive)
			continue;
		struct contact_point p;
		double fn, ft, energy;
		contact_geometry(k, c, cd, &p);
		contact_forces(d, i, k, &p, &fn, &ft, &energy);
		vec2 f = v2_add(v2_scale(fn, p.u), v2_scale(ft, p.t)); /* on body i */
		force_at_point(h, k->bi, p.pi, f);
		force_at_point(h, k->bj, p.pj, v2_scale(-1, f));
		*potential += energy;
	}
}

double contacts_free_power(const struct model *m, const double *c, const double *cd,
                           const double *forces)
{
	double power = 0;
	for (int i = 0; i < m->ncontacts; i++) {
		const struct contact *k = &m->contacts[i];
		if (k->law->impulsive)
			continue;
		const double *o = forces + CONTACT_FIELDS * i; /* δ, δ', f_N, f_t */
		struct contact_point p;
		contact_geometry(k, c, cd, &p);
		power += -o[2] * p.rate + o[3] * p.vt; /* (f_N u + f_t t)'v */
		if (p.delta > 0)                       /* d/dt of k δ^(n+1) / (n+1) */
			power += k->k * pow(p.delta, k->n) * p.rate;
	}
	return power;
}

void contacts_report(const struct model *m, const struct run_data *d, const double *c,
                     const double *cd, double *out)
{
	for (int i = 0; i < m->ncontacts; i++) {
		struct contact_point p;
		double fn, ft, energy;
		contact_geometry(&m->contacts[i], c, cd, &p);
		contact_forces(d, i, &m->contacts[i], &p, &fn, &ft, &energy);
		double *o = out + CONTACT_FIELDS * i;
		o[0] = p.delta, o[1] = p.rate, o[2] = fn, o[3] = ft;
	}
}

void contact_row(const struct contact *k, const struct contact_point *p, vec2 dir, int n,
                 double *row)
{
	for (int q = 0; q < n; q++)
		row[q] = 0;
	if (k->bi >= 0) {
		row[3 * k->bi] += dir.x, row[3 * k->bi + 1] += dir.y;
		row[3 * k->bi + 2] += v2_cross(p->pi, dir);
	}
	if (k->bj >= 0) {
		row[3 * k->bj] -= dir.x, row[3 * k->bj + 1] -= dir.y;
		row[3 * k->bj + 2] -= v2_cross(p->pj, dir);
	}
}
