/* SPDX-License-Identifier: GPL-3.0-or-later */
/* repl.c — the interactive prompt (see repl.h).
 *
 * Evaluation follows lua.c: try "return <line>" first so expressions print,
 * then the line as a statement; a syntax error at <eof> means the chunk is
 * incomplete and another line is read. Printing, the prompt text and
 * completion candidates come from the Lua side (mechbench.repl), which
 * keeps this file about terminals only. */
#define _GNU_SOURCE /* ppoll */
#include "lua/repl.h"

#include <errno.h>
#include <lauxlib.h>
#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lua/luaenv.h"

static lua_State *repl_state;
static volatile sig_atomic_t resized;

/* ------------------------------------------------------------------ Lua side */

/* Call mechbench.repl.<name>(args...) and leave nres results; errors in the
 * helpers are reported but never end the session. */
static int call_helper(lua_State *L, const char *name, int narg, int nres)
{
	if (mb_limit_reached()) { /* said where it was reached; the session ends */
		lua_pop(L, narg);
		return -1;
	}
	lua_getglobal(L, "require");
	lua_pushliteral(L, "mechbench.repl");
	if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
		lua_pop(L, 1 + narg);
		return -1;
	}
	lua_getfield(L, -1, name);
	lua_remove(L, -2);
	lua_insert(L, -1 - narg);
	if (mb_docall(L, narg, nres) != LUA_OK) {
		mb_report(L, NULL);
		return -1;
	}
	return 0;
}

static char *prompt_text(int continuation)
{
	lua_State *L = repl_state;
	lua_pushboolean(L, continuation);
	if (call_helper(L, "prompt", 1, 1) != 0)
		return strdup(continuation ? ">> " : "mb> ");
	char *p = strdup(lua_isstring(L, -1) ? lua_tostring(L, -1) : "mb> ");
	lua_pop(L, 1);
	return p;
}

/* ------------------------------------------------------------ tab completion */

static char **candidates;
static size_t candidate_count, candidate_next;

static void free_candidates(void)
{
	for (size_t i = candidate_next; i < candidate_count; i++)
		free(candidates[i]);
	free(candidates);
	candidates = NULL;
	candidate_count = candidate_next = 0;
}

static char *next_candidate(const char *text, int state)
{
	(void)text;
	(void)state;
	return candidate_next < candidate_count ? candidates[candidate_next++] : NULL;
}

static char **complete(const char *text, int start, int end)
{
	(void)start;
	(void)end;
	lua_State *L = repl_state;
	rl_attempted_completion_over = 1; /* never fall back to file names */
	free_candidates();
	lua_pushstring(L, text);
	if (call_helper(L, "complete", 1, 1) != 0)
		return NULL;
	if (lua_istable(L, -1)) {
		size_t n = (size_t)luaL_len(L, -1);
		candidates = calloc(n + 1, sizeof *candidates);
		for (size_t i = 0; candidates && i < n; i++) {
			lua_geti(L, -1, (lua_Integer)i + 1);
			const char *s = lua_tostring(L, -1);
			candidates[candidate_count++] = strdup(s ? s : "");
			lua_pop(L, 1);
		}
	}
	lua_pop(L, 1);
	rl_completion_append_character = '\0';
	return rl_completion_matches(text, next_candidate);
}

/* --------------------------------------------------------------- evaluation */

static char *pending;      /* an unfinished chunk waiting for more lines */
static char *history_file; /* NULL when history cannot be kept */
static int tty;

static int is_incomplete(lua_State *L, int status)
{
	static const char eof_mark[] = "<eof>";
	size_t len;
	const char *msg = lua_tolstring(L, -1, &len);
	return status == LUA_ERRSYNTAX && msg && len >= sizeof eof_mark - 1 &&
	       strcmp(msg + len - (sizeof eof_mark - 1), eof_mark) == 0;
}

static void remember(const char *chunk)
{
	if (!tty || !*chunk)
		return;
	HIST_ENTRY *last =
	    history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
	if (last && strcmp(last->line, chunk) == 0)
		return;
	add_history(chunk);
	if (history_file)
		append_history(1, history_file);
}

