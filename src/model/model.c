/* model.c — the compiled mechanism (see model.h). */
#include "model/model.h"

#include <lauxlib.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/force.h"
#include "model/joints/joint.h"
#include "lua/luafield.h"

static void triple_field(lua_State *L, int t, const char *key, double out[3])
{
	lua_getfield(L, t, key);
	for (int k = 0; k < 3; k++) {
		lua_geti(L, -1, k + 1);
		out[k] = lua_tonumber(L, -1);
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
}

/* A name, "?" when missing (every element has one from model.lua). */
static char *name_field(lua_State *L, int t, const char *key)
{
	char *s = field_strdup(L, t, key);
	return s ? s : strdup("?");
}

/* A number is a constant; a function is kept in the registry. */
static struct mb_fn fn_field(lua_State *L, int t, const char *key)
{
	struct mb_fn fn = {LUA_NOREF, 0};
	lua_getfield(L, t, key);
	if (lua_isfunction(L, -1)) {
		fn.ref = luaL_ref(L, LUA_REGISTRYINDEX);
		return fn;
	}
	fn.constant = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 0;
	lua_pop(L, 1);
	return fn;
}

static void read_body(lua_State *L, int t, struct body *b)
{
	b->name = name_field(L, t, "name");
	b->mass = field_number(L, t, "mass", 0);
	b->inertia = field_number(L, t, "inertia", 0);
	triple_field(L, t, "q", b->q0);
	triple_field(L, t, "v", b->v0);
}

static void read_joint(struct model *m, lua_State *L, int t, struct joint *j)
{
	char *kind = name_field(L, t, "kind");
	j->kind = joint_kind_find(kind);
	if (j->kind == NULL) {
		model_fail(m, "unknown joint kind '%s'", kind);
		j->kind = &joint_simple; /* keeps the model well-formed until it is freed */
	}
	free(kind);
	j->name = name_field(L, t, "name");
	j->where = name_field(L, t, "where");
	j->bi = field_int(L, t, "bi", -1);
	j->bj = field_int(L, t, "bj", -1);
	j->si = field_vec2(L, t, "si");
	j->sj = field_vec2(L, t, "sj");
	j->ui = field_vec2(L, t, "ui");
	j->uj = field_vec2(L, t, "uj");
	j->length = field_number(L, t, "length", 0);
	j->radius = field_number(L, t, "radius", 0);
	j->coord = field_int(L, t, "coord", 0);
	j->value = field_number(L, t, "value", 0);
	j->fn = fn_field(L, t, "fn");
	/* reference values at t = 0: disc (Eq. 7.40) and rigid (Eq. 7.35) */
	const double *qi = j->bi >= 0 ? m->bodies[j->bi].q0 : (double[3]){0, 0, 0};
	const double *qj = j->bj >= 0 ? m->bodies[j->bj].q0 : (double[3]){0, 0, 0};
	j->x0 = field_number(L, t, "x0", qi[0]);
	j->phi0 = field_number(L, t, "phi0", qi[2]);
	j->rigid_d = v2_unrotate(qj[2], v2(qi[0] - qj[0], qi[1] - qj[1]));
	j->rigid_theta = field_number(L, t, "theta", qi[2] - qj[2]);
	lua_getfield(L, t, "offset");
	if (lua_istable(L, -1))
		j->rigid_d = field_vec2(L, t, "offset");
	lua_pop(L, 1);
}

static void read_force(struct model *m, lua_State *L, int t, struct force *f)
{
	char *kind = name_field(L, t, "kind");
	f->kind = force_kind_find(kind);
	if (f->kind == NULL) {
		model_fail(m, "unknown force kind '%s'", kind);
		f->kind = force_kind_find("torque");
	}
	free(kind);
	f->name = name_field(L, t, "name");
	f->where = name_field(L, t, "where");
	f->bi = field_int(L, t, "bi", -1);
	f->bj = field_int(L, t, "bj", -1);
	f->si = field_vec2(L, t, "si");
	f->sj = field_vec2(L, t, "sj");
	f->k = field_number(L, t, "k", 0);
	f->length = field_number(L, t, "length", 0);
	f->damping = field_number(L, t, "damping", 0);
	f->actuator = field_number(L, t, "actuator", 0);
	f->value = field_vec2(L, t, "value");
	f->local = field_int(L, t, "local", 0);
	f->fn = fn_field(L, t, "fn");
}

static void read_contact(struct model *m, lua_State *L, int t, struct contact *k)
{
	static const char *const shapes[] = {"circle-line", "circles", NULL};
	static const char *const laws[] = {
	    "impulse", "spring", "hunt-crossley", "lankarani-nikravesh", "flores", NULL};
	int s = field_option(L, t, "shape", shapes), l = field_option(L, t, "law", laws);
	if (s < 0 || l < 0)
		model_fail(m, "unknown contact shape or law");
	k->shape = s < 0 ? CONTACT_CIRCLE_LINE : (enum contact_shape)s;
	k->law = l < 0 ? LAW_IMPULSE : (enum contact_law)l;
	k->name = name_field(L, t, "name");
	k->where = name_field(L, t, "where");
	k->bi = field_int(L, t, "bi", -1);
	k->bj = field_int(L, t, "bj", -1);
	k->si = field_vec2(L, t, "si");
	k->sj = field_vec2(L, t, "sj");
	k->normal = field_vec2(L, t, "normal");
	k->ri = field_number(L, t, "ri", 0);
	k->rj = field_number(L, t, "rj", 0);
	k->e = field_number(L, t, "e", 1);
	k->k = field_number(L, t, "k", 0);
	k->n = field_number(L, t, "n", 1);
	k->c = field_number(L, t, "c", 0);
	k->mu = field_number(L, t, "mu", 0);
	k->mu_s = field_number(L, t, "mu_s", k->mu);
	k->v_t = field_number(L, t, "v_t", 1e-3);
}

struct model *model_from_lua(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	struct model *m = calloc(1, sizeof *m);
	m->L = L;
	m->name = name_field(L, idx, "name");
	m->gravity = field_vec2(L, idx, "gravity");
	m->nbodies = field_len(L, idx, "bodies");
	m->njoints = field_len(L, idx, "joints");
	m->nforces = field_len(L, idx, "forces");
	m->ncontacts = field_len(L, idx, "contacts");
	m->bodies = calloc((size_t)m->nbodies + 1, sizeof *m->bodies);
	m->joints = calloc((size_t)m->njoints + 1, sizeof *m->joints);
	m->forces = calloc((size_t)m->nforces + 1, sizeof *m->forces);
	m->contacts = calloc((size_t)m->ncontacts + 1, sizeof *m->contacts);
	for (int pass = 0; pass < 4; pass++) {
		static const char *lists[] = {"bodies", "joints", "forces", "contacts"};
		int counts[] = {m->nbodies, m->njoints, m->nforces, m->ncontacts}, n = counts[pass];
		lua_getfield(L, idx, lists[pass]);
		for (int i = 0; i < n; i++) {
			lua_geti(L, -1, i + 1);
			int t = lua_gettop(L);
			if (pass == 0)
				read_body(L, t, &m->bodies[i]);
			else if (pass == 1)
				read_joint(m, L, t, &m->joints[i]);
			else if (pass == 2)
				read_force(m, L, t, &m->forces[i]);
			else
				read_contact(m, L, t, &m->contacts[i]);
			lua_pop(L, 1);
		}
		lua_pop(L, 1);
	}
	for (int i = 0; i < m->njoints; i++) {
		m->joints[i].row = m->nc;
		m->nc += m->joints[i].kind->rows;
	}
	if (m->error[0]) {
		lua_pushstring(L, m->error);
		model_free(m);
		lua_error(L);
	}
	return m;
}

void model_free(struct model *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->nbodies; i++)
		free(m->bodies[i].name);
	for (int i = 0; i < m->njoints; i++) {
		free(m->joints[i].name), free(m->joints[i].where);
		luaL_unref(m->L, LUA_REGISTRYINDEX, m->joints[i].fn.ref);
	}
	for (int i = 0; i < m->nforces; i++) {
		free(m->forces[i].name), free(m->forces[i].where);
		luaL_unref(m->L, LUA_REGISTRYINDEX, m->forces[i].fn.ref);
	}
	for (int i = 0; i < m->ncontacts; i++)
		free(m->contacts[i].name), free(m->contacts[i].where);
	free(m->bodies), free(m->joints), free(m->forces), free(m->contacts), free(m->name);
	free(m);
}

