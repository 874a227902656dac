/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impact.h — velocity jumps in body coordinates: impacts (book Sec.
 * 11.1.4, Eq. 11.27, with Coulomb friction as Eq. 11.30) and the impulse of
 * a joint that closes (Sec. 13.5, Eq. 13.55). Whatever a run's formulation,
 * its state goes to body coordinates, jumps here, and comes back. */
#ifndef MB_IMPACT_H
#define MB_IMPACT_H

#include "model/model.h"

struct impact;

struct impact *impact_new(const struct model *m);
void impact_free(struct impact *w);

/* ċ jumps in place so that `rows` directions A ċ⁺ reach `target` by
 * impulses π along the generalised directions W (rows x n, row-major),
 * while every joint either keeps its rate, D Δċ = 0 (an impact), or meets
 * its velocity constraint, D ċ⁺ = v (a joint that closes: the mass-weighted
 * projection of Eq. 13.55):
 *   [M -D' -W'; D 0 0; A 0 0] {Δċ; σ; π} = {0; 0 or v - Dċ; target - A ċ⁻}.
 * 0, or -1 when the system is singular (the joints already stop the
 * motion the impulse asks for, or they are redundant). */
int velocity_jump(struct impact *w, struct run_data *d, double t, const double *c, double *cd,
                  int meet_joints, int rows, const double *A, const double *W, const double *target,
                  double *pi);

/* An impact of contact k at (t, c, ċ): ċ jumps in place. On return normal
 * and tangent hold the impulses (0 when the contact is not closing); 0, or
 * -1 with the run's error set. */
int contact_impact(struct impact *w, struct run_data *d, int k, double t, const double *c,
                   double *cd, double *normal, double *tangent);

#endif
