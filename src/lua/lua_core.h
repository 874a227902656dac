/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_core.h — the C half of the Lua module: `require "mechbench.core"`.
 * It holds what Lua cannot do itself (paths, mkdir, terminal queries, a
 * monotonic clock) and the numeric helpers (vec, mat). */
#ifndef MB_LUA_CORE_H
#define MB_LUA_CORE_H

#include <lua.h>
#include <stddef.h>

#include "lua/paths.h"

/* How the program was started: it changes what the library shows. */
enum mb_mode { MB_INTERACTIVE, MB_SCRIPT, MB_BATCH };

/* Build mechbench.core and put it in package.loaded. */
void mb_core_preload(lua_State *L, const struct mb_paths *paths, enum mb_mode mode);

/* Each leaves its table on the stack. */
int mb_open_vec(lua_State *L);
int mb_open_mat(lua_State *L);
int mb_open_model(lua_State *L); /* simulate, evaluate, correct */
int mb_open_view(lua_State *L);  /* scenes, frames, plots, full-screen views */

/* Put core.run_jobs (lua_jobs.c: child processes for the grader) into the
 * table on top. */
void mb_open_jobs(lua_State *L);

/* A new rows x cols matrix userdata on the stack, zero-filled, row-major;
 * returns its elements. */
double *mb_push_matrix(lua_State *L, int rows, int cols);

/* Six significant digits for display; a value below 1e-14 of the largest
 * shown beside it (scale) prints as 0, as round-off such as cos(pi/2). */
void mb_format_number(char *buf, size_t len, double v, double scale);

/* "NaN", "inf" or "-inf": a value that is not finite, as messages name it. */
const char *mb_nonfinite_name(double v);

/* The number argument at idx, which must be finite (an angle, a scale, an
 * entry): luaL_checknumber that also refuses NaN and inf. */
double mb_check_finite(lua_State *L, int idx);

/* Planar vectors cross the boundary as Lua tables {x, y}. */
struct vec2_lua {
	double x, y;
};
struct vec2_lua mb_check_vec2(lua_State *L, int idx);
void mb_push_vec2(lua_State *L, double x, double y);

#endif
