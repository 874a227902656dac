/* SPDX-License-Identifier: GPL-3.0-or-later */
/* description.c — the model from its Lua description (see description.h). */
#include "lua/description.h"

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua/luafield.h"
#include "model/contact.h"
#include "model/forces/force.h"
#include "model/joints/joint.h"
#include "model/laws/law.h"
#include "model/time_forms.h"

/* ------------------------------------------------------------ Lua functions as callbacks */

/* The thread a compiled model's Lua functions are called on: the one
 * running the binding that uses the model now (mb_model_arg sets it), or
 * freeing it; a model kept between calls may be used from a coroutine, and
 * the thread it was built on may be gone. */
struct lua_host {
	lua_State *L;
};

struct lua_fn {
	struct lua_host *host;
	int ref;
};

/* The host of the model being built (model_from_lua), for its functions. */
static struct lua_host *building;

static struct lua_fn *lua_fn_new(lua_State *L)
{
	struct lua_fn *f = malloc(sizeof *f);
	f->host = building, f->ref = luaL_ref(L, LUA_REGISTRYINDEX);
	return f;
}

static void release_lua_fn(void *ctx)
{
	struct lua_fn *f = ctx;
	luaL_unref(f->host->L, LUA_REGISTRYINDEX, f->ref);
	free(f);
}

static void error_text(lua_State *L, char *err, size_t len)
{
	const char *msg = lua_tostring(L, -1);
	snprintf(err, len, "%s", msg ? msg : "(an error object that is not a string)");
}

/* f(t): up to three numbers, f, f', f''. */
static int call_time_fn(void *ctx, double t, double out[3], char *err, size_t len)
{
	struct lua_fn *f = ctx;
	lua_State *L = f->host->L;
	int top = lua_gettop(L);
	lua_rawgeti(L, LUA_REGISTRYINDEX, f->ref);
	lua_pushnumber(L, t);
	if (lua_pcall(L, 1, 3, 0) != LUA_OK) {
		error_text(L, err, len);
		lua_settop(L, top);
		return -1;
	}
	int n = 0;
	for (int k = 0; k < 3 && lua_isnumber(L, top + 1 + k); k++)
		out[n++] = lua_tonumber(L, top + 1 + k);
	lua_settop(L, top);
	return n;
}

/* A user force: model.lua wraps the user's function so that it is called
 * as fn(t, c, cd) and returns the generalised forces of all bodies as one
 * array of 3 x nbodies numbers. */
static int call_user_force(void *ctx, double t, const double *c, const double *cd, int nbodies,
                           double *h, char *err, size_t len)
{
	struct lua_fn *f = ctx;
	lua_State *L = f->host->L;
	int top = lua_gettop(L), n = 3 * nbodies;
	lua_rawgeti(L, LUA_REGISTRYINDEX, f->ref);
	lua_pushnumber(L, t);
	lua_createtable(L, n, 0);
	lua_createtable(L, n, 0);
	for (int k = 0; k < n; k++) {
		lua_pushnumber(L, c[k]);
		lua_rawseti(L, -3, k + 1);
		lua_pushnumber(L, cd[k]);
		lua_rawseti(L, -2, k + 1);
	}
	if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
		error_text(L, err, len);
		lua_settop(L, top);
		return -1;
	}
	if (!lua_istable(L, -1)) {
		snprintf(err, len, "a user force must return a table of forces, not a %s",
		         luaL_typename(L, -1));
		lua_settop(L, top);
		return -1;
	}
	for (int k = 0; k < n; k++) {
		lua_rawgeti(L, -1, k + 1);
		h[k] += lua_isnumber(L, -1) ? lua_tonumber(L, -1) : NAN;
		lua_pop(L, 1);
	}
	lua_settop(L, top);
	return 0;
}

/* The function on top of the stack, when mb.fn made it: its form and
 * numbers as mechbench.fn's `forms` keeps them ({name, numbers...}), for
 * C to evaluate. NULL for any other function. */
static struct time_form *form_of(lua_State *L)
{
	struct time_form *form = NULL;
	int top = lua_gettop(L);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	if (lua_getfield(L, -1, "mechbench.fn") == LUA_TTABLE &&
	    lua_getfield(L, -1, "forms") == LUA_TTABLE) {
		lua_pushvalue(L, top);
		if (lua_gettable(L, -2) == LUA_TTABLE && lua_rawgeti(L, -1, 1) == LUA_TSTRING) {
			int kind = time_form_find(lua_tostring(L, -1));
			if (kind >= 0) {
				form = calloc(1, sizeof *form);
				form->kind = kind;
				for (int k = 0; k < 4; k++) {
					lua_rawgeti(L, -2, k + 2);
					form->p[k] = lua_tonumber(L, -1);
					lua_pop(L, 1);
				}
			}
		}
	}
	lua_settop(L, top);
	return form;
}

