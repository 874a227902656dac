/* SPDX-License-Identifier: GPL-3.0-or-later */
/* luaenv.h — the Lua state that every front door (REPL, script, batch,
 * lesson) shares: the mechbench module loaded, errors reported the same way,
 * Ctrl-C turned into a Lua error "interrupted!" while code runs, the CPU and
 * memory limits (util/limits.h) enforced, and under --sandbox the user's
 * code given the sandbox's globals (lua/mechbench/sandbox.lua). */
#ifndef MB_LUAENV_H
#define MB_LUAENV_H

#include <lua.h>

#include "lua/lua_core.h"
#include "lua/paths.h"
#include "util/interrupt.h"

struct mb_settings {
	enum mb_mode mode;
	int sandbox;      /* the user's code is not trusted: see lua/mechbench/sandbox.lua */
	const char *seed; /* --seed: the data problem() gives by default (NULL: the book's) */
	int grading;      /* run by --grade: p:check and hints refused, answers handed back */
};

/* A new state with the standard libraries, package.path pointing at the
 * mechbench library, `mb` set to require "mechbench". Start the limits
 * (limits_start) before: with a memory limit Lua's allocator counts what
 * it holds and refuses to go past it; with either limit an instruction-
 * count hook stays on to stop Lua code when one is reached. NULL on
 * failure, with the reason already printed on stderr. */
lua_State *mb_lua_new(const struct mb_paths *paths, const struct mb_settings *settings);
void mb_lua_close(lua_State *L);

/* Call the function below narg arguments on the stack, as lua_pcall does,
 * with Ctrl-C interrupting it. Returns a LUA_* status; on error the message
 * (file:line: text) is left on the stack. */
int mb_docall(lua_State *L, int narg, int nres);

/* Print the error message on top of the stack to stderr and pop it: through
 * mechbench.message.to_stderr (wrapped at words at the prompt on a terminal,
 * as it is elsewhere), or with progname before it and as it is. Once a
 * limit has been reached, the limit's report is printed instead:
 * "mechbench: the CPU limit of 5 s was reached at a.lua:12". */
void mb_report(lua_State *L, const char *progname);

/* Raise the limit's error (as the hook would) if a limit has been reached:
 * for C functions that come back from a long wait of their own. */
void mb_check_limits(lua_State *L);

/* "file:line" of the innermost frame of L that is the user's (neither C
 * nor mechbench's own); "" if there is none, as while mechbench starts. */
void mb_user_place(lua_State *L, char *out, size_t len);

/* 1 once a CPU or memory limit has been reached: the program is to end,
 * with status 3 (MB_EXIT_LIMIT), after mb_report has said so. */
int mb_limit_reached(void);

/* The program's exit status (util/exit_status.h) after a call that ended
 * with Lua status `status`: MB_EXIT_LIMIT once a limit is reached,
 * MB_EXIT_USAGE when the script named could not be read (LUA_ERRFILE),
 * MB_EXIT_ERROR for any other error. */
int mb_exit_status(int status);

/* Load a chunk the user gave (a script, -e, a line at the prompt) as
 * luaL_loadbuffer and luaL_loadfile do; under --sandbox only Lua source is
 * accepted and the chunk's globals are the sandbox's. */
int mb_load_user(lua_State *L, const char *chunk, size_t len, const char *name);
int mb_load_user_file(lua_State *L, const char *path);

/* Run a file (with the arg table already set; NULL: standard input, named
 * "stdin" in messages) or a string. Status as above (LUA_ERRFILE: the file
 * cannot be read), errors already reported. */
int mb_dofile(lua_State *L, const char *path);
int mb_dostring(lua_State *L, const char *chunk, const char *name);

/* arg[0] = script, arg[1..] = its arguments, arg[-1] = the program, as
 * lua(1) sets them (script_index 0: no script). */
void mb_set_args(lua_State *L, int argc, char **argv, int script_index);

/* The script run by --grade (a child with its result pipe on fd): before
 * it runs, mb_grade_prepare takes the function that will read its answers
 * (mechbench.problem's grading_exporter), so nothing the script changes
 * reaches it; after it, mb_grade_report writes what the script left, and
 * how it ended, as one JSON object on fd. A reached limit is written by C
 * alone: no more Lua runs then. */
int mb_grade_prepare(lua_State *L);
void mb_grade_report(lua_State *L, int fd, int status);

/* A command-line tool written in Lua: require(module)[function](options,
 * list), options a table of the given keys and string values (a NULL
 * value leaves the key out), list a table of strings. Returns the exit
 * status the function gives (an integer), 1 when it raised an error
 * (reported on stderr). */
int mb_run_tool(lua_State *L, const char *module, const char *function, const char *const *keys,
                const char *const *values, int nkeys, char *const *list, int nlist);

/* Open lesson `which` (digits) at the prompt. An exit status
 * (util/exit_status.h): MB_EXIT_USAGE, said on stderr, when `which` is not
 * the number of a lesson; MB_EXIT_ERROR when opening it failed. */
int mb_open_lesson(lua_State *L, const char *which);

/* After a script that -i follows: the script's top-level locals ended with
 * it (a chunk's locals do), so the prompt cannot reach them; their names
 * are said, with what to do (mechbench.repl). */
void mb_after_script(lua_State *L, const char *path);

/* From now on SIGINT interrupts running Lua code (an error "interrupted!")
 * and sets mb_sigint_seen (util/interrupt.h), which the REPL reads at its
 * prompt and long C computations poll. Installed once at start-up, so no
 * Ctrl-C ever finds the default action. */
void mb_catch_sigint(void);

/* Around a long computation in C that may call back into Lua (a run's user
 * forces and drivers): raises mb_c_busy, so Ctrl-C is left to the
 * computation's own polling, and keeps a count hook on L meanwhile, so that
 * a callback that never returns is still stopped by Ctrl-C or a limit (its
 * error then ends the run like any error of a callback). mb_c_leave also
 * notes the user's line when the computation stopped for a limit. */
void mb_c_enter(lua_State *L);
void mb_c_leave(lua_State *L);

#endif
