/* SPDX-License-Identifier: GPL-3.0-or-later */
/* interrupt.h — what stops a computation or ends the program, as the
 * numeric core, the views and the prompt see it.
 *
 * Ctrl-C: the Lua layer installs the SIGINT handler (lua/luaenv.c); it sets
 * mb_sigint_seen. A long computation in C (a run, an animation) raises
 * mb_c_busy while it polls the flag itself, so Ctrl-C stops it cleanly with
 * its results kept instead of raising a Lua error.
 *
 * Limits (util/limits.h): once the CPU or memory limit is reached,
 * mb_limit_hit says which, for good, and every computation that polls here
 * stops as it would for Ctrl-C.
 *
 * SIGTERM, SIGHUP, SIGQUIT (Ctrl-\) end the program. While the prompt or a
 * full-screen view waits for keys (mb_waiting), the terminal is in a mode of
 * their own: the handler only sets mb_quit_signal, and the waiting loop
 * puts the terminal back and calls interrupt_quit(). Otherwise the terminal
 * is as the program found it and the handler ends the program at once. */
#ifndef MB_INTERRUPT_H
#define MB_INTERRUPT_H

#include <signal.h>

extern volatile sig_atomic_t mb_sigint_seen;
extern volatile sig_atomic_t mb_c_busy;
extern volatile sig_atomic_t mb_quit_signal; /* SIGTERM, SIGHUP or SIGQUIT received, or 0 */
extern volatile sig_atomic_t mb_waiting;     /* the prompt or a view waits for keys */

/* 1 if the computation polling it is to stop: Ctrl-C was pressed since the
 * last call (the press is consumed) or a limit has been reached (which
 * stays). Every so often it also weighs the heap against the memory limit. */
int interrupt_take(void);

/* Why a run stopped at time t after interrupt_take said so: "interrupted
 * (Ctrl-C)" or the limit's sentence ("the CPU limit of 5 s was reached");
 * a limit's t is kept for its report (limits_stop_t). */
const char *interrupt_reason(double t);

/* 1 while a view should close: Ctrl-C, a limit or a quit signal (nothing
 * is consumed). */
int interrupt_pending(void);

/* From now on SIGTERM, SIGHUP and SIGQUIT end the program as said above. */
void interrupt_catch_quit(void);

/* End the program for mb_quit_signal, the terminal already restored: by
 * the signal itself (SIGTERM, SIGHUP), so that the parent sees it, or with
 * status 128 + 3 for SIGQUIT (its default action would dump core). Returns
 * when there is no quit signal. */
void interrupt_quit(void);

#endif
