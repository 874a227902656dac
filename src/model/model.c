/* SPDX-License-Identifier: GPL-3.0-or-later */
/* model.c — the compiled mechanism and a run's data (see model.h). */
#include "model/model.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/interrupt.h"

static char *copy(const char *s) { return strdup(s ? s : "?"); }

/* ------------------------------------------------------------ kinds' numbers */

int kind_param_slot(const struct kind_param *params, int k)
{
	int slot = 0;
	for (int i = 0; i < k && params[i].name; i++)
		slot += params[i].type == PARAM_PAIR ? 2 : 1;
	return slot;
}

static int choices(const struct kind_param *p)
{
	int n = 0;
	while (p->choices && p->choices[n])
		n++;
	return n;
}

int kind_params_check(const struct kind_param *params, double *param, char *err, size_t len)
{
	for (int i = 0; params[i].name; i++) {
		const struct kind_param *p = &params[i];
		double *v = param + kind_param_slot(params, i);
		int pair = p->type == PARAM_PAIR;
		if (isnan(v[0]) || (pair && isnan(v[1]))) {
			if (p->when == PARAM_REQUIRED) {
				snprintf(err, len, "needs %s", p->name);
				return -1;
			}
			if (p->when == PARAM_FALLBACK)
				v[0] = p->fallback, v[pair] = p->fallback;
			continue; /* the kind's prepare() fills the others */
		}
		if (!(fabs(v[0]) <= PARAM_LARGEST && (!pair || fabs(v[1]) <= PARAM_LARGEST))) {
			snprintf(err, len, "%s must be finite and at most %g in size (got %g)",
			         p->name, PARAM_LARGEST, fabs(v[0]) <= PARAM_LARGEST ? v[1] : v[0]);
			return -1;
		}
		int ok = 1;
		const char *what = "a number";
		switch (p->type) {
		case PARAM_POSITIVE:
			ok = ok && v[0] > 0, what = "positive";
			break;
		case PARAM_NONNEGATIVE:
			ok = ok && v[0] >= 0, what = "0 or more";
			break;
		case PARAM_FRACTION:
			ok = ok && v[0] >= 0 && v[0] <= 1, what = "between 0 and 1";
			break;
		case PARAM_PAIR:
			what = "a pair of numbers";
			break;
		case PARAM_CHOICE:
			ok = ok && v[0] == floor(v[0]) && v[0] >= 0 && v[0] < choices(p);
			what = "one of its choices";
			break;
		case PARAM_NUMBER:
			break;
		}
		if (!ok && p->type == PARAM_CHOICE) { /* coord must be "x", "y" or "angle" */
			char list[128] = "";
			int n = choices(p);
			for (int k = 0; k < n; k++)
				snprintf(list + strlen(list), sizeof list - strlen(list),
				         "%s\"%s\"",
				         k == 0       ? ""
				         : k == n - 1 ? " or "
				                      : ", ",
				         p->choices[k]);
			snprintf(err, len, "%s must be %s", p->name, list);
			return -1;
		}
		if (!ok) {
			snprintf(err, len, "%s must be %s (got %g)", p->name, what, v[0]);
			return -1;
		}
	}
	return 0;
}

static size_t room(int n) { return (size_t)(n > 0 ? n : 0) + 1; }

struct model *model_new(const char *name, vec2 gravity, int nbodies, int njoints, int nforces,
                        int ncontacts)
{
	struct model *m = calloc(1, sizeof *m);
	m->name = copy(name);
	m->gravity = gravity;
	m->bodies = calloc(room(nbodies), sizeof *m->bodies);
	m->joints = calloc(room(njoints), sizeof *m->joints);
	m->forces = calloc(room(nforces), sizeof *m->forces);
	m->contacts = calloc(room(ncontacts), sizeof *m->contacts);
	m->room.bodies = nbodies, m->room.joints = njoints;
	m->room.forces = nforces, m->room.contacts = ncontacts;
	return m;
}

static void release_fn(struct time_fn *fn)
{
	if (fn->release)
		fn->release(fn->ctx);
}

