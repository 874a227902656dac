/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_equations.c — what the equations shown symbolically (lua/mechbench/
 * equations.lua) read from the C model: each element's numbers as its
 * kind prepared them (defaults taken from the start), the point
 * coordinates' layout whole (its maps of points, frames, masses and rows,
 * point_layout.h), and the generalised forces of the elements the algebra
 * shows by name only (user forces, contacts). */
#include <lauxlib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/point_layout.h"
#include "lua/description.h"
#include "lua/lua_core.h"
#include "lua/lua_model.h"
#include "model/contact.h"

static void push_pair(lua_State *L, vec2 v)
{
	lua_createtable(L, 2, 0);
	lua_pushnumber(L, v.x), lua_rawseti(L, -2, 1);
	lua_pushnumber(L, v.y), lua_rawseti(L, -2, 2);
}

/* A kind's numbers by name: a pair as {a, b}, a choice by its name. */
static void push_params(lua_State *L, const struct kind_param *params, const double *param)
{
	lua_newtable(L);
	for (int k = 0; params[k].name; k++) {
		const double *v = param + kind_param_slot(params, k);
		if (params[k].type == PARAM_PAIR)
			push_pair(L, v2(v[0], v[1]));
		else if (params[k].type == PARAM_CHOICE)
			lua_pushstring(L, params[k].choices[(int)v[0]]);
		else
			lua_pushnumber(L, v[0]);
		lua_setfield(L, -2, params[k].name);
	}
}

/* prepared(desc) -> { joints = { {name = value, ...}, ... }, forces = ... }:
 * every joint's and force's numbers once the model is finished, those
 * left out filled from the start or by their fallbacks. */
int core_prepared(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	const struct model *m = mb_model_arg(L, 1);
	lua_createtable(L, 0, 2);
	lua_createtable(L, m->njoints, 0);
	for (int k = 0; k < m->njoints; k++) {
		push_params(L, m->joints[k].kind->params, m->joints[k].param);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "joints");
	lua_createtable(L, m->nforces, 0);
	for (int k = 0; k < m->nforces; k++) {
		push_params(L, m->forces[k].kind->params, m->forces[k].param);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "forces");
	return 1;
}

/* An affine map of the points, r = c + Σ z_k r_k: { c = {x, y}, {var =
 * its first coordinate (1-based), z = {re, im}}, ... }. */
static void push_lin(lua_State *L, const struct lin *l)
{
	lua_createtable(L, l->n, 1);
	push_pair(L, l->c), lua_setfield(L, -2, "c");
	for (int k = 0; k < l->n; k++) {
		lua_createtable(L, 0, 2);
		mb_set_int(L, "var", l->v[k] + 1);
		push_pair(L, l->z[k]), lua_setfield(L, -2, "z");
		lua_rawseti(L, -2, k + 1);
	}
}

static void push_layout_groups(lua_State *L, const struct layout *P)
{
	static const char *motions[] = {"fixed", "sliding", "turning"};
	lua_createtable(L, P->ngroups, 0);
	for (int g = 1; g < P->ngroups; g++) {
		const struct group *G = &P->groups[g];
		lua_createtable(L, 0, 12);
		mb_set_int(L, "ref", G->ref + 1);
		mb_set_text(L, "motion", motions[G->motion]);
		mb_set_text(L, "name", G->name);
		lua_pushnumber(L, G->angle), lua_setfield(L, -2, "angle");
		lua_pushnumber(L, G->dir), lua_setfield(L, -2, "dir");
		lua_pushnumber(L, G->length), lua_setfield(L, -2, "length");
		lua_pushnumber(L, G->mass), lua_setfield(L, -2, "mass");
		lua_pushnumber(L, G->inertia), lua_setfield(L, -2, "inertia");
		push_lin(L, &G->centre), lua_setfield(L, -2, "centre");
		push_lin(L, &G->frame), lua_setfield(L, -2, "frame");
		lua_createtable(L, G->npoints, 0);
		for (int k = 0; k < G->npoints; k++) {
			lua_createtable(L, 0, 2);
			mb_set_int(L, "point", G->points[k] + 1);
			push_pair(L, G->at[k]), lua_setfield(L, -2, "at");
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "points");
		lua_rawseti(L, -2, g);
	}
}

