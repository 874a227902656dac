/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forces.c — the table of force kinds, gravity, and the sum of all forces. */
#include "model/forces/force.h"

#include <string.h>

#include "model/contact.h"

const struct force_kind *const force_kinds[] = {
#define X(kind) &force_##kind,
    FORCE_KINDS
#undef X
        NULL};

const char *const force_law_names[] = {
    [FORCE_LAW_OWN] = "own",           [FORCE_LAW_LINE] = "line",     [FORCE_LAW_TURN] = "turn",
    [FORCE_LAW_AT_POINT] = "at_point", [FORCE_LAW_TORQUE] = "torque", [FORCE_LAW_SLIP] = "slip"};

const struct force_kind *force_kind_find(const char *name)
{
	for (int i = 0; force_kinds[i]; i++)
		if (strcmp(force_kinds[i]->name, name) == 0)
			return force_kinds[i];
	return NULL;
}

void weights_apply(const struct model *m, const double *c, double *h, double *potential)
{
	double v = 0; /* summed here: h's stores need not be read back */
	vec2 g = m->gravity;
	for (int b = 0; b < m->nbodies; b++) {
		double mass = m->bodies[b].mass;
		h[3 * b] = mass * g.x; /* weight at the mass centre, Eq. 4.20 */
		h[3 * b + 1] = mass * g.y;
		h[3 * b + 2] = 0;
		v -= mass * v2_dot(g, v2(c[3 * b], c[3 * b + 1])); /* m g y */
	}
	*potential = v;
}

/* The power of what was added to h since before: the generalised force
 * times the bodies' rates, c' (x', y', phi' each). */
static double power_added(const double *h, const double *before, const double *cd, int n)
{
	double p = 0;
	for (int k = 0; k < n; k++)
		p += (h[k] - before[k]) * cd[k];
	return p;
}

int forces_apply(const struct model *m, struct run_data *d, const double *c, const double *cd,
                 double t, double *h, double *potential)
{
	return forces_measure(m, d, c, cd, t, h, potential, NULL);
}

int forces_measure(const struct model *m, struct run_data *d, const double *c, const double *cd,
                   double t, double *h, double *potential, struct force_measure *out)
{
	int n = 3 * m->nbodies;
	weights_apply(m, c, h, potential);
	if (out)
		out->free_power = 0;
	for (int i = 0; i < m->nforces; i++) {
		const struct force *f = &m->forces[i];
		if (out)
			memcpy(out->before, h, sizeof(double) * (size_t)n);
		if (f->kind->apply(m, d, f, c, cd, t, h, potential, out ? &out->values[i] : NULL) !=
		    0)
			return -1;
		if (out) {
			out->power[i] = power_added(h, out->before, cd, n);
			out->free_power += out->power[i] + out->values[i].stored;
		}
	}
	contacts_apply(m, d, c, cd, h, potential);
	return 0;
}
