/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_run.c — the runs' C entry points (mechbench.core.model):
 *   simulate(desc, opts)     forward dynamics -> result table
 *   kinematics(desc, opts)   Algorithm K with the multipliers -> result table
 * desc is the table model.lua compiles (lua/description.h); results are
 * plain Lua tables that result.lua dresses with methods. */
#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "analysis/kinematics.h"
#include "analysis/run_options.h"
#include "analysis/simulate.h"
#include "analysis/stepper.h"
#include "lua/description.h"
#include "lua/lua_model.h"
#include "lua/luaenv.h"
#include "model/contact.h"
#include "model/joints/joint.h"
#include "model/laws/law.h"

static void push_array(lua_State *L, int n, double (*get)(const struct run *, int, int),
                       const struct run *r, int index)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushnumber(L, get(r, i, index));
		lua_rawseti(L, -2, i + 1);
	}
}

static double get_t(const struct run *r, int i, int k) { return (void)k, r->samples[i]->t; }
static double get_q(const struct run *r, int i, int k) { return r->samples[i]->q[k]; }
static double get_qd(const struct run *r, int i, int k) { return r->samples[i]->qd[k]; }
static double get_qdd(const struct run *r, int i, int k) { return r->samples[i]->qdd[k]; }
static double get_reaction(const struct run *r, int i, int k) { return r->samples[i]->reaction[k]; }
static double get_lambda(const struct run *r, int i, int k) { return r->samples[i]->lambda[k]; }
static double get_contact(const struct run *r, int i, int k) { return r->samples[i]->contact[k]; }
static double get_force(const struct run *r, int i, int k) { return r->samples[i]->force[k]; }
static double get_work_rate(const struct run *r, int i, int k)
{
	return (void)k, r->samples[i]->work_rate;
}
static double get_kinetic(const struct run *r, int i, int k)
{
	return (void)k, r->samples[i]->kinetic;
}
static double get_potential(const struct run *r, int i, int k)
{
	return (void)k, r->samples[i]->potential;
}
static double get_total(const struct run *r, int i, int k)
{
	return (void)k, r->samples[i]->kinetic + r->samples[i]->potential;
}
static double get_violation(const struct run *r, int i, int k)
{
	return (void)k, r->samples[i]->violation;
}
static double get_vviolation(const struct run *r, int i, int k)
{
	return (void)k, r->samples[i]->velocity_violation;
}
static double get_condition(const struct run *r, int i, int k)
{
	return (void)k, r->samples[i]->condition;
}

static void set_array(lua_State *L, const char *key, double (*get)(const struct run *, int, int),
                      const struct run *r, int index)
{
	push_array(L, r->count, get, r, index);
	lua_setfield(L, -2, key);
}

/* Names separated by newlines, as a list. */
static void push_lines(lua_State *L, const char *text)
{
	lua_newtable(L);
	for (int i = 1; *text; i++) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		lua_pushlstring(L, text, len);
		lua_rawseti(L, -2, i);
		text += len + (nl != NULL);
	}
}

/* r.switches: {t, from = {names}, to = {names}, condition, group} each */
static void push_switches(lua_State *L, const struct run *r)
{
	lua_createtable(L, r->nswitches, 0);
	for (int i = 0; i < r->nswitches; i++) {
		const struct coordinate_switch *s = &r->switches[i];
		lua_createtable(L, 0, 5);
		lua_pushnumber(L, s->t), lua_setfield(L, -2, "t");
		push_lines(L, s->from), lua_setfield(L, -2, "from");
		push_lines(L, s->to), lua_setfield(L, -2, "to");
		lua_pushnumber(L, s->condition), lua_setfield(L, -2, "condition");
		lua_pushstring(L, s->group), lua_setfield(L, -2, "group");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "switches");
}

