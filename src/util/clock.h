/* SPDX-License-Identifier: GPL-3.0-or-later */
/* clock.h — a monotonic clock for wall times and progress notes. */
#ifndef MB_CLOCK_H
#define MB_CLOCK_H

/* Seconds since an arbitrary start, never going back. */
double clock_seconds(void);

/* Processor seconds this process has used (steadier than wall time when
 * the machine is shared). */
double clock_cpu_seconds(void);

#endif
