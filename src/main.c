/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — mechbench's command line: REPL, script, batch, lesson. */
#include <gsl/gsl_errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grade.h"
#include "lua/luaenv.h"
#include "lua/paths.h"
#include "lua/repl.h"
#include "util/exit_status.h"
#include "util/limits.h"

static const char usage[] =
    "usage: mechbench [options] [FILE.lua [args...]]\n"
    "\n"
    "  (no FILE)        open the workbench: a Lua prompt with the module as `mb`;\n"
    "                   when standard input is not a terminal, run it as a script\n"
    "  FILE.lua [args]  run a script, then exit (arguments in the table `arg`)\n"
    "  - [args]         run standard input as the script\n"
    "  -i               stay at the prompt after FILE or -e (its globals stay;\n"
    "                   its top-level locals end with it, and the prompt says so)\n"
    "  -e CHUNK         run a line of Lua (may be repeated)\n"
    "  --batch          no terminal UI: animations print a text summary instead\n"
    "  --lesson N       open the workbench at lesson N\n"
    "  --sandbox        untrusted code: no io, no os but its clock, no debug, no\n"
    "                   files read or written, require of mechbench's modules only;\n"
    "                   with several FILE.lua, each runs in a process of its own and\n"
    "                   a line says OK or why not (exit 0 only if all are OK)\n"
    "  --cpu SECONDS    stop (exit 3, with a message) at this much CPU time\n"
    "  --mem MB         stop (exit 3, with a message) past this much memory\n"
    "  --               the end of the options\n"
    "  --help           this text\n"
    "  --version        the version\n"
    "\n"
    "Exit status: 0 success, 1 an error in the script or model (file:line: message\n"
    "on stderr), 2 a usage error, 3 a limit reached.\n"
    "Inside, type help for a tour, lessons() for the lessons.\n";

struct options {
	int interactive, batch, lesson_given, sandbox;
	double cpu, mem; /* --cpu SECONDS, --mem MB; 0: none */
	const char *lesson;
	const char *script; /* NULL with script_index set: standard input */
	int script_index;   /* argv index of the script, for the arg table */
	int stdin_script;   /* the script is standard input ("-", or piped in) */
	const char **chunks;
	int nchunks;
	int ngraded; /* --sandbox with several scripts: argv[script_index..] are all scripts */
};

/* The number after --cpu or --mem: positive and finite. */
static int limit_value(const char *option, const char *text, double *out)
{
	char *end;
	double v = strtod(text, &end);
	if (end == text || *end != '\0' || !isfinite(v) || v <= 0) {
		fprintf(stderr, "mechbench: %s takes a positive number (%s), not '%s'\n", option,
		        option[2] == 'c' ? "seconds of CPU time" : "megabytes", text);
		return -1;
	}
	*out = v;
	return 0;
}

/* Under --sandbox, two or more FILE.lua after the options are scripts of
 * their own, to be graded one by one (a sandboxed script could not open a
 * .lua file named as its argument anyway). */
static int count_graded(int argc, char **argv, int first)
{
	if (argc - first < 2)
		return 0;
	for (int i = first; i < argc; i++) {
		size_t n = strlen(argv[i]);
		if (n < 5 || strcmp(argv[i] + n - 4, ".lua") != 0)
			return 0;
	}
	return argc - first;
}

static int parse(int argc, char **argv, struct options *o)
{
	o->chunks = calloc((size_t)argc, sizeof *o->chunks);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage, stdout);
			return MB_EXIT_OK;
		} else if (strcmp(a, "--version") == 0 || strcmp(a, "-v") == 0) {
			printf("mechbench %s (%s)\n"
			       "Licence GPL-3.0-or-later: the GNU General Public License, version "
			       "3 or\n"
			       "any later version <https://www.gnu.org/licenses/gpl.html>. There "
			       "is NO\n"
			       "WARRANTY, to the extent permitted by law.\n",
			       MB_VERSION, LUA_RELEASE);
			return MB_EXIT_OK;
		} else if (strcmp(a, "-i") == 0) {
			o->interactive = 1;
		} else if (strcmp(a, "--batch") == 0) {
			o->batch = 1;
		} else if (strcmp(a, "--sandbox") == 0) {
			o->sandbox = 1;
		} else if (strcmp(a, "--cpu") == 0 || strcmp(a, "--mem") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "mechbench: %s needs an argument\n%s", a, usage);
				return MB_EXIT_USAGE;
			}
			if (limit_value(a, argv[i + 1], a[2] == 'c' ? &o->cpu : &o->mem) != 0)
				return MB_EXIT_USAGE;
			i++;
		} else if (strcmp(a, "--") == 0) {
			if (i + 1 < argc) {
				o->script = argv[i + 1];
				o->script_index = i + 1;
			}
			break;
		} else if (strcmp(a, "-e") == 0 || strcmp(a, "--lesson") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "mechbench: %s needs an argument\n%s", a, usage);
				return MB_EXIT_USAGE;
			}
			if (a[1] == 'e')
				o->chunks[o->nchunks++] = argv[++i];
			else
				o->lesson = argv[++i], o->lesson_given = 1;
		} else if (a[0] == '-' && a[1] != '\0') {
			fprintf(stderr, "mechbench: unknown option '%s'\n%s", a, usage);
			return MB_EXIT_USAGE;
		} else {
			o->script = a;
			o->script_index = i;
			o->stdin_script = strcmp(a, "-") == 0; /* as lua(1); "-- -" names a file */
			break;                                 /* the rest belongs to the script */
		}
	}
	return -1; /* carry on */
}

