/* model.c — the compiled mechanism and a run's data (see model.h). */
#include "model/model.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/interrupt.h"

static char *copy(const char *s) { return strdup(s ? s : "?"); }

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
		free(m->bodies[i].name);
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
	free(m);
}

struct body *model_add_body(struct model *m, const char *name)
{
	if (m->nbodies >= m->room.bodies)
		return NULL;
	struct body *b = &m->bodies[m->nbodies++];
	b->name = copy(name);
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

struct contact *model_add_contact(struct model *m, const struct contact_law *law,
                                  const char *name, const char *where)
{
	if (m->ncontacts >= m->room.contacts || !law)
		return NULL;
	struct contact *k = &m->contacts[m->ncontacts++];
	k->law = law, k->name = copy(name), k->where = copy(where);
	k->bi = k->bj = -1;
	return k;
}

int model_finish(struct model *m, char *err, size_t len)
{
	m->nc = 0;
	for (int i = 0; i < m->njoints; i++) {
		struct joint *j = &m->joints[i];
		char why[256] = "";
		if (j->bi >= m->nbodies || j->bj >= m->nbodies || j->bi < -1 || j->bj < -1) {
			snprintf(err, len, "%s: joint '%s': a body index is out of range", j->where,
			         j->name);
			return -1;
		}
		if (j->kind->prepare && j->kind->prepare(m, j, why, sizeof why) != 0) {
			snprintf(err, len, "%s: joint '%s': %s", j->where, j->name, why);
			return -1;
		}
		j->row = m->nc;
		m->nc += j->kind->rows;
	}
	for (int i = 0; i < m->nforces; i++) {
		const struct force *f = &m->forces[i];
		if (f->bi >= m->nbodies || f->bj >= m->nbodies || f->bi < -1 || f->bj < -1) {
			snprintf(err, len, "%s: force '%s': a body index is out of range", f->where,
			         f->name);
			return -1;
		}
	}
	for (int i = 0; i < m->ncontacts; i++) {
		const struct contact *k = &m->contacts[i];
		if (k->bi >= m->nbodies || k->bj >= m->nbodies || k->bi < -1 || k->bj < -1) {
			snprintf(err, len, "%s: contact '%s': a body index is out of range",
			         k->where, k->name);
			return -1;
		}
	}
	return 0;
}

void model_initial(const struct model *m, double *c, double *cd)
{
	for (int b = 0; b < m->nbodies; b++)
		for (int k = 0; k < 3; k++)
			c[3 * b + k] = m->bodies[b].q0[k], cd[3 * b + k] = m->bodies[b].v0[k];
}

struct body_state model_body_state(const double *c, const double *cd, int b)
{
	struct body_state s = {{0, 0}, {0, 0}, 0, 0};
	if (b < 0)
		return s;
	s.r = v2(c[3 * b], c[3 * b + 1]);
	s.phi = c[3 * b + 2];
	if (cd) {
		s.rd = v2(cd[3 * b], cd[3 * b + 1]);
		s.phid = cd[3 * b + 2];
	}
	return s;
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
	return d;
}

void run_data_free(struct run_data *d)
{
	if (!d)
		return;
	free(d->contact), free(d->nonunique);
	free(d);
}

static void record(struct run_data *d, const char *fmt, va_list ap)
{
	if (!d->error[0]) /* keep the first cause */
		vsnprintf(d->error, sizeof d->error, fmt, ap);
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
	run_data_stop(d, "interrupted (Ctrl-C) at t = %g", t);
	return 1;
}

/* One call of a host function of t; returns how many numbers it gave. */
static int call_fn(struct run_data *d, const struct time_fn *fn, double t, double out[3])
{
	char err[400] = "";
	int n = fn->call(fn->ctx, t, out, err, sizeof err);
	if (n < 0) {
		run_data_stop(d, "%s", err[0] ? err : "the function failed");
		return -1;
	}
	if (n == 0 || !isfinite(out[0])) {
		run_data_stop(d, "the function returned %s at t = %g, not a number",
		              n == 0 ? "nothing usable" : "a non-finite value", t);
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
