/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_jobs.c — core.run_jobs: util/jobs.h for the grader in Lua
 * (lua/mechbench/grading.lua).
 *
 *   started, stopped_by = core.run_jobs(specs, parallel, on_done)
 *
 * specs[i] = { argv = { program, ... }, log = path, output_cap = bytes,
 * wall = seconds, channel = true, env = "NAME=VALUE", stdin_null = true };
 * on_done(i, result) as each ends, result = { code (exit status, or nil),
 * signal ("SIGSEGV", or nil), timed_out, output_capped, start_failed,
 * output_bytes, last_err, channel (fd 3's text, or nil), channel_capped }.
 * An error raised by on_done is raised again once every job has ended. */
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "lua/lua_core.h"
#include "util/jobs.h"

struct run {
	lua_State *L;
	int on_done;   /* stack index of the callback */
	int error_ref; /* LUA_NOREF, or the first error the callback raised */
};

static void set_bool(lua_State *L, const char *key, int v)
{
	lua_pushboolean(L, v);
	lua_setfield(L, -2, key);
}

static void done(void *ctx, int job, struct job_result *r)
{
	struct run *run = ctx;
	lua_State *L = run->L;
	lua_pushvalue(L, run->on_done);
	lua_pushinteger(L, job + 1);
	lua_createtable(L, 0, 10);
	if (!r->start_failed && WIFEXITED(r->status)) {
		lua_pushinteger(L, WEXITSTATUS(r->status));
		lua_setfield(L, -2, "code");
	}
	if (!r->start_failed && WIFSIGNALED(r->status)) {
		lua_pushstring(L, jobs_signal_name(WTERMSIG(r->status)));
		lua_setfield(L, -2, "signal");
	}
	set_bool(L, "timed_out", r->timed_out);
	set_bool(L, "output_capped", r->output_capped);
	set_bool(L, "start_failed", r->start_failed);
	set_bool(L, "channel_capped", r->channel_capped);
	lua_pushinteger(L, (lua_Integer)r->output_bytes);
	lua_setfield(L, -2, "output_bytes");
	lua_pushstring(L, r->last_err);
	lua_setfield(L, -2, "last_err");
	if (r->channel) {
		lua_pushlstring(L, r->channel, r->channel_len);
		lua_setfield(L, -2, "channel");
	}
	if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
		if (run->error_ref == LUA_NOREF)
			run->error_ref = luaL_ref(L, LUA_REGISTRYINDEX);
		else
			lua_pop(L, 1);
	}
}

/* A string field of the table on top, or luaL_error naming it. */
static const char *string_field(lua_State *L, int spec, const char *key)
{
	const char *s = NULL;
	if (lua_getfield(L, -1, key) == LUA_TSTRING)
		s = lua_tostring(L, -1);
	else if (!lua_isnil(L, -1))
		luaL_error(L, "run_jobs: spec %d: %s must be a string", spec, key);
	lua_pop(L, 1); /* the string stays alive: the spec table holds it */
	return s;
}

static double number_field(lua_State *L, const char *key)
{
	lua_getfield(L, -1, key);
	double v = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 0;
	lua_pop(L, 1);
	return v;
}

static int bool_field(lua_State *L, const char *key)
{
	lua_getfield(L, -1, key);
	int v = lua_toboolean(L, -1);
	lua_pop(L, 1);
	return v;
}

static int core_run_jobs(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	int parallel = (int)luaL_checkinteger(L, 2);
	luaL_checktype(L, 3, LUA_TFUNCTION);
	int n = (int)luaL_len(L, 1);
	/* the jobs and their argv arrays live in userdata, freed by Lua's GC even
	 * if an argument error is raised on the way */
	struct job *jobs = lua_newuserdatauv(L, sizeof *jobs * (size_t)(n > 0 ? n : 1), 0);
	memset(jobs, 0, sizeof *jobs * (size_t)(n > 0 ? n : 1));
	for (int i = 0; i < n; i++) {
		lua_geti(L, 1, i + 1);
		luaL_checktype(L, -1, LUA_TTABLE);
		lua_getfield(L, -1, "argv");
		luaL_checktype(L, -1, LUA_TTABLE);
		int argc = (int)luaL_len(L, -1);
		char **argv = lua_newuserdatauv(L, sizeof *argv * (size_t)(argc + 1), 0);
		for (int a = 0; a < argc; a++) {
			lua_geti(L, -2, a + 1);
			argv[a] = (char *)luaL_checkstring(L, -1);
			lua_pop(L, 1); /* held by the argv table, itself held by the spec */
		}
		argv[argc] = NULL;
		lua_rawseti(L, 1, -(i + 1)); /* keep the argv userdata alive in specs[-i] */
		lua_pop(L, 1);               /* the argv table */
		jobs[i].argv = argv;
		jobs[i].log_path = string_field(L, i + 1, "log");
		jobs[i].env = string_field(L, i + 1, "env");
		jobs[i].output_cap = (size_t)number_field(L, "output_cap");
		jobs[i].wall_seconds = number_field(L, "wall");
		jobs[i].channel = bool_field(L, "channel");
		jobs[i].stdin_null = bool_field(L, "stdin_null");
		lua_pop(L, 1);
	}
	struct run run = {L, 3, LUA_NOREF};
	int started = jobs_run(jobs, n, parallel, NULL, done, &run);
	for (int i = 0; i < n; i++) { /* let the argv userdata go */
		lua_pushnil(L);
		lua_rawseti(L, 1, -(i + 1));
	}
	if (run.error_ref != LUA_NOREF) {
		lua_rawgeti(L, LUA_REGISTRYINDEX, run.error_ref);
		luaL_unref(L, LUA_REGISTRYINDEX, run.error_ref);
		return lua_error(L);
	}
	lua_pushinteger(L, started);
	if (jobs_stopped())
		lua_pushstring(L, jobs_signal_name(jobs_stopped()));
	else
		lua_pushnil(L);
	return 2;
}

void mb_open_jobs(lua_State *L)
{
	lua_pushcfunction(L, core_run_jobs);
	lua_setfield(L, -2, "run_jobs");
}