/* ------------------------------------------------------------ results read on demand
 *
 * A run's result keeps the run and its model in a userdata. Each of its
 * series but t (a body's x ... alpha, a joint's reactions and multipliers,
 * a contact's, the energy, the violations) is a table that fills itself
 * with its numbers when first read (indexed, measured with #, or walked
 * with pairs or ipairs), and is a plain array from then on. Those that
 * need the samples completed (reactions, multipliers, energies,
 * violations: model/report.h) complete every sample first. So a run whose
 * reactions nobody reads never computes them. */

#define RUN_TYPE "mechbench.run"

struct held {
	struct run *r;
	const struct model *m; /* what the run was of: the completion reads it; its
	                        * compiled model is the holder's user value */
};

static int held_gc(lua_State *L)
{
	struct held *h = luaL_checkudata(L, 1, RUN_TYPE);
	run_free(h->r);
	h->r = NULL, h->m = NULL;
	return 0;
}

/* The holder at idx, its run still there: the collector finalizes the
 * newest objects first, so the finalizer of an older one (a table with
 * __gc that keeps a series) can read a series after its run was freed. */
static struct held *held_live(lua_State *L, int idx)
{
	struct held *h = luaL_checkudata(L, idx, RUN_TYPE);
	if (!h->r) {
		char place[300];
		mb_user_place(L, place, sizeof place);
		lua_pushfstring(L,
		                "%s%sthe run of this series was collected with its result, before "
		                "the series was read: read it while the result is in use",
		                place, place[0] ? ": " : "");
		lua_error(L);
	}
	return h;
}

/* What a series holds, and whether the samples must be complete for it. */
static const struct series {
	double (*get)(const struct run *, int, int);
	int completed;
} series[] = {{get_q, 0},      {get_qd, 0},        {get_qdd, 0},        {get_reaction, 1},
              {get_lambda, 1}, {get_contact, 0},   {get_kinetic, 1},    {get_potential, 1},
              {get_total, 1},  {get_violation, 1}, {get_vviolation, 1}, {get_condition, 0},
              {get_force, 1},  {get_work_rate, 1}};
enum {
	S_Q,
	S_QD,
	S_QDD,
	S_REACTION,
	S_LAMBDA,
	S_CONTACT,
	S_KINETIC,
	S_POTENTIAL,
	S_TOTAL,
	S_VIOLATION,
	S_VVIOLATION,
	S_CONDITION,
	S_FORCE,
	S_POWER
};

/* Every sample complete, or an error naming why not. Completing may call
 * the model's user forces and drivers, so Ctrl-C and the limits reach it. */
static void complete(lua_State *L, struct held *h)
{
	if (h->r->completed == h->r->count)
		return;
	mb_c_enter(L);
	int status = run_complete(h->r);
	mb_c_leave(L);
	if (status != 0) { /* at the user's line, even when read through the library */
		char place[300];
		mb_user_place(L, place, sizeof place);
		lua_pushfstring(L, "%s%sthe run's reports: %s", place, place[0] ? ": " : "",
		                h->r->later && h->r->later->error[0] ? h->r->later->error
		                                                     : "failed");
		lua_error(L);
	}
}

/* completed(r._run): how many of the run's samples are complete (for the
 * tests of reports on demand). */
int core_completed(lua_State *L)
{
	const struct held *h = held_live(L, 1);
	int n = 0;
	for (int i = 0; i < h->r->count; i++)
		n += h->r->samples[i]->complete || i < h->r->completed;
	lua_pushinteger(L, n);
	return 1;
}

/* A series not yet filled is known by its code in its metatable's
 * pending table: which series and at which index. */
#define SERIES_KINDS 16
_Static_assert(sizeof series / sizeof *series <= SERIES_KINDS, "a series' code holds its kind");

/* Fill the series table at 1 from its metatable's run and its code there,
 * and make it a plain array. It stays pending until it is filled: an error
 * on the way (a completion that fails, a run gone) is said again when it
 * is read again. */