static void push_layout_rows_whole(lua_State *L, const struct layout *P)
{
	static const char *kinds[] = {"dot", "cross", "linear", "angle"};
	static const char *times[] = {"none", "linear", "half square"};
	lua_createtable(L, P->nrows, 0);
	for (int i = 0; i < P->nrows; i++) {
		const struct prow *r = &P->rows[i];
		lua_createtable(L, 0, 12);
		mb_set_text(L, "kind", kinds[r->kind]);
		mb_set_text(L, "type", r->type);
		push_lin(L, &r->a), lua_setfield(L, -2, "a");
		push_lin(L, r->same ? &r->a : &r->b), lua_setfield(L, -2, "b");
		push_pair(L, r->g), lua_setfield(L, -2, "g");
		lua_pushnumber(L, r->w), lua_setfield(L, -2, "w");
		lua_pushnumber(L, r->k), lua_setfield(L, -2, "k");
		mb_set_text(L, "time", times[r->time]);
		if (r->joint >= 0)
			mb_set_int(L, "joint", r->joint + 1);
		else
			mb_set_int(L, "body", r->body + 1);
		lua_createtable(L, 2, 0);
		for (int s = 0, at = 1; r->kind == PROW_ANGLE && s < 2; s++) {
			if (r->group[s] < 0)
				continue;
			lua_createtable(L, 0, 2);
			mb_set_int(L, "group", r->group[s]);
			lua_pushnumber(L, r->weight[s]), lua_setfield(L, -2, "weight");
			lua_rawseti(L, -2, at++);
		}
		lua_setfield(L, -2, "angles");
		lua_rawseti(L, -2, i + 1);
	}
}

/* point_layout(desc) -> the point coordinates' layout (Ch. 10) whole: n,
 * points {var, at, name}, groups {ref, motion, name, angle, dir, length,
 * mass, inertia, centre, frame, points {point, at}}, bodies {group,
 * offset, angle, centre}, rows {kind, type, a, b, g, w, k, time, joint or
 * body, angles {group, weight}}; indices 1-based, group 1 the first that
 * is not the ground's. */
int core_point_layout(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	const struct model *m = mb_model_arg(L, 1);
	struct run_data *d = run_data_new(m);
	struct layout_options o = {0};
	struct layout *P = layout_new(m, &o, d);
	if (!P) {
		lua_pushstring(L, d->error[0] ? d->error : "no point layout");
		run_data_free(d);
		return lua_error(L);
	}
	lua_createtable(L, 0, 5);
	mb_set_int(L, "n", P->n);
	lua_createtable(L, P->npoints, 0);
	for (int p = 0; p < P->npoints; p++) {
		lua_createtable(L, 0, 3);
		if (P->points[p].var >= 0)
			mb_set_int(L, "var", P->points[p].var + 1);
		push_pair(L, P->points[p].at), lua_setfield(L, -2, "at");
		mb_set_text(L, "name", P->points[p].name);
		lua_rawseti(L, -2, p + 1);
	}
	lua_setfield(L, -2, "points");
	push_layout_groups(L, P), lua_setfield(L, -2, "groups");
	lua_createtable(L, m->nbodies, 0);
	for (int b = 0; b < m->nbodies; b++) {
		const struct body_place *bp = &P->bodies[b];
		lua_createtable(L, 0, 4);
		mb_set_int(L, "group", bp->group);
		push_pair(L, bp->offset), lua_setfield(L, -2, "offset");
		lua_pushnumber(L, bp->angle), lua_setfield(L, -2, "angle");
		push_lin(L, &bp->centre), lua_setfield(L, -2, "centre");
		lua_rawseti(L, -2, b + 1);
	}
	lua_setfield(L, -2, "bodies");
	push_layout_rows_whole(L, P), lua_setfield(L, -2, "rows");
	layout_free(P);
	run_data_free(d);
	return 1;
}

