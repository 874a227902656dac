/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_model.c — the model's C entry points for Lua (mechbench.core):
 *   simulate(desc, opts)   forward dynamics -> result table
 *   evaluate(desc, t)      M, D, γ, Φ, h, c̈, λ at the initial state
 *   correct(desc)          initial-condition correction -> {q, v}
 * desc is the table model.lua compiles (lua/description.h); results are
 * plain Lua tables that result.lua dresses with methods. */
#include <lauxlib.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "analysis/impact.h"
#include "analysis/kinematics.h"
#include "analysis/simulate.h"
#include "analysis/stepper.h"
#include "formulation/constrained.h"
#include "formulation/fbd.h"
#include "formulation/joint_coords.h"
#include "formulation/minimal_coords.h"
#include "formulation/point_coords.h"
#include "formulation/vector_loops.h"
#include "lua/description.h"
#include "lua/lua_core.h"
#include "lua/luaenv.h"
#include "model/contact.h"
#include "model/forces/force.h"
#include "model/joints/joint.h"
#include "model/laws/law.h"
#include "util/sparse_kkt.h"
#include "util/tree_solve.h"

static double opt_number(lua_State *L, int t, const char *key, double fallback)
{
	lua_getfield(L, t, key);
	double v = luaL_optnumber(L, -1, fallback);
	lua_pop(L, 1);
	return v;
}

