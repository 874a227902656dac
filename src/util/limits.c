/* SPDX-License-Identifier: GPL-3.0-or-later */
/* limits.c — see limits.h. */
#include "util/limits.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
#include <malloc.h>
#define HAVE_MALLINFO2 1
#endif

#include "util/exit_status.h"

volatile sig_atomic_t mb_limit_hit;

static double cpu_limit, memory_mb;
static size_t memory_limit;
static double stop_t;
static int stop_t_known;
static char backstop_message[200];
static size_t backstop_length;

/* The profiling timer ran out: the CPU limit is reached. */
static void on_sigprof(int sig)
{
	(void)sig;
	if (!mb_limit_hit)
		mb_limit_hit = LIMIT_CPU;
}

/* RLIMIT_CPU's soft limit: the computation never came back to a poll. */
static void on_sigxcpu(int sig)
{
	(void)sig;
	ssize_t ignored = write(STDERR_FILENO, backstop_message, backstop_length);
	(void)ignored;
	_exit(MB_EXIT_LIMIT);
}

static double cpu_used(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
	       (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
}

/* Lower a resource limit to soft, hard (never raise it). */
static void lower_rlimit(int resource, rlim_t soft, rlim_t hard)
{
	struct rlimit rl;
	if (getrlimit(resource, &rl) != 0)
		return;
	if (rl.rlim_max != RLIM_INFINITY && hard > rl.rlim_max)
		hard = rl.rlim_max;
	if (soft > hard)
		soft = hard;
	rl.rlim_cur = soft, rl.rlim_max = hard;
	setrlimit(resource, &rl);
}

static int start_cpu(double seconds, char *err, size_t len)
{
	double used = cpu_used();
	struct sigaction sa = {0};
	sa.sa_handler = on_sigprof;
	sa.sa_flags = SA_RESTART; /* the limit is polled: no read or wait need notice */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPROF, &sa, NULL);
	sa.sa_handler = on_sigxcpu;
	sigaction(SIGXCPU, &sa, NULL);
	struct itimerval it = {{0, 0}, {0, 0}};
	it.it_value.tv_sec = (time_t)seconds;
	it.it_value.tv_usec = (suseconds_t)((seconds - floor(seconds)) * 1e6);
	if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
		it.it_value.tv_usec = 1;
	if (setitimer(ITIMER_PROF, &it, NULL) != 0) {
		snprintf(err, len, "cannot set the CPU timer");
		return -1;
	}
	backstop_length = (size_t)snprintf(backstop_message, sizeof backstop_message,
	                                   "mechbench: the CPU limit of %g s was reached (in a "
	                                   "computation that could not be stopped cleanly)\n",
	                                   seconds);
	if (backstop_length >= sizeof backstop_message)
		backstop_length = sizeof backstop_message - 1;
	/* the backstop: SIGXCPU a second or two later, SIGKILL a second after */
	rlim_t soft = (rlim_t)ceil(used + seconds) + 1;
	lower_rlimit(RLIMIT_CPU, soft, soft + 1);
	return 0;
}

/* The address space now, from /proc (0 when it cannot be read). */
static size_t address_space(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long pages = 0;
	if (f) {
		if (fscanf(f, "%lu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	long page = sysconf(_SC_PAGESIZE);
	return (size_t)pages * (size_t)(page > 0 ? page : 4096);
}

int limits_start(double cpu_seconds, double mem_mb, char *err, size_t len)
{
	if (cpu_seconds > 0) {
		cpu_limit = cpu_seconds;
		if (start_cpu(cpu_seconds, err, len) != 0)
			return -1;
	}
	if (mem_mb > 0) {
		memory_mb = mem_mb;
		memory_limit = (size_t)(mem_mb * 1024 * 1024);
		/* the backstop: room for the libraries already mapped, the Lua heap,
		 * as much again in C, and slack; only a computation that never
		 * polls gets there */
		size_t room = address_space() + 2 * memory_limit + ((size_t)256 << 20);
		lower_rlimit(RLIMIT_AS, (rlim_t)room, (rlim_t)room);
	}
	return 0;
}

size_t limits_memory(void) { return memory_limit; }
int limits_active(void) { return cpu_limit > 0 || memory_limit > 0; }

void limits_reach(int which)
{
	if (!mb_limit_hit)
		mb_limit_hit = which;
}

void limits_check_heap(void)
{
#ifdef HAVE_MALLINFO2
	if (memory_limit == 0 || mb_limit_hit)
		return;
	struct mallinfo2 mi = mallinfo2();
	if (mi.uordblks + mi.hblkhd > memory_limit)
		limits_reach(LIMIT_MEMORY);
#endif
}

const char *limits_text(void)
{
	static char text[120];
	if (mb_limit_hit == LIMIT_CPU)
		snprintf(text, sizeof text, "the CPU limit of %g s was reached", cpu_limit);
	else if (mb_limit_hit == LIMIT_MEMORY)
		snprintf(text, sizeof text, "the memory limit of %g MB was reached", memory_mb);
	else
		snprintf(text, sizeof text, "no limit was reached");
	return text;
}

void limits_stopped_at(double t)
{
	if (!stop_t_known)
		stop_t = t, stop_t_known = 1;
}

int limits_stop_time(double *t)
{
	*t = stop_t;
	return stop_t_known;
}
