/* repl.c — the interactive prompt (see repl.h).
 *
 * Evaluation follows lua.c: try "return <line>" first so expressions print,
 * then the line as a statement; a syntax error at <eof> means the chunk is
 * incomplete and another line is read. Printing, the prompt text and
 * completion candidates come from the Lua side (mechbench.repl), which
 * keeps this file about terminals only. */
#include "repl.h"

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

#include "luaenv.h"

enum read_status { READ_LINE, READ_EOF, READ_CANCELLED, READ_CANCELLED_EMPTY };

static lua_State *repl_state;
static char *ready_line;
static int line_done;
static volatile sig_atomic_t resized;

/* ------------------------------------------------------------------ Lua side */

/* Call mechbench.repl.<name>(args...) and leave nres results; errors in the
 * helpers are reported but never end the session. */
static int call_helper(lua_State *L, const char *name, int narg, int nres)
{
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

/* --------------------------------------------------------------- line input */

static void on_line(char *line)
{
	ready_line = line;
	line_done = 1;
	rl_callback_handler_remove();
}

static void on_prompt_signal(int sig)
{
	if (sig == SIGINT)
		mb_sigint_seen = 1;
	else
		resized = 1;
}

static enum read_status read_tty(const char *prompt, char **out)
{
	struct sigaction sa = {0}, old_int, old_winch;
	sa.sa_handler = on_prompt_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGWINCH, &sa, &old_winch);

	enum read_status status = READ_EOF;
	mb_sigint_seen = 0;
	line_done = 0;
	ready_line = NULL;
	rl_callback_handler_install(prompt, on_line);
	for (;;) {
		if (line_done) {
			status = ready_line ? READ_LINE : READ_EOF;
			break;
		}
		struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
		int r = poll(&pfd, 1, -1);
		if (r < 0 && errno == EINTR) {
			if (resized) {
				resized = 0;
				rl_resize_terminal();
			}
			if (!mb_sigint_seen)
				continue;
			status = rl_end > 0 ? READ_CANCELLED : READ_CANCELLED_EMPTY;
			rl_replace_line("", 0);
			rl_callback_sigcleanup();
			rl_callback_handler_remove();
			fputs("^C\n", stdout);
			break;
		}
		if (r < 0)
			break;
		rl_callback_read_char();
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGWINCH, &old_winch, NULL);
	mb_sigint_seen = 0;
	*out = status == READ_LINE ? ready_line : NULL;
	return status;
}

static enum read_status read_plain(char **out)
{
	size_t cap = 0;
	char *line = NULL;
	ssize_t n = getline(&line, &cap, stdin);
	if (n < 0) {
		free(line);
		return READ_EOF;
	}
	if (n > 0 && line[n - 1] == '\n')
		line[n - 1] = '\0';
	*out = line;
	return READ_LINE;
}

static enum read_status read_line(int tty, int continuation, char **out)
{
	if (!tty)
		return read_plain(out);
	char *prompt = prompt_text(continuation);
	enum read_status s = read_tty(prompt, out);
	free(prompt);
	return s;
}

/* --------------------------------------------------------------- evaluation */

static int is_incomplete(lua_State *L, int status)
{
	static const char eof_mark[] = "<eof>";
	size_t len;
	const char *msg = lua_tolstring(L, -1, &len);
	return status == LUA_ERRSYNTAX && msg && len >= sizeof eof_mark - 1 &&
	       strcmp(msg + len - (sizeof eof_mark - 1), eof_mark) == 0;
}

/* Compile the chunk; reads more lines while it is incomplete. Returns the
 * load status with the function (or error) on the stack; *chunk grows. */
static int load_chunk(lua_State *L, int tty, char **chunk, enum read_status *rs)
{
	const char *src = **chunk == '=' ? *chunk + 1 : *chunk;
	const char *ret = lua_pushfstring(L, "return %s;", src);
	int status = luaL_loadbuffer(L, ret, strlen(ret), "=stdin");
	lua_remove(L, -2);
	if (status == LUA_OK)
		return status;
	lua_pop(L, 1);
	for (;;) {
		status = luaL_loadbuffer(L, *chunk, strlen(*chunk), "=stdin");
		if (!is_incomplete(L, status))
			return status;
		lua_pop(L, 1);
		char *more = NULL;
		*rs = read_line(tty, 1, &more);
		if (*rs != READ_LINE)
			return -1;
		size_t a = strlen(*chunk), b = strlen(more);
		char *joined = malloc(a + b + 2);
		memcpy(joined, *chunk, a);
		joined[a] = '\n';
		memcpy(joined + a + 1, more, b + 1);
		free(more);
		free(*chunk);
		*chunk = joined;
	}
}

static void remember(const char *chunk, const char *history_file)
{
	if (!*chunk)
		return;
	HIST_ENTRY *last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
	if (last && strcmp(last->line, chunk) == 0)
		return;
	add_history(chunk);
	if (history_file)
		append_history(1, history_file);
}

static void evaluate(lua_State *L, int tty, char **chunk, enum read_status *rs,
                     const char *history_file)
{
	int top = lua_gettop(L);
	int status = load_chunk(L, tty, chunk, rs);
	if (status < 0)
		return; /* input cancelled or ended inside a chunk */
	if (tty)
		remember(*chunk, history_file);
	if (status == LUA_OK)
		status = mb_docall(L, 0, LUA_MULTRET);
	if (status != LUA_OK) {
		mb_report(L, NULL);
		return;
	}
	int nres = lua_gettop(L) - top;
	if (nres > 0)
		call_helper(L, "print_results", nres, 0);
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
	int tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	char *history_file = NULL;
	repl_state = L;
	if (tty) {
		rl_readline_name = "mechbench";
		rl_catch_signals = 0; /* Ctrl-C is ours: see read_tty */
		rl_catch_sigwinch = 0;
		rl_attempted_completion_function = complete;
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
	}

	int cancelled_empty = 0;
	for (;;) {
		char *chunk = NULL;
		enum read_status rs = read_line(tty, 0, &chunk);
		if (rs == READ_EOF)
			break;
		if (rs == READ_CANCELLED_EMPTY) {
			if (cancelled_empty)
				break;
			cancelled_empty = 1;
			fputs("(press Ctrl-C again or Ctrl-D to leave mechbench)\n", stdout);
			continue;
		}
		cancelled_empty = 0;
		if (rs == READ_CANCELLED)
			continue;
		evaluate(L, tty, &chunk, &rs, history_file);
		free(chunk);
		fflush(stdout);
		if (rs == READ_EOF)
			break;
	}
	if (tty) {
		fputc('\n', stdout);
		if (history_file)
			history_truncate_file(history_file, 1000);
		clear_history();
		free_candidates();
		rl_callback_handler_remove();
	}
	free(history_file);
	return 0;
}
