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
    "  --output KB      graded scripts: stop one past this much output (1024)\n"
    "  --seed SEED      problem() gives the data of this seed (a student's name)\n"
    "  --problem N      print problem N's sheet (with --seed, that student's data)\n"
    "  --grade CHECKS.lua [--jobs N] [--report FILE.jsonl] [--gradebook FILE.csv]\n"
    "         [--roster FILE.csv] [--logs DIR] [--cpu S] [--mem MB] [--output KB]\n"
    "         SUBMISSION.lua...   grade a class: points per check, on each student's\n"
    "                   seed and hidden ones; report on stdout unless --report\n"
    "  --grade-merge A.jsonl...   one gradebook CSV on stdout from reports\n"
    "  --               the end of the options\n"
    "  --help           this text\n"
    "  --version        the version\n"
    "\n"
    "Exit status: 0 success, 1 an error in the script or model (file:line: message\n"
    "on stderr), 2 a usage error, 3 a limit reached.\n"
    "Inside, type help for a tour, lessons() for the lessons.\n";

struct options {
	int interactive, batch, lesson_given, sandbox;
	double cpu, mem;     /* --cpu SECONDS, --mem MB; 0: none */
	double output;       /* --output KB: a graded script's output, before it is stopped */
	const char *seed;    /* --seed SEED */
	const char *problem; /* --problem N */
	const char *sheet;   /* --sheet FILE.pdf */
	const char *checks;  /* --grade CHECKS.lua */
	int merge;           /* --grade-merge */
	/* --grade's own: as given, checked by mechbench.grading */
	const char *jobs, *report, *gradebook, *roster, *logs, *output_text, *cpu_text, *mem_text;
	const char *lesson;
	const char *script; /* NULL with script_index set: standard input */
	int script_index;   /* argv index of the script, for the arg table */
	int stdin_script;   /* the script is standard input ("-", or piped in) */
	const char **chunks;
	int nchunks;
	int ngraded; /* --sandbox with several scripts: argv[script_index..] are all scripts */
};

/* The number after --cpu, --mem, --output or --jobs: positive and finite
 * (a whole number for --jobs). */
static int limit_value(const char *option, const char *text, double *out)
{
	static const struct {
		const char *option, *what;
	} units[] = {{"--cpu", "seconds of CPU time"},
	             {"--mem", "megabytes"},
	             {"--output", "kilobytes"},
	             {"--jobs", "processes at a time, a whole number"}};
	const char *what = "";
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i].option, option) == 0)
			what = units[i].what;
	char *end;
	double v = strtod(text, &end);
	int whole = strcmp(option, "--jobs") != 0 || (v == floor(v) && v <= 256);
	if (end == text || *end != '\0' || !isfinite(v) || v <= 0 || !whole) {
		fprintf(stderr, "mechbench: %s takes a positive number (%s), not '%s'\n", option,
		        what, text);
		return -1;
	}
	*out = v;
	return 0;
}

/* An option that takes a value: where parse stores it. */
static const char **text_option(struct options *o, const char *a)
{
	static const char *names[] = {"--seed",   "--problem",   "--sheet",  "--grade",
	                              "--report", "--gradebook", "--roster", "--logs"};
	const char **where[] = {&o->seed,   &o->problem,   &o->sheet,  &o->checks,
	                        &o->report, &o->gradebook, &o->roster, &o->logs};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(a, names[i]) == 0)
			return where[i];
	return NULL;
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
		} else if (strcmp(a, "--grade-merge") == 0) {
			o->merge = 1;
		} else if (strcmp(a, "--cpu") == 0 || strcmp(a, "--mem") == 0 ||
		           strcmp(a, "--output") == 0 || strcmp(a, "--jobs") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "mechbench: %s needs an argument\n%s", a, usage);
				return MB_EXIT_USAGE;
			}
			double jobs;
			double *to = a[2] == 'c'   ? &o->cpu
			             : a[2] == 'm' ? &o->mem
			             : a[2] == 'o' ? &o->output
			                           : &jobs;
			if (limit_value(a, argv[i + 1], to) != 0)
				return MB_EXIT_USAGE;
			const char **text = a[2] == 'c'   ? &o->cpu_text
			                    : a[2] == 'm' ? &o->mem_text
			                    : a[2] == 'o' ? &o->output_text
			                                  : &o->jobs;
			*text = argv[++i];
		} else if (text_option(o, a)) {
			if (i + 1 >= argc) {
				fprintf(stderr, "mechbench: %s needs an argument\n%s", a, usage);
				return MB_EXIT_USAGE;
			}
			*text_option(o, a) = argv[++i];
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

/* This program's own path, for the processes the graders start. */
static const char *self_path(char *buf, size_t len, const char *argv0)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	buf[n > 0 ? n : 0] = '\0';
	return n > 0 ? buf : argv0;
}