/* luaL_error with printf's formats (lua_pushfstring has no %g). */
static int raise_error(lua_State *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int raise_error(lua_State *L, const char *fmt, ...)
{
	char msg[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return luaL_error(L, "%s", msg);
}

/* A number of the options, finite and in [lo, hi], else an error. The Lua
 * layer checks every option first and says more; this guards the C
 * boundary itself, which scripts can reach through mechbench.core, so no
 * count or cast below ever sees a number out of range. */
static double opt_in(lua_State *L, int t, const char *key, double fallback, double lo, double hi)
{
	double v = opt_number(L, t, key, fallback);
	if (!(v >= lo && v <= hi))
		raise_error(L, "option %s must be a number from %g to %g (got %g)", key, lo, hi, v);
	return v;
}

/* Argument arg: a finite number (fallback when absent, if optional). */
static double arg_finite(lua_State *L, int arg, int optional, double fallback)
{
	double v = optional ? luaL_optnumber(L, arg, fallback) : luaL_checknumber(L, arg);
	luaL_argcheck(L, isfinite(v), arg, "a finite number expected");
	return v;
}

/* The largest number of reports and of fixed steps a run may take: beyond
 * them the samples would not fit in memory or the run would not end. */
#define MAX_REPORTS 1e7
#define MAX_STEPS 1e9

/* tf and dt with at most MAX_REPORTS reports between them. */
static void opt_times(lua_State *L, int t, double *tf, double *dt)
{
	*tf = opt_in(L, t, "tf", 1, 1e-300, 1e12);
	*dt = opt_in(L, t, "dt", fmin(0.01, *tf / 10), 1e-300, *tf);
	if (*tf / *dt > MAX_REPORTS)
		raise_error(L, "tf / dt is %g reports; at most %g fit in memory", *tf / *dt,
		            MAX_REPORTS);
}

static const char *opt_string(lua_State *L, int t, const char *key, const char *fallback)
{
	lua_getfield(L, t, key);
	const char *s = luaL_optstring(L, -1, fallback);
	lua_pop(L, 1); /* the string stays alive in the options table */
	return s;
}

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

static void push_run(lua_State *L, const struct model *m, const struct run *r)
{
	static const char *pose[] = {"x", "y", "angle"}, *rate[] = {"vx", "vy", "omega"},
	                  *accel[] = {"ax", "ay", "alpha"},
	                  *react[REACTION_FIELDS] = {"fx", "fy", "torque", "local_fx", "local_fy"};
	lua_newtable(L);
	set_array(L, "t", get_t, r, 0);
	lua_newtable(L);
	for (int b = 0; b < m->nbodies; b++) {
		lua_newtable(L);
		for (int k = 0; k < 3; k++) {
			set_array(L, pose[k], get_q, r, 3 * b + k);
			set_array(L, rate[k], get_qd, r, 3 * b + k);
			set_array(L, accel[k], get_qdd, r, 3 * b + k);
		}
		lua_setfield(L, -2, m->bodies[b].name);
	}
	lua_setfield(L, -2, "bodies");
	lua_newtable(L);
	for (int i = 0; i < m->njoints; i++) {
		const struct joint *j = &m->joints[i];
		lua_newtable(L);
		for (int k = 0; k < REACTION_FIELDS; k++)
			set_array(L, react[k], get_reaction, r, REACTION_FIELDS * i + k);
		if (j->kind->capabilities & JOINT_DRIVES_DISTANCE) {
			lua_getfield(L, -1, "torque");
			lua_setfield(L, -2, "force");
		}
		lua_newtable(L);
		for (int row = 0; row < j->kind->rows; row++) {
			push_array(L, r->count, get_lambda, r, j->row + row);
			lua_rawseti(L, -2, row + 1);
		}
		lua_setfield(L, -2, "lambda");
		lua_pushboolean(L, !r->nonunique[i]);
		lua_setfield(L, -2, "unique");
		lua_setfield(L, -2, j->name);
	}
	lua_setfield(L, -2, "reactions");
	static const char *contact_fields[CONTACT_FIELDS] = {"penetration", "rate", "normal",
	                                                     "friction"};
	lua_newtable(L);
	for (int i = 0; i < m->ncontacts; i++) {
		lua_newtable(L);
		for (int k = 0; k < CONTACT_FIELDS; k++)
			set_array(L, contact_fields[k], get_contact, r, CONTACT_FIELDS * i + k);
		lua_setfield(L, -2, m->contacts[i].name);
	}
	lua_setfield(L, -2, "contacts");
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
	lua_newtable(L);
	set_array(L, "kinetic", get_kinetic, r, 0);
	set_array(L, "potential", get_potential, r, 0);
	set_array(L, "total", get_total, r, 0);
	lua_setfield(L, -2, "energy");
	set_array(L, "violation", get_violation, r, 0);
	set_array(L, "velocity_violation", get_vviolation, r, 0);
	set_array(L, "condition", get_condition, r, 0);
	lua_newtable(L);
	lua_pushinteger(L, r->fevals);
	lua_setfield(L, -2, "fevals");
	lua_pushinteger(L, r->steps);
	lua_setfield(L, -2, "steps");
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

/* A list of indices at field key of table t, or NULL. The list lives in a
 * userdata left on the stack until the caller returns. */
static int *read_indices(lua_State *L, int t, const char *key, int *count)
{
	lua_getfield(L, t, key);
	if (!lua_istable(L, -1)) {
		lua_pop(L, 1);
		return NULL;
	}
	int n = (int)luaL_len(L, -1);
	int *idx = lua_newuserdatauv(L, sizeof(int) * (size_t)(n + 1), 0);
	for (int k = 0; k < n; k++) {
		lua_geti(L, -2, k + 1);
		idx[k] = (int)lua_tointeger(L, -1);
		lua_pop(L, 1);
	}
	lua_replace(L, -2); /* keep the userdata where the table was */
	*count = n;
	return idx;
}

/* A list of strings at field key of table t, or NULL; the pointers are
 * the table's own strings, alive while the options are, in a userdata
 * left on the stack until the caller returns. Raises on a non-string. */
static const char *const *read_strings(lua_State *L, int t, const char *key, int *count)
{
	lua_getfield(L, t, key);
	if (!lua_istable(L, -1)) {
		lua_pop(L, 1);
		*count = 0;
		return NULL;
	}
	int n = (int)luaL_len(L, -1);
	const char **list = lua_newuserdatauv(L, sizeof(char *) * (size_t)(n + 1), 0);
	for (int k = 0; k < n; k++) {
		lua_geti(L, -2, k + 1);
		if (lua_type(L, -1) != LUA_TSTRING)
			luaL_error(L, "option %s must list names", key);
		list[k] = lua_tostring(L, -1);
		lua_pop(L, 1);
	}
	lua_replace(L, -2); /* keep the userdata where the table was */
	*count = n;
	return list;
}

/* Formulation choices: angles = "absolute", tree = {joint indices} and
 * method = "crb" for joint coordinates, independent_coords for
 * partitioning, minimal_sets (names, minimal_set_size each) and switching
 * for minimal coordinates. */
static void read_config(lua_State *L, int t, struct formulation_config *cfg)
{
	lua_getfield(L, t, "angles");
	cfg->absolute_angles = lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "absolute") == 0;
	lua_pop(L, 1);
	cfg->independent = read_indices(L, t, "independent_coords", &cfg->nindependent);
	cfg->tree = read_indices(L, t, "tree_joints", &cfg->ntree);
	lua_getfield(L, t, "method");
	cfg->composite_mass = lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "crb") == 0;
	lua_pop(L, 1);
	int names = 0;
	cfg->minimal_sets = read_strings(L, t, "minimal_sets", &names);
	cfg->set_size = (int)opt_in(L, t, "minimal_set_size", names, 0, 1e6);
	if (names > 0 && (cfg->set_size < 1 || names % cfg->set_size != 0))
		luaL_error(L, "option minimal_sets must hold whole sets of minimal_set_size names");
	cfg->nsets = names > 0 ? names / cfg->set_size : 0;
	lua_getfield(L, t, "switching");
	cfg->fixed_coordinates = lua_isboolean(L, -1) && !lua_toboolean(L, -1);
	lua_pop(L, 1);
}

/* The remedy of opts (stabilization and its numbers); raises on a bad one. */
static void read_stabilization(lua_State *L, int desc, int opts, struct stabilization *stab)
{
	const char *name = opt_string(L, opts, "stabilization", "none");
	stab->kind = STAB_NONE;
	if (strcmp(name, "baumgarte") == 0) {
		stab->kind = STAB_BAUMGARTE;
		stab->alpha = opt_in(L, opts, "alpha", 5, 0, 1e12);
		stab->beta = opt_in(L, opts, "beta", 5, 0, 1e12);
	} else if (strcmp(name, "penalty") == 0) { /* defaults of Ex. 13.7 */
		double heaviest = 0;
		lua_getfield(L, desc, "bodies");
		for (lua_Integer b = 1; b <= luaL_len(L, -1); b++) {
			lua_geti(L, -1, b);
			lua_getfield(L, -1, "mass");
			heaviest = fmax(heaviest, lua_tonumber(L, -1));
			lua_pop(L, 2);
		}
		lua_pop(L, 1);
		stab->kind = STAB_PENALTY;
		stab->mc = opt_in(L, opts, "mc", 1000 * heaviest, 1e-12, 1e18);
		stab->zeta = opt_in(L, opts, "zeta", 1, 0, 1e6);
		stab->omega = opt_in(L, opts, "omega", 20 * M_PI, 1e-6, 1e9);
	} else if (strcmp(name, "momentum") == 0) {
		stab->kind = STAB_MOMENTUM;
	} else if (strcmp(name, "partitioning") == 0) {
		stab->kind = STAB_PARTITION;
	} else if (strcmp(name, "none") != 0) {
		luaL_error(L,
		           "unknown stabilization '%s' (available: none, baumgarte, penalty, "
		           "momentum, partitioning)",
		           name);
	}
}

/* The formulation named in opts; raises on an unknown one. */
static const struct formulation *read_formulation(lua_State *L, int opts)
{
	const char *name = opt_string(L, opts, "formulation", "body");
	const struct formulation *f = formulation_find(name);
	if (!f)
		luaL_error(L, "unknown formulation '%s'", name);
	return f;
}

static int core_simulate(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	const struct formulation *f = read_formulation(L, 2);
	struct sim_options o = {0};
	o.integrator =
	    opt_string(L, 2, "integrator", f->integrator ? f->integrator : integrator_default);
	int known = 0;
	for (const char *const *name = integrator_names(); *name; name++)
		known = known || strcmp(o.integrator, *name) == 0;
	if (!known)
		return luaL_error(L, "unknown integrator '%s'", o.integrator);
	int fixed = integrator_fixed(o.integrator);
	if (!fixed && (f->capabilities & FORM_FIXED_STEP))
		return luaL_error(L, "formulation '%s' takes fixed steps only", f->name);
	opt_times(L, 2, &o.tf, &o.dt);
	o.h = opt_in(L, 2, "h", f->step > 0 ? fmin(f->step, o.dt) : o.dt, 1e-300, o.dt);
	/* a run carrying on from another's end (events): its start time */
	o.t0 = opt_in(L, 2, "t0", 0, 0, 1e12);
	if (o.tf / o.h > MAX_STEPS)
		return raise_error(L, "tf / h is %g steps; at most %g are taken", o.tf / o.h,
		                   MAX_STEPS);
	o.tol = opt_in(L, 2, "tol", tol_default, 1e-14, 1);
	o.abstol = opt_in(L, 2, "abstol", o.tol, 1e-300, 1e12);
	lua_getfield(L, 2, "correct");
	o.correct = lua_toboolean(L, -1);
	lua_getfield(L, 2, "progress");
	o.progress = lua_toboolean(L, -1);
	lua_getfield(L, 2, "dense");
	o.dense = lua_isnil(L, -1) ? integrator_interpolates(o.integrator) : lua_toboolean(L, -1);
	lua_getfield(L, 2, "resumed");
	o.resumed = lua_toboolean(L, -1);
	lua_getfield(L, 2, "stop_when_stiff");
	o.stop_when_stiff = lua_toboolean(L, -1);
	lua_pop(L, 5);
	read_stabilization(L, 1, 2, &o.cfg.stab);
	read_config(L, 2, &o.cfg);
	o.cfg.step = fixed ? o.h : 0;
	if (f->capabilities & FORM_JOINT_FORCES) {
		if (o.cfg.stab.kind != STAB_NONE)
			return luaL_error(L, "formulation '%s' takes no stabilization", f->name);
		o.cfg.joint_omega = opt_in(L, 2, "omega", 0, 0, 1e12);
		o.cfg.joint_zeta = opt_in(L, 2, "zeta", 0, 0, 1e6);
	}
	o.cfg.drop_redundant = strcmp(opt_string(L, 2, "redundant", "stop"), "drop") == 0;
	struct model *m = model_from_lua(L, 1);
	mb_c_enter(L); /* Ctrl-C and the limits reach a callback that never returns */
	struct run *r = simulate(m, f, &o);
	mb_c_leave(L);
	push_run(L, m, r);
	run_free(r);
	model_free(m);
	return 1;
}

/* kinematics(desc, opts): Algorithm K with ID1 multipliers (kinematics.h) */
static int core_kinematics(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	struct kin_options o = {0};
	opt_times(L, 2, &o.tf, &o.dt);
	o.tol = opt_in(L, 2, "tol", 1e-10, 1e-15, 1);
	o.max_iterations = (int)opt_in(L, 2, "max_iterations", 25, 1, 1000);
	o.modified = strcmp(opt_string(L, 2, "newton", "full"), "modified") == 0;
	lua_getfield(L, 2, "trace");
	o.trace = lua_toboolean(L, -1);
	lua_pop(L, 1);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	read_config(L, 2, &cfg);
	const struct formulation *f = read_formulation(L, 2);
	struct model *m = model_from_lua(L, 1);
	struct kin_trace trace = {0};
	int *iterations = NULL;
	mb_c_enter(L);
	struct run *r = kinematic_run(m, f, &cfg, &o, &iterations, o.trace ? &trace : NULL);
	mb_c_leave(L);
	push_run(L, m, r);
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
	run_free(r);
	model_free(m);
	return 1;
}

static void push_doubles(lua_State *L, const double *v, int n)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushnumber(L, v[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

static void push_matrix_rows(lua_State *L, const double *a, int rows, int cols)
{
	double *m = mb_push_matrix(L, rows, cols);
	memcpy(m, a, sizeof(double) * (size_t)rows * (size_t)cols);
}

/* A formulation set up at the model's initial state, for the entry points
 * that look at one state. */
struct at_start {
	struct model *m;
	struct run_data *d;
	struct constrained *s;
	double *y; /* q then q̇ */
	double *c; /* the bodies' c then ċ */
	int n, n3;
};

static struct at_start at_start_new(lua_State *L, const struct formulation *f,
                                    const struct formulation_config *cfg)
{
	struct at_start a = {model_from_lua(L, 1), NULL, NULL, NULL, NULL, 0, 0};
	a.d = run_data_new(a.m);
	a.s = constrained_new(a.m, f, cfg, a.d);
	a.n = a.s ? constrained_size(a.s) : 0;
	a.n3 = 3 * a.m->nbodies;
	a.y = calloc(2 * (size_t)a.n + 1, sizeof(double));
	a.c = calloc(2 * (size_t)a.n3 + 1, sizeof(double));
	model_initial(a.m, a.c, a.c + a.n3);
	if (a.s)
		constrained_set_state(a.s, a.c, a.c + a.n3, a.y);
	return a;
}

/* The state y = {q..., q̇...} at index idx (when it is a table) into a->y:
 * 0, or -1 with the reason in the run's data when it is not 2n numbers.
 * Nothing here raises, so the set-up is always freed. */
static int state_in(lua_State *L, int idx, struct at_start *a)
{
	if (!lua_istable(L, idx))
		return 0;
	if (lua_rawlen(L, idx) != (size_t)(2 * a->n)) {
		run_data_fail(a->d, "y must hold %d numbers: %d coordinate%s, then %s rate%s",
		              2 * a->n, a->n, a->n == 1 ? "" : "s", a->n == 1 ? "its" : "their",
		              a->n == 1 ? "" : "s");
		return -1;
	}
	for (int k = 0; k < 2 * a->n; k++) {
		lua_rawgeti(L, idx, k + 1);
		int ok = lua_type(L, -1) == LUA_TNUMBER;
		a->y[k] = lua_tonumber(L, -1);
		lua_pop(L, 1);
		if (!ok || !isfinite(a->y[k])) {
			run_data_fail(a->d, "y[%d] must be a finite number", k + 1);
			return -1;
		}
	}
	return 0;
}

/* Free it; on failure raise the run's error, else return the one result
 * left on the stack. */
static int at_start_finish(lua_State *L, struct at_start *a, int status)
{
	if (status != 0)
		lua_pushstring(L, a->d->error[0] ? a->d->error : "failed");
	free(a->y), free(a->c);
	constrained_free(a->s);
	run_data_free(a->d);
	model_free(a->m);
	return status == 0 ? 1 : lua_error(L);
}

/* The pieces of the equations of motion at (q, q̇) as a table. */
static int push_pieces(lua_State *L, struct at_start *a, double t, const double *q,
                       const double *qd)
{
	struct constrained_pieces p;
	if (!a->s || constrained_pieces(a->s, t, q, qd, &p) != 0)
		return -1;
	lua_newtable(L);
	push_doubles(L, q, p.n), lua_setfield(L, -2, "q");
	push_doubles(L, qd, p.n), lua_setfield(L, -2, "qd");
	push_matrix_rows(L, p.J, p.rows, p.n), lua_setfield(L, -2, "D");
	push_doubles(L, p.gamma, p.rows), lua_setfield(L, -2, "gamma");
	push_doubles(L, p.phi, p.rows), lua_setfield(L, -2, "phi");
	push_doubles(L, p.vrhs, p.rows), lua_setfield(L, -2, "vrhs");
	/* the names of the rows (and the joint each states, 1-based; 0 for a row
	 * of the formulation's own) and of the coordinates, for m:explain */
	lua_createtable(L, p.rows, 0);
	lua_createtable(L, p.rows, 0);
	for (int r = 0; r < p.rows; r++) {
		const char *name = constrained_row_name(a->s, r);
		lua_pushstring(L, name ? name : "?");
		lua_rawseti(L, -3, r + 1);
		lua_pushinteger(L, constrained_row_joint(a->s, r) + 1);
		lua_rawseti(L, -2, r + 1);
	}
	lua_setfield(L, -3, "row_joint");
	lua_setfield(L, -2, "row_names");
	lua_createtable(L, p.n, 0);
	for (int k = 0; k < p.n; k++) {
		char name[96];
		constrained_coordinate_name(a->s, k, name, sizeof name);
		lua_pushstring(L, name);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "coordinate_names");
	if (!p.M) /* a kinematic formulation states its rows only */
		return 0;
	push_matrix_rows(L, p.M, p.n, p.n), lua_setfield(L, -2, "M");
	push_doubles(L, p.h, p.n), lua_setfield(L, -2, "h");
	push_doubles(L, p.acc, p.n), lua_setfield(L, -2, "acc");
	push_doubles(L, p.lambda, p.rows), lua_setfield(L, -2, "lambda");
	if (p.row_ratio)
		push_doubles(L, p.row_ratio, p.rows), lua_setfield(L, -2, "row_ratio");
	return 0;
}

static const struct formulation_config plain = {.stab.kind = STAB_NONE};

/* evaluate(desc, t): M, D, γ, Φ, h, c̈, λ in body coordinates at the start */
static int core_evaluate(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = arg_finite(L, 2, 1, 0);
	struct at_start a = at_start_new(L, &formulation_body, &plain);
	return at_start_finish(L, &a, push_pieces(L, &a, t, a.y, a.y + a.n));
}

/* pieces(desc, opts, t, y): the equations of motion of any formulation
 * (opts.formulation, with its options) at the start, or at y = {q..., q̇...}:
 * q, q̇, M, D (the Jacobian in q), Φ, v, γ, h, q̈, λ. */
static int core_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	read_config(L, 2, &cfg);
	/* redundant = "drop": the pieces of a model with redundant joints
	 * (m:dof and m:explain show them), the dependent rows' λ zero */
	cfg.drop_redundant = strcmp(opt_string(L, 2, "redundant", "stop"), "drop") == 0;
	const struct formulation *f = read_formulation(L, 2);
	double t = arg_finite(L, 3, 1, 0);
	struct at_start a = at_start_new(L, f, &cfg);
	int status = a.s ? state_in(L, 4, &a) : -1;
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	return at_start_finish(L, &a, status);
}

/* impulse(desc): the velocities after the model's constraints act as an
 * impulse on the bodies' initial velocities (Sec. 13.5) */
static int core_impulse(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = arg_finite(L, 2, 1, 0); /* the drivers' time */
	struct at_start a = at_start_new(L, &formulation_body, &plain);
	struct impact *w = impact_new(a.m);
	double *cd = a.c + a.n3;
	int status = velocity_jump(w, a.d, t, a.c, cd, 1, 0, NULL, NULL, NULL, NULL);
	impact_free(w);
	if (status == 0)
		push_doubles(L, cd, a.n3);
	else if (!a.d->error[0])
		run_data_fail(a.d, "the joints' velocity constraints cannot be met by an impulse: "
		                   "they are redundant or contradict each other");
	return at_start_finish(L, &a, status);
}

/* The impact of contact k (1-based) at the model's initial state:
 * {v = ċ⁺, impulse, friction_impulse, closing, opening}. */
static int core_impact(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	int k = (int)luaL_checkinteger(L, 2) - 1;
	struct at_start a = at_start_new(L, &formulation_body, &plain);
	double normal = 0, tangent = 0, *c = a.c, *cd = a.c + a.n3;
	struct contact_point before, after;
	int status = k >= 0 && k < a.m->ncontacts ? 0 : -1;
	if (status != 0)
		run_data_fail(a.d, "no contact number %d", k + 1);
	/* a law without a restitution (spring, hunt-crossley) is a force in
	 * time, not a jump: Eq. 11.27 has no e to take */
	if (status == 0 && isnan(a.m->contacts[k].e)) {
		status = -1;
		run_data_fail(
		    a.d,
		    "contact '%s' has the %s law, a force over time with no restitution e: "
		    "an impact (Eq. 11.27) takes a law with e, such as impulse",
		    a.m->contacts[k].name, a.m->contacts[k].law->name);
	}
	if (status == 0) {
		struct impact *w = impact_new(a.m);
		contact_geometry(&a.m->contacts[k], c, cd, &before);
		status = contact_impact(w, a.d, k, 0, c, cd, &normal, &tangent);
		impact_free(w);
	}
	if (status == 0) {
		contact_geometry(&a.m->contacts[k], c, cd, &after);
		lua_createtable(L, 0, 5);
		push_doubles(L, cd, a.n3), lua_setfield(L, -2, "v");
		lua_pushnumber(L, normal), lua_setfield(L, -2, "impulse");
		lua_pushnumber(L, tangent), lua_setfield(L, -2, "friction_impulse");
		lua_pushnumber(L, -before.vn), lua_setfield(L, -2, "closing");
		lua_pushnumber(L, after.vn), lua_setfield(L, -2, "opening");
	}
	return at_start_finish(L, &a, status);
}

/* contact_force(law, {k, n, c, e}, delta, rate, approach) -> force, energy:
 * a contact law by itself, for lessons and tests; its numbers as the law's
 * entry takes them. */
static int core_contact_force(lua_State *L)
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
	double energy, f = contact_normal_force(&k, arg_finite(L, 3, 0, 0), arg_finite(L, 4, 0, 0),
	                                        arg_finite(L, 5, 0, 0), &energy);
	lua_pushnumber(L, f);
	lua_pushnumber(L, energy);
	return 2;
}

/* friction_brown_mcphee(v, mu_s, mu_d, v_t) -> the coefficient of Eq. 4.44 */
static int core_friction_brown_mcphee(lua_State *L)
{
	lua_pushnumber(L, friction_brown_mcphee(arg_finite(L, 2, 0, 0), arg_finite(L, 3, 0, 0),
	                                        arg_finite(L, 4, 0, 0), arg_finite(L, 1, 0, 0)));
	return 1;
}

/* correct(desc) -> {c..., ċ...}: the start corrected in body coordinates */
static int core_correct(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = arg_finite(L, 2, 1, 0); /* the drivers' time */
	struct at_start a = at_start_new(L, &formulation_body, &plain);
	int status = constrained_correct(a.s, t, a.y);
	if (status == 0)
		push_doubles(L, a.y, 2 * a.n);
	return at_start_finish(L, &a, status);
}

static void push_ints(lua_State *L, const int *v, int n, int offset)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushinteger(L, v[i] + offset);
		lua_rawseti(L, -2, i + 1);
	}
}

