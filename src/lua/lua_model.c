/* lua_model.c — the model's C entry points for Lua (mechbench.core):
 *   simulate(desc, opts)   forward dynamics -> result table
 *   evaluate(desc, t)      M, D, γ, Φ, h, c̈, λ at the initial state
 *   correct(desc)          initial-condition correction -> {q, v}
 * desc is the table model.lua compiles; results are plain Lua tables that
 * result.lua dresses with methods. */
#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "formulation/body_coords.h"
#include "model/contact.h"
#include "model/joints/joint.h"
#include "formulation/joint_coords.h"
#include "analysis/kinematics.h"
#include "formulation/point_coords.h"
#include "lua/lua_core.h"
#include "analysis/simulate.h"

static double opt_number(lua_State *L, int t, const char *key, double fallback)
{
	lua_getfield(L, t, key);
	double v = luaL_optnumber(L, -1, fallback);
	lua_pop(L, 1);
	return v;
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

static void set_array(lua_State *L, const char *key, double (*get)(const struct run *, int, int),
                      const struct run *r, int index)
{
	push_array(L, r->count, get, r, index);
	lua_setfield(L, -2, key);
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
		if (j->kind == &joint_driver_distance) {
			lua_getfield(L, -1, "torque");
			lua_setfield(L, -2, "force");
		}
		lua_newtable(L);
		for (int row = 0; row < j->kind->rows; row++) {
			push_array(L, r->count, get_lambda, r, j->row + row);
			lua_rawseti(L, -2, row + 1);
		}
		lua_setfield(L, -2, "lambda");
		lua_pushboolean(L, !j->nonunique);
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
		if (m->contacts[e->contact].law != LAW_IMPULSE) {
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
	lua_newtable(L);
	lua_pushinteger(L, r->fevals);
	lua_setfield(L, -2, "fevals");
	lua_pushinteger(L, r->steps);
	lua_setfield(L, -2, "steps");
	lua_pushnumber(L, r->wall);
	lua_setfield(L, -2, "wall");
	lua_setfield(L, -2, "stats");
	if (r->corrected) { /* the corrected start is the first sample, in any formulation */
		lua_pushboolean(L, 1);
		lua_setfield(L, -2, "corrected");
	}
	if (r->error[0]) {
		lua_pushstring(L, r->error);
		lua_setfield(L, -2, "error");
	}
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

/* Formulation choices: angles = "absolute" and tree = {joint indices} for
 * joint coordinates, independent_coords for partitioning. */
static void read_config(lua_State *L, int t, struct formulation_config *cfg)
{
	lua_getfield(L, t, "angles");
	cfg->absolute_angles = lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "absolute") == 0;
	lua_pop(L, 1);
	cfg->independent = read_indices(L, t, "independent_coords", &cfg->nindependent);
	cfg->tree = read_indices(L, t, "tree_joints", &cfg->ntree);
}

static int core_simulate(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	const char *fname = opt_string(L, 2, "formulation", "body");
	const struct formulation *f = formulation_find(fname);
	if (!f)
		return luaL_error(L, "unknown formulation '%s' (available: body, joint)", fname);
	struct sim_options o = {0};
	o.integrator = opt_string(L, 2, "integrator", "rk45");
	o.tf = opt_number(L, 2, "tf", 1);
	o.dt = opt_number(L, 2, "dt", 0.01);
	o.h = opt_number(L, 2, "h", o.dt);
	o.tol = opt_number(L, 2, "tol", 1e-8);
	lua_getfield(L, 2, "correct");
	o.correct = lua_toboolean(L, -1);
	lua_getfield(L, 2, "progress");
	o.progress = lua_toboolean(L, -1);
	lua_getfield(L, 2, "dense");
	o.dense = lua_toboolean(L, -1);
	lua_pop(L, 3);
	const char *stab = opt_string(L, 2, "stabilization", "none");
	if (strcmp(stab, "baumgarte") == 0) {
		o.cfg.stab.kind = STAB_BAUMGARTE;
		o.cfg.stab.alpha = opt_number(L, 2, "alpha", 5);
		o.cfg.stab.beta = opt_number(L, 2, "beta", 5);
	} else if (strcmp(stab, "penalty") == 0) { /* defaults of Ex. 13.7 */
		double heaviest = 0;
		lua_getfield(L, 1, "bodies");
		for (lua_Integer b = 1; b <= luaL_len(L, -1); b++) {
			lua_geti(L, -1, b);
			lua_getfield(L, -1, "mass");
			heaviest = fmax(heaviest, lua_tonumber(L, -1));
			lua_pop(L, 2);
		}
		lua_pop(L, 1);
		o.cfg.stab.kind = STAB_PENALTY;
		o.cfg.stab.mc = opt_number(L, 2, "mc", 1000 * heaviest);
		o.cfg.stab.zeta = opt_number(L, 2, "zeta", 1);
		o.cfg.stab.omega = opt_number(L, 2, "omega", 20 * M_PI);
	} else if (strcmp(stab, "momentum") == 0) {
		o.cfg.stab.kind = STAB_MOMENTUM;
	} else if (strcmp(stab, "partitioning") == 0) {
		o.cfg.stab.kind = STAB_PARTITION;
	} else if (strcmp(stab, "none") != 0) {
		return luaL_error(
		    L,
		    "unknown stabilization '%s' (available: none, baumgarte, penalty, "
		    "momentum, partitioning)",
		    stab);
	}
	read_config(L, 2, &o.cfg);
	o.cfg.drop_redundant = strcmp(opt_string(L, 2, "redundant", "stop"), "drop") == 0;
	struct model *m = model_from_lua(L, 1);
	mb_c_busy++;
	struct run *r = simulate(m, f, &o);
	mb_c_busy--;
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
	struct kin_options o = {opt_number(L, 2, "tf", 1),
	                        opt_number(L, 2, "dt", 0.01),
	                        opt_number(L, 2, "tol", 1e-10),
	                        (int)opt_number(L, 2, "max_iterations", 25),
	                        strcmp(opt_string(L, 2, "newton", "full"), "modified") == 0,
	                        0};
	lua_getfield(L, 2, "trace");
	o.trace = lua_toboolean(L, -1);
	lua_pop(L, 1);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	read_config(L, 2, &cfg);
	const char *fname = opt_string(L, 2, "formulation", "body");
	struct model *m = model_from_lua(L, 1);
	struct kin_trace trace = {0};
	int *iterations = NULL;
	mb_c_busy++;
	struct run *r = kinematic_run(m, fname, &cfg, &o, &iterations, o.trace ? &trace : NULL);
	mb_c_busy--;
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
			lua_createtable(L, 0, 2);
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

/* One body-coordinate workspace at the model's initial state, for the
 * single-state entry points below. */
struct at_start {
	struct model *m;
	void *ws;
	double *y; /* c then ċ */
	int n;
};

static struct at_start at_start_new(lua_State *L)
{
	struct at_start s;
	struct formulation_config plain = {.stab.kind = STAB_NONE};
	s.m = model_from_lua(L, 1);
	s.ws = formulation_body.setup(s.m, &plain);
	s.n = 3 * s.m->nbodies;
	s.y = calloc(2 * (size_t)s.n + 1, sizeof(double));
	model_initial(s.m, s.y, s.y + s.n);
	formulation_body.set_state(s.ws, s.y, s.y + s.n, s.y);
	return s;
}

/* Free it; on failure raise the model's error, else return the one result
 * left on the stack. */
static int at_start_finish(lua_State *L, struct at_start *s, int status)
{
	if (status != 0)
		lua_pushstring(L, s->m->error);
	free(s->y);
	formulation_body.release(s->ws);
	model_free(s->m);
	return status == 0 ? 1 : lua_error(L);
}

static int core_evaluate(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = luaL_optnumber(L, 2, 0);
	struct at_start s = at_start_new(L);
	int n = s.n, nc = s.m->nc;
	struct bc_pieces p;
	int status = bc_evaluate(s.ws, t, s.y, s.y + n, &p);
	if (status == 0) {
		lua_newtable(L);
		double *md = mb_push_matrix(L, n, n);
		for (int k = 0; k < n; k++)
			md[k * n + k] = p.mass_diag[k];
		lua_setfield(L, -2, "M");
		double *d = mb_push_matrix(L, nc, n);
		for (int r = 0; r < nc; r++)
			for (int k = 0; k < n; k++)
				d[r * n + k] = gsl_matrix_get(p.D, (size_t)r, (size_t)k);
		lua_setfield(L, -2, "D");
		push_doubles(L, p.gamma, nc), lua_setfield(L, -2, "gamma");
		push_doubles(L, p.phi, nc), lua_setfield(L, -2, "phi");
		push_doubles(L, p.h, n), lua_setfield(L, -2, "h");
		push_doubles(L, p.acc, n), lua_setfield(L, -2, "acc");
		push_doubles(L, p.lambda, nc), lua_setfield(L, -2, "lambda");
	}
	return at_start_finish(L, &s, status);
}

/* impulse(desc): the velocities after the model's constraints act as an
 * impulse on the bodies' initial velocities (Sec. 13.5) */
static int core_impulse(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	struct at_start s = at_start_new(L);
	int status = bc_impulse(s.ws, 0, s.y, s.y + s.n);
	if (status == 0)
		push_doubles(L, s.y + s.n, s.n);
	return at_start_finish(L, &s, status);
}

/* The impact of contact k (1-based) at the model's initial state:
 * {v = ċ⁺, impulse, friction_impulse, closing, opening}. */
static int core_impact(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	int k = (int)luaL_checkinteger(L, 2) - 1;
	struct at_start s = at_start_new(L);
	double normal = 0, tangent = 0, *c = s.y, *cd = s.y + s.n;
	struct contact_point before, after;
	int status = k >= 0 && k < s.m->ncontacts ? 0 : -1;
	if (status != 0)
		model_fail(s.m, "no contact number %d", k + 1);
	if (status == 0) {
		contact_geometry(&s.m->contacts[k], c, cd, &before);
		status = contact_impact(s.m, s.ws, k, 0, c, cd, &normal, &tangent);
	}
	if (status == 0) {
		contact_geometry(&s.m->contacts[k], c, cd, &after);
		lua_createtable(L, 0, 5);
		push_doubles(L, cd, s.n), lua_setfield(L, -2, "v");
		lua_pushnumber(L, normal), lua_setfield(L, -2, "impulse");
		lua_pushnumber(L, tangent), lua_setfield(L, -2, "friction_impulse");
		lua_pushnumber(L, -before.vn), lua_setfield(L, -2, "closing");
		lua_pushnumber(L, after.vn), lua_setfield(L, -2, "opening");
	}
	return at_start_finish(L, &s, status);
}

/* contact_force(law, {k, n, c, e}, delta, rate, approach) -> force, energy:
 * a contact law by itself, for lessons and tests. */
static int core_contact_force(lua_State *L)
{
	static const char *laws[] = {"impulse", "spring", "hunt-crossley", "lankarani-nikravesh",
	                             "flores",  NULL};
	struct contact k = {0};
	k.law = (enum contact_law)luaL_checkoption(L, 1, NULL, laws);
	luaL_checktype(L, 2, LUA_TTABLE);
	k.k = opt_number(L, 2, "k", 0), k.n = opt_number(L, 2, "n", 1);
	k.c = opt_number(L, 2, "c", 0), k.e = opt_number(L, 2, "e", 1);
	double energy, f = contact_normal_force(&k, luaL_checknumber(L, 3), luaL_checknumber(L, 4),
	                                        luaL_checknumber(L, 5), &energy);
	lua_pushnumber(L, f);
	lua_pushnumber(L, energy);
	return 2;
}

/* friction_brown_mcphee(v, mu_s, mu_d, v_t) -> the coefficient of Eq. 4.44 */
static int core_friction_brown_mcphee(lua_State *L)
{
	lua_pushnumber(L, friction_brown_mcphee(luaL_checknumber(L, 2), luaL_checknumber(L, 3),
	                                        luaL_checknumber(L, 4), luaL_checknumber(L, 1)));
	return 1;
}

/* joint_rows(kind) -> the constraint rows of a joint kind */
static int core_joint_rows(lua_State *L)
{
	const struct joint_kind *kind = joint_kind_find(luaL_checkstring(L, 1));
	if (!kind)
		return luaL_error(L, "unknown joint kind '%s'", lua_tostring(L, 1));
	lua_pushinteger(L, kind->rows);
	return 1;
}

static int core_correct(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	struct at_start s = at_start_new(L);
	int status = formulation_body.correct(s.ws, 0, s.y);
	if (status == 0)
		push_doubles(L, s.y, 2 * s.n);
	return at_start_finish(L, &s, status);
}

static double number_in(lua_State *L, int t, lua_Integer i)
{
	lua_geti(L, t, i);
	double v = lua_tonumber(L, -1);
	lua_pop(L, 1);
	return v;
}

static void push_matrix_rows(lua_State *L, const double *a, int rows, int cols)
{
	double *m = mb_push_matrix(L, rows, cols);
	memcpy(m, a, sizeof(double) * (size_t)rows * (size_t)cols);
}

static void push_ints(lua_State *L, const int *v, int n, int offset)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushinteger(L, v[i] + offset);
		lua_rawseti(L, -2, i + 1);
	}
}

/* joint_pieces(desc, opts): the tree and B, Ḃθ̇, M̄, h̄, C, γ̄, θ̈, λ at the
 * initial state (joint indices 1-based, -1 for none). */
static int core_joint_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	if (lua_istable(L, 2))
		read_config(L, 2, &cfg);
	struct model *m = model_from_lua(L, 1);
	void *ws = formulation_joint.setup(m, &cfg);
	/* opts.theta, opts.theta_d: evaluate there instead of at the start */
	int n0 = jc_size(ws);
	double *y = NULL;
	if (lua_istable(L, 2)) {
		lua_getfield(L, 2, "theta");
		lua_getfield(L, 2, "theta_d");
		if (lua_istable(L, -2)) {
			y = calloc(2 * (size_t)n0 + 1, sizeof(double));
			for (int k = 0; k < n0; k++) {
				y[k] = number_in(L, -2, k + 1);
				y[n0 + k] = lua_istable(L, -1) ? number_in(L, -1, k + 1) : 0;
			}
		}
		lua_pop(L, 2);
	}
	struct jc_pieces p;
	int status = jc_evaluate(ws, luaL_optnumber(L, 3, 0), y, &p);
	free(y);
	if (status == 0) {
		int n = p.n, nc = p.nc, nb = p.tree.nbodies;
		lua_newtable(L);
		push_ints(L, p.tree.parent, nb, 1), lua_setfield(L, -2, "parent");
		push_ints(L, p.tree.joint, nb, 1), lua_setfield(L, -2, "joint");
		push_ints(L, p.tree.coord, nb, 1), lua_setfield(L, -2, "coord");
		push_ints(L, p.tree.kind, nb, 0), lua_setfield(L, -2, "kind");
		push_ints(L, p.tree.cut, p.tree.ncut, 1), lua_setfield(L, -2, "cut");
		push_matrix_rows(L, p.B, 3 * nb, n), lua_setfield(L, -2, "B");
		push_doubles(L, p.bias, 3 * nb), lua_setfield(L, -2, "Bdtd");
		push_matrix_rows(L, p.Mbar, n, n), lua_setfield(L, -2, "M");
		push_doubles(L, p.hbar, n), lua_setfield(L, -2, "h");
		push_matrix_rows(L, p.C, nc, n), lua_setfield(L, -2, "C");
		push_doubles(L, p.gamma, nc), lua_setfield(L, -2, "gamma");
		push_doubles(L, p.acc, n), lua_setfield(L, -2, "acc");
		push_doubles(L, p.lambda, nc), lua_setfield(L, -2, "lambda");
		push_doubles(L, p.theta, n), lua_setfield(L, -2, "theta");
		push_doubles(L, p.theta_d, n), lua_setfield(L, -2, "theta_d");
		push_doubles(L, p.c, 3 * nb), lua_setfield(L, -2, "c");
		push_doubles(L, p.cd, 3 * nb), lua_setfield(L, -2, "cd");
	} else {
		lua_pushstring(L, m->error);
	}
	formulation_joint.release(ws);
	model_free(m);
	return status == 0 ? 1 : lua_error(L);
}

