/* SPDX-License-Identifier: GPL-3.0-or-later */
/* limits.h — the CPU and memory limits of --cpu SECONDS and --mem MB.
 *
 * Reaching a limit is a flag, mb_limit_hit, that every computation polls:
 * Lua code through an instruction-count hook (lua/luaenv.c), runs in C
 * through interrupt_take (util/interrupt.h). The CPU limit is a profiling
 * timer (ITIMER_PROF) whose signal sets the flag; the memory limit is a cap
 * on Lua's allocator (lua/luaenv.c) and, during runs, on the heap as a
 * whole. Behind both, setrlimit: RLIMIT_CPU a little above the CPU limit
 * (SIGXCPU: a message and exit status 3, MB_EXIT_LIMIT; then SIGKILL) and RLIMIT_AS well above
 * the memory limit, for a computation that never polls. */
#ifndef MB_LIMITS_H
#define MB_LIMITS_H

#include <signal.h>
#include <stddef.h>

enum { LIMIT_NONE, LIMIT_CPU, LIMIT_MEMORY };

/* Which limit was reached, or LIMIT_NONE; once set it stays. */
extern volatile sig_atomic_t mb_limit_hit;

/* Start the limits: cpu_seconds of CPU time from now and a cap of mem_mb
 * megabytes (0: no limit). 0, or -1 with the reason in err. */
int limits_start(double cpu_seconds, double mem_mb, char *err, size_t len);

size_t limits_memory(void); /* bytes, 0 for none */
int limits_active(void);    /* either is set */

/* Say that limit `which` is reached (the first one said stays). */
void limits_reach(int which);

/* Weigh the heap in use against the memory limit (glibc's mallinfo2); it
 * reaches the limit when over. */
void limits_check_heap(void);

/* The reached limit in words: "the CPU limit of 5 s was reached". */
const char *limits_text(void);

/* The time of the run that noticed the limit, and whether there is one. */
void limits_stopped_at(double t);
int limits_stop_time(double *t);

#endif