/* joint_pieces(desc, opts, t): the tree and B, Ḃθ̇, M̄, h̄, C, γ̄, θ̈, λ at the
 * initial state, or at opts.theta, opts.theta_d (joint indices 1-based, -1
 * for none). */
static int core_joint_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	if (lua_istable(L, 2))
		read_config(L, 2, &cfg);
	double t = arg_finite(L, 3, 1, 0);
	struct at_start a = at_start_new(L, &formulation_joint, &cfg);
	int status = a.s ? 0 : -1;
	if (status == 0 && lua_istable(L, 2)) { /* opts.theta, opts.theta_d: a state of its own */
		lua_getfield(L, 2, "theta");
		lua_getfield(L, 2, "theta_d");
		int top = lua_gettop(L);
		if (lua_istable(L, top - 1)) {
			lua_createtable(L, 2 * a.n, 0); /* {theta..., theta_d...} */
			for (int k = 0; k < 2 * a.n; k++) {
				int from = k < a.n ? top - 1 : top;
				if (k >= a.n && !lua_istable(L, from))
					lua_pushnumber(L, 0); /* at rest */
				else
					lua_rawgeti(L, from, k < a.n ? k + 1 : k - a.n + 1);
				lua_rawseti(L, -2, k + 1);
			}
			status = state_in(L, lua_gettop(L), &a);
		}
		lua_settop(L, top - 2);
	}
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	if (status == 0) {
		void *ws = constrained_workspace(a.s);
		struct jc_tree tree;
		struct jc_kinematics k;
		jc_tree(ws, &tree);
		jc_kinematics(ws, a.y, a.y + a.n, &k);
		int n = a.n, nb = tree.nbodies;
		lua_getfield(L, -1, "D"), lua_setfield(L, -2, "C"); /* C = D_cut B */
		lua_pushnil(L), lua_setfield(L, -2, "D");
		lua_pushnil(L), lua_setfield(L, -2, "phi");
		push_ints(L, tree.parent, nb, 1), lua_setfield(L, -2, "parent");
		push_ints(L, tree.joint, nb, 1), lua_setfield(L, -2, "joint");
		push_ints(L, tree.coord, nb, 1), lua_setfield(L, -2, "coord");
		push_ints(L, tree.kind, nb, 0), lua_setfield(L, -2, "kind");
		push_ints(L, tree.cut, tree.ncut, 1), lua_setfield(L, -2, "cut");
		push_matrix_rows(L, k.B, 3 * nb, n), lua_setfield(L, -2, "B");
		push_doubles(L, k.bias, 3 * nb), lua_setfield(L, -2, "Bdtd");
		push_doubles(L, a.y, n), lua_setfield(L, -2, "theta");
		push_doubles(L, a.y + n, n), lua_setfield(L, -2, "theta_d");
		push_doubles(L, k.c, 3 * nb), lua_setfield(L, -2, "c");
		push_doubles(L, k.cd, 3 * nb), lua_setfield(L, -2, "cd");
	}
	return at_start_finish(L, &a, status);
}

