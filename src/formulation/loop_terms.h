/* SPDX-License-Identifier: GPL-3.0-or-later */
/* loop_terms.h — one term of a vector loop, book Eqs. 5.3-5.5: a vector
 * ℓ u of length ℓ along u = A(φ) w, which turns with an angle φ. Its rate
 * and the known part of its second derivative are what vector loops
 * (vector_loops.c) and minimal coordinates (minimal_coords.c) differentiate
 * their loops with, term by term:
 *     d(ℓ u)/dt   = ℓ̇ u + ℓ φ̇ ŭ                                  (Eq. 5.4)
 *     d²(ℓ u)/dt² = (ℓ̈ - ℓ φ̇²) u + (2 ℓ̇ φ̇ + ℓ φ̈) ŭ              (Eq. 5.5)
 * ŭ the vector turned a quarter anticlockwise: the normal (centripetal)
 * term ℓ φ̇², the Coriolis term 2 ℓ̇ φ̇. A formulation passes the parts it
 * knows (the second derivatives of its unknowns left at zero give the
 * bias it moves to the right side). */
#ifndef MB_LOOP_TERMS_H
#define MB_LOOP_TERMS_H

#include "util/vec2.h"

/* Its partial derivatives: along its length, u; in its angle, ℓ ŭ. */
static inline void loop_term_partials(double ell, vec2 u, vec2 *d_ell, vec2 *d_phi)
{
	*d_ell = u;
	*d_phi = v2_scale(ell, v2_perp(u));
}

/* ℓ̇ u + ℓ φ̇ ŭ */
static inline vec2 loop_term_rate(double ell, double ell_rate, double phi_rate, vec2 u)
{
	return v2_add(v2_scale(ell_rate, u), v2_scale(ell * phi_rate, v2_perp(u)));
}

/* (ℓ̈ - ℓ φ̇²) u + (2 ℓ̇ φ̇ + ℓ φ̈) ŭ */
static inline vec2 loop_term_accel(double ell, double ell_rate, double ell_accel, double phi_rate,
                                   double phi_accel, vec2 u)
{
	return v2_add(v2_scale(ell_accel - ell * phi_rate * phi_rate, u),
	              v2_scale(2 * ell_rate * phi_rate + ell * phi_accel, v2_perp(u)));
}

#endif
