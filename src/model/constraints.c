/* SPDX-License-Identifier: GPL-3.0-or-later */
/* constraints.c — the joints' constraints in body coordinates (see
 * constraints.h). */
#include "model/constraints.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/joints/joint.h"
#include "util/rank.h"

static int joint_at(const int *list, int k) { return list ? list[k] : k; }

int joint_rows_count(const struct model *m, const int *list, int count)
{
	int rows = 0, n = list ? count : m->njoints;
	for (int k = 0; k < n; k++)
		rows += m->joints[joint_at(list, k)].kind->rows;
	return rows;
}

int joint_rows_joint(const struct model *m, const int *list, int count, int row)
{
	int n = list ? count : m->njoints;
	for (int k = 0; k < n; k++) {
		int i = joint_at(list, k);
		if (row < m->joints[i].kind->rows)
			return i;
		row -= m->joints[i].kind->rows;
	}
	return -1;
}

void joint_rows_spans(const struct model *m, const int *list, int count, struct rows *r)
{
	int n = list ? count : m->njoints, row = 0;
	for (int k = 0; k < n; k++) {
		const struct joint *j = &m->joints[joint_at(list, k)];
		/* the three columns of each moving body, body i's first */
		int bi = j->bi, bj = j->bj != j->bi ? j->bj : -1;
		for (int q = 0; q < j->kind->rows; q++, row++) {
			rows_set_span(r, row, 0, bi >= 0 ? 3 * bi : 0, bi >= 0 ? 3 * bi + 3 : 0);
			rows_set_span(r, row, 1, bj >= 0 ? 3 * bj : 0, bj >= 0 ? 3 * bj + 3 : 0);
		}
	}
}

struct rows *joint_rows_new(const struct model *m, const int *list, int count)
{
	struct rows *r = rows_new(joint_rows_count(m, list, count), 3 * m->nbodies);
	joint_rows_spans(m, list, count, r);
	rows_list_overlaps(r);
	return r;
}

/* Body b's state at (c, ċ), computed once per evaluation of the rows: a
 * body in several joints turns its points with one cos φ and sin φ (from
 * cs when given), written in its place. */
static inline const struct body_state *state_at(struct run_data *d, const double *c,
                                                const double *cd, const double *cs, int b)
{
	static const struct body_state ground = {{0, 0}, {0, 0}, 0, 0, 1, 0};
	if (b < 0)
		return &ground;
	struct body_state *s = &d->states[b];
	if (d->stamped[b] != d->stamp) {
		const double *q = c + 3 * b, *v = cd ? cd + 3 * b : NULL;
		vec2 r = v2(q[0], q[1]), rd = v ? v2(v[0], v[1]) : v2(0, 0);
		double phid = v ? v[2] : 0;
		*s = cs ? (struct body_state){r, rd, q[2], phid, cs[2 * b], cs[2 * b + 1]}
		        : body_state_make(r, rd, q[2], phid);
		d->stamped[b] = d->stamp;
	}
	return s;
}

int joint_rows_eval(const struct model *m, struct run_data *d, const int *list, int count, double t,
                    const double *c, const double *cd, struct rows *r)
{
	return joint_rows_eval_turned(m, d, list, count, t, c, cd, NULL, r);
}

int joint_rows_eval_turned(const struct model *m, struct run_data *d, const int *list, int count,
                           double t, const double *c, const double *cd, const double *cs,
                           struct rows *r)
{
	int n = list ? count : m->njoints;
	size_t cols = (size_t)r->cols;
	double *J = r->J, *phi = r->phi, *gamma = r->gamma, *vrhs = r->vrhs;
	d->stamp++;
	for (int k = 0; k < n; k++) {
		const struct joint *j = &m->joints[joint_at(list, k)];
		int bi = j->bi, bj = j->bj, rows = j->kind->rows;
		/* the kind writes into the rows: the ground's columns, and body j's
		 * when it is body i too, aside (rows of 3, not of cols) */
		double aside_i[JOINT_ROWS][3], aside_j[JOINT_ROWS][3];
		int self = bj >= 0 && bj == bi;
		double *ji = bi >= 0 ? J + 3 * bi : aside_i[0],
		       *jj = bj >= 0 && !self ? J + 3 * bj : aside_j[0];
		size_t step_i = bi >= 0 ? cols : 3, step_j = bj >= 0 && !self ? cols : 3;
		struct joint_eval e; /* the kind reads its rows' entries alone */
		e.phi = phi, e.gamma = gamma, e.vrhs = vrhs;
#pragma GCC unroll 3
		for (int q = 0; q < JOINT_ROWS && q < rows; q++) {
			e.di[q] = ji + (size_t)q * step_i, e.dj[q] = jj + (size_t)q * step_j;
			vrhs[q] = 0;
		}
		if (j->kind->eval(m, d, j, state_at(d, c, cd, cs, bi), state_at(d, c, cd, cs, bj),
		                  t, &e) != 0)
			return -1;
		for (int q = 0; self && q < rows; q++) /* a joint of a body with itself */
			for (int x = 0; x < 3; x++)
				J[(size_t)q * cols + 3 * (size_t)bj + (size_t)x] += aside_j[q][x];
		/* every column of the rows' spans is written: J needs no clearing */
		J += (size_t)rows * cols, phi += rows, gamma += rows, vrhs += rows;
	}
	return 0;
}

void explain_dependent_rows(struct run_data *d, double t, const struct rows *r,
                            const char *(*row_name)(void *ctx, int row), void *ctx)
{
	struct pivot *p = pivot_new(r->count, r->cols);
	int *order = calloc((size_t)r->count + 1, sizeof *order);
	int rank = pivot_order(p, r->J, r->count, r->cols, 1, order);
	char names[256] = "";
	for (int k = rank; k < r->count; k++) {
		const char *name = row_name(ctx, order[k]);
		if (!strstr(names, name) && strlen(names) + strlen(name) + 8 < sizeof names) {
			strcat(names, names[0] ? ", '" : "'");
			strcat(names, name);
			strcat(names, "'");
		}
	}
	/* The factorization of J M⁻¹ J' can fail on rows the rank-revealing QR
	 * still counts as independent: nearly dependent rows, or masses and
	 * inertias so far apart that the weighting leaves too few digits. Name the
	 * row QR took last, the one closest to the others, and say which it is. */
	if (rank == r->count && r->count > 0) {
		const char *closest = row_name(ctx, order[r->count - 1]);
		free(order);
		pivot_free(p);
		run_data_fail(d,
		              "at t = %g the %d constraint rows are independent but nearly "
		              "dependent: J M^-1 J' is too ill-conditioned to factor (the row "
		              "closest to the others: '%s'). The mechanism is near a "
		              "singular configuration, or its bodies' masses and inertias differ "
		              "by too many orders of magnitude",
		              t, r->count, closest);
		return;
	}
	free(order);
	pivot_free(p);
	run_data_fail(
	    d,
	    "at t = %g the constraint Jacobian has rank %d for %d constraint rows: the "
	    "constraints of joint %s depend on the others. Either the model has redundant "
	    "constraints (remove them, or run with redundant = \"drop\" or stabilization = "
	    "\"penalty\", which carry on; their reactions are then not unique), or the "
	    "mechanism is in a singular configuration",
	    t, rank, r->count, names[0] ? names : "(unknown)");
}
