/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grade.c — several scripts under --sandbox, one process each (see grade.h). */
#include "grade.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/interrupt.h"
#include "util/jobs.h"

/* A script's output, shown as quoted lines ("  | what it printed") so that
 * no line of it can pass for a verdict; control characters (a carriage
 * return that would move back over the quote, an escape sequence) are
 * shown as '?'. */
struct quoting {
	int at_line_start[3];
};

static void quote_output(void *ctx, int job, int stream, const char *bytes, size_t n)
{
	(void)job;
	struct quoting *q = ctx;
	FILE *to = stream == 2 ? stderr : stdout;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)bytes[i];
		if (q->at_line_start[stream])
			fputs("  | ", to);
		q->at_line_start[stream] = c == '\n';
		fputc(c == '\n' || c == '\t' || c >= 0x20 ? (c == 0x7f ? '?' : c) : '?', to);
	}
	fflush(to);
}

/* "OK", or what went wrong, into why. */
static int judge(const struct job_result *r, double wall, double output_kb, char *why, size_t len)
{
	const char *last = r->last_err;
	if (strncmp(last, "mechbench: ", 11) == 0)
		last += 11;
	if (r->output_capped) {
		snprintf(why, len, "the output limit of %g KB was reached: stopped", output_kb);
		return 0;
	}
	if (r->timed_out) {
		snprintf(why, len, "still running after %g s (waiting, not computing): stopped",
		         wall);
		return 0;
	}
	if (WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0) {
		snprintf(why, len, "OK");
		return 1;
	}
	if (WIFEXITED(r->status))
		snprintf(why, len, "%s", last[0] ? last : "it failed without a message");
	else if (WIFSIGNALED(r->status))
		snprintf(why, len, "ended by %s%s%s", jobs_signal_name(WTERMSIG(r->status)),
		         last[0] ? "; it said: " : "", last);
	else
		snprintf(why, len, "ended unexpectedly");
	return 0;
}

struct verdicts {
	struct quoting quoting;
	char **files;
	double wall, output_kb;
	int passed;
};

static void output(void *ctx, int job, int stream, const char *bytes, size_t n)
{
	quote_output(&((struct verdicts *)ctx)->quoting, job, stream, bytes, n);
}

static void done(void *ctx, int job, struct job_result *r)
{
	struct verdicts *v = ctx;
	for (int s = 1; s <= 2; s++) /* a last line without its newline ends here */
		if (!v->quoting.at_line_start[s])
			fputc('\n', s == 2 ? stderr : stdout), v->quoting.at_line_start[s] = 1;
	char why[1200];
	int ok = judge(r, v->wall, v->output_kb, why, sizeof why);
	v->passed += ok;
	printf("%s: %s%s\n", v->files[job], ok ? "" : "FAILED: ", why);
	fflush(stdout);
}

int grade_scripts(const char *self, char **options, int noptions, char **files, int nfiles,
                  double cpu_seconds, double output_kb, int batch)
{
	/* each job's argv: self, the options, --, the file, NULL */
	int slots = noptions + 4;
	char **argv = calloc((size_t)nfiles * (size_t)slots, sizeof *argv);
	struct job *jobs = calloc((size_t)nfiles, sizeof *jobs);
	double wall = cpu_seconds > 0 ? 3 * cpu_seconds + 10 : 0;
	for (int i = 0; i < nfiles; i++) {
		char **a = argv + (size_t)i * (size_t)slots;
		a[0] = (char *)self;
		memcpy(a + 1, options, sizeof *a * (size_t)noptions);
		a[noptions + 1] = "--";
		a[noptions + 2] = files[i];
		jobs[i] = (struct job){.argv = a,
		                       .output_cap = (size_t)(output_kb * 1024),
		                       .wall_seconds = wall,
		                       .stdin_null = batch};
	}
	struct verdicts v = {
	    .quoting = {{1, 1, 1}}, .files = files, .wall = wall, .output_kb = output_kb};
	int ran = jobs_run(jobs, nfiles, 1, output, done, &v);
	free(argv);
	free(jobs);
	int stopped = jobs_stopped();
	printf("%d script%s: %d OK, %d failed", nfiles, nfiles == 1 ? "" : "s", v.passed,
	       ran - v.passed);
	if (ran < nfiles)
		printf(", %d not run (stopped by %s)", nfiles - ran, jobs_signal_name(stopped));
	printf("\n");
	fflush(stdout);
	if (stopped && stopped != SIGINT) {
		mb_quit_signal = stopped;
		interrupt_quit();
	}
	return v.passed == nfiles ? 0 : 1;
}
