/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jobs.h — child processes run side by side, what they write captured.
 *
 * The grader runs each student's script as a process of its own (this
 * program again, sandboxed and limited). jobs_run starts them, at most
 * `parallel` at a time, and follows their pipes with poll(2):
 *   - their output, stdout and stderr together, goes to a log file of its
 *     own as plain text (a terminal's escape sequences and control
 *     characters left out: util/plain.h), or, without one, to a callback
 *     stream by stream (the last line of stderr kept);
 *   - past output_cap bytes the child is stopped with SIGKILL, as at a CPU
 *     limit, and what it wrote after the cap is dropped;
 *   - a third pipe, the child's fd 3, carries what the grader reads as the
 *     run's result (its answers): the script's own code cannot write there,
 *     only mechbench's, so its output can never be taken for a verdict;
 *   - a child still running wall_seconds after it started is stopped with
 *     SIGKILL (a backstop: RLIMIT_CPU does not count time spent waiting).
 * Ctrl-C, Ctrl-\, SIGTERM and SIGHUP are passed on to the children running
 * and no new one is started; jobs_stopped() says which signal came. */
#ifndef MB_JOBS_H
#define MB_JOBS_H

#include <stddef.h>

struct job {
	char *const *argv;    /* argv[0]: a path, or a name looked up in PATH */
	const char *log_path; /* stdout and stderr into this file; NULL: to the callback */
	size_t output_cap;    /* bytes of output before the child is stopped; 0: none */
	double wall_seconds;  /* SIGKILL this long after the start; 0: never */
	int channel;          /* keep what the child writes on its fd 3 */
	const char *env;      /* one NAME=VALUE added to the child's environment, or NULL */
	int stdin_null;       /* the child's stdin is /dev/null */
};

struct job_result {
	int status;          /* as waitpid(2) gives it */
	int timed_out;       /* stopped at wall_seconds */
	int output_capped;   /* stopped at output_cap */
	int start_failed;    /* no process could be started: why is in last_err */
	size_t output_bytes; /* what it wrote, the dropped part included */
	char last_err[1024]; /* the last line it wrote on stderr (callback mode) */
	char *channel;       /* fd 3's bytes, NUL-terminated (freed after done returns) */
	size_t channel_len;
	int channel_capped; /* fd 3 carried more than JOBS_CHANNEL_MAX: the rest dropped */
};

#define JOBS_CHANNEL_MAX ((size_t)64 << 20)

/* stream: 1 stdout, 2 stderr. */
typedef void (*job_output_fn)(void *ctx, int job, int stream, const char *bytes, size_t n);
typedef void (*job_done_fn)(void *ctx, int job, struct job_result *result);

/* Run jobs[0..njobs) in order, at most parallel at a time; done(ctx, i, r)
 * is called as each ends. Returns how many were started (fewer than njobs
 * when a stop signal came). */
int jobs_run(const struct job *jobs, int njobs, int parallel, job_output_fn output,
             job_done_fn done, void *ctx);

/* The signal that stopped the last jobs_run, or 0. */
int jobs_stopped(void);

/* Write all n bytes to fd, through EINTR and short writes (what the
 * grader's logs and a graded script's result pipe need). */
void jobs_write_all(int fd, const char *bytes, size_t n);

/* "SIGSEGV", "SIGKILL", ... or "signal N". */
const char *jobs_signal_name(int sig);

#endif