/* --problem, --grade, --grade-merge: a tool written in Lua, run in a state
 * of its own (the instructor's: not sandboxed, no limits; the limits are
 * the graded scripts'). */
static int run_tool(const struct options *o, int argc, char **argv)
{
	int nlist = o->script_index ? argc - o->script_index : 0;
	char **list = argv + (o->script_index ? o->script_index : argc);
	if ((o->problem != NULL) + (o->checks != NULL) + o->merge > 1) {
		fprintf(stderr, "mechbench: --problem, --grade and --grade-merge go alone\n");
		return MB_EXIT_USAGE;
	}
	if (o->sheet && !o->problem) {
		fprintf(stderr, "mechbench: --sheet FILE.pdf writes the sheet of --problem N: give "
		                "the problem\n");
		return MB_EXIT_USAGE;
	}
	if (o->problem && nlist > 0) {
		fprintf(stderr, "mechbench: --problem prints a sheet and takes no file ('%s')\n",
		        list[0]);
		return MB_EXIT_USAGE;
	}
	setlocale(LC_CTYPE, "");
	gsl_set_error_handler_off();
	struct mb_paths paths = {0};
	char err[MB_PATH_MAX + 256];
	if (mb_paths_find(&paths, err, sizeof err) != 0) {
		fprintf(stderr, "mechbench: %s\n", err);
		return MB_EXIT_ERROR;
	}
	/* --sandbox --problem: the sheet as a sandboxed script would get it (no file) */
	struct mb_settings settings = {MB_BATCH, o->problem ? o->sandbox : 0,
	                               o->problem ? o->seed : NULL, 0};
	lua_State *L = mb_lua_new(&paths, &settings);
	if (L == NULL)
		return MB_EXIT_ERROR;
	int result;
	if (o->problem) {
		const char *keys[] = {"number", "seed", "sheet"},
		           *values[] = {o->problem, o->seed, o->sheet};
		result =
		    mb_run_tool(L, "mechbench.problem", "sheet_tool", keys, values, 3, NULL, 0);
	} else if (o->merge) {
		result = mb_run_tool(L, "mechbench.grading", "merge", NULL, NULL, 0, list, nlist);
	} else {
		char self[MB_PATH_MAX];
		const char *keys[] = {"checks", "jobs",   "report", "gradebook", "roster",
		                      "logs",   "output", "cpu",    "mem",       "self"};
		const char *values[] = {o->checks,      o->jobs,
		                        o->report,      o->gradebook,
		                        o->roster,      o->logs,
		                        o->output_text, o->cpu_text,
		                        o->mem_text,    self_path(self, sizeof self, argv[0])};
		result = mb_run_tool(L, "mechbench.grading", "main", keys, values, 10, list, nlist);
	}
	mb_lua_close(L);
	return result;
}

int main(int argc, char **argv)
{
	struct options opt = {0};
	int done = parse(argc, argv, &opt);
	if (done < 0 && (opt.problem || opt.sheet || opt.checks || opt.merge)) {
		free(opt.chunks);
		return run_tool(&opt, argc, argv);
	}
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
		free(opt.chunks);
		return grade_scripts(self_path(self, sizeof self, argv[0]), argv + 1, noptions,
		                     argv + opt.script_index, opt.ngraded, opt.cpu,
		                     opt.output > 0 ? opt.output : 1024, opt.batch);
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
	/* run by --grade: the result goes to this descriptor (mechbench.grading) */
	const char *answers_fd = getenv("MECHBENCH_ANSWERS_FD");
	int grading = answers_fd && *answers_fd;
	struct mb_settings settings = {mode, opt.sandbox, opt.seed, grading};
	lua_State *L = mb_lua_new(&paths, &settings);
	if (L == NULL) {
		free(opt.chunks);
		return MB_EXIT_ERROR;
	}
	mb_set_args(L, argc, argv, opt.script_index);
	if (grading && mb_grade_prepare(L) != LUA_OK) {
		mb_lua_close(L);
		free(opt.chunks);
		return MB_EXIT_ERROR;
	}

	int status = LUA_OK;
	for (int i = 0; i < opt.nchunks && status == LUA_OK; i++)
		status = mb_dostring(L, opt.chunks[i], "=(command line)");
	if (status == LUA_OK && (opt.script || opt.stdin_script))
		status = mb_dofile(L, opt.stdin_script ? NULL : opt.script);
	int result = mb_exit_status(status);
	if (grading)
		mb_grade_report(L, atoi(answers_fd), status);

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
