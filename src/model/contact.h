/* SPDX-License-Identifier: GPL-3.0-or-later */
/* contact.h — contact between bodies, book Ch. 11: geometry and laws.
 *
 * Geometry: a circle of body i (radius 0: a point) against a line of body
 * j, or two circles. The penetration δ is their overlap (> 0 in contact),
 * u the normal from j to i, t the tangent (u turned clockwise, so +x along
 * a floor; the book's ŭ points the other way), and v the relative
 * velocity of the two contact points (Eq. 11.18), so δ̇ = -u'v.
 *
 * Laws (model/laws/): "impulse" is the piecewise method (Sec. 11.1): at
 * the instant of impact the velocities jump (analysis/impact.h). The
 * others are the continuous method (Sec. 11.2): a normal force while
 * δ > 0, never pulling, and with μ a tangential force -μ(v_t) f_N from
 * Brown and McPhee's law (Eq. 4.44). */
#ifndef MB_CONTACT_H
#define MB_CONTACT_H

#include "model/model.h"

#define CONTACT_FIELDS 4 /* per contact in a sample: δ, δ̇, f_N, f_t */

struct contact_point {
	double delta, rate; /* penetration and its rate (> 0 closing) */
	vec2 u, t;          /* normal from j to i, and the tangent */
	vec2 pi, pj;        /* the contact point on each body from its mass centre, global */
	double vn, vt;      /* u'v and t'v */
};

void contact_geometry(const struct contact *k, const double *c, const double *cd,
                      struct contact_point *out);

/* The normal force of a continuous law at penetration delta and rate
 * (approach: the closing speed when contact began, for Eqs. 11.42-11.43),
 * clipped at zero, and its elastic energy ∫ k δ^n dδ. */
double contact_normal_force(const struct contact *k, double delta, double rate, double approach,
                            double *energy);

/* Brown and McPhee's friction coefficient (Eq. 4.44) at slip speed v: the
 * sign of v, μ_s at the transition speed v_t, μ_d well beyond it. */
double friction_brown_mcphee(double mu_s, double mu_d, double v_t, double v);

/* Add the forces of every force-law contact to h (3 per body) and their
 * elastic energy to *potential. */
void contacts_apply(const struct model *m, const struct run_data *d, const double *c,
                    const double *cd, double *h, double *potential);

/* The power of the force-law contacts beyond their elastic energy (which
 * contacts_apply adds to the potential wherever they overlap): their
 * damping and friction, from the forces a report recorded (CONTACT_FIELDS
 * each, contacts_report) at the state c, c'. */
double contacts_free_power(const struct model *m, const double *c, const double *cd,
                           const double *forces);

/* CONTACT_FIELDS per contact into out. */
void contacts_report(const struct model *m, const struct run_data *d, const double *c,
                     const double *cd, double *out);

/* dir' D_k over all body coordinates (Eq. 11.25): the rate of the contact
 * points' relative velocity along dir, as a row of n = 3 nbodies. */
void contact_row(const struct contact *k, const struct contact_point *p, vec2 dir, int n,
                 double *row);

#endif
