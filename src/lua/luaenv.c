/* SPDX-License-Identifier: GPL-3.0-or-later */
/* luaenv.c — one Lua state for all front doors (see luaenv.h).
 *
 * Interrupting follows lua.c: the SIGINT handler only sets a hook, and the
 * hook raises the error from inside the running Lua code, where it is safe.
 * The same hook (watch_hook) stops Lua code for a reached limit, and stays
 * installed, counting instructions, whenever a limit is set or a long C
 * computation may call back into Lua. Once it has raised, it raises again
 * at every instruction until the call from C returns: a pcall in the
 * user's code cannot swallow an interrupt or a limit. */
#include "lua/luaenv.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/exit_status.h"
#include "util/jobs.h"
#include "util/limits.h"

enum { HOOK_COUNT = 1000 }; /* instructions between two looks at the flags */

static lua_State *running_state;         /* non-NULL while mb_docall runs Lua */
static const struct mb_paths *own_paths; /* mechbench's own Lua: not the user's lines */
static int hook_always;                  /* a limit is set: the watch hook stays on */
/* Ctrl-C is being delivered: raised again until it is out; and its value
 * when a C computation began */
static int interrupting, interrupting_before;
static char interrupt_message[400];
static char limit_place[300]; /* the user's file:line when a limit was reached */
static int sandboxed;
static char sandbox_key;      /* registry[&sandbox_key]: the sandbox's globals */
static char exporter_key;     /* registry[&exporter_key]: a graded script's exporter */
static char last_error[2048]; /* the last error reported, for a graded script's result */

/* ---------------------------------------------------------------- places */

static int is_under(const char *source, const char *dir)
{
	size_t n = strlen(dir);
	return n > 0 && source[0] == '@' && strncmp(source + 1, dir, n) == 0 &&
	       source[1 + n] == '/';
}

/* A chunk of mechbench's own: its modules, an example, a lesson, a chapter's
 * problems. */
static int is_library(const char *source)
{
	return own_paths &&
	       (is_under(source, own_paths->lua) || is_under(source, own_paths->examples) ||
	        is_under(source, own_paths->lessons) || is_under(source, own_paths->problems));
}

void mb_user_place(lua_State *L, char *out, size_t len)
{
	lua_Debug ar;
	out[0] = '\0';
	for (int level = 0; lua_getstack(L, level, &ar); level++) {
		if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && !is_library(ar.source)) {
			snprintf(out, len, "%s:%d", ar.short_src, ar.currentline);
			return;
		}
	}
}

/* ------------------------------------------------- memory: a capped allocator */

/* What Lua holds, counted by its allocator when there is a memory limit.
 * A growth past the limit is refused; Lua then collects all its garbage
 * and asks once more for the same block. Refused again, the limit is
 * reached: Lua needs more than the limit even after collecting, and it
 * raises "not enough memory". Past a reached limit a little more is
 * granted, so that the error can unwind and be reported without failing
 * again. */
struct lua_memory {
	size_t used;
	lua_State *L; /* the main thread, for the user's line at a refusal */
	int refused;  /* the last growth asked for was refused */
	const void *ptr;
	size_t osize, nsize; /* what it was */
	char place[300];     /* the user's line then */
};
static struct lua_memory memory;
#define MEMORY_GRACE ((size_t)32 << 20)

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	struct lua_memory *m = ud;
	size_t old = ptr ? osize : 0;
	if (nsize == 0) {
		free(ptr);
		m->used -= old;
		return NULL;
	}
	if (nsize > old) {
		size_t cap = limits_memory() + (mb_limit_hit ? MEMORY_GRACE : 0);
		if (m->used - old + nsize > cap) {
			int again =
			    m->refused && m->ptr == ptr && m->osize == osize && m->nsize == nsize;
			if (again && !mb_limit_hit) {
				limits_reach(LIMIT_MEMORY);
				snprintf(limit_place, sizeof limit_place, "%s", m->place);
			} else if (!again && m->L) {
				mb_user_place(m->L, m->place, sizeof m->place);
			}
			m->refused = 1, m->ptr = ptr, m->osize = osize, m->nsize = nsize;
			return NULL;
		}
		m->refused = 0;
	}
	void *p = realloc(ptr, nsize);
	if (p == NULL)
		return NULL;
	m->used = m->used - old + nsize;
	return p;
}