/* A Lua function in field key becomes a callback (one of mb.fn's forms is
 * evaluated in C); a number, a constant. */
static struct time_fn time_fn_field(lua_State *L, int t, const char *key)
{
	struct time_fn fn = {.constant = 0};
	lua_getfield(L, t, key);
	struct time_form *form = lua_isfunction(L, -1) ? form_of(L) : NULL;
	if (form) {
		lua_pop(L, 1);
		fn.call = time_form_call, fn.release = free, fn.ctx = form;
		return fn;
	}
	if (lua_isfunction(L, -1)) {
		fn.call = call_time_fn, fn.release = release_lua_fn, fn.ctx = lua_fn_new(L),
		fn.host = 1;
		return fn;
	}
	fn.constant = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 0;
	lua_pop(L, 1);
	return fn;
}

static struct host_force host_force_field(lua_State *L, int t, const char *key)
{
	struct host_force host = {NULL, NULL, NULL};
	lua_getfield(L, t, key);
	if (!lua_isfunction(L, -1)) {
		lua_pop(L, 1);
		return host;
	}
	host.call = call_user_force, host.release = release_lua_fn, host.ctx = lua_fn_new(L);
	return host;
}

/* ------------------------------------------------------------ elements */

/* Three numbers {a, b, c}; NaN for what is missing, so the model's checks
 * refuse it. */
static void triple_field(lua_State *L, int t, const char *key, double out[3])
{
	lua_getfield(L, t, key);
	for (int k = 0; k < 3; k++) {
		out[k] = NAN;
		if (lua_istable(L, -1)) {
			lua_rawgeti(L, -1, k + 1);
			if (lua_isnumber(L, -1))
				out[k] = lua_tonumber(L, -1);
			lua_pop(L, 1);
		}
	}
	lua_pop(L, 1);
}

int params_from_lua(lua_State *L, int t, const struct kind_param *params, double *param,
                    struct time_fn *fn, char *err, size_t len)
{
	for (int k = 0; k < KIND_PARAMS; k++)
		param[k] = NAN;
	for (int i = 0; params[i].name; i++) {
		const struct kind_param *p = &params[i];
		double *v = param + kind_param_slot(params, i);
		if (p->when == PARAM_DERIVED)
			continue;
		int type = lua_getfield(L, t, p->name);
		const char *wanted = NULL;
		if (type == LUA_TNIL) {
			/* left out: the entry's fallback, or its need, decides */
		} else if (p->timed && lua_isfunction(L, -1)) {
			if (fn) {
				lua_pop(L, 1);
				*fn = time_fn_field(L, t, p->name);
				lua_pushnil(L);
			}
			v[0] = 0; /* the function is all of it */
		} else if (p->type == PARAM_PAIR) {
			if (lua_istable(L, -1)) {
				lua_rawgeti(L, -1, 1);
				lua_rawgeti(L, -2, 2);
				if (lua_type(L, -2) == LUA_TNUMBER &&
				    lua_type(L, -1) == LUA_TNUMBER)
					v[0] = lua_tonumber(L, -2), v[1] = lua_tonumber(L, -1);
				else
					wanted = "a pair of numbers {a, b}";
				lua_pop(L, 2);
				if (isnan(v[0]) || isnan(v[1])) { /* NaN given is not "left out" */
					snprintf(err, len,
					         "%s must be a pair of numbers {a, b}, not NaN",
					         p->name);
					lua_pop(L, 1);
					return -1;
				}
			} else {
				wanted = "a pair of numbers {a, b}";
			}
		} else if (p->type == PARAM_CHOICE) {
			const char *name =
			    lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
			v[0] = -1; /* not one of them: the check names the choices */
			for (int k = 0; p->choices[k]; k++)
				if (strcmp(name, p->choices[k]) == 0)
					v[0] = k;
		} else if (type == LUA_TNUMBER) {
			v[0] = lua_tonumber(L, -1);
			if (v[0] != v[0]) { /* NaN given is not "left out" */
				snprintf(err, len, "%s must be a number, not NaN", p->name);
				lua_pop(L, 1);
				return -1;
			}
		} else {
			wanted = p->timed ? "a number or a function of time" : "a number";
		}
		if (wanted) {
			snprintf(err, len, "%s must be %s, not %s", p->name, wanted,
			         luaL_typename(L, -1));
			lua_pop(L, 1);
			return -1;
		}
		lua_pop(L, 1);
	}
	return kind_params_check(params, param, err, len);
}

