/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_model.c — the model's C entry points for Lua, mechbench.core.model,
 * registered here and written by what they do: lua_run.c (simulate,
 * kinematics), lua_pieces.c (one state: the pieces of every formulation,
 * a free-body diagram, correction, impacts), lua_equations.c (what the
 * symbolic equations read: prepared numbers, the point layout, the
 * forces shown by name), lua_kinds.c (the C tables and
 * the checks of an element's numbers), lua_options.c (the options those
 * read). desc is the table model.lua compiles (lua/description.h). */
#include <lauxlib.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "lua/lua_core.h"
#include "lua/lua_model.h"
#include "util/sparse_kkt.h"
#include "util/tree_solve.h"

/* luaL_error with printf's formats (lua_pushfstring has no %g). */
int mb_raise_error(lua_State *L, const char *fmt, ...)
{
	char msg[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return luaL_error(L, "%s", msg);
}

/* Argument arg: a finite number (fallback when absent, if optional). */
double mb_arg_finite(lua_State *L, int arg, int optional, double fallback)
{
	double v = optional ? luaL_optnumber(L, arg, fallback) : luaL_checknumber(L, arg);
	luaL_argcheck(L, isfinite(v), arg, "a finite number expected");
	return v;
}

void mb_set_int(lua_State *L, const char *key, lua_Integer v)
{
	lua_pushinteger(L, v);
	lua_setfield(L, -2, key);
}

void mb_set_text(lua_State *L, const char *key, const char *v)
{
	if (!v)
		return;
	lua_pushstring(L, v);
	lua_setfield(L, -2, key);
}

int mb_open_model(lua_State *L)
{
	static const luaL_Reg funcs[] = {{"simulate", core_simulate},
	                                 {"completed", core_completed},
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
	                                 {"prepared", core_prepared},
	                                 {"point_layout", core_point_layout},
	                                 {"element_forces", core_element_forces},
	                                 {"time_functions", core_time_functions},
	                                 {NULL, NULL}};
	luaL_newlib(L, funcs);
	/* from this many rows on, large models solve without S (m:explain says so) */
	lua_pushinteger(L, TREE_SOLVE_ROWS);
	lua_setfield(L, -2, "tree_rows");
	lua_pushinteger(L, SPARSE_KKT_ROWS);
	lua_setfield(L, -2, "sparse_rows");
	return 1;
}