/* element_forces(desc, t, c, cd) -> { forces = { [k] = h of force k },
 * contacts = h of every contact }: the generalised forces (3 per body) of
 * each force element and of the contacts, at one state in body
 * coordinates, each alone. */
int core_element_forces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = mb_arg_finite(L, 2, 0, 0);
	luaL_checktype(L, 3, LUA_TTABLE);
	luaL_checktype(L, 4, LUA_TTABLE);
	const struct model *m = mb_model_arg(L, 1);
	struct run_data *d = run_data_new(m);
	int n3 = 3 * m->nbodies, status = 0;
	double *c = calloc(3 * (size_t)n3 + 1, sizeof(double)), *cd = c + n3, *h = cd + n3;
	for (int k = 0; k < 2 * n3; k++) {
		lua_rawgeti(L, k < n3 ? 3 : 4, (k % n3) + 1);
		c[k] = lua_tonumber(L, -1);
		lua_pop(L, 1);
	}
	lua_createtable(L, 0, 2);
	lua_createtable(L, m->nforces, 0);
	for (int k = 0; status == 0 && k < m->nforces; k++) {
		double potential = 0;
		memset(h, 0, sizeof(double) * (size_t)n3);
		const struct force *f = &m->forces[k];
		status = f->kind->apply(m, d, f, c, cd, t, h, &potential, NULL);
		lua_createtable(L, n3, 0);
		for (int i = 0; i < n3; i++)
			lua_pushnumber(L, h[i]), lua_rawseti(L, -2, i + 1);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "forces");
	double potential = 0;
	memset(h, 0, sizeof(double) * (size_t)n3);
	contacts_apply(m, d, c, cd, h, &potential);
	lua_createtable(L, n3, 0);
	for (int i = 0; i < n3; i++)
		lua_pushnumber(L, h[i]), lua_rawseti(L, -2, i + 1);
	lua_setfield(L, -2, "contacts");
	if (status != 0)
		lua_pushstring(L, d->error[0] ? d->error : "a force failed");
	free(c);
	run_data_free(d);
	return status == 0 ? 1 : lua_error(L);
}

static void push_time_fn(lua_State *L, struct run_data *d, const struct time_fn *fn, double t,
                         int *status)
{
	double f[3] = {0, 0, 0};
	if (*status == 0 && model_fn(d, fn, t, f) != 0)
		*status = -1;
	lua_createtable(L, 3, 0);
	for (int k = 0; k < 3; k++)
		lua_pushnumber(L, f[k]), lua_rawseti(L, -2, k + 1);
}

/* time_functions(desc, t) -> { joints = { [k] = {f, f', f''} }, forces =
 * ... }: every element's function of time at t as the run evaluates it
 * (derivatives by differences when the function gives f alone); elements
 * without one give zeros. */
int core_time_functions(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = mb_arg_finite(L, 2, 0, 0);
	const struct model *m = mb_model_arg(L, 1);
	struct run_data *d = run_data_new(m);
	int status = 0;
	lua_createtable(L, 0, 2);
	lua_createtable(L, m->njoints, 0);
	for (int k = 0; k < m->njoints; k++)
		push_time_fn(L, d, &m->joints[k].fn, t, &status), lua_rawseti(L, -2, k + 1);
	lua_setfield(L, -2, "joints");
	lua_createtable(L, m->nforces, 0);
	for (int k = 0; k < m->nforces; k++)
		push_time_fn(L, d, &m->forces[k].fn, t, &status), lua_rawseti(L, -2, k + 1);
	lua_setfield(L, -2, "forces");
	if (status != 0)
		lua_pushstring(L, d->error[0] ? d->error : "a function of time failed");
	run_data_free(d);
	return status == 0 ? 1 : lua_error(L);
}
