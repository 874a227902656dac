/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_core.c — mechbench.core: paths, files, terminal, clock (see lua_core.h). */
#include "lua/lua_core.h"

#include <dirent.h>
#include <lauxlib.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "util/clock.h"

static int core_mkdir(lua_State *L)
{
	const char *path = luaL_checkstring(L, 1);
	lua_pushboolean(L, mb_mkdir_p(path) == 0);
	return 1;
}

static int core_isatty(lua_State *L)
{
	lua_pushboolean(L, isatty((int)luaL_optinteger(L, 1, 1)));
	return 1;
}

/* columns, rows of the terminal on file descriptor fd (default stdout),
 * asked of the terminal itself (LINES and COLUMNS may be stale); 80, 24
 * when there is none */
static int core_term_size(lua_State *L)
{
	struct winsize ws;
	int fd = (int)luaL_optinteger(L, 1, STDOUT_FILENO);
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
		lua_pushinteger(L, ws.ws_col);
		lua_pushinteger(L, ws.ws_row);
	} else {
		lua_pushinteger(L, 80);
		lua_pushinteger(L, 24);
	}
	return 2;
}

/* files(dir) -> the names in folder dir, sorted, without "." and ".."; an
 * empty list when it cannot be read. Lua has no way to list a folder, and
 * a shell's ls would trip on quotes in the path. */
static int core_files(lua_State *L)
{
	const char *dir = luaL_checkstring(L, 1);
	lua_newtable(L);
	DIR *d = opendir(dir);
	if (!d)
		return 1;
	lua_Integer n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		if (e->d_name[0] != '.') {
			lua_pushstring(L, e->d_name);
			lua_rawseti(L, -2, ++n);
		}
	closedir(d);
	lua_getglobal(L, "table");
	lua_getfield(L, -1, "sort");
	lua_pushvalue(L, -3);
	lua_call(L, 1, 0);
	lua_pop(L, 1);
	return 1;
}

static int core_clock(lua_State *L)
{
	lua_pushnumber(L, clock_seconds());
	return 1;
}

static void set_string(lua_State *L, const char *key, const char *value)
{
	lua_pushstring(L, value);
	lua_setfield(L, -2, key);
}

void mb_core_preload(lua_State *L, const struct mb_paths *paths, enum mb_mode mode)
{
	static const luaL_Reg funcs[] = {{"mkdir", core_mkdir},         {"isatty", core_isatty},
	                                 {"term_size", core_term_size}, {"clock", core_clock},
	                                 {"files", core_files},         {NULL, NULL}};
	static const char *mode_names[] = {"interactive", "script", "batch"};

	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	luaL_newlib(L, funcs);
	mb_open_jobs(L);
	set_string(L, "version", MB_VERSION);
	set_string(L, "mode", mode_names[mode]);
	lua_newtable(L);
	set_string(L, "lua", paths->lua);
	set_string(L, "lessons", paths->lessons);
	set_string(L, "problems", paths->problems);
	set_string(L, "examples", paths->examples);
	set_string(L, "state", paths->state);
	set_string(L, "data", paths->data);
	lua_setfield(L, -2, "paths");
	mb_open_vec(L);
	lua_setfield(L, -2, "vec");
	mb_open_mat(L);
	lua_setfield(L, -2, "mat");
	mb_open_model(L);
	lua_setfield(L, -2, "model");
	mb_open_view(L);
	lua_setfield(L, -2, "view");
	lua_setfield(L, -2, "mechbench.core");
	lua_pop(L, 1);
}
