/* main.c — mechbench's command line: REPL, script, batch, lesson. */
#include <gsl/gsl_errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lua/luaenv.h"
#include "lua/paths.h"
#include "lua/repl.h"

static const char usage[] =
    "usage: mechbench [options] [FILE.lua [args...]]\n"
    "\n"
    "  (no FILE)        open the workbench: a Lua prompt with the mechbench module as `mb`\n"
    "  FILE.lua [args]  run a script, then exit (arguments in the table `arg`)\n"
    "  -i               stay at the prompt after FILE or -e\n"
    "  -e CHUNK         run a line of Lua (may be repeated)\n"
    "  --batch          no terminal UI: animations print a text summary instead;\n"
    "                   exit 0 on success, 1 on error (file:line: message on stderr)\n"
    "  --lesson N       open the workbench at lesson N\n"
    "  --help           this text\n"
    "  --version        the version\n"
    "\n"
    "Inside, type help for a tour, lessons() for the lessons.\n";

struct options {
	int interactive, batch, lesson_given;
	const char *lesson;
	const char *script;
	int script_index; /* argv index of the script, for the arg table */
	const char **chunks;
	int nchunks;
};

static int parse(int argc, char **argv, struct options *o)
{
	o->chunks = calloc((size_t)argc, sizeof *o->chunks);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage, stdout);
			return 0;
		} else if (strcmp(a, "--version") == 0 || strcmp(a, "-v") == 0) {
			printf("mechbench %s (%s)\n", MB_VERSION, LUA_RELEASE);
			return 0;
		} else if (strcmp(a, "-i") == 0) {
			o->interactive = 1;
		} else if (strcmp(a, "--batch") == 0) {
			o->batch = 1;
		} else if (strcmp(a, "-e") == 0 || strcmp(a, "--lesson") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "mechbench: %s needs an argument\n%s", a, usage);
				return 1;
			}
			if (a[1] == 'e')
				o->chunks[o->nchunks++] = argv[++i];
			else
				o->lesson = argv[++i], o->lesson_given = 1;
		} else if (a[0] == '-' && a[1] != '\0') {
			fprintf(stderr, "mechbench: unknown option '%s'\n%s", a, usage);
			return 1;
		} else {
			o->script = a;
			o->script_index = i;
			break; /* the rest belongs to the script */
		}
	}
	return -1; /* carry on */
}

int main(int argc, char **argv)
{
	struct options opt = {0};
	int done = parse(argc, argv, &opt);
	if (done >= 0) {
		free(opt.chunks);
		return done;
	}
	setlocale(LC_CTYPE, "");
	gsl_set_error_handler_off(); /* GSL errors come back as codes we explain */

	struct mb_paths paths = {0};
	char err[MB_PATH_MAX + 256];
	if (mb_paths_find(&paths, err, sizeof err) != 0) {
		fprintf(stderr, "mechbench: %s\n", err);
		free(opt.chunks);
		return 1;
	}
	int tty = isatty(STDIN_FILENO);
	enum mb_mode mode = opt.batch                                         ? MB_BATCH
	                    : (opt.script || opt.nchunks) && !opt.interactive ? MB_SCRIPT
	                                                                      : MB_INTERACTIVE;
	lua_State *L = mb_lua_new(&paths, mode);
	if (L == NULL) {
		free(opt.chunks);
		return 1;
	}
	mb_set_args(L, argc, argv, opt.script_index);

	int status = LUA_OK;
	for (int i = 0; i < opt.nchunks && status == LUA_OK; i++)
		status = mb_dostring(L, opt.chunks[i], "=(command line)");
	if (status == LUA_OK && opt.script)
		status = mb_dofile(L, opt.script);

	int want_repl = !opt.batch && (opt.interactive || (!opt.script && !opt.nchunks));
	if (status == LUA_OK && opt.lesson_given)
		status = mb_open_lesson(L, opt.lesson);
	if (want_repl && (status == LUA_OK || opt.interactive)) {
		(void)tty;
		status = mb_repl(L, &paths);
	}
	mb_lua_close(L);
	free(opt.chunks);
	return status == LUA_OK ? 0 : 1;
}