void model_free(struct model *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->nbodies; i++)
		free(m->bodies[i].name), free(m->bodies[i].where);
	for (int i = 0; i < m->njoints; i++) {
		free(m->joints[i].name), free(m->joints[i].where);
		release_fn(&m->joints[i].fn);
	}
	for (int i = 0; i < m->nforces; i++) {
		struct force *f = &m->forces[i];
		free(f->name), free(f->where);
		release_fn(&f->fn);
		if (f->host.release)
			f->host.release(f->host.ctx);
	}
	for (int i = 0; i < m->ncontacts; i++)
		free(m->contacts[i].name), free(m->contacts[i].where);
	free(m->bodies), free(m->joints), free(m->forces), free(m->contacts), free(m->name);
	free(m->graph); /* one block (joint_graph.h) */
	free(m);
}

struct body *model_add_body(struct model *m, const char *name, const char *where)
{
	if (m->nbodies >= m->room.bodies)
		return NULL;
	struct body *b = &m->bodies[m->nbodies++];
	b->name = copy(name), b->where = copy(where);
	return b;
}

struct joint *model_add_joint(struct model *m, const struct joint_kind *kind, const char *name,
                              const char *where)
{
	if (m->njoints >= m->room.joints || !kind)
		return NULL;
	struct joint *j = &m->joints[m->njoints++];
	j->kind = kind, j->name = copy(name), j->where = copy(where);
	j->bi = j->bj = -1;
	return j;
}

struct force *model_add_force(struct model *m, const struct force_kind *kind, const char *name,
                              const char *where)
{
	if (m->nforces >= m->room.forces || !kind)
		return NULL;
	struct force *f = &m->forces[m->nforces++];
	f->kind = kind, f->name = copy(name), f->where = copy(where);
	f->bi = f->bj = -1;
	return f;
}

struct contact *model_add_contact(struct model *m, const struct contact_law *law, const char *name,
                                  const char *where)
{
	if (m->ncontacts >= m->room.contacts || !law)
		return NULL;
	struct contact *k = &m->contacts[m->ncontacts++];
	k->law = law, k->name = copy(name), k->where = copy(where);
	k->bi = k->bj = -1;
	return k;
}

const struct kind_param contact_friction[] = {
    {.name = "mu", .type = PARAM_NONNEGATIVE, .when = PARAM_FALLBACK, .fallback = 0},
    {.name = "mu_s", .type = PARAM_NONNEGATIVE, .when = PARAM_FROM_START},
    {.name = "v_t", .type = PARAM_POSITIVE, .when = PARAM_FALLBACK, .fallback = 1e-3},
    {.name = NULL}};

double *contact_param(struct contact *k, const char *name)
{
	return !strcmp(name, "e")   ? &k->e
	       : !strcmp(name, "k") ? &k->k
	       : !strcmp(name, "n") ? &k->n
	       : !strcmp(name, "c") ? &k->c
	                            : NULL;
}

void model_initial(const struct model *m, double *c, double *cd)
{
	for (int b = 0; b < m->nbodies; b++)
		for (int k = 0; k < 3; k++)
			c[3 * b + k] = m->bodies[b].q0[k], cd[3 * b + k] = m->bodies[b].v0[k];
}

struct body_state model_body_state(const double *c, const double *cd, int b)
{
	if (b < 0)
		return (struct body_state){{0, 0}, {0, 0}, 0, 0, 1, 0};
	const double *v = cd ? cd + 3 * b : NULL;
	return body_state_make(v2(c[3 * b], c[3 * b + 1]), v ? v2(v[0], v[1]) : v2(0, 0),
	                       c[3 * b + 2], v ? v[2] : 0);
}

int model_calls_host(const struct model *m)
{
	for (int i = 0; i < m->njoints; i++)
		if (m->joints[i].fn.host)
			return 1;
	for (int i = 0; i < m->nforces; i++)
		if (m->forces[i].fn.host || m->forces[i].host.call)
			return 1;
	return 0;
}

void model_mass_diagonal(const struct model *m, double *out)
{
	for (int b = 0; b < m->nbodies; b++) {
		out[3 * b] = out[3 * b + 1] = m->bodies[b].mass;
		out[3 * b + 2] = m->bodies[b].inertia;
	}
}

