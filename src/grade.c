/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grade.c — several scripts under --sandbox, one process each (see grade.h). */
#include "grade.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/interrupt.h"

static volatile sig_atomic_t stop_signal; /* a signal that stops the grading */
static volatile pid_t running_child;

/* Ctrl-C, Ctrl-\, SIGTERM, SIGHUP: passed on to the script that runs (a
 * signal sent to the grader alone would leave it running), and no script
 * after it is started. */
static void on_stop(int sig)
{
	stop_signal = sig;
	if (running_child > 0)
		kill(running_child, sig);
}

static void catch_stops(void)
{
	static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
	struct sigaction sa = {0};
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
		sigaction(signals[i], &sa, NULL);
}

static const char *signal_name(int sig)
{
	static char other[32];
	static const struct {
		int sig;
		const char *name;
	} names[] = {{SIGKILL, "SIGKILL"}, {SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"},
	             {SIGTERM, "SIGTERM"}, {SIGXCPU, "SIGXCPU"}, {SIGBUS, "SIGBUS"},
	             {SIGFPE, "SIGFPE"},   {SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},
	             {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},   {SIGPIPE, "SIGPIPE"}};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].sig == sig)
			return names[i].name;
	snprintf(other, sizeof other, "signal %d", sig);
	return other;
}

/* How one script ended. */
struct outcome {
	int status;      /* as waitpid gives it */
	int timed_out;   /* stopped for its wall time */
	char last[1024]; /* the last line it wrote on stderr */
};

/* Copy what the script writes on stderr through to ours, keeping its last
 * line, until it closes; past the deadline (0: none) kill it. */
static void follow(int fd, pid_t pid, double deadline, struct outcome *out)
{
	char line[sizeof out->last] = "";
	size_t used = 0;
	for (;;) {
		struct pollfd pfd = {fd, POLLIN, 0};
		int r = poll(&pfd, 1, 100);
		if (deadline > 0 && !out->timed_out && clock_seconds() > deadline) {
			out->timed_out = 1;
			kill(pid, SIGKILL);
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue;
		char buf[4096];
		ssize_t n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		ssize_t ignored = write(STDERR_FILENO, buf, (size_t)n);
		(void)ignored;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n') {
				line[used] = '\0';
				if (used > 0)
					memcpy(out->last, line, used + 1);
				used = 0;
			} else if (used + 1 < sizeof line) {
				line[used++] = buf[i];
			}
		}
	}
	if (used > 0) {
		line[used] = '\0';
		memcpy(out->last, line, used + 1);
	}
}

static void run_one(const char *self, char **argv, int batch, double wall, struct outcome *out)
{
	memset(out, 0, sizeof *out);
	int fd[2];
	if (pipe(fd) != 0) {
		snprintf(out->last, sizeof out->last, "cannot make a pipe: %s", strerror(errno));
		out->status = 1 << 8;
		return;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(out->last, sizeof out->last, "cannot start a process: %s",
		         strerror(errno));
		out->status = 1 << 8;
		close(fd[0]), close(fd[1]);
		return;
	}
	if (pid == 0) {
		dup2(fd[1], STDERR_FILENO);
		close(fd[0]), close(fd[1]);
		if (batch) {
			int none = open("/dev/null", O_RDONLY);
			if (none >= 0)
				dup2(none, STDIN_FILENO), close(none);
		}
		if (strchr(self, '/'))
			execv(self, argv);
		else
			execvp(self, argv);
		dprintf(STDERR_FILENO, "mechbench: cannot run %s: %s\n", self, strerror(errno));
		_exit(127);
	}
	running_child = pid;
	if (stop_signal) /* it came between the check before and the fork */
		kill(pid, stop_signal);
	close(fd[1]);
	follow(fd[0], pid, wall > 0 ? clock_seconds() + wall : 0, out);
	close(fd[0]);
	while (waitpid(pid, &out->status, 0) < 0 && errno == EINTR)
		;
	running_child = 0;
}

/* "OK", or what went wrong, into why. */
static int judge(const struct outcome *o, double wall, char *why, size_t len)
{
	const char *last = o->last;
	if (strncmp(last, "mechbench: ", 11) == 0)
		last += 11;
	if (o->timed_out) {
		snprintf(why, len, "still running after %g s (waiting, not computing): stopped",
		         wall);
		return 0;
	}
	if (WIFEXITED(o->status) && WEXITSTATUS(o->status) == 0) {
		snprintf(why, len, "OK");
		return 1;
	}
	if (WIFEXITED(o->status))
		snprintf(why, len, "%s", last[0] ? last : "it failed without a message");
	else if (WIFSIGNALED(o->status))
		snprintf(why, len, "ended by %s%s%s", signal_name(WTERMSIG(o->status)),
		         last[0] ? "; it said: " : "", last);
	else
		snprintf(why, len, "ended unexpectedly");
	return 0;
}

int grade_scripts(const char *self, char **options, int noptions, char **files, int nfiles,
                  double cpu_seconds, int batch)
{
	catch_stops();
	char **argv = calloc((size_t)noptions + 4, sizeof *argv);
	argv[0] = (char *)self;
	memcpy(argv + 1, options, sizeof *argv * (size_t)noptions);
	argv[noptions + 1] = "--";
	double wall = cpu_seconds > 0 ? 3 * cpu_seconds + 10 : 0;
	int passed = 0, ran = 0;
	for (int i = 0; i < nfiles && !stop_signal; i++) {
		argv[noptions + 2] = files[i];
		struct outcome o;
		run_one(self, argv, batch, wall, &o);
		char why[1200];
		int ok = judge(&o, wall, why, sizeof why);
		ran++;
		passed += ok;
		printf("%s: %s%s\n", files[i], ok ? "" : "FAILED: ", why);
		fflush(stdout);
	}
	free(argv);
	printf("%d script%s: %d OK, %d failed", nfiles, nfiles == 1 ? "" : "s", passed,
	       ran - passed);
	if (ran < nfiles)
		printf(", %d not run (stopped by %s)", nfiles - ran, signal_name(stop_signal));
	printf("\n");
	fflush(stdout);
	if (stop_signal && stop_signal != SIGINT) {
		mb_quit_signal = stop_signal;
		interrupt_quit();
	}
	return passed == nfiles ? 0 : 1;
}
