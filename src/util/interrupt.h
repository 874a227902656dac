/* interrupt.h — Ctrl-C, as the numeric core and the views see it.
 *
 * The Lua layer installs the SIGINT handler (lua/luaenv.c); it sets
 * mb_sigint_seen. A long computation in C (a run, an animation) raises
 * mb_c_busy while it polls the flag itself, so Ctrl-C stops it cleanly with
 * its results kept instead of raising a Lua error. */
#ifndef MB_INTERRUPT_H
#define MB_INTERRUPT_H

#include <signal.h>

extern volatile sig_atomic_t mb_sigint_seen;
extern volatile sig_atomic_t mb_c_busy;

/* 1 if Ctrl-C was pressed since the last call (the press is consumed). */
int interrupt_take(void);

#endif
