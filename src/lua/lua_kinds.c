/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_kinds.c — the C tables as Lua reads them (mechbench.core.model):
 * the formulations, integrators, joint kinds, force kinds and contact laws
 * with their numbers, the check of an element's numbers by its kind's
 * entry, and a contact law or a friction law by itself. */
#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "analysis/run_options.h"
#include "analysis/simulate.h"
#include "analysis/stepper.h"
#include "lua/description.h"
#include "lua/lua_model.h"
#include "model/contact.h"
#include "model/forces/force.h"
#include "model/joints/joint.h"
#include "model/laws/law.h"

/* contact_force(law, {k, n, c, e}, delta, rate, approach) -> force, energy:
 * a contact law by itself, for lessons and tests; its numbers as the law's
 * entry takes them. */
int core_contact_force(lua_State *L)
{
	const struct contact_law *law = contact_law_find(luaL_checkstring(L, 1));
	if (!law)
		return luaL_error(L, "unknown contact law '%s'", lua_tostring(L, 1));
	luaL_checktype(L, 2, LUA_TTABLE);
	struct contact k = {0};
	k.law = law;
	double value[KIND_PARAMS];
	char err[300];
	if (params_from_lua(L, 2, law->params, value, NULL, err, sizeof err) != 0)
		return luaL_error(L, "%s", err);
	for (int p = 0; law->params[p].name; p++)
		*contact_param(&k, law->params[p].name) = value[kind_param_slot(law->params, p)];
	double energy,
	    f = contact_normal_force(&k, mb_arg_finite(L, 3, 0, 0), mb_arg_finite(L, 4, 0, 0),
	                             mb_arg_finite(L, 5, 0, 0), &energy);
	lua_pushnumber(L, f);
	lua_pushnumber(L, energy);
	return 2;
}

/* friction_brown_mcphee(v, mu_s, mu_d, v_t) -> the coefficient of Eq. 4.44 */
int core_friction_brown_mcphee(lua_State *L)
{
	lua_pushnumber(L,
	               friction_brown_mcphee(mb_arg_finite(L, 2, 0, 0), mb_arg_finite(L, 3, 0, 0),
	                                     mb_arg_finite(L, 4, 0, 0), mb_arg_finite(L, 1, 0, 0)));
	return 1;
}

