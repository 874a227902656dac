/* SPDX-License-Identifier: GPL-3.0-or-later */
/* time_forms.h — the functions of time of the book's program (App. B.2)
 * that mb.fn offers, evaluated in C: a driver or actuator made with them
 * costs no call into Lua at each evaluation. Each gives f, f' and f''
 * exactly, by the same expressions as lua/mechbench/fn.lua, so a run gives
 * the same numbers either way. */
#ifndef MB_TIME_FORMS_H
#define MB_TIME_FORMS_H

#include <stddef.h>

struct time_form {
	int kind;    /* index in time_form_names */
	double p[4]; /* its numbers, in the order mb.fn takes them */
};

/* "poly" {c1, c2, c3}, "smooth_step" {from, to, t0, t1}, "ramp_rate"
 * {from, rate, t0, t1}; NULL-terminated. */
extern const char *const time_form_names[];

/* The index of a form's name, or -1. */
int time_form_find(const char *name);

/* A struct time_fn's call: ctx is a struct time_form. Gives 3 numbers. */
int time_form_call(void *ctx, double t, double out[3], char *err, size_t len);

#endif
