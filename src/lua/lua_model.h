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
int core_completed(lua_State *L);
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
/* The options of a look at one state (lua_pieces.c): its time, its state. */
extern const struct option *const state_options[];
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

/* lua_options.c: the options of table t, read through their declarations
 * (util/option.h) and checked in the words the Lua layer uses. A number, a
 * flag or a choice's index: the user's, or fallback when absent. */
double mb_option(lua_State *L, int t, const struct option *o, double fallback);
/* Any option into *v; m resolves the names of joints and coordinates.
 * Lists live in userdata left on the stack until the binding returns. */
void mb_option_value(lua_State *L, int t, const struct option *o, const struct model *m,
                     struct option_value *v);
/* tf and dt, at most RUN_MAX_REPORTS reports between them. */
void mb_opt_times(lua_State *L, int t, double *tf, double *dt);
/* The formulation named; redundant rows and the formulation's own options
 * into cfg; the remedy and its options. Each raises on a bad one. */
const struct formulation *mb_read_formulation(lua_State *L, int opts);
void mb_read_config(lua_State *L, int t, const struct formulation *f, const struct model *m,
                    struct formulation_config *cfg);
void mb_read_stabilization(lua_State *L, int opts, const struct formulation *f,
                           const struct model *m, struct formulation_config *cfg);

#endif
