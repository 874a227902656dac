/* luaenv.c — one Lua state for all front doors (see luaenv.h).
 *
 * Interrupting follows lua.c: the SIGINT handler only sets a hook, and the
 * hook raises the error from inside the running Lua code, where it is safe. */
#include "lua/luaenv.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static lua_State *running_state; /* non-NULL while mb_docall runs Lua */

static void stop_hook(lua_State *L, lua_Debug *ar)
{
	(void)ar;
	lua_sethook(L, NULL, 0, 0);
	luaL_error(L, "interrupted!");
}

static void on_sigint(int sig)
{
	(void)sig;
	mb_sigint_seen = 1;
	if (running_state && !mb_c_busy)
		lua_sethook(running_state, stop_hook,
		            LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

/* Message handler: keep "file:line: message"; add a traceback only when
 * the user asked for one, so students see the error first. */
static int message_handler(lua_State *L)
{
	const char *msg = lua_tostring(L, 1);
	if (msg == NULL) {
		if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
			return 1;
		msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
	}
	const char *tb = getenv("MECHBENCH_TRACEBACK");
	if (tb && *tb && *tb != '0')
		luaL_traceback(L, L, msg, 1);
	return 1;
}

void mb_catch_sigint(void)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

int mb_docall(lua_State *L, int narg, int nres)
{
	int base = lua_gettop(L) - narg;
	lua_pushcfunction(L, message_handler);
	lua_insert(L, base);
	running_state = L;
	int status = lua_pcall(L, narg, nres, base);
	running_state = NULL;
	lua_sethook(L, NULL, 0, 0);
	if (status != LUA_OK)
		mb_sigint_seen = 0; /* an interrupt, if any, has been delivered */
	lua_remove(L, base);
	return status;
}

/* The message through mechbench.message.to_stderr, the one routine that
 * writes errors and warnings (it wraps them at the prompt); 0 when it
 * cannot run, as when the library itself failed to load. */
static int report_in_lua(lua_State *L, const char *msg)
{
	int top = lua_gettop(L);
	if (!lua_checkstack(L, 4))
		return 0;
	lua_getglobal(L, "require");
	lua_pushliteral(L, "mechbench.message");
	int ok = lua_pcall(L, 1, 1, 0) == LUA_OK && lua_istable(L, -1) &&
	         lua_getfield(L, -1, "to_stderr") == LUA_TFUNCTION;
	if (ok) {
		lua_pushstring(L, msg);
		ok = lua_pcall(L, 1, 0, 0) == LUA_OK;
	}
	lua_settop(L, top);
	return ok;
}

void mb_report(lua_State *L, const char *progname)
{
	const char *msg = lua_tostring(L, -1);
	if (msg == NULL)
		msg = "(error with no message)";
	fflush(stdout);
	if (progname || !report_in_lua(L, msg))
		fprintf(stderr, "%s%s%s\n", progname ? progname : "", progname ? ": " : "", msg);
	fflush(stderr);
	lua_pop(L, 1);
}

/* The script's arguments, arg[1..n], also arrive as `...` (as in lua(1)). */
static int push_script_args(lua_State *L)
{
	if (lua_getglobal(L, "arg") != LUA_TTABLE) {
		lua_pop(L, 1);
		return 0;
	}
	int n = (int)luaL_len(L, -1);
	luaL_checkstack(L, n + 3, "too many arguments to the script");
	for (int i = 1; i <= n; i++)
		lua_rawgeti(L, -i, i);
	lua_remove(L, -n - 1);
	return n;
}

int mb_dofile(lua_State *L, const char *path)
{
	int status = luaL_loadfile(L, path);
	if (status == LUA_OK)
		status = mb_docall(L, push_script_args(L), 0);
	if (status != LUA_OK)
		mb_report(L, NULL);
	return status;
}

int mb_dostring(lua_State *L, const char *chunk, const char *name)
{
	int status = luaL_loadbuffer(L, chunk, strlen(chunk), name);
	if (status == LUA_OK)
		status = mb_docall(L, 0, 0);
	if (status != LUA_OK)
		mb_report(L, NULL);
	return status;
}

static void set_package_path(lua_State *L, const struct mb_paths *paths)
{
	lua_getglobal(L, "package");
	lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;", paths->lua, paths->lua);
	lua_getfield(L, -2, "path");
	lua_concat(L, 2);
	lua_setfield(L, -2, "path");
	lua_pop(L, 1);
}

lua_State *mb_lua_new(const struct mb_paths *paths, enum mb_mode mode)
{
	lua_State *L = luaL_newstate();
	if (L == NULL) {
		fprintf(stderr, "mechbench: not enough memory for Lua\n");
		return NULL;
	}
	luaL_openlibs(L);
	mb_catch_sigint();
	set_package_path(L, paths);
	mb_core_preload(L, paths, mode);

	lua_getglobal(L, "require");
	lua_pushliteral(L, "mechbench");
	if (mb_docall(L, 1, 1) != LUA_OK) {
		mb_report(L, "mechbench");
		lua_close(L);
		return NULL;
	}
	lua_setglobal(L, "mb");
	return L;
}

void mb_lua_close(lua_State *L)
{
	if (L)
		lua_close(L);
}

/* arg[0] = script, arg[1..] = its arguments, arg[-1] = the program (lua(1)) */
void mb_set_args(lua_State *L, int argc, char **argv, int script_index)
{
	lua_createtable(L, argc, 1);
	for (int i = 0; i < argc; i++) {
		lua_pushstring(L, argv[i]);
		lua_rawseti(L, -2, i - (script_index ? script_index : argc));
	}
	lua_setglobal(L, "arg");
}

int mb_open_lesson(lua_State *L, const char *which)
{
	char chunk[256];
	snprintf(chunk, sizeof chunk, "lesson(%s)", which);
	for (const char *p = which; *p; p++)
		if (!(*p >= '0' && *p <= '9')) {
			fprintf(stderr, "mechbench: --lesson takes a number, not '%s'\n", which);
			return LUA_ERRRUN;
		}
	return mb_dostring(L, chunk, "=--lesson");
}