static void set_text(lua_State *L, const char *key, const char *v);

/* minimal_pieces(desc, opts, t, y): the pieces of any formulation's
 * pieces() for minimal coordinates (opts: independent sets), with the
 * independent coordinates' names and the groups of the decomposition
 * {kind, joints, bodies, unknowns, condition, branch} at the start or y. */
static int core_minimal_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	read_config(L, 2, &cfg);
	double t = arg_finite(L, 3, 1, 0);
	struct at_start a = at_start_new(L, &formulation_minimal, &cfg);
	int status = a.s ? state_in(L, 4, &a) : -1;
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	if (status == 0) {
		void *ws = constrained_workspace(a.s);
		struct mc_group groups[64];
		int n = mc_groups(ws, groups, 64);
		lua_createtable(L, a.n, 0);
		for (int k = 0; k < a.n; k++) {
			char name[256];
			formulation_minimal.coordinate_name(ws, k, name, sizeof name);
			lua_pushstring(L, name);
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "independent");
		lua_createtable(L, n, 0);
		for (int k = 0; k < n; k++) {
			lua_createtable(L, 0, 6);
			set_text(L, "kind", groups[k].kind);
			set_text(L, "joints", groups[k].joints);
			set_text(L, "bodies", groups[k].bodies);
			set_text(L, "unknowns", groups[k].unknowns);
			lua_pushnumber(L, groups[k].condition), lua_setfield(L, -2, "condition");
			lua_pushinteger(L, groups[k].branch), lua_setfield(L, -2, "branch");
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "groups");
	}
	struct mc_kinematics k;
	if (status == 0)
		status = mc_kinematics(constrained_workspace(a.s), t, a.y, a.y + a.n, &k);
	if (status == 0) { /* c, ċ, B, η, ξ */
		int n3 = a.n3, R = k.k + 1;
		double *B = mb_push_matrix(L, n3, k.k);
		lua_createtable(L, n3, 0); /* ċ */
		lua_createtable(L, n3, 0); /* η */
		for (int i = 0; i < n3; i++) {
			double v = k.rows[(size_t)i * (size_t)R + (size_t)k.k];
			for (int j = 0; j < k.k; j++) {
				B[(size_t)i * (size_t)k.k + (size_t)j] =
				    k.rows[(size_t)i * (size_t)R + (size_t)j];
				v += B[(size_t)i * (size_t)k.k + (size_t)j] * a.y[a.n + j];
			}
			lua_pushnumber(L, k.rows[(size_t)i * (size_t)R + (size_t)k.k]);
			lua_rawseti(L, -2, i + 1);
			lua_pushnumber(L, v);
			lua_rawseti(L, -3, i + 1);
		}
		lua_setfield(L, -4, "eta");
		lua_setfield(L, -3, "cd");
		lua_setfield(L, -2, "B");
		push_doubles(L, k.c, n3), lua_setfield(L, -2, "c");
		push_doubles(L, k.xi, n3), lua_setfield(L, -2, "xi");
	}
	return at_start_finish(L, &a, status);
}