static void push_names(lua_State *L, const char *const *names)
{
	lua_newtable(L);
	for (int i = 0; names[i]; i++) {
		lua_pushstring(L, names[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

/* A kind's numbers: {name, type, when, fallback, choices, timed} each. */
static void push_params(lua_State *L, const struct kind_param *params)
{
	static const char *types[] = {"number",   "positive", "nonnegative",
	                              "fraction", "pair",     "choice"};
	static const char *whens[] = {"required", "fallback", "from start", "derived"};
	lua_newtable(L);
	for (int i = 0; params[i].name; i++) {
		const struct kind_param *p = &params[i];
		lua_createtable(L, 0, 6);
		mb_set_text(L, "name", p->name);
		mb_set_text(L, "type", types[p->type]);
		mb_set_text(L, "when", whens[p->when]);
		lua_pushnumber(L, p->fallback), lua_setfield(L, -2, "fallback");
		if (p->choices)
			push_names(L, p->choices), lua_setfield(L, -2, "choices");
		lua_pushboolean(L, p->timed), lua_setfield(L, -2, "timed");
		lua_rawseti(L, -2, i + 1);
	}
}

/* Declared options (util/option.h), a NULL-terminated list: {name, type,
 * lo, hi, default (nil: said), said, choices, analyses = {simulate = true,
 * ...}, summary} each. */
static void push_options(lua_State *L, const struct option *const *list)
{
	static const char *types[] = {"number", "whole",       "flag",    "choice", "names",
	                              "joints", "coordinates", "numbers", "time"};
	lua_newtable(L);
	for (int i = 0; list && list[i]; i++) {
		const struct option *o = list[i];
		lua_createtable(L, 0, 9);
		mb_set_text(L, "name", o->name);
		mb_set_text(L, "type", types[o->type]);
		if (o->type == OPTION_NUMBER || o->type == OPTION_WHOLE) {
			lua_pushnumber(L, o->lo), lua_setfield(L, -2, "lo");
			lua_pushnumber(L, o->hi), lua_setfield(L, -2, "hi");
		}
		if (!isnan(o->fallback)) {
			if (o->type == OPTION_FLAG)
				lua_pushboolean(L, o->fallback != 0);
			else if (o->type == OPTION_CHOICE)
				lua_pushstring(L, option_choices(o)[(int)o->fallback]);
			else
				lua_pushnumber(L, o->fallback);
			lua_setfield(L, -2, "default");
		}
		mb_set_text(L, "said", o->said);
		if (o->type == OPTION_CHOICE)
			push_names(L, option_choices(o)), lua_setfield(L, -2, "choices");
		lua_newtable(L);
		for (int k = 0; option_analysis_names[k]; k++)
			if (o->taken_by & (1u << k))
				lua_pushboolean(L, 1),
				    lua_setfield(L, -2, option_analysis_names[k]);
		lua_setfield(L, -2, "analyses");
		mb_set_text(L, "summary", o->summary);
		lua_rawseti(L, -2, i + 1);
	}
}

static void push_shape(lua_State *L, struct kind_shape s, enum kind_drawing drawing)
{
	static const char *drawings[] = {"nothing", "pin",  "guide", "slot",
	                                 "rod",     "disc", "spring"};
	mb_set_int(L, "points", s.points), mb_set_int(L, "vectors", s.vectors);
	mb_set_int(L, "bodies", s.bodies);
	lua_pushboolean(L, s.moving), lua_setfield(L, -2, "moving");
	mb_set_text(L, "drawing", drawings[drawing]);
}

/* The parameter at param[slot] as {param = its name, index = 1 or 2 (a
 * pair's second)}, into field name of the table on top. */
static void set_slot(lua_State *L, const char *name, const struct kind_param *params, int slot)
{
	for (int p = 0; params[p].name; p++) {
		int at = kind_param_slot(params, p), pair = params[p].type == PARAM_PAIR;
		if (slot != at && !(pair && slot == at + 1))
			continue;
		lua_createtable(L, 0, 2);
		mb_set_text(L, "param", params[p].name);
		mb_set_int(L, "index", slot - at + 1);
		lua_setfield(L, -2, name);
		return;
	}
}

/* A declared vector: its base, the axis's numbers, the pair and the scale. */
static void push_vector(lua_State *L, const struct joint_kind *k, const struct geo_vector *v)
{
	lua_createtable(L, 0, 4);
	mb_set_text(L, "base", geo_base_names[v->base]);
	if (v->base == GEO_AXIS) {
		lua_pushnumber(L, v->x), lua_setfield(L, -2, "x");
		lua_pushnumber(L, v->y), lua_setfield(L, -2, "y");
	}
	if (v->base == GEO_PAIR)
		set_slot(L, "pair", k->params, v->pair);
	if (v->scale)
		set_slot(L, "scale", k->params, v->scale - 1);
}

/* A kind's declared geometry (model/joints/geometry.h) in the vocabulary's
 * words, its numbers by their parameters' names: what a derivation of Φ
 * from the declaration reads (issue 28). */
static void push_geometry(lua_State *L, const struct joint_kind *k, const struct joint_geometry *g)
{
	static const char *const sides[] = {"i", "j"};
	lua_createtable(L, 0, 5);
	mb_set_text(L, "on", sides[g->on]);
	mb_set_text(L, "offers", geo_offer_names[g->offers]);
	lua_createtable(L, g->nterms, 0);
	for (int t = 0; t < g->nterms; t++) {
		const struct geo_term *term = &g->term[t];
		lua_createtable(L, 0, 4);
		mb_set_text(L, "kind", geo_term_names[term->kind]);
		if (term->kind == TERM_OFFSET || term->kind == TERM_SLIDE ||
		    term->kind == TERM_ROLL) {
			mb_set_text(L, "on", sides[term->on]);
			push_vector(L, k, &term->vec), lua_setfield(L, -2, "vector");
		}
		if (term->kind == TERM_LINK)
			set_slot(L, "length", k->params, term->slot);
		if (term->kind == TERM_ROLL) { /* ℓ = x0 - R (φ_i - φ0) */
			set_slot(L, "radius", k->params, term->slot);
			set_slot(L, "x0", k->params, term->slot + 1);
			set_slot(L, "phi0", k->params, term->slot + 2);
		}
		lua_rawseti(L, -2, t + 1);
	}
	lua_setfield(L, -2, "terms");
	lua_createtable(L, 0, 3);
	mb_set_text(L, "kind", geo_tie_names[g->tie.kind]);
	if (g->tie.kind == TIE_FIXED || g->tie.kind == TIE_DRIVEN)
		mb_set_text(L, "form", geo_tie_form_names[g->tie.form]);
	if (g->tie.kind == TIE_FIXED && g->tie.value)
		set_slot(L, "value", k->params, g->tie.value - 1);
	if (g->tie.kind == TIE_GEARED) { /* R_i (φ_i - φ_i0) + R_j (φ_j - φ_j0) */
		set_slot(L, "radius_i", k->params, g->tie.slot);
		set_slot(L, "radius_j", k->params, g->tie.slot + 1);
		set_slot(L, "phi0_i", k->params, g->tie.slot + 2);
		set_slot(L, "phi0_j", k->params, g->tie.slot + 3);
	}
	lua_setfield(L, -2, "tie");
	lua_createtable(L, g->nrows, 0);
	for (int r = 0; r < g->nrows; r++) {
		lua_pushstring(L, geo_row_names[g->row[r]]);
		lua_rawseti(L, -2, r + 1);
	}
	lua_setfield(L, -2, "rows");
}

/* a force kind's law: {form = "line", stiffness = "k", ...}, its parts by
 * the names of the parameters that play them */
static void push_law(lua_State *L, const struct force_law *law)
{
	lua_createtable(L, 0, 8);
	mb_set_text(L, "form", force_law_names[law->form]);
	const char *parts[][2] = {{"stiffness", law->stiffness},
	                          {"rest", law->rest},
	                          {"damping", law->damping},
	                          {"actuator", law->actuator},
	                          {"value", law->value},
	                          {"frame", law->frame},
	                          {"axis", law->axis}};
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
		if (parts[i][1])
			mb_set_text(L, parts[i][0], parts[i][1]);
}

/* kinds() -> what the C tables hold, so that Lua keeps no copy of them:
 * formulations {name, title}, integrators (names), joints {name, summary,
 * rows, can, offers, shape, drawing, params, geometry}, forces {name, summary,
 * internal, host, shape, drawing, params, law}, laws {name, impulsive, params} */
int core_kinds(lua_State *L)
{
	lua_newtable(L);
	lua_newtable(L);
	for (int i = 0; formulations[i]; i++) {
		const struct formulation *f = formulations[i];
		lua_createtable(L, 0, 5);
		mb_set_text(L, "name", f->name);
		mb_set_text(L, "title", f->title);
		mb_set_text(L, "integrator", f->integrator ? f->integrator : integrator_default);
		lua_pushnumber(L, f->step), lua_setfield(L, -2, "step");
		/* what it can do, for the checks of options and the tests */
		lua_createtable(L, 0, 6);
		lua_pushboolean(L, !f->joint_forces);
		lua_setfield(L, -2, "constraints");
		lua_pushboolean(L, !(f->capabilities & FORM_FIXED_STEP));
		lua_setfield(L, -2, "adaptive");
		lua_pushboolean(L, f->joint_forces != NULL);
		lua_setfield(L, -2, "joint_forces");
		/* closed_form: no rows for a remedy; takes only what it solves in closed form */
		lua_pushboolean(L, (f->capabilities & FORM_CLOSED_FORM) != 0);
		lua_setfield(L, -2, "closed_form");
		lua_pushboolean(L, f->mass_solve != NULL);
		lua_setfield(L, -2, "dynamics");
		/* its coordinates are the bodies' own, c = {x, y, angle} each: names
		 * such as "crank.angle" are its coordinates (partitioning's independent) */
		lua_pushboolean(L, f->from_bodies == body_coords_from_bodies);
		lua_setfield(L, -2, "body_coordinates");
		lua_setfield(L, -2, "can");
		push_options(L, f->options), lua_setfield(L, -2, "options");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "formulations");
	push_names(L, integrator_names()), lua_setfield(L, -2, "integrators");
	lua_newtable(L); /* the integrators that take fixed steps */
	for (const char *const *name = integrator_names(); *name; name++)
		if (integrator_fixed(*name))
			lua_pushboolean(L, 1), lua_setfield(L, -2, *name);
	lua_setfield(L, -2, "fixed_step");
	/* the options every run or look at a state reads, the remedies' own,
	 * and the most reports and steps a run takes */
	lua_newtable(L);
	push_options(L, run_options), lua_setfield(L, -2, "run");
	push_options(L, formulation_layer_options), lua_setfield(L, -2, "layer");
	push_options(L, state_options), lua_setfield(L, -2, "state");
	lua_newtable(L);
	for (int i = 0; remedies[i].name; i++) {
		lua_createtable(L, 0, 2);
		mb_set_text(L, "name", remedies[i].name);
		push_options(L, remedies[i].options), lua_setfield(L, -2, "options");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "remedies");
	lua_pushnumber(L, RUN_MAX_REPORTS), lua_setfield(L, -2, "max_reports");
	lua_pushnumber(L, RUN_MAX_STEPS), lua_setfield(L, -2, "max_steps");
	lua_setfield(L, -2, "options");
	lua_newtable(L);
	for (int i = 0; joint_kinds[i]; i++) {
		const struct joint_kind *k = joint_kinds[i];
		lua_newtable(L);
		mb_set_text(L, "name", k->name), mb_set_text(L, "summary", k->summary);
		lua_pushboolean(L, k->internal), lua_setfield(L, -2, "internal");
		mb_set_int(L, "rows", k->rows);
		push_shape(L, k->shape, k->drawing);
		lua_createtable(L, 0, 4);
		lua_pushboolean(L, joint_kind_offers(k) == OFFER_ANGLE);
		lua_setfield(L, -2, "pin");
		lua_pushboolean(L, joint_kind_offers(k) == OFFER_SLIDE);
		lua_setfield(L, -2, "slide");
		lua_pushboolean(L, joint_kind_driven(k));
		lua_setfield(L, -2, "driver");
		lua_setfield(L, -2, "can");
		if (joint_kind_offers(k) != OFFER_NONE)
			mb_set_text(L, "offers", geo_offer_names[joint_kind_offers(k)]);
		push_params(L, k->params), lua_setfield(L, -2, "params");
		/* its geometry: one declaration, or one per choice in their order */
		lua_newtable(L);
		for (int c = 0; k->geometry && c < joint_kind_choices(k); c++) {
			push_geometry(L, k, &k->geometry[c]);
			lua_rawseti(L, -2, c + 1);
		}
		lua_setfield(L, -2, "geometry");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "joints");
	lua_newtable(L);
	for (int i = 0; force_kinds[i]; i++) {
		const struct force_kind *k = force_kinds[i];
		lua_newtable(L);
		mb_set_text(L, "name", k->name), mb_set_text(L, "summary", k->summary);
		lua_pushboolean(L, k->internal), lua_setfield(L, -2, "internal");
		lua_pushboolean(L, k->host), lua_setfield(L, -2, "host");
		push_shape(L, k->shape, k->drawing);
		push_params(L, k->params), lua_setfield(L, -2, "params");
		push_law(L, &k->law), lua_setfield(L, -2, "law");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "forces");
	lua_newtable(L);
	for (int i = 0; contact_laws[i]; i++) {
		lua_newtable(L);
		mb_set_text(L, "name", contact_laws[i]->name);
		mb_set_text(L, "summary", contact_laws[i]->summary);
		lua_pushboolean(L, contact_laws[i]->impulsive), lua_setfield(L, -2, "impulsive");
		push_params(L, contact_laws[i]->params), lua_setfield(L, -2, "params");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "laws");
	return 1;
}

/* check(what, kind, element) -> nil, or what is wrong with the element's
 * numbers ("k must be positive (got -1)"): the C entry of the joint kind,
 * force kind or contact law judges them, the same way it does when the
 * model is built. */
int core_check(lua_State *L)
{
	static const char *const whats[] = {"joint", "force", "law", "contact", NULL};
	int what = luaL_checkoption(L, 1, NULL, whats);
	const char *name = luaL_checkstring(L, 2);
	luaL_checktype(L, 3, LUA_TTABLE);
	const struct kind_param *params = NULL;
	const struct joint_kind *j = what == 0 ? joint_kind_find(name) : NULL;
	const struct force_kind *f = what == 1 ? force_kind_find(name) : NULL;
	const struct contact_law *law = what == 2 ? contact_law_find(name) : NULL;
	params = j ? j->params : f ? f->params : law ? law->params : NULL;
	if (what == 3) /* a contact's friction, whatever its law */
		params = contact_friction;
	if (!params)
		return luaL_error(L, "no %s kind '%s'", whats[what], name);
	double param[KIND_PARAMS];
	char err[300];
	if (params_from_lua(L, 3, params, param, NULL, err, sizeof err) != 0) {
		lua_pushstring(L, err);
		return 1;
	}
	if (law && law->check) {
		struct contact k = {0};
		k.law = law;
		for (int p = 0; law->params[p].name; p++)
			*contact_param(&k, law->params[p].name) = param[kind_param_slot(params, p)];
		if (law->check(&k, err, sizeof err) != 0) {
			lua_pushstring(L, err);
			return 1;
		}
	}
	return 0;
}
