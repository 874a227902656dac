/* SPDX-License-Identifier: GPL-3.0-or-later */
/* point_coords.h — the two point-coordinate formulations, book Ch. 10
 * (formulation_point) and Attia's recursive one (formulation_point_recursive),
 * with their pieces open for teaching. */
#ifndef MB_POINT_COORDS_H
#define MB_POINT_COORDS_H

#include "formulation/point_layout.h"

/* Attia's system at the last evaluation (after constrained_pieces): the
 * (n + e) x (n + e) matrix A and right side b of his Sec. 4, for the
 * accelerations of the n coordinates and the multipliers of the e rows
 * that are not the bodies' own: the linear (floating roots) and angular
 * momentum of all that hangs from each body, in the chains' order, the
 * bodies' own rows, then the others. 0 or -1. */
int pr_system(void *ws, double t, double *A, double *b);

/* Each group's particles (Attia's Eq. 2): how many, their masses and their
 * places z on the frame (r_i = r_a + z_i (r_b - r_a)), and the sums S1 = Σ
 * m_i z_i, S2 = Σ m_i |z_i|² that its momentum is written with. */
struct pr_particles {
	int count;
	const double *mass;
	const vec2 *z;
	double total, S2;
	vec2 S1;
};
int pr_particles(void *ws, int group, struct pr_particles *out);

#endif