void model_initial(const struct model *m, double *c, double *cd)
{
	for (int b = 0; b < m->nbodies; b++)
		for (int k = 0; k < 3; k++)
			c[3 * b + k] = m->bodies[b].q0[k], cd[3 * b + k] = m->bodies[b].v0[k];
}

struct body_state model_body_state(const double *c, const double *cd, int b)
{
	struct body_state s = {{0, 0}, {0, 0}, 0, 0};
	if (b < 0)
		return s;
	s.r = v2(c[3 * b], c[3 * b + 1]);
	s.phi = c[3 * b + 2];
	if (cd) {
		s.rd = v2(cd[3 * b], cd[3 * b + 1]);
		s.phid = cd[3 * b + 2];
	}
	return s;
}

static void record(struct model *m, const char *fmt, va_list ap)
{
	if (!m->error[0]) /* keep the first cause */
		vsnprintf(m->error, sizeof m->error, fmt, ap);
}

void model_fail(struct model *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	record(m, fmt, ap);
	va_end(ap);
}

void model_stop(struct model *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	record(m, fmt, ap);
	va_end(ap);
	m->stopped = 1;
}

/* One call of a Lua function of t; returns how many numbers it gave. */
static int call_fn(struct model *m, int ref, double t, double out[3])
{
	lua_State *L = m->L;
	int top = lua_gettop(L);
	lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
	lua_pushnumber(L, t);
	if (lua_pcall(L, 1, 3, 0) != LUA_OK) {
		model_stop(m, "%s", lua_tostring(L, -1));
		lua_settop(L, top);
		return -1;
	}
	int n = 0;
	for (int k = 0; k < 3 && lua_isnumber(L, top + 1 + k); k++)
		out[n++] = lua_tonumber(L, top + 1 + k);
	lua_settop(L, top);
	if (n == 0 || !isfinite(out[0]))
		model_stop(m, "the function returned %s at t = %g, not a number",
		           n == 0 ? "nothing usable" : "a non-finite value", t);
	return n == 0 || !isfinite(out[0]) ? -1 : n;
}

int model_fn(struct model *m, const struct mb_fn *fn, double t, double out[3])
{
	if (fn->ref == LUA_NOREF) {
		out[0] = fn->constant, out[1] = 0, out[2] = 0;
		return 0;
	}
	int n = call_fn(m, fn->ref, t, out);
	if (n < 0)
		return -1;
	if (n == 3)
		return 0;
	/* Derivatives by central differences: h balances truncation (h^2) and
	 * round-off (eps/h^2) for the second derivative. */
	const double h = 1e-4 * fmax(1.0, fabs(t));
	double plus[3], minus[3];
	if (call_fn(m, fn->ref, t + h, plus) < 0 || call_fn(m, fn->ref, t - h, minus) < 0)
		return -1;
	if (n < 2)
		out[1] = (plus[0] - minus[0]) / (2 * h);
	out[2] = (plus[0] - 2 * out[0] + minus[0]) / (h * h);
	return 0;
}
