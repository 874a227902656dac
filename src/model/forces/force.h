/* SPDX-License-Identifier: GPL-3.0-or-later */
/* force.h — applied forces of book Sec. 4.4, one kind per file.
 *
 * A kind adds its generalised force to h (3 entries per body: fx, fy and
 * the moment about the mass centre) and its potential energy to
 * *potential. Its table entry (struct force_kind, model.h) names its
 * numbers and shape. Adding a force is one file and one line in
 * FORCE_KINDS below. */
#ifndef MB_FORCE_H
#define MB_FORCE_H

#include "model/model.h"

/* X(file name) for every kind, in the order help lists them. */
#define FORCE_KINDS                                                                                \
	X(spring_damper)                                                                           \
	X(rot_spring_damper)                                                                       \
	X(point_force)                                                                             \
	X(torque)                                                                                  \
	X(user)                                                                                    \
	X(slide_friction)

#define X(kind) extern const struct force_kind force_##kind;
FORCE_KINDS
#undef X

/* The kind called name, or NULL; and every kind, NULL-terminated. */
const struct force_kind *force_kind_find(const char *name);
extern const struct force_kind *const force_kinds[];

/* The weights alone: h set to each body's weight at its mass centre, and
 * *potential to their potential energy (m g y). */
void weights_apply(const struct model *m, const double *c, double *h, double *potential);

/* All applied forces, gravity and contact forces included: h = h^(a)
 * (Eq. 7.49), and the potential energy of the conservative ones. 0 or -1
 * with the run's error set. */
int forces_apply(const struct model *m, struct run_data *d, const double *c, const double *cd,
                 double t, double *h, double *potential);

/* What a report asks of the forces besides (arrays sized by the model):
 * each element's values and power (its generalised force times c'), and
 * the power they put in that no potential energy holds, each element's
 * beyond what its own potential stores (the contacts' is the report's,
 * from the forces it recorded). before: 3 per body, a workspace. */
struct force_measure {
	struct force_values *values; /* one per force element */
	double *power;               /* one per force element */
	double *before;
	double free_power;
};

/* forces_apply, and out filled (NULL: forces_apply itself). */
int forces_measure(const struct model *m, struct run_data *d, const double *c, const double *cd,
                   double t, double *h, double *potential, struct force_measure *out);

#endif
