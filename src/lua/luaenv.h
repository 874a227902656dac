/* luaenv.h — the Lua state that every front door (REPL, script, batch,
 * lesson) shares: the mechbench module loaded, errors reported the same way,
 * Ctrl-C turned into a Lua error "interrupted!" while code runs. */
#ifndef MB_LUAENV_H
#define MB_LUAENV_H

#include <lua.h>

#include "lua/lua_core.h"
#include "lua/paths.h"
#include "util/interrupt.h"

/* A new state with the standard libraries, package.path pointing at the
 * mechbench library, `mb` set to require "mechbench". NULL on failure, with
 * the reason already printed on stderr. */
lua_State *mb_lua_new(const struct mb_paths *paths, enum mb_mode mode);
void mb_lua_close(lua_State *L);

/* Call the function below narg arguments on the stack, as lua_pcall does,
 * with Ctrl-C interrupting it. Returns a LUA_* status; on error the message
 * (file:line: text) is left on the stack. */
int mb_docall(lua_State *L, int narg, int nres);

/* Print the error message on top of the stack to stderr and pop it: through
 * mechbench.message.to_stderr (wrapped at words at the prompt on a terminal,
 * as it is elsewhere), or with progname before it and as it is. */
void mb_report(lua_State *L, const char *progname);

/* Run a file (with the arg table already set) or a string. Status as above,
 * errors already reported. */
int mb_dofile(lua_State *L, const char *path);
int mb_dostring(lua_State *L, const char *chunk, const char *name);

/* arg[0] = script, arg[1..] = its arguments, arg[-1] = the program, as
 * lua(1) sets them (script_index 0: no script). */
void mb_set_args(lua_State *L, int argc, char **argv, int script_index);

/* Open lesson `which` (digits) at the prompt; a status as above. */
int mb_open_lesson(lua_State *L, const char *which);

/* From now on SIGINT interrupts running Lua code (an error "interrupted!")
 * and sets mb_sigint_seen (util/interrupt.h), which the REPL reads at its
 * prompt and long C computations poll. Installed once at start-up, so no
 * Ctrl-C ever finds the default action. */
void mb_catch_sigint(void);

#endif