static void fill(lua_State *L)
{
	if (!lua_getmetatable(L, 1))
		return;
	lua_getfield(L, -1, "run");
	struct held *h = held_live(L, -1);
	lua_getiuservalue(L, -1, 1); /* the model's functions are called on L now */
	mb_compiled_model(L, -1);
	lua_pop(L, 1);
	lua_getfield(L, -2, "pending");
	lua_pushvalue(L, 1);
	lua_rawget(L, -2);
	lua_Integer code = lua_tointeger(L, -1);
	lua_pop(L, 2);
	const struct series *what = &series[code % SERIES_KINDS];
	int index = (int)(code / SERIES_KINDS);
	if (what->completed)
		complete(L, h);
	const struct run *r = h->r;
	for (int i = 0; i < r->count; i++) {
		lua_pushnumber(L, what->get(r, i, index));
		lua_rawseti(L, 1, i + 1);
	}
	lua_getfield(L, -2, "pending");
	lua_pushvalue(L, 1), lua_pushnil(L), lua_rawset(L, -3); /* no longer pending */
	lua_pop(L, 3);
	lua_pushnil(L);
	lua_setmetatable(L, 1);
}

static int series_index(lua_State *L)
{
	fill(L);
	lua_rawget(L, 1);
	return 1;
}

static int series_len(lua_State *L)
{
	fill(L);
	lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
	return 1;
}

static int series_pairs(lua_State *L)
{
	fill(L);
	lua_getglobal(L, "next");
	lua_pushvalue(L, 1);
	lua_pushnil(L);
	return 3;
}

/* A series of the run held at ud (what, at index), as a table that fills
 * itself when first read. Its metatable is hidden from Lua (getmetatable
 * gives false, setmetatable refuses): fill trusts what it holds, and a
 * script that set a series' code in its pending table read and called
 * past the series table. */
static void push_series(lua_State *L, int ud, int what, int index)
{
	lua_getiuservalue(L, ud, 2); /* the run's series metatable (held_new) */
	lua_newtable(L);
	lua_getfield(L, -2, "pending");
	lua_pushvalue(L, -2);
	lua_pushinteger(L, (lua_Integer)index * SERIES_KINDS + what);
	lua_rawset(L, -3);
	lua_pop(L, 1);
	lua_pushvalue(L, -2);
	lua_setmetatable(L, -2);
	lua_remove(L, -2); /* the series alone */
}

static void set_series(lua_State *L, int ud, const char *key, int what, int index)
{
	push_series(L, ud, what, index);
	lua_setfield(L, -2, key);
}

/* A holder for a run of the compiled model at index model (mb_model_arg),
 * pushed, freeing the run when collected and keeping the model alive: made
 * before the run, so that no error on the way leaks it. */
static struct held *held_new(lua_State *L, int model)
{
	model = lua_absindex(L, model);
	struct held *h = lua_newuserdatauv(L, sizeof *h, 2); /* the model; the series' metatable */
	h->r = NULL, h->m = mb_compiled_model(L, model);
	lua_pushvalue(L, model);
	lua_setiuservalue(L, -2, 1);
	if (luaL_newmetatable(L, RUN_TYPE)) {
		lua_pushcfunction(L, held_gc);
		lua_setfield(L, -2, "__gc");
		lua_pushboolean(L, 0); /* hidden: its __gc, called by hand, freed the run in use */
		lua_setfield(L, -2, "__metatable");
	}
	lua_setmetatable(L, -2);
	/* one metatable for all the run's series, its second user value: a
	 * run of a large model has thousands of series */
	lua_createtable(L, 0, 6);
	lua_pushvalue(L, -2), lua_setfield(L, -2, "run");
	lua_newtable(L), lua_setfield(L, -2, "pending");
	lua_pushcfunction(L, series_index), lua_setfield(L, -2, "__index");
	lua_pushcfunction(L, series_len), lua_setfield(L, -2, "__len");
	lua_pushcfunction(L, series_pairs), lua_setfield(L, -2, "__pairs");
	lua_pushboolean(L, 0), lua_setfield(L, -2, "__metatable");
	lua_setiuservalue(L, -2, 2);
	return h;
}

