/* contact.c — contact geometry, force laws and impacts (see contact.h). */
#include "model/contact.h"

#include <math.h>
#include <stdlib.h>

#include "formulation/body_coords.h"

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
	vec2 ci = v2_add(bi.r, v2_rotate(bi.phi, k->si)),
	     cj = v2_add(bj.r, v2_rotate(bj.phi, k->sj));
	vec2 on_i, on_j;
	if (k->shape == CONTACT_CIRCLE_LINE) {
		out->u = v2_rotate(bj.phi, k->normal);
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
	if (delta <= 0 || k->law == LAW_IMPULSE)
		return 0;
	double dn = pow(delta, k->n), f = 0;
	double v0 = fmax(approach, slowest_approach);
	*energy = k->k * dn * delta / (k->n + 1);
	switch (k->law) {
	case LAW_SPRING:
		f = k->k * dn + k->c * rate;
		break;
	case LAW_HUNT_CROSSLEY:
		f = (k->k + k->c * rate) * dn;
		break;
	case LAW_LANKARANI_NIKRAVESH:
		f = k->k * dn * (1 + 0.75 * (1 - k->e * k->e) * rate / v0);
		break;
	case LAW_FLORES:
		f = k->k * dn * (1 + 8 * (1 - k->e) / (5 * k->e) * rate / v0);
		break;
	case LAW_IMPULSE:
		break;
	}
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
static void contact_forces(const struct model *m, const struct contact *k,
                           const struct contact_point *p, double *fn, double *ft, double *energy)
{
	*fn = *ft = *energy = 0;
	if (m->contacts_tracked && !k->touching)
		return;
	double approach = k->touching ? k->approach : p->rate;
	*fn = contact_normal_force(k, p->delta, p->rate, approach, energy);
	*ft =
	    k->mu > 0 && *fn > 0 ? -*fn * friction_brown_mcphee(k->mu_s, k->mu, k->v_t, p->vt) : 0;
}

static void push(double *h, int b, vec2 from_centre, vec2 f)
{
	if (b < 0)
		return;
	h[3 * b] += f.x;
	h[3 * b + 1] += f.y;
	h[3 * b + 2] += v2_cross(from_centre, f);
}

void contacts_apply(const struct model *m, const double *c, const double *cd, double *h,
                    double *potential)
{
	for (int i = 0; i < m->ncontacts; i++) {
		const struct contact *k = &m->contacts[i];
		if (k->law == LAW_IMPULSE)
			continue;
		struct contact_point p;
		double fn, ft, energy;
		contact_geometry(k, c, cd, &p);
		contact_forces(m, k, &p, &fn, &ft, &energy);
		vec2 f = v2_add(v2_scale(fn, p.u), v2_scale(ft, p.t)); /* on body i */
		push(h, k->bi, p.pi, f);
		push(h, k->bj, p.pj, v2_scale(-1, f));
		*potential += energy;
	}
}

void contacts_report(const struct model *m, const double *c, const double *cd, double *out)
{
	for (int i = 0; i < m->ncontacts; i++) {
		struct contact_point p;
		double fn, ft, energy;
		contact_geometry(&m->contacts[i], c, cd, &p);
		contact_forces(m, &m->contacts[i], &p, &fn, &ft, &energy);
		double *o = out + CONTACT_FIELDS * i;
		o[0] = p.delta, o[1] = p.rate, o[2] = fn, o[3] = ft;
	}
}

/* direction' D_ij over all body coordinates (Eq. 11.25) into row */
static void contact_row(const struct contact *k, const struct contact_point *p, vec2 dir, int n,
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

static int impact_failed(struct model *m, const struct contact *k, double t)
{
	model_fail(m,
	           "%s: contact '%s': the impact at t = %g cannot be solved: the joints already "
	           "stop the motion along its normal, or the model's joints are redundant",
	           k->where, k->name, t);
	return -1;
}

/* One impact solve from the velocities before: sliding with friction
 * -μ·slip along t (Eq. 11.30; slip 0: none), or sticking (rows = 2: the
 * tangential relative velocity after is zero as well). */
static int impact_solve(void *bc_ws, const struct contact *k, double t, const double *c,
                        const double *before, double *cd, int n, const double *an, const double *at,
                        double slip, int stick, double target_n, double pi[2])
{
	double *A = calloc(4 * (size_t)n + 1, sizeof(double)), *W = A + 2 * n;
	for (int q = 0; q < n; q++) {
		cd[q] = before[q];
		A[q] = an[q], A[n + q] = at[q];
		W[q] = stick ? an[q] : an[q] - k->mu * slip * at[q], W[n + q] = at[q];
	}
	double target[2] = {target_n, 0};
	int status = bc_impact(bc_ws, t, c, cd, stick ? 2 : 1, A, W, target, pi);
	if (!stick)
		pi[1] = -k->mu * slip * pi[0];
	free(A);
	return status;
}

static double sign_of(double x) { return (x > 0) - (x < 0); }

int contact_impact(struct model *m, void *bc_ws, int index, double t, const double *c, double *cd,
                   double *normal, double *tangent)
{
	const struct contact *k = &m->contacts[index];
	struct contact_point p;
	contact_geometry(k, c, cd, &p);
	*normal = *tangent = 0;
	if (p.vn >= 0)
		return 0; /* not closing: nothing to do */
	int n = 3 * m->nbodies, status = 0;
	double *rows = calloc(3 * (size_t)n + 1, sizeof(double)), pi[2];
	double *an = rows, *at = rows + n, *before = rows + 2 * n;
	contact_row(k, &p, p.u, n, an);
	contact_row(k, &p, p.t, n, at);
	for (int q = 0; q < n; q++)
		before[q] = cd[q];
	double target = -k->e * p.vn, slip = sign_of(p.vt);
	if (k->mu > 0 && slip == 0) { /* friction opposes the slip the impact itself makes */
		status = impact_solve(bc_ws, k, t, c, before, cd, n, an, at, 0, 0, target, pi);
		for (int q = 0; q < n && status == 0; q++)
			slip += at[q] * cd[q];
		slip = sign_of(slip);
	}
	if (status == 0)
		status = impact_solve(bc_ws, k, t, c, before, cd, n, an, at, k->mu > 0 ? slip : 0,
		                      0, target, pi);
	double slip_after = 0;
	for (int q = 0; q < n; q++)
		slip_after += at[q] * cd[q];
	if (status == 0 && k->mu > 0 && slip != 0 && slip_after * slip <= 0) {
		/* Coulomb friction stops the slip instead of reversing it: the points
		 * stick, if the tangential impulse that takes stays in the cone */
		double stick[2], *sliding = calloc((size_t)n + 1, sizeof(double));
		for (int q = 0; q < n; q++)
			sliding[q] = cd[q];
		status = impact_solve(bc_ws, k, t, c, before, cd, n, an, at, 0, 1, target, stick);
		if (status == 0 && fabs(stick[1]) <= k->mu * stick[0] * (1 + 1e-9)) {
			pi[0] = stick[0], pi[1] = stick[1];
		} else {
			for (int q = 0; q < n; q++)
				cd[q] = sliding[q];
			status = 0;
		}
		free(sliding);
	}
	free(rows);
	if (status != 0)
		return impact_failed(m, k, t);
	*normal = pi[0], *tangent = pi[1];
	return 0;
}