/* point_pieces(desc, t, y): r, ṙ, M, D, Φ, γ, h, r̈, λ in point coordinates
 * at the start, or at y = {r..., ṙ...} */
static int core_point_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	struct model *m = model_from_lua(L, 1);
	void *ws = formulation_point.setup(m, &cfg);
	int n = 4 * m->nbodies;
	double *y = NULL;
	if (lua_istable(L, 3)) {
		y = calloc(2 * (size_t)n + 1, sizeof(double));
		for (int k = 0; k < 2 * n; k++)
			y[k] = number_in(L, 3, k + 1);
	}
	struct pc_pieces p;
	int status = pc_evaluate(ws, luaL_optnumber(L, 2, 0), y, &p);
	free(y);
	if (status == 0) {
		lua_newtable(L);
		push_doubles(L, p.r, n), lua_setfield(L, -2, "r");
		push_doubles(L, p.rd, n), lua_setfield(L, -2, "rd");
		push_matrix_rows(L, p.M, n, n), lua_setfield(L, -2, "M");
		push_matrix_rows(L, p.D, p.rows, n), lua_setfield(L, -2, "D");
		push_doubles(L, p.phi, p.rows), lua_setfield(L, -2, "phi");
		push_doubles(L, p.gamma, p.rows), lua_setfield(L, -2, "gamma");
		push_doubles(L, p.h, n), lua_setfield(L, -2, "h");
		push_doubles(L, p.acc, n), lua_setfield(L, -2, "acc");
		push_doubles(L, p.lambda, p.rows), lua_setfield(L, -2, "lambda");
		lua_pushinteger(L, p.joint_rows), lua_setfield(L, -2, "joint_rows");
	} else {
		lua_pushstring(L, m->error);
	}
	formulation_point.release(ws);
	model_free(m);
	return status == 0 ? 1 : lua_error(L);
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
	                                 {"joint_rows", core_joint_rows},
	                                 {"point_pieces", core_point_pieces},
	                                 {"friction_brown_mcphee", core_friction_brown_mcphee},
	                                 {NULL, NULL}};
	luaL_newlib(L, funcs);
	return 1;
}