/* Lua raised "not enough memory" after a refusal that was not asked again
 * (an allocation made while collecting garbage): the limit is reached too. */
static void memory_refusal_stands(void)
{
	if (memory.refused && limits_memory() > 0 && !mb_limit_hit) {
		limits_reach(LIMIT_MEMORY);
		snprintf(limit_place, sizeof limit_place, "%s", memory.place);
	}
}

/* "the CPU limit of 5 s was reached at a.lua:12, during a simulation at
 * t = 3.2" */
static const char *limit_report(void)
{
	static char text[600];
	double t;
	size_t n = (size_t)snprintf(text, sizeof text, "%s", limits_text());
	if (limit_place[0] && n < sizeof text)
		n += (size_t)snprintf(text + n, sizeof text - n, " at %s", limit_place);
	if (limits_stop_time(&t) && n < sizeof text)
		snprintf(text + n, sizeof text - n, ", during a simulation at t = %g", t);
	return text;
}

int mb_limit_reached(void) { return mb_limit_hit != LIMIT_NONE; }

int mb_exit_status(int status)
{
	if (mb_limit_reached())
		return MB_EXIT_LIMIT;
	if (status == LUA_ERRFILE)
		return MB_EXIT_USAGE;
	return status == LUA_OK ? MB_EXIT_OK : MB_EXIT_ERROR;
}

/* ------------------------------------------------------------- the hook */

static void watch_hook(lua_State *L, lua_Debug *ar);

/* The hook between interrupts: every HOOK_COUNT instructions while a
 * limit is set, else none. */
static void hook_idle(lua_State *L)
{
	if (hook_always)
		lua_sethook(L, watch_hook, LUA_MASKCOUNT, HOOK_COUNT);
	else
		lua_sethook(L, NULL, 0, 0);
}

/* Raise msg, and again before the next instruction of whatever catches it. */
static void raise_sticky(lua_State *L, const char *msg)
{
	lua_sethook(L, watch_hook, LUA_MASKCOUNT, 1);
	lua_pushstring(L, msg);
	lua_error(L);
}

static void watch_hook(lua_State *L, lua_Debug *ar)
{
	(void)ar;
	if (mb_limit_hit) {
		if (!limit_place[0])
			mb_user_place(L, limit_place, sizeof limit_place);
		raise_sticky(L, limit_report());
	}
	if (!interrupting && mb_sigint_seen) {
		mb_sigint_seen = 0;
		luaL_where(L, 0); /* the line running when Ctrl-C came */
		snprintf(interrupt_message, sizeof interrupt_message, "%sinterrupted!",
		         lua_tostring(L, -1));
		lua_pop(L, 1);
		interrupting = 1;
	}
	if (interrupting)
		raise_sticky(L, interrupt_message);
}

void mb_check_limits(lua_State *L)
{
	if (!mb_limit_hit)
		return;
	if (!limit_place[0])
		mb_user_place(L, limit_place, sizeof limit_place);
	raise_sticky(L, limit_report());
}