/* The result table of the run held at index ud (which the result keeps). */
static void push_run(lua_State *L, int ud)
{
	static const char *pose[] = {"x", "y", "angle"}, *rate[] = {"vx", "vy", "omega"},
	                  *accel[] = {"ax", "ay", "alpha"},
	                  *react[REACTION_FIELDS] = {"fx", "fy", "torque", "local_fx", "local_fy"},
	                  *contact_fields[CONTACT_FIELDS] = {"penetration", "rate", "normal",
	                                                     "friction"};
	ud = lua_absindex(L, ud);
	struct held *h = luaL_checkudata(L, ud, RUN_TYPE);
	const struct model *m = h->m;
	const struct run *r = h->r;
	/* The run's samples are C memory the collector cannot see: counted as
	 * if Lua had allocated them, so a script that makes run after run frees
	 * the old ones at the pace it makes new ones (without this the
	 * pendulum's 300 runs peaked at 24 MB, against 6.5 MB when a run's
	 * arrays were made at once) */
	lua_gc(L, LUA_GCSTEP, (int)(run_bytes(r) / 1024));
	lua_newtable(L);
	lua_pushvalue(L, ud);
	lua_setfield(L, -2, "_run");
	set_array(L, "t", get_t, r, 0);
	lua_createtable(L, 0, m->nbodies);
	for (int b = 0; b < m->nbodies; b++) {
		lua_createtable(L, 0, 9);
		for (int k = 0; k < 3; k++) {
			set_series(L, ud, pose[k], S_Q, 3 * b + k);
			set_series(L, ud, rate[k], S_QD, 3 * b + k);
			set_series(L, ud, accel[k], S_QDD, 3 * b + k);
		}
		lua_setfield(L, -2, m->bodies[b].name);
	}
	lua_setfield(L, -2, "bodies");
	lua_createtable(L, 0, m->njoints);
	for (int i = 0; i < m->njoints; i++) {
		const struct joint *j = &m->joints[i];
		lua_createtable(L, 0, 8);
		for (int k = 0; k < REACTION_FIELDS; k++)
			set_series(L, ud, react[k], S_REACTION, REACTION_FIELDS * i + k);
		if (joint_kind_drives_length(j->kind)) {
			lua_getfield(L, -1, "torque");
			lua_setfield(L, -2, "force");
		}
		lua_createtable(L, j->kind->rows, 0);
		for (int row = 0; row < j->kind->rows; row++) {
			push_series(L, ud, S_LAMBDA, j->row + row);
			lua_rawseti(L, -2, row + 1);
		}
		lua_setfield(L, -2, "lambda");
		lua_pushboolean(L, !r->nonunique[i]);
		lua_setfield(L, -2, "unique");
		lua_setfield(L, -2, j->name);
	}
	lua_setfield(L, -2, "reactions");
	lua_createtable(L, 0, m->ncontacts);
	for (int i = 0; i < m->ncontacts; i++) {
		lua_createtable(L, 0, CONTACT_FIELDS);
		for (int k = 0; k < CONTACT_FIELDS; k++)
			set_series(L, ud, contact_fields[k], S_CONTACT, CONTACT_FIELDS * i + k);
		lua_setfield(L, -2, m->contacts[i].name);
	}
	lua_setfield(L, -2, "contacts");
	/* each force element's values, those its kind's entry names, and its power */
	static const struct {
		unsigned has;
		const char *name;
	} force_fields[FORCE_FIELDS] = {{FORCE_HAS_F, "f"},
	                                {FORCE_HAS_FXY, "fx"},
	                                {FORCE_HAS_FXY, "fy"},
	                                {FORCE_HAS_TORQUE, "torque"},
	                                {FORCE_HAS_LENGTH, "length"},
	                                {FORCE_HAS_RATE, "rate"},
	                                {0, "power"}};
	lua_createtable(L, 0, m->nforces);
	for (int i = 0; i < m->nforces; i++) {
		unsigned has = m->forces[i].kind->values;
		lua_createtable(L, 0, FORCE_FIELDS);
		for (int k = 0; k < FORCE_FIELDS; k++) {
			const char *name = force_fields[k].name;
			if (k == 4 && (has & FORCE_HAS_ANGLE))
				name = "angle"; /* a rotational element's "length" */
			else if (force_fields[k].has && !(has & force_fields[k].has))
				continue;
			set_series(L, ud, name, S_FORCE, FORCE_FIELDS * i + k);
		}
		lua_setfield(L, -2, m->forces[i].name);
	}
	lua_setfield(L, -2, "forces");
	lua_createtable(L, r->nimpacts, 0);
	for (int i = 0; i < r->nimpacts; i++) {
		const struct impact_record *e = &r->impacts[i];
		lua_createtable(L, 0, 6);
		lua_pushnumber(L, e->t), lua_setfield(L, -2, "t");
		lua_pushstring(L, m->contacts[e->contact].name), lua_setfield(L, -2, "contact");
		lua_pushnumber(L, e->closing), lua_setfield(L, -2, "closing");
		lua_pushnumber(L, e->opening), lua_setfield(L, -2, "opening");
		lua_pushnumber(L, e->normal), lua_setfield(L, -2, "impulse");
		lua_pushnumber(L, e->tangent), lua_setfield(L, -2, "friction_impulse");
		if (!m->contacts[e->contact].law->impulsive) {
			lua_pushnumber(L, e->duration), lua_setfield(L, -2, "duration");
			lua_pushnumber(L, e->depth), lua_setfield(L, -2, "depth");
			lua_pushnumber(L, e->peak), lua_setfield(L, -2, "peak_force");
		}
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "impacts");
	lua_createtable(L, 0, 4);
	set_series(L, ud, "kinetic", S_KINETIC, 0);
	set_series(L, ud, "potential", S_POTENTIAL, 0);
	set_series(L, ud, "total", S_TOTAL, 0);
	set_series(L, ud, "power", S_POWER, 0);
	lua_setfield(L, -2, "energy");
	set_series(L, ud, "violation", S_VIOLATION, 0);
	set_series(L, ud, "velocity_violation", S_VVIOLATION, 0);
	set_series(L, ud, "condition", S_CONDITION, 0);
	lua_newtable(L);
	lua_pushinteger(L, r->fevals);
	lua_setfield(L, -2, "fevals");
	lua_pushinteger(L, r->steps);
	lua_setfield(L, -2, "steps");
	lua_pushinteger(L, r->refused);
	lua_setfield(L, -2, "refused");
	lua_pushnumber(L, r->wall);
	lua_setfield(L, -2, "wall");
	lua_pushnumber(L, r->cpu);
	lua_setfield(L, -2, "cpu");
	lua_setfield(L, -2, "stats");
	lua_pushinteger(L, r->state_size); /* the integrator's y: coordinates and their rates */
	lua_setfield(L, -2, "state_size");
	if (r->corrected) { /* the corrected start is the first sample, in any formulation */
		lua_pushboolean(L, 1);
		lua_setfield(L, -2, "corrected");
		lua_pushstring(L, r->note);
		lua_setfield(L, -2, "correction");
	}
	if (r->error[0]) {
		lua_pushstring(L, r->error);
		lua_setfield(L, -2, "error");
	}
	if (r->near_singular[0]) {
		lua_pushstring(L, r->near_singular);
		lua_setfield(L, -2, "near_singular");
	}
	if (r->stiff[0]) {
		lua_pushstring(L, r->stiff);
		lua_setfield(L, -2, "stiff");
	}
	push_switches(L, r);
}

