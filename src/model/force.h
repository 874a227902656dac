/* force.h — applied forces of book Sec. 4.4, one vtable per kind.
 *
 * A kind adds its generalised force to h (3 entries per body: fx, fy and
 * the moment about the mass centre) and its potential energy to *v. */
#ifndef MB_FORCE_H
#define MB_FORCE_H

#include "model/model.h"

struct force_kind {
	const char *name;
	/* 0, or -1 with m->error set */
	int (*apply)(struct model *m, const struct force *f, const double *c, const double *cd,
	             double t, double *h, double *potential);
};

const struct force_kind *force_kind_find(const char *name);

/* All applied forces, gravity and contact forces included: h = h^(a)
 * (Eq. 7.49), and the potential energy of the conservative ones. 0 or -1. */
int forces_apply(struct model *m, const double *c, const double *cd, double t, double *h,
                 double *potential);

/* Adds the force f acting at body-fixed point s of body b to h (force
 * and its moment s̆'f about the mass centre, Eq. 4.11). */
void force_at_point(double *h, int b, double phi, vec2 s, vec2 f);

#endif
