/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jobs.c — child processes side by side (see jobs.h). */
#include "util/jobs.h"

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
#include "util/plain.h"

static volatile sig_atomic_t stop_signal;
enum { MAX_PARALLEL = 256 };
static volatile pid_t running[MAX_PARALLEL];

/* A stop signal: passed on to every child running; none is started after. */
static void on_stop(int sig)
{
	stop_signal = sig;
	for (int i = 0; i < MAX_PARALLEL; i++)
		if (running[i] > 0)
			kill(running[i], sig);
}

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { NSTOP = sizeof stop_signals / sizeof stop_signals[0] };

/* The handlers while jobs run; the ones before are put back after. */
static void catch_stops(struct sigaction before[NSTOP])
{
	struct sigaction sa = {0};
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < NSTOP; i++)
		sigaction(stop_signals[i], &sa, &before[i]);
}

static void release_stops(const struct sigaction before[NSTOP])
{
	for (int i = 0; i < NSTOP; i++)
		sigaction(stop_signals[i], &before[i], NULL);
}

int jobs_stopped(void) { return stop_signal; }

const char *jobs_signal_name(int sig)
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

/* One running child and its pipes (-1 when closed). */
struct slot {
	int job;
	pid_t pid;
	int out, err, chan;
	int log;            /* the log file, or -1 */
	struct plain plain; /* what of the output the log keeps: text (util/plain.h) */
	int exited;         /* reaped */
	double deadline;    /* 0: none */
	char line[1024];    /* the stderr line being read */
	size_t used;
	size_t channel_cap; /* bytes allocated for the channel */
	struct job_result r;
};

void jobs_write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w, n -= (size_t)w;
	}
}

static void keep_last_line(struct slot *s, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\n') {
			s->line[s->used] = '\0';
			if (s->used > 0)
				memcpy(s->r.last_err, s->line, s->used + 1);
			s->used = 0;
		} else if (s->used + 1 < sizeof s->line) {
			s->line[s->used++] = p[i];
		}
	}
}

static void append_channel(struct slot *s, const char *p, size_t n)
{
	if (s->r.channel_len + n > JOBS_CHANNEL_MAX) {
		s->r.channel_capped = 1;
		return;
	}
	if (s->r.channel_len + n + 1 > s->channel_cap) {
		size_t cap = s->channel_cap ? s->channel_cap : 4096;
		while (cap < s->r.channel_len + n + 1)
			cap *= 2;
		char *grown = realloc(s->r.channel, cap);
		if (!grown) {
			s->r.channel_capped = 1;
			return;
		}
		s->r.channel = grown, s->channel_cap = cap;
	}
	memcpy(s->r.channel + s->r.channel_len, p, n);
	s->r.channel_len += n;
	s->r.channel[s->r.channel_len] = '\0';
}

/* Output within the cap goes on (to the log or the callback); the first
 * byte past it stops the child. */
static void take_output(struct slot *s, const struct job *j, int stream, const char *p, size_t n,
                        job_output_fn output, void *ctx)
{
	size_t before = s->r.output_bytes;
	s->r.output_bytes += n;
	if (stream == 2 && s->log < 0)
		keep_last_line(s, p, n);
	if (j->output_cap && before >= j->output_cap)
		return;
	size_t room = j->output_cap && before + n > j->output_cap ? j->output_cap - before : n;
	if (s->log >= 0) {
		char text[4096];
		for (size_t at = 0; at < room; at += sizeof text) {
			size_t piece = room - at < sizeof text ? room - at : sizeof text;
			jobs_write_all(s->log, text, plain_text(&s->plain, p + at, piece, text));
		}
	} else if (output)
		output(ctx, s->job, stream, p, room);
	if (room < n && !s->r.output_capped) {
		s->r.output_capped = 1;
		kill(s->pid, SIGKILL);
	}
}