/* Read a string field without copying (the description table keeps it). */
static const char *string_field(lua_State *L, int t, const char *key, const char *fallback)
{
	lua_getfield(L, t, key);
	const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : fallback;
	lua_pop(L, 1);
	return s;
}

/* Where an element was made: its description's "where", which the library
 * always sets; for a description made by hand and given to the core
 * directly, made_at, the line that called the core. */
static const char *where_field(lua_State *L, int t, const char *made_at)
{
	return string_field(L, t, "where", made_at);
}

static int read_body(struct model *m, lua_State *L, int t, const char *made_at, char *err,
                     size_t len)
{
	(void)err, (void)len; /* model_finish checks the numbers */
	struct body *b =
	    model_add_body(m, string_field(L, t, "name", "?"), where_field(L, t, made_at));
	b->mass = field_number(L, t, "mass", NAN);
	b->inertia = field_number(L, t, "inertia", NAN);
	triple_field(L, t, "q", b->q0);
	triple_field(L, t, "v", b->v0);
	return 0;
}

static int read_joint(struct model *m, lua_State *L, int t, const char *made_at, char *err,
                      size_t len)
{
	const char *kind_name = string_field(L, t, "kind", "?");
	const char *name = string_field(L, t, "name", "?"), *where = where_field(L, t, made_at);
	const struct joint_kind *kind = joint_kind_find(kind_name);
	if (!kind) {
		snprintf(err, len, "%s: joint '%s': unknown joint kind '%s'", where, name,
		         kind_name);
		return -1;
	}
	struct joint *j = model_add_joint(m, kind, name, where);
	j->bi = field_int(L, t, "bi", -1);
	j->bj = field_int(L, t, "bj", -1);
	j->si = field_vec2(L, t, "si");
	j->sj = field_vec2(L, t, "sj");
	j->ui = field_vec2(L, t, "ui");
	j->uj = field_vec2(L, t, "uj");
	j->fn = time_fn_field(L, t, "fn");
	char why[300];
	if (params_from_lua(L, t, kind->params, j->param, NULL, why, sizeof why) != 0) {
		snprintf(err, len, "%s: joint '%s': %s", where, name, why);
		return -1;
	}
	return 0;
}

static int read_force(struct model *m, lua_State *L, int t, const char *made_at, char *err,
                      size_t len)
{
	const char *kind_name = string_field(L, t, "kind", "?");
	const char *name = string_field(L, t, "name", "?"), *where = where_field(L, t, made_at);
	const struct force_kind *kind = force_kind_find(kind_name);
	if (!kind) {
		snprintf(err, len, "%s: force '%s': unknown force kind '%s'", where, name,
		         kind_name);
		return -1;
	}
	struct force *f = model_add_force(m, kind, name, where);
	f->bi = field_int(L, t, "bi", -1);
	f->bj = field_int(L, t, "bj", -1);
	f->si = field_vec2(L, t, "si");
	f->sj = field_vec2(L, t, "sj");
	if (kind->host)
		f->host = host_force_field(L, t, "fn"); /* a user force's fn gives the forces */
	char why[300];
	if (params_from_lua(L, t, kind->params, f->param, &f->fn, why, sizeof why) != 0) {
		snprintf(err, len, "%s: force '%s': %s", where, name, why);
		return -1;
	}
	return 0;
}

static int read_contact(struct model *m, lua_State *L, int t, const char *made_at, char *err,
                        size_t len)
{
	static const char *const shapes[] = {"circle-line", "circles", NULL};
	const char *name = string_field(L, t, "name", "?"), *where = where_field(L, t, made_at);
	const char *law_name = string_field(L, t, "law", "?");
	const struct contact_law *law = contact_law_find(law_name);
	int shape = field_option(L, t, "shape", shapes);
	if (!law || shape < 0) {
		snprintf(err, len, "%s: contact '%s': unknown contact shape or law '%s'", where,
		         name, law_name);
		return -1;
	}
	struct contact *k = model_add_contact(m, law, name, where);
	k->shape = (enum contact_shape)shape;
	k->bi = field_int(L, t, "bi", -1);
	k->bj = field_int(L, t, "bj", -1);
	k->si = field_vec2(L, t, "si");
	k->sj = field_vec2(L, t, "sj");
	k->normal = field_vec2(L, t, "normal");
	k->ri = field_number(L, t, "ri", 0);
	k->rj = field_number(L, t, "rj", 0);
	/* the law's numbers, as its entry names them */
	double value[KIND_PARAMS];
	char why[300];
	if (params_from_lua(L, t, law->params, value, NULL, why, sizeof why) != 0) {
		snprintf(err, len, "%s: contact '%s': %s", where, name, why);
		return -1;
	}
	k->e = k->k = k->n = k->c = NAN; /* those the law does not take */
	for (int p = 0; law->params[p].name; p++)
		*contact_param(k, law->params[p].name) = value[kind_param_slot(law->params, p)];
	k->mu = field_number(L, t, "mu", NAN); /* model_finish fills and checks them */
	k->mu_s = field_number(L, t, "mu_s", NAN);
	k->v_t = field_number(L, t, "v_t", NAN);
	return 0;
}