void force_at_point(double *h, int b, vec2 s, vec2 f)
{
	if (b < 0)
		return;
	h[3 * b] += f.x;
	h[3 * b + 1] += f.y;
	h[3 * b + 2] += v2_cross(s, f); /* s̆'f, Eq. 4.11 */
}

int model_row_joint(const struct model *m, int row)
{
	for (int i = 0; i < m->njoints; i++)
		if (row >= m->joints[i].row && row < m->joints[i].row + m->joints[i].kind->rows)
			return i;
	return -1;
}

/* ------------------------------------------------------------ run data */

struct run_data *run_data_new(const struct model *m)
{
	struct run_data *d = calloc(1, sizeof *d);
	d->contact = calloc(room(m->ncontacts), sizeof *d->contact);
	d->nonunique = calloc(room(m->njoints), 1);
	d->states = calloc(room(m->nbodies), sizeof *d->states);
	d->stamped = calloc(room(m->nbodies), sizeof *d->stamped);
	return d;
}

void run_data_free(struct run_data *d)
{
	if (!d)
		return;
	free(d->contact), free(d->nonunique), free(d->states), free(d->stamped);
	free(d);
}

/* printf writes a NaN as "nan" or "-nan"; a message says NaN, as the Lua
 * side does (a student read "is -nan" as a number) */
static void name_nan(char *s)
{
	for (char *p = s; (p = strstr(p, "nan")) != NULL; p += 3) {
		if ((p > s && isalnum((unsigned char)p[-1])) || isalnum((unsigned char)p[3]))
			continue; /* a word that holds "nan" */
		char *from = p > s && p[-1] == '-' ? p - 1 : p;
		memmove(from + 3, p + 3, strlen(p + 3) + 1);
		memcpy(from, "NaN", 3);
		p = from;
	}
}

static void record(struct run_data *d, const char *fmt, va_list ap)
{
	if (!d->error[0]) { /* keep the first cause */
		vsnprintf(d->error, sizeof d->error, fmt, ap);
		name_nan(d->error);
	}
}

void run_data_fail(struct run_data *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	record(d, fmt, ap);
	va_end(ap);
}

void run_data_stop(struct run_data *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	record(d, fmt, ap);
	va_end(ap);
	d->stopped = 1;
}

int run_data_interrupted(struct run_data *d, double t)
{
	if (!interrupt_take())
		return 0;
	run_data_stop(d, "%s at t = %g", interrupt_reason(t), t);
	return 1;
}

/* One call of a host function of t; returns how many numbers it gave. */
static int call_fn(struct run_data *d, const struct time_fn *fn, double t, double out[3])
{
	char err[400];
	err[0] = '\0';
	int n = fn->call(fn->ctx, t, out, err, sizeof err);
	if (n < 0) { /* a host error names its own place */
		run_data_stop(d, "%s", err[0] ? err : "the function failed");
		return -1;
	}
	int finite = n > 0 && n <= 3;
	for (int k = 0; finite && k < n; k++)
		finite = isfinite(out[k]);
	if (!finite) {
		run_data_stop(d, "%s: %s '%s': its function returned %s at t = %g, not a number",
		              fn->where ? fn->where : "?", fn->what ? fn->what : "element",
		              fn->name ? fn->name : "?",
		              n <= 0 ? "nothing usable" : "a value that is not finite", t);
		return -1;
	}
	return n;
}

int model_fn(struct run_data *d, const struct time_fn *fn, double t, double out[3])
{
	if (!fn->call) {
		out[0] = fn->constant, out[1] = 0, out[2] = 0;
		return 0;
	}
	int n = call_fn(d, fn, t, out);
	if (n < 0)
		return -1;
	if (n == 3)
		return 0;
	/* Derivatives by central differences: h balances truncation (h^2) and
	 * round-off (eps/h^2) for the second derivative. */
	const double h = 1e-4 * fmax(1.0, fabs(t));
	double plus[3], minus[3];
	if (call_fn(d, fn, t + h, plus) < 0 || call_fn(d, fn, t - h, minus) < 0)
		return -1;
	if (n < 2)
		out[1] = (plus[0] - minus[0]) / (2 * h);
	out[2] = (plus[0] - 2 * out[0] + minus[0]) / (h * h);
	return 0;
}
