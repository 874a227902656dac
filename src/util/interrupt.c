/* SPDX-License-Identifier: GPL-3.0-or-later */
/* interrupt.c — see interrupt.h. */
#include "util/interrupt.h"

#include <unistd.h>

#include "util/limits.h"

volatile sig_atomic_t mb_sigint_seen;
volatile sig_atomic_t mb_c_busy;
volatile sig_atomic_t mb_quit_signal;
volatile sig_atomic_t mb_waiting;

/* The heap is weighed once in this many polls: a poll is one evaluation
 * of a run's equations, from a microsecond to a millisecond. */
enum { HEAP_CHECK_EVERY = 128 };

int interrupt_take(void)
{
	static unsigned polls;
	if (++polls % HEAP_CHECK_EVERY == 0)
		limits_check_heap();
	if (mb_limit_hit)
		return 1;
	if (!mb_sigint_seen)
		return 0;
	mb_sigint_seen = 0;
	return 1;
}

const char *interrupt_reason(double t)
{
	if (!mb_limit_hit)
		return "interrupted (Ctrl-C)";
	limits_stopped_at(t);
	return limits_text();
}

int interrupt_pending(void) { return mb_sigint_seen || mb_limit_hit || mb_quit_signal; }

static void quit_now(int sig)
{
	if (sig == SIGQUIT)
		_exit(128 + sig);
	signal(sig, SIG_DFL);
	raise(sig); /* delivered when the handler (if we are in it) returns */
}

static void on_quit(int sig)
{
	mb_quit_signal = sig;
	if (!mb_waiting)
		quit_now(sig);
}

void interrupt_catch_quit(void)
{
	static const int signals[] = {SIGTERM, SIGHUP, SIGQUIT};
	struct sigaction sa = {0};
	sa.sa_handler = on_quit; /* no SA_RESTART: a wait for keys returns at once */
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
		sigaction(signals[i], &sa, NULL);
}

void interrupt_quit(void)
{
	int sig = mb_quit_signal;
	if (sig) {
		mb_waiting = 0;
		quit_now(sig);
	}
}