static struct model *model_from_lua(lua_State *L, int idx, struct lua_host *host)
{
	idx = lua_absindex(L, idx);
	host->L = L, building = host;
	static const char *const lists[] = {"bodies", "joints", "forces", "contacts"};
	int (*const readers[])(struct model *, lua_State *, int, const char *, char *,
	                       size_t) = {read_body, read_joint, read_force, read_contact};
	/* the first Lua line up the stack: the caller of the core function */
	char made_at[300] = "?";
	lua_Debug ar;
	for (int level = 1; lua_getstack(L, level, &ar); level++)
		if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
			snprintf(made_at, sizeof made_at, "%s:%d", ar.short_src, ar.currentline);
			break;
		}
	int counts[4];
	for (int k = 0; k < 4; k++)
		counts[k] = field_len(L, idx, lists[k]);
	struct model *m =
	    model_new(string_field(L, idx, "name", "model"), field_vec2(L, idx, "gravity"),
	              counts[0], counts[1], counts[2], counts[3]);
	char err[600] = "";
	int status = 0;
	for (int pass = 0; pass < 4 && status == 0; pass++) {
		lua_getfield(L, idx, lists[pass]);
		for (int i = 0; i < counts[pass] && status == 0; i++) {
			lua_geti(L, -1, i + 1);
			if (lua_istable(L, -1))
				status =
				    readers[pass](m, L, lua_gettop(L), made_at, err, sizeof err);
			else
				status = -1, snprintf(err, sizeof err, "%s: %s[%d] is not a table",
				                      made_at, lists[pass], i + 1);
			lua_pop(L, 1);
		}
		lua_pop(L, 1);
	}
	if (status == 0 && m->nbodies == 0)
		status = -1, snprintf(err, sizeof err, "%s: the model has no bodies", made_at);
	if (status == 0)
		status = model_finish(m, err, sizeof err);
	if (status != 0) {
		model_free(m);
		lua_pushstring(L, err);
		lua_error(L);
	}
	return m;
}

/* ------------------------------------------------------------ compiled models */

#define COMPILED_META "mechbench.compiled"

/* A model built from a description, freed with its userdata. */
struct compiled {
	struct model *m; /* NULL while it is built, or when building failed */
	struct lua_host host;
};

static int compiled_gc(lua_State *L)
{
	struct compiled *c = luaL_checkudata(L, 1, COMPILED_META);
	if (c->m) {
		c->host.L = L; /* its functions are let go on the thread collecting it */
		model_free(c->m);
		c->m = NULL;
	}
	return 0;
}

/* A new compiled model of the description at idx, its userdata on top of
 * the stack. */
static struct compiled *compile(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	struct compiled *c = lua_newuserdatauv(L, sizeof *c, 0);
	c->m = NULL, c->host.L = L;
	if (luaL_newmetatable(L, COMPILED_META)) {
		lua_pushcfunction(L, compiled_gc);
		lua_setfield(L, -2, "__gc");
		lua_pushliteral(L, "a compiled model");
		lua_setfield(L, -2, "__name");
	}
	lua_setmetatable(L, -2);
	c->m = model_from_lua(L, idx, &c->host);
	return c;
}

const struct model *mb_model_arg(lua_State *L, int idx)
{
	luaL_checktype(L, idx, LUA_TTABLE);
	lua_getfield(L, idx, "compiled");
	struct compiled *c = luaL_testudata(L, -1, COMPILED_META);
	if (!c || !c->m) {
		lua_pop(L, 1);
		idx = lua_absindex(L, idx);
		c = compile(L, idx);
		lua_pushvalue(L, -1); /* kept in the description for the next call */
		lua_setfield(L, idx, "compiled");
	}
	c->host.L = L;
	return c->m;
}

const struct model *mb_compiled_model(lua_State *L, int idx)
{
	struct compiled *c = luaL_checkudata(L, idx, COMPILED_META);
	c->host.L = L;
	return c->m;
}
