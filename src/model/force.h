/* force.h — applied forces of book Sec. 4.4, one table entry per kind.
 *
 * A kind adds its generalised force to h (3 entries per body: fx, fy and
 * the moment about the mass centre) and its potential energy to
 * *potential. */
#ifndef MB_FORCE_H
#define MB_FORCE_H

#include "model/model.h"

/* The kind called name, or NULL; and every kind, NULL-terminated. */
const struct force_kind *force_kind_find(const char *name);
extern const struct force_kind *const force_kinds[];

/* All applied forces, gravity and contact forces included: h = h^(a)
 * (Eq. 7.49), and the potential energy of the conservative ones. 0 or -1
 * with the run's error set. */
int forces_apply(const struct model *m, struct run_data *d, const double *c, const double *cd,
                 double t, double *h, double *potential);

#endif