static int open_pipe(int fd[2])
{
	if (pipe(fd) != 0)
		return -1;
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

/* In the child: fd `from` as `to`, open across exec. */
static void move_fd(int from, int to)
{
	if (from == to)
		fcntl(to, F_SETFD, 0);
	else
		dup2(from, to);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static int start(struct slot *s, const struct job *j, int index)
{
	memset(s, 0, sizeof *s);
	s->job = index;
	s->out = s->err = s->chan = s->log = -1;
	int out[2] = {-1, -1}, err[2] = {-1, -1}, chan[2] = {-1, -1};
	const char *failed = NULL;
	if (j->log_path) {
		s->log = open(j->log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (s->log < 0)
			failed = "cannot write its log";
	}
	if (!failed && (open_pipe(out) != 0 || (!j->log_path && open_pipe(err) != 0) ||
	                (j->channel && open_pipe(chan) != 0)))
		failed = "cannot make a pipe";
	pid_t pid = failed ? -1 : fork();
	if (!failed && pid < 0)
		failed = "cannot start a process";
	if (failed) {
		snprintf(s->r.last_err, sizeof s->r.last_err, "%s: %s", failed, strerror(errno));
		s->r.start_failed = 1;
		s->r.status = 1 << 8;
		for (int k = 0; k < 2; k++)
			close_fd(&out[k]), close_fd(&err[k]), close_fd(&chan[k]);
		close_fd(&s->log);
		s->exited = 1;
		return -1;
	}
	if (pid == 0) {
		/* the copies stay open across exec; every other descriptor is CLOEXEC */
		move_fd(out[1], STDOUT_FILENO);
		move_fd(j->log_path ? out[1] : err[1], STDERR_FILENO);
		if (j->channel)
			move_fd(chan[1], 3);
		if (j->stdin_null) {
			int none = open("/dev/null", O_RDONLY);
			if (none >= 0)
				dup2(none, STDIN_FILENO), close(none);
		}
		if (j->env)
			putenv((char *)j->env);
		signal(SIGPIPE, SIG_DFL);
		if (strchr(j->argv[0], '/'))
			execv(j->argv[0], j->argv);
		else
			execvp(j->argv[0], j->argv);
		dprintf(STDERR_FILENO, "mechbench: cannot run %s: %s\n", j->argv[0],
		        strerror(errno));
		_exit(127);
	}
	s->pid = pid;
	close_fd(&out[1]), close_fd(&err[1]), close_fd(&chan[1]);
	s->out = out[0], s->err = err[0], s->chan = chan[0];
	s->deadline = j->wall_seconds > 0 ? clock_seconds() + j->wall_seconds : 0;
	return 0;
}

/* Read what one pipe has; close it at its end. */
static void drain(struct slot *s, const struct job *j, int *fd, int stream, job_output_fn output,
                  void *ctx)
{
	char buf[65536];
	ssize_t n = read(*fd, buf, sizeof buf);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		close_fd(fd);
		return;
	}
	if (stream == 3)
		append_channel(s, buf, (size_t)n);
	else
		take_output(s, j, stream, buf, (size_t)n, output, ctx);
}

static int finished(const struct slot *s) { return s->out < 0 && s->err < 0 && s->chan < 0; }

int jobs_run(const struct job *jobs, int njobs, int parallel, job_output_fn output,
             job_done_fn done, void *ctx)
{
	if (parallel < 1)
		parallel = 1;
	if (parallel > MAX_PARALLEL)
		parallel = MAX_PARALLEL;
	stop_signal = 0;
	struct sigaction before[NSTOP];
	catch_stops(before);
	struct slot *slots = calloc((size_t)parallel, sizeof *slots);
	int *busy = calloc((size_t)parallel, sizeof *busy);
	int next = 0, active = 0;
	while ((next < njobs && !stop_signal) || active > 0) {
		for (int k = 0; k < parallel && next < njobs && !stop_signal; k++) {
			if (busy[k])
				continue;
			fflush(stdout), fflush(stderr);
			if (start(&slots[k], &jobs[next], next) != 0) {
				done(ctx, next, &slots[k].r);
				next++;
				continue;
			}
			running[k] = slots[k].pid;
			if (stop_signal) /* it came between the check and the fork */
				kill(slots[k].pid, stop_signal);
			busy[k] = 1, active++, next++;
		}
		struct pollfd pfd[3 * MAX_PARALLEL];
		int owner[3 * MAX_PARALLEL], which[3 * MAX_PARALLEL], npfd = 0;
		int reaping = 0; /* a child has closed its pipes and is about to end: look soon */
		for (int k = 0; k < parallel; k++) {
			if (!busy[k])
				continue;
			reaping |= finished(&slots[k]);
			int *fds[3] = {&slots[k].out, &slots[k].err, &slots[k].chan};
			for (int f = 0; f < 3; f++)
				if (*fds[f] >= 0) {
					pfd[npfd] = (struct pollfd){*fds[f], POLLIN, 0};
					owner[npfd] = k, which[npfd] = f, npfd++;
				}
		}
		int r = poll(pfd, (nfds_t)npfd, reaping ? 2 : 100);
		for (int i = 0; r > 0 && i < npfd; i++) {
			if (!(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			struct slot *s = &slots[owner[i]];
			int *fds[3] = {&s->out, &s->err, &s->chan};
			drain(s, &jobs[s->job], fds[which[i]], which[i] == 2 ? 3 : which[i] + 1,
			      output, ctx);
		}
		double now = clock_seconds();
		for (int k = 0; k < parallel; k++) {
			struct slot *s = &slots[k];
			if (!busy[k])
				continue;
			if (s->deadline > 0 && now > s->deadline && !s->r.timed_out) {
				s->r.timed_out = 1;
				kill(s->pid, SIGKILL);
			}
			if (!finished(s))
				continue;
			pid_t w = waitpid(s->pid, &s->r.status, WNOHANG);
			if (w == 0 || (w < 0 && errno == EINTR))
				continue; /* its pipes are closed but it runs on: the deadline
				             stands */
			running[k] = 0;
			if (s->used > 0) { /* a last stderr line without its newline */
				s->line[s->used] = '\0';
				memcpy(s->r.last_err, s->line, s->used + 1);
			}
			close_fd(&s->log);
			done(ctx, s->job, &s->r);
			free(s->r.channel);
			busy[k] = 0, active--;
		}
	}
	free(slots);
	free(busy);
	release_stops(before);
	return next;
}
