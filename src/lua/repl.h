/* SPDX-License-Identifier: GPL-3.0-or-later */
/* repl.h — the interactive prompt.
 *
 * On a terminal: GNU readline with history, tab completion of Lua names
 * (after '.' and ':' too), multi-line chunks, `=expr` and bare expressions
 * printed. Ctrl-C clears the line or interrupts running code; Ctrl-C twice
 * at an empty prompt, or Ctrl-D, leaves. Without a terminal it reads lines
 * from stdin the same way, without prompts. */
#ifndef MB_REPL_H
#define MB_REPL_H

#include <lua.h>

#include "lua/paths.h"

/* Runs until end of input; returns the exit status for the program. */
int mb_repl(lua_State *L, const struct mb_paths *paths);

#endif