/* Run the loaded chunk and print what it returns, with the text typed
 * first (print_results says of a lone name that is nil that no variable
 * has that name). */
static void run_loaded(lua_State *L, int top, const char *src)
{
	if (mb_docall(L, 0, LUA_MULTRET) != LUA_OK) {
		mb_report(L, NULL);
		return;
	}
	int nres = lua_gettop(L) - top;
	if (nres > 0) {
		lua_pushstring(L, src);
		lua_insert(L, -1 - nres);
		call_helper(L, "print_results", nres + 1, 0);
	}
}

/* The name a chunk typed at the prompt goes by in a message ("prompt:1:
 * attempt to ..."); lines piped in are standard input's. */
static const char *chunk_name(void) { return tty ? "=prompt" : "=stdin"; }

/* One line of input. Returns 1 while a chunk is unfinished. */
static int accept_line(lua_State *L, const char *line)
{
	int top = lua_gettop(L);
	if (pending == NULL) {
		const char *src = line[0] == '=' ? line + 1 : line;
		/* Not a tail call: that would erase the prompt's frame, and model
		 * elements record where they were typed from it. A return in the
		 * scope of a to-be-closed variable is never one (Lua 5.4), and
		 * nothing follows the expression, so its code stays on line 1 and
		 * a trailing comment comments out nothing of ours. */
		const char *ret =
		    lua_pushfstring(L, "local mb_prompt_frame <close> = nil return %s", src);
		int status = mb_load_user(L, ret, strlen(ret), chunk_name());
		lua_remove(L, -2);
		if (status == LUA_OK) {
			remember(line);
			run_loaded(L, top, src);
			return 0;
		}
		lua_pop(L, 1);
		pending = strdup(line);
	} else {
		size_t a = strlen(pending), b = strlen(line);
		char *joined = realloc(pending, a + b + 2);
		joined[a] = '\n';
		memcpy(joined + a + 1, line, b + 1);
		pending = joined;
	}
	int status = mb_load_user(L, pending, strlen(pending), chunk_name());
	if (is_incomplete(L, status)) {
		lua_pop(L, 1);
		return 1;
	}
	remember(pending);
	if (status == LUA_OK) {
		run_loaded(L, top, pending);
		if (tty) { /* a local typed at the prompt: say once where it went */
			lua_pushstring(L, pending);
			call_helper(L, "after_chunk", 1, 0);
		}
	} else {
		mb_report(L, NULL);
	}
	free(pending);
	pending = NULL;
	return 0;
}

/* --------------------------------------------------------------- terminal */

static int input_ended;

static void set_prompt(int continuation)
{
	char *p = prompt_text(continuation);
	rl_set_prompt(p);
	free(p);
}

/* Readline calls this with each finished line, the terminal already back in
 * normal mode; when it returns, readline shows the prompt set here. */
static void on_line(char *line)
{
	if (line == NULL) {
		input_ended = 1;
		return;
	}
	mb_waiting = 0; /* readline has put the terminal back: a quit signal may end us at once */
	int more = accept_line(repl_state, line);
	mb_waiting = 1;
	free(line);
	fflush(stdout);
	if (mb_limit_reached()) {
		input_ended = 1;
		return;
	}
	/* A full-screen view may have seen a resize that readline did not. */
	rl_reset_screen_size();
	set_prompt(more);
}

static void on_resize(int sig)
{
	(void)sig;
	resized = 1;
}

/* Ctrl-C at the prompt: drop the line and any unfinished chunk. Returns 1
 * when there was nothing to drop; then a second Ctrl-C in a row leaves. */
static int cancel_input(int leaving_if_empty)
{
	int was_empty = rl_end == 0 && pending == NULL;
	if (was_empty && leaving_if_empty)
		return 1;
	free(pending);
	pending = NULL;
	rl_replace_line("", 0);
	rl_callback_sigcleanup();
	fputs("^C\n", stdout);
	if (was_empty)
		fputs("(press Ctrl-C again or Ctrl-D to leave mechbench)\n", stdout);
	set_prompt(0);
	rl_on_new_line();
	rl_redisplay();
	return was_empty;
}

