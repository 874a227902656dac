/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_options.c — the options a run or a look at one state takes, read
 * from the Lua table the library passes (lua_model.h). */
#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "formulation/formulation.h"
#include "lua/lua_model.h"

static double opt_number(lua_State *L, int t, const char *key, double fallback)
{
	lua_getfield(L, t, key);
	double v = luaL_optnumber(L, -1, fallback);
	lua_pop(L, 1);
	return v;
}

/* A number of the options, finite and in [lo, hi], else an error. The Lua
 * layer checks every option first and says more; this guards the C
 * boundary itself, which scripts can reach through mechbench.core, so no
 * count or cast below ever sees a number out of range. */
double mb_opt_in(lua_State *L, int t, const char *key, double fallback, double lo, double hi)
{
	double v = opt_number(L, t, key, fallback);
	if (!(v >= lo && v <= hi))
		mb_raise_error(L, "option %s must be a number from %g to %g (got %g)", key, lo, hi,
		               v);
	return v;
}

/* The largest number of reports a run may take: beyond it the samples
 * would not fit in memory (MAX_STEPS, lua_model.h: the fixed steps). */
#define MAX_REPORTS 1e7

/* tf and dt with at most MAX_REPORTS reports between them. */
void mb_opt_times(lua_State *L, int t, double *tf, double *dt)
{
	*tf = mb_opt_in(L, t, "tf", 1, 1e-300, 1e12);
	*dt = mb_opt_in(L, t, "dt", fmin(0.01, *tf / 10), 1e-300, *tf);
	if (*tf / *dt > MAX_REPORTS)
		mb_raise_error(L, "tf / dt is %g reports; at most %g fit in memory", *tf / *dt,
		               MAX_REPORTS);
}

const char *mb_opt_string(lua_State *L, int t, const char *key, const char *fallback)
{
	lua_getfield(L, t, key);
	const char *s = luaL_optstring(L, -1, fallback);
	lua_pop(L, 1); /* the string stays alive in the options table */
	return s;
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
void mb_read_config(lua_State *L, int t, struct formulation_config *cfg)
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
	cfg->set_size = (int)mb_opt_in(L, t, "minimal_set_size", names, 0, 1e6);
	if (names > 0 && (cfg->set_size < 1 || names % cfg->set_size != 0))
		luaL_error(L, "option minimal_sets must hold whole sets of minimal_set_size names");
	cfg->nsets = names > 0 ? names / cfg->set_size : 0;
	lua_getfield(L, t, "switching");
	cfg->fixed_coordinates = lua_isboolean(L, -1) && !lua_toboolean(L, -1);
	lua_pop(L, 1);
}

/* The remedy of opts (stabilization and its numbers); raises on a bad one. */
void mb_read_stabilization(lua_State *L, int desc, int opts, struct stabilization *stab)
{
	const char *name = mb_opt_string(L, opts, "stabilization", "none");
	stab->kind = STAB_NONE;
	if (strcmp(name, "baumgarte") == 0) {
		stab->kind = STAB_BAUMGARTE;
		stab->alpha = mb_opt_in(L, opts, "alpha", 5, 0, 1e12);
		stab->beta = mb_opt_in(L, opts, "beta", 5, 0, 1e12);
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
		stab->mc = mb_opt_in(L, opts, "mc", 1000 * heaviest, 1e-12, 1e18);
		stab->zeta = mb_opt_in(L, opts, "zeta", 1, 0, 1e6);
		stab->omega = mb_opt_in(L, opts, "omega", 20 * M_PI, 1e-6, 1e9);
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
const struct formulation *mb_read_formulation(lua_State *L, int opts)
{
	const char *name = mb_opt_string(L, opts, "formulation", "body");
	const struct formulation *f = formulation_find(name);
	if (!f)
		luaL_error(L, "unknown formulation '%s'", name);
	return f;
}