static void on_sigint(int sig)
{
	(void)sig;
	mb_sigint_seen = 1;
	if (running_state && !mb_c_busy)
		lua_sethook(running_state, watch_hook,
		            LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

void mb_c_enter(lua_State *L)
{
	mb_c_busy++;
	interrupting_before = interrupting;
	lua_sethook(L, watch_hook, LUA_MASKCOUNT, HOOK_COUNT);
}

void mb_c_leave(lua_State *L)
{
	mb_c_busy--;
	/* an interrupt delivered inside a callback has ended the run: what the
	 * run says about it is the error from here on */
	interrupting = interrupting_before;
	if (mb_limit_hit && !limit_place[0])
		mb_user_place(L, limit_place, sizeof limit_place);
	if (interrupting || mb_limit_hit)
		lua_sethook(L, watch_hook, LUA_MASKCOUNT, 1);
	else
		hook_idle(L);
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
	if (status == LUA_OK && mb_limit_hit) {
		/* reached as the call ended (a view closed for it): it failed all the same */
		lua_settop(L, base);
		lua_pushstring(L, limit_report());
		status = LUA_ERRRUN;
	}
	if (status != LUA_OK) {
		if (status == LUA_ERRMEM)
			memory_refusal_stands();
		/* a handler of the user's that the interrupt cut short */
		if (status == LUA_ERRERR && interrupting && !mb_limit_hit) {
			lua_pop(L, 1);
			lua_pushstring(L, interrupt_message);
		}
		mb_sigint_seen = 0; /* an interrupt, if any, has been delivered */
	}
	interrupting = 0;
	hook_idle(L);
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
	if (mb_limit_hit) { /* whatever the message became on its way out */
		fflush(stdout);
		fprintf(stderr, "mechbench: %s\n", limit_report());
		fflush(stderr);
		lua_pop(L, 1);
		return;
	}
	const char *msg = lua_tostring(L, -1);
	if (msg == NULL)
		msg = "(error with no message)";
	snprintf(last_error, sizeof last_error, "%s", msg);
	fflush(stdout);
	if (progname || !report_in_lua(L, msg))
		fprintf(stderr, "%s%s%s\n", progname ? progname : "", progname ? ": " : "", msg);
	fflush(stderr);
	lua_pop(L, 1);
}

/* ------------------------------------------------------ the user's chunks */

static void push_user_globals(lua_State *L)
{
	if (sandboxed)
		lua_rawgetp(L, LUA_REGISTRYINDEX, &sandbox_key);
	else
		lua_pushglobaltable(L);
}

/* Under --sandbox a loaded chunk's _ENV (its first upvalue) is the
 * sandbox's globals. */
static int user_chunk(lua_State *L, int status)
{
	if (status == LUA_OK && sandboxed) {
		push_user_globals(L);
		if (lua_setupvalue(L, -2, 1) == NULL)
			lua_pop(L, 1);
	}
	return status;
}

int mb_load_user(lua_State *L, const char *chunk, size_t len, const char *name)
{
	return user_chunk(L, luaL_loadbufferx(L, chunk, len, name, sandboxed ? "t" : NULL));
}

int mb_load_user_file(lua_State *L, const char *path)
{
	int status = luaL_loadfilex(L, path, sandboxed ? "t" : NULL);
	const char *msg = status == LUA_ERRSYNTAX ? lua_tostring(L, -1) : NULL;
	if (sandboxed && msg && strstr(msg, "attempt to load a binary chunk")) {
		lua_pushfstring(L,
		                "%s: a precompiled (binary) chunk is not allowed in the sandbox: "
		                "give the script's Lua source",
		                path ? path : "stdin");
		lua_remove(L, -2);
	}
	return user_chunk(L, status);
}

/* The script's arguments, arg[1..n], also arrive as `...` (as in lua(1)). */
static int push_script_args(lua_State *L)
{
	push_user_globals(L);
	int type = lua_getfield(L, -1, "arg");
	lua_remove(L, -2);
	if (type != LUA_TTABLE) {
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
	int status = mb_load_user_file(L, path);
	if (status == LUA_OK)
		status = mb_docall(L, push_script_args(L), 0);
	if (status != LUA_OK)
		mb_report(L, NULL);
	return status;
}

int mb_dostring(lua_State *L, const char *chunk, const char *name)
{
	int status = mb_load_user(L, chunk, strlen(chunk), name);
	if (status == LUA_OK)
		status = mb_docall(L, 0, 0);
	if (status != LUA_OK)
		mb_report(L, NULL);
	return status;
}

/* A searcher before Lua's own: mechbench's modules from the bytecode make
 * writes to build/luac beside the source tree (`make`: string.dump by this
 * program, so by the Lua it runs), compiling them being most of a short
 * run's time (a graded script's run, 900 of them in make bench). The
 * bytecode is used only when it carries its module's source's time (an
 * edit, a checkout or a copy of other text changes it), loads as a binary
 * chunk of this Lua, and names the source the standard
 * searcher would (error places and the library's own lines depend on it);
 * otherwise, and for every other name, the next searcher compiles the
 * source as before. */
static int bytecode_searcher(lua_State *L)
{
	const char *name = luaL_checkstring(L, 1);
	if (!own_paths || strncmp(name, "mechbench", 9) != 0 || (name[9] && name[9] != '.'))
		return 0;
	const char *file = name[9] ? name + 10 : "init"; /* "mechbench" is init.lua */
	if (!*file || strchr(file, '.') || strchr(file, '/'))
		return 0;
	char source[MB_PATH_MAX + 64], compiled[MB_PATH_MAX + 80];
	snprintf(source, sizeof source, "%s/mechbench/%s.lua", own_paths->lua, file);
	snprintf(compiled, sizeof compiled, "%s/../build/luac/mechbench/%s.luac", own_paths->lua,
	         file);
	struct stat s, c; /* make gives the bytecode its source's time, to the nanosecond */
	if (stat(source, &s) != 0 || stat(compiled, &c) != 0 ||
	    c.st_mtim.tv_sec != s.st_mtim.tv_sec || c.st_mtim.tv_nsec != s.st_mtim.tv_nsec)
		return 0;
	if (luaL_loadfilex(L, compiled, "b") != LUA_OK) {
		lua_pop(L, 1);
		return 0;
	}
	lua_Debug ar;
	lua_pushvalue(L, -1);
	lua_getinfo(L, ">S", &ar);
	if (strncmp(ar.source, "@", 1) != 0 || strcmp(ar.source + 1, source) != 0) {
		lua_pop(L, 1);
		return 0;
	}
	lua_pushstring(L, source); /* the loader's second argument, as the standard searcher's */
	return 2;
}

/* mechbench's folder first; in the sandbox nothing else, and no C modules
 * (the sandbox's require reaches only mechbench's own modules anyway). */
static void set_package_path(lua_State *L, const struct mb_paths *paths)
{
	lua_getglobal(L, "package");
	lua_pushfstring(L, "%s/?.lua;%s/?/init.lua", paths->lua, paths->lua);
	if (sandboxed) {
		lua_pushliteral(L, "");
		lua_setfield(L, -3, "cpath");
	} else {
		lua_pushliteral(L, ";");
		lua_getfield(L, -3, "path");
		lua_concat(L, 3);
	}
	lua_setfield(L, -2, "path");
	/* the bytecode searcher after the preload one, before Lua's file searcher */
	lua_getfield(L, -1, "searchers");
	for (lua_Integer i = (lua_Integer)luaL_len(L, -1); i >= 2; i--) {
		lua_geti(L, -1, i);
		lua_seti(L, -2, i + 1);
	}
	lua_pushcfunction(L, bytecode_searcher);
	lua_seti(L, -2, 2);
	lua_pop(L, 2);
}

/* require(module)[field]() leaving nres results; a status as mb_docall. */
static int call_module(lua_State *L, const char *module, const char *field, int nres)
{
	lua_getglobal(L, "require");
	lua_pushstring(L, module);
	int status = mb_docall(L, 1, 1);
	if (status != LUA_OK)
		return status;
	lua_getfield(L, -1, field);
	lua_remove(L, -2);
	return mb_docall(L, 0, nres);
}

lua_State *mb_lua_new(const struct mb_paths *paths, const struct mb_settings *settings)
{
	lua_State *L = luaL_newstate();
	if (L == NULL) {
		fprintf(stderr, "mechbench: not enough memory for Lua\n");
		return NULL;
	}
	if (limits_memory() > 0) { /* counted from here on, starting with what the state holds */
		memory.used =
		    (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
		memory.L = L;
		lua_setallocf(L, capped_alloc, &memory);
	}
	hook_always = limits_active();
	sandboxed = settings->sandbox;
	own_paths = paths;
	hook_idle(L);
	luaL_openlibs(L);
	mb_catch_sigint();
	interrupt_catch_quit();
	set_package_path(L, paths);
	mb_core_preload(L, paths, settings->mode);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	lua_getfield(L, -1, "mechbench.core");
	lua_pushboolean(L, sandboxed);
	lua_setfield(L, -2, "sandbox");
	if (settings->seed) {
		lua_pushstring(L, settings->seed);
		lua_setfield(L, -2, "seed");
	}
	lua_pushboolean(L, settings->grading);
	lua_setfield(L, -2, "grading");
	lua_pop(L, 2);

	lua_getglobal(L, "require");
	lua_pushliteral(L, "mechbench");
	if (mb_docall(L, 1, 1) != LUA_OK) {
		mb_report(L, "mechbench");
		lua_close(L);
		return NULL;
	}
	lua_setglobal(L, "mb");
	if (sandboxed) {
		if (call_module(L, "mechbench.sandbox", "environment", 1) != LUA_OK ||
		    !lua_istable(L, -1)) {
			mb_report(L, "mechbench");
			lua_close(L);
			return NULL;
		}
		lua_rawsetp(L, LUA_REGISTRYINDEX, &sandbox_key);
	}
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
	push_user_globals(L);
	lua_createtable(L, argc, 1);
	for (int i = 0; i < argc; i++) {
		lua_pushstring(L, argv[i]);
		lua_rawseti(L, -2, i - (script_index ? script_index : argc));
	}
	lua_setfield(L, -2, "arg");
	lua_pop(L, 1);
}

int mb_grade_prepare(lua_State *L)
{
	lua_getglobal(L, "require");
	lua_pushliteral(L, "mechbench.problem");
	int status = mb_docall(L, 1, 1);
	if (status == LUA_OK) {
		lua_getfield(L, -1, "grading_exporter");
		lua_remove(L, -2);
		push_user_globals(L);
		status = mb_docall(L, 1, 1);
	}
	if (status != LUA_OK) {
		mb_report(L, "mechbench");
		return status;
	}
	lua_rawsetp(L, LUA_REGISTRYINDEX, &exporter_key);
	return LUA_OK;
}

/* text as a JSON string, for the one object C writes by itself */
static void write_json_string(int fd, const char *text)
{
	jobs_write_all(fd, "\"", 1);
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		char esc[8];
		if (*c == '"' || *c == '\\')
			snprintf(esc, sizeof esc, "\\%c", *c);
		else if (*c < 0x20)
			snprintf(esc, sizeof esc, "\\u%04x", *c);
		else
			esc[0] = (char)*c, esc[1] = '\0';
		jobs_write_all(fd, esc, strlen(esc));
	}
	jobs_write_all(fd, "\"", 1);
}

void mb_grade_report(lua_State *L, int fd, int status)
{
	const char *how = status == LUA_OK ? "ok" : "error";
	const char *message = status == LUA_OK ? "" : last_error;
	if (!mb_limit_hit) {
		lua_rawgetp(L, LUA_REGISTRYINDEX, &exporter_key);
		lua_pushstring(L, how);
		lua_pushstring(L, message);
		if (mb_docall(L, 2, 1) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
			size_t n;
			const char *text = lua_tolstring(L, -1, &n);
			jobs_write_all(fd, text, n);
			lua_pop(L, 1);
			return;
		}
		if (!mb_limit_hit) /* the exporter failed: say so, with what we know */
			mb_report(L, "mechbench: reading the answers");
		else
			lua_pop(L, 1);
	}
	jobs_write_all(fd, "{\"status\":", strlen("{\"status\":"));
	write_json_string(fd, mb_limit_hit ? "limit" : "error");
	jobs_write_all(fd, ",\"message\":", strlen(",\"message\":"));
	write_json_string(fd, mb_limit_hit ? limit_report() : last_error);
	if (mb_limit_hit) {
		jobs_write_all(fd, ",\"limit\":", strlen(",\"limit\":"));
		write_json_string(fd, mb_limit_hit == LIMIT_MEMORY ? "memory" : "cpu");
	}
	jobs_write_all(fd, "}", 1);
}

int mb_run_tool(lua_State *L, const char *module, const char *function, const char *const *keys,
                const char *const *values, int nkeys, char *const *list, int nlist)
{
	lua_getglobal(L, "require");
	lua_pushstring(L, module);
	int status = mb_docall(L, 1, 1);
	if (status == LUA_OK) {
		lua_getfield(L, -1, function);
		lua_remove(L, -2);
		lua_createtable(L, 0, nkeys);
		for (int i = 0; i < nkeys; i++)
			if (values[i]) {
				lua_pushstring(L, values[i]);
				lua_setfield(L, -2, keys[i]);
			}
		lua_createtable(L, nlist, 0);
		for (int i = 0; i < nlist; i++) {
			lua_pushstring(L, list[i]);
			lua_rawseti(L, -2, i + 1);
		}
		status = mb_docall(L, 2, 1);
	}
	if (status != LUA_OK) {
		mb_report(L, NULL);
		return 1;
	}
	int result = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : 0;
	lua_pop(L, 1);
	return result;
}

/* Whether lesson n exists, by mechbench.lesson.available(); a list of
 * those that do in have. */
static int lesson_exists(lua_State *L, long n, char *have, size_t len)
{
	int found = 0;
	size_t used = 0;
	have[0] = '\0';
	if (call_module(L, "mechbench.lesson", "available", 1) != LUA_OK) {
		lua_pop(L, 1);
		return 0;
	}
	lua_Integer count = luaL_len(L, -1);
	for (lua_Integer i = 1; i <= count; i++) {
		lua_rawgeti(L, -1, i);
		lua_Integer k = lua_tointeger(L, -1);
		lua_pop(L, 1);
		found |= k == n;
		if (used < len)
			used += (size_t)snprintf(have + used, len - used, "%s%lld",
			                         i > 1 ? ", " : "", (long long)k);
	}
	lua_pop(L, 1);
	return found;
}

void mb_after_script(lua_State *L, const char *path)
{
	lua_getglobal(L, "require");
	lua_pushliteral(L, "mechbench.repl");
	if (mb_docall(L, 1, 1) != LUA_OK) {
		lua_pop(L, 1);
		return;
	}
	lua_getfield(L, -1, "script_locals");
	lua_remove(L, -2);
	lua_pushstring(L, path);
	if (mb_docall(L, 1, 0) != LUA_OK)
		lua_pop(L, 1);
}

int mb_open_lesson(lua_State *L, const char *which)
{
	char chunk[256], have[512];
	char *end;
	long n = strtol(which, &end, 10);
	if (which[0] < '0' || which[0] > '9' || *end != '\0' || n > 9999) {
		fprintf(stderr, "mechbench: --lesson takes a number, not '%s'\n", which);
		return MB_EXIT_USAGE;
	}
	if (!lesson_exists(L, n, have, sizeof have)) {
		fprintf(stderr,
		        "mechbench: --lesson %s: there is no lesson %ld; the lessons are %s\n",
		        which, n, have[0] ? have : "(none found)");
		return MB_EXIT_USAGE;
	}
	snprintf(chunk, sizeof chunk, "lesson(%ld)", n);
	return mb_dostring(L, chunk, "=--lesson") == LUA_OK ? MB_EXIT_OK : MB_EXIT_ERROR;
}