/* While readline has the terminal (from rl_callback_handler_install to
 * its removal, but for each line's evaluation) mb_waiting is set: SIGTERM,
 * SIGHUP and SIGQUIT then only set mb_quit_signal, and the loop gives the
 * terminal back before ending the program. The signals that end the wait
 * are blocked outside it (ppoll), so none is missed between a look at the
 * flags and the wait. */
static void loop_tty(void)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_resize;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, NULL);
	sigset_t waking, outside;
	sigemptyset(&waking);
	static const int wakers[] = {SIGINT, SIGWINCH, SIGTERM, SIGHUP, SIGQUIT};
	for (size_t i = 0; i < sizeof wakers / sizeof wakers[0]; i++)
		sigaddset(&waking, wakers[i]);

	int cancelled_empty = 0;
	char *first = prompt_text(0);
	mb_waiting = 1;
	rl_callback_handler_install(first, on_line);
	free(first);
	while (!input_ended && !mb_quit_signal) {
		struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
		sigprocmask(SIG_BLOCK, &waking, &outside);
		int r = mb_sigint_seen || mb_quit_signal || resized
		            ? -1
		            : ppoll(&pfd, 1, NULL, &outside);
		int poll_errno = r < 0 ? errno : 0;
		sigprocmask(SIG_SETMASK, &outside, NULL);
		if (mb_quit_signal)
			break;
		if (resized) {
			resized = 0;
			rl_resize_terminal();
		}
		if (mb_sigint_seen) {
			mb_sigint_seen = 0;
			if (cancel_input(cancelled_empty)) {
				if (cancelled_empty)
					break;
				cancelled_empty = 1;
			} else {
				cancelled_empty = 0;
			}
			continue;
		}
		if (r < 0 && (poll_errno == EINTR || poll_errno == 0))
			continue;
		if (r < 0)
			break;
		cancelled_empty = 0;
		rl_callback_read_char();
	}
	rl_callback_handler_remove(); /* the terminal as readline found it */
	mb_waiting = 0;
	fputc('\n', stdout);
	fflush(stdout);
}

static void loop_plain(lua_State *L)
{
	size_t cap = 0;
	char *line = NULL;
	ssize_t n;
	while (!mb_limit_reached() && (n = getline(&line, &cap, stdin)) >= 0) {
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = '\0';
		accept_line(L, line);
		fflush(stdout);
	}
	free(line);
	free(pending);
	pending = NULL;
}

static char *history_path(const struct mb_paths *paths)
{
	if (mb_mkdir_p(paths->state) != 0)
		return NULL;
	size_t n = strlen(paths->state) + sizeof "/history";
	char *path = malloc(n);
	snprintf(path, n, "%s/history", paths->state);
	return path;
}

int mb_repl(lua_State *L, const struct mb_paths *paths)
{
	tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	repl_state = L;
	if (!tty) {
		loop_plain(L);
		return mb_limit_reached() ? 1 : 0;
	}
	rl_readline_name = "mechbench";
	/* Readline would export LINES and COLUMNS at each resize, and they go
	 * stale at the next one it does not see (a view open, a child). Every
	 * size is asked of the terminal instead (anim.c, core.term_size). */
	rl_change_environment = 0;
	rl_catch_signals = 0; /* Ctrl-C is ours: see loop_tty */
	rl_catch_sigwinch = 0;
	rl_attempted_completion_function = complete;
	rl_variable_bind("show-all-if-unmodified", "on"); /* Tab, Tab lists */
	rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{(,+-*/%^~#[]";
	using_history();
	stifle_history(1000);
	history_file = history_path(paths);
	if (history_file) {
		FILE *f = fopen(history_file, "a"); /* append_history needs the file */
		if (f)
			fclose(f);
		read_history(history_file);
	}
	call_helper(L, "greet", 0, 0);
	loop_tty();
	if (history_file)
		history_truncate_file(history_file, 1000);
	clear_history();
	free_candidates();
	free(pending);
	pending = NULL;
	free(history_file);
	history_file = NULL;
	interrupt_quit(); /* SIGTERM, SIGHUP or SIGQUIT at the prompt: the terminal is back */
	return mb_limit_reached() ? 1 : 0;
}