int main(int argc, char **argv)
{
	struct options opt = {0};
	int done = parse(argc, argv, &opt);
	if (done < 0 && opt.sandbox && opt.script)
		opt.ngraded = count_graded(argc, argv, opt.script_index);
	if (done < 0 && opt.ngraded && opt.interactive) {
		fprintf(stderr, "mechbench: -i takes one script, not %d\n", opt.ngraded);
		done = MB_EXIT_USAGE;
	}
	int tty = isatty(STDIN_FILENO);
	/* lua(1): with nothing to run and input that is not a terminal, the input
	 * is the script (-i and --lesson read it as lines at the prompt) */
	if (done < 0 && !opt.script && !opt.nchunks && !opt.lesson_given && !opt.interactive &&
	    !tty)
		opt.stdin_script = 1;
	if (done < 0 && opt.batch && !opt.script && !opt.nchunks && !opt.lesson_given &&
	    !opt.stdin_script) {
		fprintf(stderr,
		        "mechbench: --batch has nothing to run: give FILE.lua, -e CHUNK, or - to "
		        "read standard input\n");
		done = MB_EXIT_USAGE;
	}
	if (done >= 0) {
		free(opt.chunks);
		return done;
	}
	if (opt.ngraded) { /* each in a process of its own, with the same options */
		int noptions = opt.script_index - 1;
		if (noptions > 0 && strcmp(argv[opt.script_index - 1], "--") == 0)
			noptions--;
		char self[MB_PATH_MAX];
		ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
		self[n > 0 ? n : 0] = '\0';
		free(opt.chunks);
		return grade_scripts(n > 0 ? self : argv[0], argv + 1, noptions,
		                     argv + opt.script_index, opt.ngraded, opt.cpu, opt.batch);
	}
	setlocale(LC_CTYPE, "");
	gsl_set_error_handler_off(); /* GSL errors come back as codes we explain */

	struct mb_paths paths = {0};
	char err[MB_PATH_MAX + 256];
	if (mb_paths_find(&paths, err, sizeof err) != 0) {
		fprintf(stderr, "mechbench: %s\n", err);
		free(opt.chunks);
		return MB_EXIT_ERROR;
	}
	int runs_something = opt.script || opt.stdin_script || opt.nchunks;
	enum mb_mode mode = opt.batch                            ? MB_BATCH
	                    : runs_something && !opt.interactive ? MB_SCRIPT
	                                                         : MB_INTERACTIVE;
	char why[256];
	if (limits_start(opt.cpu, opt.mem, why, sizeof why) != 0) {
		fprintf(stderr, "mechbench: %s\n", why);
		free(opt.chunks);
		return MB_EXIT_ERROR;
	}
	struct mb_settings settings = {mode, opt.sandbox};
	lua_State *L = mb_lua_new(&paths, &settings);
	if (L == NULL) {
		free(opt.chunks);
		return MB_EXIT_ERROR;
	}
	mb_set_args(L, argc, argv, opt.script_index);

	int status = LUA_OK;
	for (int i = 0; i < opt.nchunks && status == LUA_OK; i++)
		status = mb_dostring(L, opt.chunks[i], "=(command line)");
	if (status == LUA_OK && (opt.script || opt.stdin_script))
		status = mb_dofile(L, opt.stdin_script ? NULL : opt.script);
	int result = mb_exit_status(status);

	int want_repl = !opt.batch && (opt.interactive || !runs_something);
	if (result == MB_EXIT_OK && opt.lesson_given)
		result = mb_open_lesson(L, opt.lesson);
	/* an error at the prompt is shown there and leaves the status alone, as in
	 * lua(1); a limit reached there is seen below */
	if (want_repl && opt.interactive && opt.script && !mb_limit_reached())
		mb_after_script(L, opt.script); /* its top-level locals: gone, and said */
	if (want_repl && (result == MB_EXIT_OK || opt.interactive) && !mb_limit_reached())
		(void)mb_repl(L, &paths);
	if (mb_limit_reached())
		result = MB_EXIT_LIMIT;
	mb_lua_close(L);
	free(opt.chunks);
	return result;
}