static void push_names(lua_State *L, const char *const *names)
{
	lua_newtable(L);
	for (int i = 0; names[i]; i++) {
		lua_pushstring(L, names[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

static void set_int(lua_State *L, const char *key, lua_Integer v)
{
	lua_pushinteger(L, v);
	lua_setfield(L, -2, key);
}

static void set_text(lua_State *L, const char *key, const char *v)
{
	if (!v)
		return;
	lua_pushstring(L, v);
	lua_setfield(L, -2, key);
}

static void push_pair(lua_State *L, vec2 v)
{
	lua_createtable(L, 2, 0);
	lua_pushnumber(L, v.x), lua_rawseti(L, -2, 1);
	lua_pushnumber(L, v.y), lua_rawseti(L, -2, 2);
}

/* The points of a point-coordinate layout as a Lua list (indices 1-based,
 * the ground body 0): var (the first coordinate), at, role, joint, body,
 * local, name. */
static void push_points(lua_State *L, const struct layout *P, const double *q)
{
	static const char *roles[] = {"pin", "axis", "centre", "gyration"};
	lua_createtable(L, P->npoints, 0);
	for (int p = 0; p < P->npoints; p++) {
		const struct point *pt = &P->points[p];
		lua_createtable(L, 0, 7);
		if (pt->var >= 0)
			set_int(L, "var", pt->var + 1);
		push_pair(L, pt->var >= 0 ? v2(q[pt->var], q[pt->var + 1]) : pt->at);
		lua_setfield(L, -2, "at");
		set_text(L, "role", roles[pt->role]);
		if (pt->joint >= 0)
			set_int(L, "joint", pt->joint + 1);
		set_int(L, "body", pt->body + 1);
		push_pair(L, pt->local), lua_setfield(L, -2, "local");
		set_text(L, "name", pt->name);
		lua_rawseti(L, -2, p + 1);
	}
}

/* Its rows: type, joint (nil: a body's own), body, points, value. */
static void push_layout_rows(lua_State *L, const struct layout *P)
{
	lua_createtable(L, P->nrows, 0);
	for (int i = 0; i < P->nrows; i++) {
		const struct prow *r = &P->rows[i];
		lua_createtable(L, 0, 5);
		set_text(L, "type", r->type);
		if (r->joint >= 0)
			set_int(L, "joint", r->joint + 1);
		else
			set_int(L, "body", r->body + 1);
		lua_newtable(L);
		for (int k = 0, at = 1; k < PROW_POINTS; k++)
			if (r->points[k] >= 0)
				lua_pushinteger(L, r->points[k] + 1), lua_rawseti(L, -2, at++);
		lua_setfield(L, -2, "points");
		lua_pushnumber(L, r->value), lua_setfield(L, -2, "value");
		lua_rawseti(L, -2, i + 1);
	}
}

/* Its groups (bodies welded together count as one): ref, motion, points,
 * and for Attia's tree parent (0: the ground, -1: none), parent_joint and
 * the particles. */
static void push_groups(lua_State *L, const struct layout *P, void *ws, int recursive)
{
	static const char *motions[] = {"fixed", "sliding", "turning"};
	lua_createtable(L, P->ngroups - 1, 0);
	for (int g = 1; g < P->ngroups; g++) {
		const struct group *G = &P->groups[g];
		lua_createtable(L, 0, 6);
		set_int(L, "ref", G->ref + 1);
		set_text(L, "motion", motions[G->motion]);
		lua_createtable(L, G->npoints, 0);
		for (int k = 0; k < G->npoints; k++)
			lua_pushinteger(L, G->points[k] + 1), lua_rawseti(L, -2, k + 1);
		lua_setfield(L, -2, "points");
		struct pr_particles pp;
		if (recursive) {
			set_int(L, "parent", G->parent);
			if (G->parent_joint >= 0)
				set_int(L, "parent_joint", G->parent_joint + 1);
		}
		if (recursive && pr_particles(ws, g, &pp) == 0) {
			lua_createtable(L, 0, 5);
			push_doubles(L, pp.mass, pp.count), lua_setfield(L, -2, "mass");
			lua_createtable(L, pp.count, 0);
			for (int k = 0; k < pp.count; k++)
				push_pair(L, pp.z[k]), lua_rawseti(L, -2, k + 1);
			lua_setfield(L, -2, "z");
			lua_pushnumber(L, pp.total), lua_setfield(L, -2, "total");
			push_pair(L, pp.S1), lua_setfield(L, -2, "S1");
			lua_pushnumber(L, pp.S2), lua_setfield(L, -2, "S2");
			lua_setfield(L, -2, "particles");
		}
		lua_rawseti(L, -2, g);
	}
}

/* point_pieces(desc, opts, t, y): the pieces of point coordinates
 * (opts.formulation "point" or "point-recursive", opts.tree_joints) at the
 * start, or at y = {r..., ṙ...}, with the layout: points, rows, groups; and
 * for the recursive one Attia's system A, b and the chains' order. */
static int core_point_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	read_config(L, 2, &cfg);
	const struct formulation *f = read_formulation(L, 2);
	int recursive = f == &formulation_point_recursive;
	if (!recursive && f != &formulation_point)
		return luaL_error(L, "formulation must be \"point\" or \"point-recursive\"");
	double t = arg_finite(L, 3, 1, 0);
	struct at_start a = at_start_new(L, f, &cfg);
	int status = a.s ? state_in(L, 4, &a) : -1;
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	if (status == 0) {
		void *ws = constrained_workspace(a.s);
		const struct layout *P = point_coords_layout(ws);
		push_points(L, P, a.y), lua_setfield(L, -2, "points");
		push_layout_rows(L, P), lua_setfield(L, -2, "rows");
		push_groups(L, P, ws, recursive), lua_setfield(L, -2, "groups");
		if (recursive) {
			int size = P->n + P->nrows - P->nown;
			double *A = calloc((size_t)size * (size_t)size + 1, sizeof(double));
			double *b = calloc((size_t)size + 1, sizeof(double));
			status = pr_system(ws, t, A, b);
			if (status == 0) {
				push_matrix_rows(L, A, size, size), lua_setfield(L, -2, "A");
				push_doubles(L, b, size), lua_setfield(L, -2, "b");
				lua_createtable(L, P->norder - 1, 0);
				for (int i = 1; i < P->norder; i++)
					lua_pushinteger(L, P->order[i]), lua_rawseti(L, -2, i);
				lua_setfield(L, -2, "order");
			}
			free(A), free(b);
		}
	}
	return at_start_finish(L, &a, status);
}

/* A sum of vectors as a list of terms {kind, sign, body, coord, joint,
 * local}: indices 1-based, 0 for the ground or none. */
static void push_terms(lua_State *L, const struct vl_term *t, int count)
{
	static const char *kinds[] = {"body", "slide", "link", "free"};
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++, t++) {
		lua_createtable(L, 0, 6);
		set_text(L, "kind", kinds[t->kind]);
		set_int(L, "sign", t->sign);
		set_int(L, "body", t->body + 1);
		set_int(L, "coord", t->coord + 1);
		set_int(L, "joint", t->joint + 1);
		push_doubles(L, (const double[]){t->local.x, t->local.y}, 2);
		lua_setfield(L, -2, "at");
		lua_rawseti(L, -2, k + 1);
	}
}

/* loops(desc) -> the model's vector loops (vector_loops.h) at its start:
 * coords {kind, body, joint}, q and qd (their values and rates), loops
 * {joints, start, terms, phi}, per body angle (its coordinate, 0: the
 * ground's), alpha and path (the sum to its mass centre), drivers (joint
 * indices); indices 1-based. */
static int core_loops(lua_State *L)
{
	static const char *kinds[] = {"angle", "slide", "link", "x", "y"};
	luaL_checktype(L, 1, LUA_TTABLE);
	struct model *m = model_from_lua(L, 1);
	struct run_data *d = run_data_new(m);
	void *ws = vl_describe(m, d);
	if (!ws) {
		lua_pushstring(L, d->error);
		run_data_free(d), model_free(m);
		return lua_error(L);
	}
	struct vl_structure v;
	vl_structure(ws, &v);
	int n3 = 3 * m->nbodies, rows;
	formulation_vector.size(ws, &rows);
	double *c = calloc(2 * (size_t)n3 + 2 * (size_t)v.ncoords + 1, sizeof(double));
	double *q = c + 2 * n3;
	model_initial(m, c, c + n3);
	formulation_vector.from_bodies(ws, c, c + n3, q, q + v.ncoords);
	struct rows *r = rows_new(rows, v.ncoords);
	int status = formulation_vector.evaluate(ws, 0, q, q + v.ncoords, EVAL_ROWS, r, NULL);
	lua_newtable(L);
	lua_createtable(L, v.ncoords, 0);
	for (int k = 0; k < v.ncoords; k++) {
		lua_createtable(L, 0, 3);
		set_text(L, "kind", kinds[v.coords[k].kind]);
		set_int(L, "body", v.coords[k].body + 1);
		set_int(L, "joint", v.coords[k].joint + 1);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "coords");
	push_doubles(L, q, v.ncoords), lua_setfield(L, -2, "q");
	push_doubles(L, q + v.ncoords, v.ncoords), lua_setfield(L, -2, "qd");
	lua_createtable(L, v.nloops, 0);
	for (int l = 0; l < v.nloops; l++) {
		const struct vl_loop *loop = &v.loops[l];
		lua_createtable(L, 0, 4);
		push_ints(L, loop->joints, loop->njoints, 1), lua_setfield(L, -2, "joints");
		set_int(L, "start", loop->start + 1);
		push_terms(L, loop->terms, loop->nterms), lua_setfield(L, -2, "terms");
		if (status == 0)
			push_doubles(L, r->phi + 2 * l, 2), lua_setfield(L, -2, "phi");
		lua_rawseti(L, -2, l + 1);
	}
	lua_setfield(L, -2, "loops");
	lua_createtable(L, m->nbodies, 0);
	for (int b = 0; b < m->nbodies; b++) {
		lua_createtable(L, 0, 3);
		set_int(L, "angle", v.angle_coord[b] + 1);
		lua_pushnumber(L, v.alpha[b]), lua_setfield(L, -2, "alpha");
		push_terms(L, v.path[b], v.npath[b]), lua_setfield(L, -2, "path");
		lua_rawseti(L, -2, b + 1);
	}
	lua_setfield(L, -2, "bodies");
	push_ints(L, v.drivers, v.ndrivers, 1), lua_setfield(L, -2, "drivers");
	rows_free(r);
	free(c);
	formulation_vector.release(ws);
	run_data_free(d);
	model_free(m);
	return 1;
}

/* n numbers of the table at idx into v: 0, or -1 when it is not a list of
 * n finite numbers. */
static int numbers_in(lua_State *L, int idx, double *v, int n)
{
	if (!lua_istable(L, idx) || lua_rawlen(L, idx) != (size_t)n)
		return -1;
	for (int k = 0; k < n; k++) {
		lua_rawgeti(L, idx, k + 1);
		v[k] = lua_tonumber(L, -1);
		int ok = lua_type(L, -1) == LUA_TNUMBER && isfinite(v[k]);
		lua_pop(L, 1);
		if (!ok)
			return -1;
	}
	return 0;
}

/* fbd(desc, body, t, c, cd, lambda) -> the forces on one body (fbd.h) at
 * that state: {kind, name, arm = {x, y}, force = {fx, fy}, couple, row,
 * rows} each; body 1-based, c and cd 3 per body, lambda one per row. */
static int core_fbd(lua_State *L)
{
	static const char *kinds[] = {"weight", "force", "contacts", "reaction", "driver"};
	luaL_checktype(L, 1, LUA_TTABLE);
	int b = (int)luaL_checkinteger(L, 2) - 1;
	double t = arg_finite(L, 3, 0, 0);
	struct model *m = model_from_lua(L, 1);
	struct run_data *d = run_data_new(m);
	int n3 = 3 * m->nbodies, status = 0;
	double *c = calloc(2 * (size_t)n3 + (size_t)m->nc + 1, sizeof(double));
	double *cd = c + n3, *lambda = cd + n3;
	if (b < 0 || b >= m->nbodies)
		run_data_fail(d, "no body number %d (the model has %d)", b + 1, m->nbodies),
		    status = -1;
	else if (numbers_in(L, 4, c, n3) != 0 || numbers_in(L, 5, cd, n3) != 0)
		run_data_fail(d, "c and cd must be %d finite numbers each", n3), status = -1;
	else if (numbers_in(L, 6, lambda, m->nc) != 0)
		run_data_fail(d, "lambda must be %d finite numbers, one per constraint row", m->nc),
		    status = -1;
	static const struct formulation_config plain_cfg = {.stab.kind = STAB_NONE};
	void *ws = status == 0 ? formulation_fbd.setup(m, &plain_cfg, d) : NULL;
	struct fbd_force *out = ws ? calloc((size_t)fbd_room(ws) + 1, sizeof *out) : NULL;
	int count = ws ? fbd_diagram(ws, b, t, c, cd, lambda, out) : -1;
	if (count >= 0) {
		lua_createtable(L, count, 0);
		for (int k = 0; k < count; k++) {
			const struct fbd_force *f = &out[k];
			lua_createtable(L, 0, 7);
			set_text(L, "kind", kinds[f->kind]);
			if (f->kind == FBD_ELEMENT) {
				set_text(L, "name", m->forces[f->index].name);
				set_text(L, "type", m->forces[f->index].kind->name);
			} else if (f->kind == FBD_REACTION || f->kind == FBD_DRIVER) {
				set_text(L, "name", m->joints[f->index].name);
				set_text(L, "type", m->joints[f->index].kind->name);
			}
			push_doubles(L, (const double[]){f->arm.x, f->arm.y}, 2);
			lua_setfield(L, -2, "arm");
			push_doubles(L, (const double[]){f->force.x, f->force.y}, 2);
			lua_setfield(L, -2, "force");
			lua_pushnumber(L, f->couple), lua_setfield(L, -2, "couple");
			set_int(L, "row", f->row + 1);
			set_int(L, "rows", f->rows);
			lua_rawseti(L, -2, k + 1);
		}
	} else {
		lua_pushstring(L, d->error[0] ? d->error : "the free-body diagram failed");
	}
	free(out), free(c);
	if (ws)
		formulation_fbd.release(ws);
	run_data_free(d);
	model_free(m);
	return count >= 0 ? 1 : lua_error(L);
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
		set_text(L, "name", p->name);
		set_text(L, "type", types[p->type]);
		set_text(L, "when", whens[p->when]);
		lua_pushnumber(L, p->fallback), lua_setfield(L, -2, "fallback");
		if (p->choices)
			push_names(L, p->choices), lua_setfield(L, -2, "choices");
		lua_pushboolean(L, p->timed), lua_setfield(L, -2, "timed");
		lua_rawseti(L, -2, i + 1);
	}
}

static void push_shape(lua_State *L, struct kind_shape s, enum kind_drawing drawing)
{
	static const char *drawings[] = {"nothing", "pin",  "guide", "slot",
	                                 "rod",     "disc", "spring"};
	set_int(L, "points", s.points), set_int(L, "vectors", s.vectors);
	set_int(L, "bodies", s.bodies);
	lua_pushboolean(L, s.moving), lua_setfield(L, -2, "moving");
	set_text(L, "drawing", drawings[drawing]);
}

/* kinds() -> what the C tables hold, so that Lua keeps no copy of them:
 * formulations {name, title}, integrators (names), joints {name, summary,
 * rows, capabilities, shape, drawing, params}, forces {name, summary,
 * internal, host, shape, drawing, params}, laws {name, impulsive, params} */
static int core_kinds(lua_State *L)
{
	lua_newtable(L);
	lua_newtable(L);
	for (int i = 0; formulations[i]; i++) {
		const struct formulation *f = formulations[i];
		lua_createtable(L, 0, 5);
		set_text(L, "name", f->name);
		set_text(L, "title", f->title);
		set_text(L, "integrator", f->integrator ? f->integrator : integrator_default);
		lua_pushnumber(L, f->step), lua_setfield(L, -2, "step");
		/* what it can do, for the checks of options and the tests */
		lua_createtable(L, 0, 4);
		lua_pushboolean(L, !(f->capabilities & FORM_JOINT_FORCES));
		lua_setfield(L, -2, "constraints");
		lua_pushboolean(L, !(f->capabilities & FORM_FIXED_STEP));
		lua_setfield(L, -2, "adaptive");
		lua_pushboolean(L, f->joint_forces != NULL);
		lua_setfield(L, -2, "joint_forces");
		/* closed_form: no rows for a remedy; takes only what it solves in closed form */
		lua_pushboolean(L, (f->capabilities & FORM_CLOSED_FORM) != 0);
		lua_setfield(L, -2, "closed_form");
		lua_pushboolean(L, !(f->capabilities & FORM_KINEMATIC_ONLY));
		lua_setfield(L, -2, "dynamics");
		lua_setfield(L, -2, "can");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "formulations");
	push_names(L, integrator_names()), lua_setfield(L, -2, "integrators");
	lua_newtable(L);
	for (int i = 0; joint_kinds[i]; i++) {
		const struct joint_kind *k = joint_kinds[i];
		lua_newtable(L);
		set_text(L, "name", k->name), set_text(L, "summary", k->summary);
		lua_pushboolean(L, k->internal), lua_setfield(L, -2, "internal");
		set_int(L, "rows", k->rows);
		push_shape(L, k->shape, k->drawing);
		lua_createtable(L, 0, 4);
		lua_pushboolean(L, (k->capabilities & JOINT_TREE_PIN) != 0);
		lua_setfield(L, -2, "pin");
		lua_pushboolean(L, (k->capabilities & JOINT_TREE_SLIDE) != 0);
		lua_setfield(L, -2, "slide");
		lua_pushboolean(L, (k->capabilities & JOINT_DRIVER) != 0);
		lua_setfield(L, -2, "driver");
		lua_setfield(L, -2, "can");
		push_params(L, k->params), lua_setfield(L, -2, "params");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "joints");
	lua_newtable(L);
	for (int i = 0; force_kinds[i]; i++) {
		const struct force_kind *k = force_kinds[i];
		lua_newtable(L);
		set_text(L, "name", k->name), set_text(L, "summary", k->summary);
		lua_pushboolean(L, k->internal), lua_setfield(L, -2, "internal");
		lua_pushboolean(L, k->host), lua_setfield(L, -2, "host");
		push_shape(L, k->shape, k->drawing);
		push_params(L, k->params), lua_setfield(L, -2, "params");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "forces");
	lua_newtable(L);
	for (int i = 0; contact_laws[i]; i++) {
		lua_newtable(L);
		set_text(L, "name", contact_laws[i]->name);
		set_text(L, "summary", contact_laws[i]->summary);
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
static int core_check(lua_State *L)
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

int mb_open_model(lua_State *L)
{
	static const luaL_Reg funcs[] = {{"simulate", core_simulate},
	                                 {"evaluate", core_evaluate},
	                                 {"correct", core_correct},
	                                 {"joint_pieces", core_joint_pieces},
	                                 {"kinematics", core_kinematics},
	                                 {"impulse", core_impulse},
	                                 {"impact", core_impact},
	                                 {"contact_force", core_contact_force},
	                                 {"point_pieces", core_point_pieces},
	                                 {"friction_brown_mcphee", core_friction_brown_mcphee},
	                                 {"kinds", core_kinds},
	                                 {"pieces", core_pieces},
	                                 {"minimal_pieces", core_minimal_pieces},
	                                 {"loops", core_loops},
	                                 {"fbd", core_fbd},
	                                 {"check", core_check},
	                                 {NULL, NULL}};
	luaL_newlib(L, funcs);
	/* from this many rows on, large models solve without S (m:explain says so) */
	lua_pushinteger(L, TREE_SOLVE_ROWS);
	lua_setfield(L, -2, "tree_rows");
	lua_pushinteger(L, SPARSE_KKT_ROWS);
	lua_setfield(L, -2, "sparse_rows");
	return 1;
}
