/* interrupt.c — see interrupt.h. */
#include "util/interrupt.h"

volatile sig_atomic_t mb_sigint_seen;
volatile sig_atomic_t mb_c_busy;

int interrupt_take(void)
{
	if (!mb_sigint_seen)
		return 0;
	mb_sigint_seen = 0;
	return 1;
}
