/* SPDX-License-Identifier: GPL-3.0-or-later */
/* finish.c — a model made ready to run (model_finish, model.h): every
 * element checked, each kind's defaults filled, the constraint rows
 * numbered and the joint graph compiled (joint_graph.h). Apart from
 * model.c, which the graph's code builds on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/joint_graph.h"
#include "model/model.h"

static int bodies_in_range(const struct model *m, int bi, int bj)
{
	return bi >= -1 && bj >= -1 && bi < m->nbodies && bj < m->nbodies;
}

/* "where: what 'name': why" into err; always -1. */
static int element_error(char *err, size_t len, const char *where, const char *what,
                         const char *name, const char *why)
{
	snprintf(err, len, "%s: %s '%s': %s", where, what, name, why);
	return -1;
}

int model_finish(struct model *m, char *err, size_t len)
{
	char why[256] = "";
	m->nc = 0;
	for (int i = 0; i < m->nbodies; i++) {
		const struct body *b = &m->bodies[i];
		int ok = b->mass > 0 && b->inertia > 0 && isfinite(b->mass + b->inertia);
		for (int k = 0; k < 3; k++)
			ok = ok && isfinite(b->q0[k]) && isfinite(b->v0[k]);
		if (!ok)
			return element_error(
			    err, len, b->where, "body", b->name,
			    "mass and inertia must be positive, and its start finite");
	}
	for (int i = 0; i < m->njoints; i++) {
		struct joint *j = &m->joints[i];
		if (!bodies_in_range(m, j->bi, j->bj))
			return element_error(err, len, j->where, "joint", j->name,
			                     "a body index is out of range");
		if (j->kind->shape.moving &&
		    (j->bi < 0 || (j->kind->shape.bodies == 2 && j->bj < 0)))
			return element_error(
			    err, len, j->where, "joint", j->name,
			    "its bodies must move: the ground cannot be one of them");
		if (kind_params_check(j->kind->params, j->param, why, sizeof why) != 0 ||
		    (j->kind->prepare && j->kind->prepare(m, j, why, sizeof why) != 0))
			return element_error(err, len, j->where, "joint", j->name, why);
		j->row = m->nc;
		m->nc += j->kind->rows;
		j->fn.where = j->where, j->fn.what = "joint", j->fn.name = j->name;
	}
	for (int i = 0; i < m->nforces; i++) {
		struct force *f = &m->forces[i];
		if (!bodies_in_range(m, f->bi, f->bj))
			return element_error(err, len, f->where, "force", f->name,
			                     "a body index is out of range");
		if (f->kind->shape.moving && f->bi < 0)
			return element_error(err, len, f->where, "force", f->name,
			                     "it must act on a moving body, not the ground");
		if (kind_params_check(f->kind->params, f->param, why, sizeof why) != 0)
			return element_error(err, len, f->where, "force", f->name, why);
		f->fn.where = f->where, f->fn.what = "force", f->fn.name = f->name;
		if (f->kind->host && !f->host.call)
			return element_error(err, len, f->where, "force", f->name,
			                     "needs fn, the function that gives the forces");
	}
	for (int i = 0; i < m->ncontacts; i++) {
		struct contact *k = &m->contacts[i];
		if (!bodies_in_range(m, k->bi, k->bj))
			return element_error(err, len, k->where, "contact", k->name,
			                     "a body index is out of range");
		if (!(k->ri >= 0 && k->rj >= 0) ||
		    (k->shape == CONTACT_CIRCLE_LINE && !(v2_norm(k->normal) > 0)))
			return element_error(
			    err, len, k->where, "contact", k->name,
			    "radii must not be negative, and a line needs a normal");
		double friction[3] = {k->mu, k->mu_s, k->v_t};
		if (kind_params_check(contact_friction, friction, why, sizeof why) != 0)
			return element_error(err, len, k->where, "contact", k->name, why);
		k->mu = friction[0], k->v_t = friction[2];
		k->mu_s =
		    isnan(friction[1]) ? k->mu : friction[1]; /* static as sliding, unless given */
		const struct kind_param *params = k->law->params;
		double value[KIND_PARAMS];
		for (int p = 0; params[p].name; p++)
			value[kind_param_slot(params, p)] = *contact_param(k, params[p].name);
		if (kind_params_check(params, value, why, sizeof why) != 0 ||
		    (k->law->check && k->law->check(k, why, sizeof why) != 0))
			return element_error(err, len, k->where, "contact", k->name, why);
		for (int p = 0; params[p].name; p++)
			*contact_param(k, params[p].name) = value[kind_param_slot(params, p)];
	}
	free(m->graph);
	m->graph = joint_graph_compile(m);
	return 0;
}
