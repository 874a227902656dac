/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_model.h — what the files of mechbench.core.model share (src/lua/
 * only): its entry points, registered by lua_model.c, and the helpers that
 * read their options and fill their tables. */
#ifndef MB_LUA_MODEL_H
#define MB_LUA_MODEL_H

#include <lua.h>

#include "formulation/formulation.h"

/* lua_run.c */
int core_simulate(lua_State *L);
int core_kinematics(lua_State *L);
/* lua_pieces.c */
int core_evaluate(lua_State *L);
int core_pieces(lua_State *L);
int core_correct(lua_State *L);
int core_impulse(lua_State *L);
int core_impact(lua_State *L);
int core_joint_pieces(lua_State *L);
int core_minimal_pieces(lua_State *L);
int core_point_pieces(lua_State *L);
int core_loops(lua_State *L);
int core_fbd(lua_State *L);
/* lua_equations.c */
int core_prepared(lua_State *L);
int core_point_layout(lua_State *L);
int core_element_forces(lua_State *L);
int core_time_functions(lua_State *L);
/* lua_kinds.c */
int core_kinds(lua_State *L);
int core_check(lua_State *L);
int core_contact_force(lua_State *L);
int core_friction_brown_mcphee(lua_State *L);

/* luaL_error with printf's formats (lua_pushfstring has no %g). */
int mb_raise_error(lua_State *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Argument arg: a finite number (fallback when absent, if optional). */
double mb_arg_finite(lua_State *L, int arg, int optional, double fallback);
/* Fields of the table on top of the stack; set_text skips a NULL. */
void mb_set_int(lua_State *L, const char *key, lua_Integer v);
void mb_set_text(lua_State *L, const char *key, const char *v);

/* lua_options.c: the options of table t. A number in [lo, hi] (fallback
 * when absent), else an error; a string; tf and dt. */
double mb_opt_in(lua_State *L, int t, const char *key, double fallback, double lo, double hi);
const char *mb_opt_string(lua_State *L, int t, const char *key, const char *fallback);
void mb_opt_times(lua_State *L, int t, double *tf, double *dt);
/* The largest number of fixed steps a run may take: beyond it the run
 * would not end. */
#define MAX_STEPS 1e9
/* A formulation's own options into cfg; the remedy (stabilization and its
 * numbers, the penalty's default mass from desc's bodies); the formulation
 * named. Each raises on a bad one. */
void mb_read_config(lua_State *L, int t, struct formulation_config *cfg);
void mb_read_stabilization(lua_State *L, int desc, int opts, struct stabilization *stab);
const struct formulation *mb_read_formulation(lua_State *L, int opts);

#endif