int core_simulate(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	const struct model *m = mb_model_arg(L, 1);
	int model = lua_gettop(L);
	const struct formulation *f = mb_read_formulation(L, 2);
	struct sim_options o = {0};
	const char *const *integrators = option_choices(&option_integrator);
	int fallback = option_choice_index(&option_integrator,
	                                   f->integrator ? f->integrator : integrator_default);
	o.integrator = integrators[(int)mb_option(L, 2, &option_integrator, fallback)];
	int fixed = integrator_fixed(o.integrator);
	if (!fixed && (f->capabilities & FORM_FIXED_STEP))
		return luaL_error(L, "formulation '%s' takes fixed steps only", f->name);
	mb_opt_times(L, 2, &o.tf, &o.dt);
	o.h = mb_option(L, 2, &option_h, f->step > 0 ? fmin(f->step, o.dt) : o.dt);
	if (o.h > o.dt)
		return mb_raise_error(L, "h must be at most dt = %g (got %g)", o.dt, o.h);
	if (o.tf / o.h > RUN_MAX_STEPS)
		return mb_raise_error(L, "tf / h is %.3g steps; at most %g are taken", o.tf / o.h,
		                      RUN_MAX_STEPS);
	o.t0 = mb_option(L, 2, &option_t0, option_t0.fallback);
	o.tol = mb_option(L, 2, &option_tol, option_tol.fallback);
	o.abstol = mb_option(L, 2, &option_abstol, o.tol);
	o.correct = mb_option(L, 2, &option_correct, 0) == 1;
	o.progress = mb_option(L, 2, &option_progress, 0) == 1;
	o.dense = mb_option(L, 2, &option_dense, integrator_interpolates(o.integrator)) == 1;
	o.resumed = mb_option(L, 2, &option_resumed, 0) == 1;
	o.stop_when_stiff = mb_option(L, 2, &option_stop_when_stiff, 0) == 1;
	mb_read_stabilization(L, 2, f, m, &o.cfg);
	mb_read_config(L, 2, f, m, &o.cfg);
	o.cfg.step = fixed ? o.h : 0;
	if (f->joint_forces && o.cfg.stab.kind != STAB_NONE)
		return luaL_error(L, "formulation '%s' takes no stabilization", f->name);
	struct held *h = held_new(L, model);
	mb_c_enter(L); /* Ctrl-C and the limits reach a callback that never returns */
	h->r = simulate(m, f, &o);
	mb_c_leave(L);
	push_run(L, -1); /* the result keeps the run and the model */
	return 1;
}

