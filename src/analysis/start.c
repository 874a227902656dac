/* SPDX-License-Identifier: GPL-3.0-or-later */
/* start.c — the start of a forward run (start.h). */
#include "analysis/start.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/constrained.h"
#include "model/constraints.h"

void start_tolerances(const struct model *m, const double *c, const double *cd, double *position,
                      double *velocity)
{
	/* a model kilometres across or turning fast is judged on its own scale */
	double size = 1, speed = 1;
	for (int b = 0; b < m->nbodies; b++) {
		size = fmax(size, fmax(fabs(c[3 * b]), fabs(c[3 * b + 1])));
		speed = fmax(speed, fmax(fabs(cd[3 * b]), fabs(cd[3 * b + 1])));
	}
	for (int b = 0; b < m->nbodies; b++)
		speed = fmax(speed, fabs(cd[3 * b + 2]) * size);
	*position = 1e-6 * size, *velocity = 1e-6 * speed;
}

/* Append to buf (len bytes) without overflowing; a long list ends in "...". */
static void append(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	if (used + 4 >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	if (n < 0 || used + (size_t)n >= len)
		snprintf(buf + len - 4, 4, "...");
}

/* "joint 'pin' off by 0.1 in position, 2 in velocity; ..." for the joints
 * beyond the tolerances; 0 when none is. */
static int joints_off(const struct model *m, struct run_data *d, double t, const double *c,
                      const double *cd, char *text, size_t len)
{
	struct rows *r = joint_rows_new(m, NULL, 0);
	if (joint_rows_eval(m, d, NULL, 0, t, c, cd, r) != 0) {
		rows_free(r);
		return -1;
	}
	double tol_q, tol_v;
	start_tolerances(m, c, cd, &tol_q, &tol_v);
	double *off_q = calloc((size_t)m->njoints + 1, sizeof(double));
	double *off_v = calloc((size_t)m->njoints + 1, sizeof(double));
	for (int row = 0; row < r->count; row++) {
		int j = joint_rows_joint(m, NULL, 0, row);
		off_q[j] = fmax(off_q[j], fabs(r->phi[row]));
		off_v[j] = fmax(off_v[j], fabs(rows_dot(r, row, cd) - r->vrhs[row]));
	}
	int count = 0;
	text[0] = 0;
	for (int j = 0; j < m->njoints; j++) {
		int q = off_q[j] > tol_q, v = off_v[j] > tol_v;
		if (!q && !v)
			continue;
		append(text, len, "%sjoint '%s' is off by ", count ? "; " : "", m->joints[j].name);
		if (q)
			append(text, len, "%.3g in position%s", off_q[j], v ? " and " : "");
		if (v)
			append(text, len, "%.3g in velocity", off_v[j]);
		count++;
	}
	free(off_q), free(off_v);
	rows_free(r);
	return count;
}

/* "crank: angle +0.049, omega -0.3; ..." for each body that moved. */
static void what_moved(const struct model *m, const double *before, const double *after, char *note,
                       size_t len)
{
	static const char *const names[6] = {"x", "y", "angle", "vx", "vy", "omega"};
	int n = 3 * m->nbodies;
	note[0] = 0;
	for (int b = 0; b < m->nbodies; b++) {
		int shown = 0;
		for (int k = 0; k < 6; k++) {
			int i = k < 3 ? 3 * b + k : n + 3 * b + k - 3;
			double change = after[i] - before[i];
			if (fabs(change) <= 1e-12 * fmax(1, fabs(before[i])))
				continue; /* round-off, not a correction */
			append(note, len, "%s%s %s %+.3g",
			       shown     ? ","
			       : note[0] ? "; "
			                 : "",
			       shown ? "" : m->bodies[b].name, names[k], change);
			shown = 1;
		}
	}
}

int start_check(const struct model *m, struct run_data *d, double t, int correct, double *c,
                double *cd, char *note, size_t len)
{
	note[0] = 0;
	if (!correct) {
		char off[400];
		int count = joints_off(m, d, t, c, cd, off, sizeof off);
		if (count > 0)
			run_data_fail(
			    d,
			    "the start is off its constraints: %s. Start on them: add correct "
			    "= true to the options (the run then says what it moved), or "
			    "call m:correct() first",
			    off);
		return count == 0 ? 0 : -1;
	}
	/* one correction, in body coordinates, whatever the formulation */
	static const struct formulation_config plain = {.stab.kind = STAB_NONE};
	struct constrained *s = constrained_new(m, &formulation_body, &plain, d);
	if (!s)
		return -1;
	int n = 3 * m->nbodies;
	double *y = malloc(sizeof(double) * (size_t)(4 * n) + 1), *before = y + 2 * n;
	constrained_set_state(s, c, cd, y);
	memcpy(before, y, sizeof(double) * (size_t)(2 * n));
	int status = constrained_correct(s, t, y);
	if (status == 0) {
		memcpy(c, y, sizeof(double) * (size_t)n);
		memcpy(cd, y + n, sizeof(double) * (size_t)n);
		what_moved(m, before, y, note, len);
	}
	free(y);
	constrained_free(s);
	return status;
}