/* kinematics(desc, opts): Algorithm K with ID1 multipliers (kinematics.h) */
int core_kinematics(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	const struct model *m = mb_model_arg(L, 1);
	int model = lua_gettop(L);
	struct kin_options o = {0};
	mb_opt_times(L, 2, &o.tf, &o.dt);
	o.tol = mb_option(L, 2, &option_tol, option_tol.fallback);
	o.max_iterations =
	    (int)mb_option(L, 2, &option_max_iterations, option_max_iterations.fallback);
	o.modified = mb_option(L, 2, &option_newton, 0) == 1;
	o.trace = mb_option(L, 2, &option_trace, 0) == 1;
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	const struct formulation *f = mb_read_formulation(L, 2);
	mb_read_config(L, 2, f, m, &cfg);
	struct held *h = held_new(L, model);
	struct kin_trace trace = {0};
	int *iterations = NULL;
	mb_c_enter(L);
	struct run *r = h->r = kinematic_run(m, f, &cfg, &o, &iterations, o.trace ? &trace : NULL);
	mb_c_leave(L);
	push_run(L, -1);
	lua_createtable(L, r->count, 0);
	for (int i = 0; i < r->count && iterations; i++) {
		lua_pushinteger(L, iterations[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "iterations");
	if (o.trace) {
		lua_createtable(L, trace.count, 0);
		for (int i = 0; i < trace.count; i++) {
			lua_createtable(L, 0, 3);
			lua_pushnumber(L, trace.residual[i]);
			lua_setfield(L, -2, "residual");
			lua_pushinteger(L, trace.worst_row[i] + 1);
			lua_setfield(L, -2, "worst_row");
			lua_pushstring(L, trace.worst_joint[i]);
			lua_setfield(L, -2, "worst");
			lua_rawseti(L, -2, i + 1);
		}
		lua_setfield(L, -2, "trace");
	}
	free(iterations);
	return 1;
}
