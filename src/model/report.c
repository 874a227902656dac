/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report.c — the report of one time (see report.h). */
#include "model/report.h"

#include <float.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/constraints.h"
#include "model/contact.h"
#include "model/forces/force.h"
#include "model/joint_graph.h"
#include "model/joints/geometry.h"
#include "util/linalg.h"
#include "util/rank.h"
#include "util/tree_solve.h"

struct report {
	const struct model *m;
	int n, nc;
	struct rows *rows; /* every joint */
	double *h, *mass, *ones, *work;
	double potential;
	struct force_measure forces; /* each report's force values and powers */
	gsl_matrix *S;
	char *dropped;
	int drop, decided;
	struct pivot *pivot;
	int *order;
	gsl_matrix *U, *V; /* the SVD of D' that finds the null space */
	gsl_vector *sigma, *svd_work;
	struct tree_solve *tree; /* the least squares in O(N) (NULL: dense) */
	int *outward;            /* the joints from the ground out, each carrying body carried[k],
	                          * when D'λ = M c̈ - h is solved by substitution (NULL: least squares) */
	int *carried;
};

size_t sample_bytes(const struct model *m)
{
	size_t n = 3 * (size_t)m->nbodies + 1, reactions = REACTION_FIELDS * (size_t)m->njoints + 1,
	       rows = (size_t)m->nc + 1, contacts = CONTACT_FIELDS * (size_t)m->ncontacts + 1,
	       forces = FORCE_FIELDS * (size_t)m->nforces + 1;
	return sizeof(struct sample) +
	       sizeof(double) * (3 * n + reactions + rows + contacts + forces);
}

struct sample *sample_place(void *at, const struct model *m)
{
	size_t n = 3 * (size_t)m->nbodies + 1, reactions = REACTION_FIELDS * (size_t)m->njoints + 1,
	       rows = (size_t)m->nc + 1, contacts = CONTACT_FIELDS * (size_t)m->ncontacts + 1;
	struct sample *s = at;
	double *next = (double *)(s + 1);
	s->q = next, s->qd = s->q + n, s->qdd = s->qd + n;
	s->reaction = s->qdd + n, s->lambda = s->reaction + reactions,
	s->contact = s->lambda + rows, s->force = s->contact + contacts;
	s->condition = 1;
	return s;
}

/* One allocation for the sample and its arrays. */
struct sample *sample_new(const struct model *m)
{
	return sample_place(calloc(1, sample_bytes(m)), m);
}

void sample_free(struct sample *s) { free(s); }

/* When the joints form a tree from the ground, each joint carrying one body
 * no other joint carries (the graph's tree over every joint leaves none
 * out and no part floats), D' is block triangular in that order: the
 * joints from the ground out, with the body each carries, else NULL. */
static int *joints_outward(const struct model *m, int *carried)
{
	const struct joint_tree *tree = &m->graph->tree[TREE_ALL];
	if (tree->ncut > 0 || tree->norder < m->nbodies)
		return NULL;
	int *order = calloc((size_t)m->njoints + 1, sizeof(int));
	for (int k = 0; k < tree->norder; k++) {
		int b = tree->order[k];
		if (tree->joint[b] < 0) { /* a part no joint holds to the ground */
			free(order);
			return NULL;
		}
		carried[k] = b, order[k] = tree->joint[b];
	}
	return order;
}

struct report *report_new(const struct model *m, int drop_redundant, int joints_held)
{
	struct report *w = calloc(1, sizeof *w);
	size_t n = 3 * (size_t)m->nbodies, nc = (size_t)m->nc;
	w->m = m, w->n = (int)n, w->nc = (int)nc, w->drop = drop_redundant;
	w->rows = joint_rows_new(m, NULL, 0);
	w->h = calloc(n + 1, sizeof(double));
	w->mass = calloc(n + 1, sizeof(double));
	w->ones = calloc(n + 1, sizeof(double));
	w->work = calloc(n + nc + 1, sizeof(double));
	w->forces.values = calloc((size_t)m->nforces + 1, sizeof *w->forces.values);
	w->forces.power = calloc((size_t)m->nforces + 1, sizeof(double));
	w->forces.before = calloc(n + 1, sizeof(double));
	w->S = gsl_matrix_calloc(nc ? nc : 1, nc ? nc : 1);
	w->dropped = calloc(nc + 1, 1);
	model_mass_diagonal(m, w->mass);
	for (size_t k = 0; k < n; k++)
		w->ones[k] = 1;
	if (drop_redundant && nc > 0) {
		size_t tall = n > nc ? n : nc;
		w->pivot = pivot_new((int)nc, (int)n);
		w->order = calloc(nc + 1, sizeof *w->order);
		w->U = gsl_matrix_calloc(tall, nc), w->V = gsl_matrix_alloc(nc, nc);
		w->sigma = gsl_vector_alloc(nc), w->svd_work = gsl_vector_alloc(nc);
	}
	if (!drop_redundant && joints_held && m->njoints > 0) {
		w->carried = calloc((size_t)m->njoints, sizeof(int));
		w->outward = joints_outward(m, w->carried);
	}
	if (!drop_redundant && nc >= TREE_SOLVE_ROWS) {
		int *group = calloc(nc + 1, sizeof(int));
		for (size_t row = 0; row < nc; row++)
			group[row] = model_row_joint(m, (int)row);
		w->tree = tree_solve_new(w->rows, 3, group);
		free(group);
	}
	return w;
}

void report_free(struct report *w)
{
	if (!w)
		return;
	rows_free(w->rows);
	free(w->h), free(w->mass), free(w->ones), free(w->work), free(w->dropped), free(w->order);
	free(w->forces.values), free(w->forces.power), free(w->forces.before);
	free(w->outward), free(w->carried);
	gsl_matrix_free(w->S);
	pivot_free(w->pivot);
	tree_solve_free(w->tree);
	if (w->U)
		gsl_matrix_free(w->U), gsl_matrix_free(w->V), gsl_vector_free(w->sigma),
		    gsl_vector_free(w->svd_work);
	free(w);
}

/* Every joint with a share in a combination of multipliers that exerts no
 * force: the right singular vectors of D' with a zero singular value. */
static void mark_nonunique(struct report *w, const struct rows *r, struct run_data *d)
{
	gsl_matrix_set_zero(w->U);
	for (int row = 0; row < w->nc; row++) /* D', padded with zero rows to be tall */
		for (int k = 0; k < w->n; k++)
			gsl_matrix_set(w->U, (size_t)k, (size_t)row,
			               r->J[(size_t)row * (size_t)w->n + (size_t)k]);
	gsl_linalg_SV_decomp(w->U, w->V, w->sigma, w->svd_work);
	double top = gsl_vector_get(w->sigma, 0);
	for (size_t k = 0; k < (size_t)w->nc; k++) {
		if (gsl_vector_get(w->sigma, k) > 1e-9 * top)
			continue;
		for (int row = 0; row < w->nc; row++)
			if (fabs(gsl_matrix_get(w->V, (size_t)row, k)) >= 1e-8)
				d->nonunique[model_row_joint(w->m, row)] = 1;
	}
}

static void decide_dropped(struct report *w, const struct rows *r, struct run_data *d)
{
	if (rows_dependent(r, w->pivot, w->order, w->dropped) < w->nc)
		mark_nonunique(w, r, d);
	w->decided = 1;
}

static const char *row_name(void *ctx, int row)
{
	const struct model *m = ctx;
	return m->joints[model_row_joint(m, row)].name;
}

/* λ from D'λ = M c̈ - h on a tree whose joints the accelerations meet by
 * construction: the system is consistent, so from the outermost joint in,
 * each joint's few multipliers follow from its body's equations alone
 * (least squares over those three, for the torque equation a revolute
 * joint's row leaves free), then press on the body it hangs from. O(N),
 * no factorisation of D D'. -1 when a joint's rows are dependent there. */
static int substitute(struct report *w, const struct rows *r, double *residual, double *lambda)
{
	const struct model *m = w->m;
	for (int k = m->njoints - 1; k >= 0; k--) {
		const struct joint *j = &m->joints[w->outward[k]];
		int rows = j->kind->rows, b = w->carried[k], from = b == j->bi ? j->bj : j->bi;
		const double *D = r->J + (size_t)j->row * (size_t)w->n;
		double normal[9], *x = lambda + j->row, *g = residual + 3 * b;
		for (int p = 0; p < rows; p++) {
			const double *dp = D + (size_t)p * (size_t)w->n + 3 * b;
			x[p] = dp[0] * g[0] + dp[1] * g[1] + dp[2] * g[2];
			for (int q = 0; q < rows; q++) {
				const double *dq = D + (size_t)q * (size_t)w->n + 3 * b;
				normal[p * rows + q] =
				    dp[0] * dq[0] + dp[1] * dq[1] + dp[2] * dq[2];
			}
		}
		gsl_matrix_view N = gsl_matrix_view_array(normal, (size_t)rows, (size_t)rows);
		if (cholesky_checked(&N.matrix) != 0)
			return -1;
		cholesky_solve(&N.matrix, x);
		for (int p = 0; from >= 0 && p < rows; p++)
			for (int c = 0; c < 3; c++)
				residual[3 * from + c] -=
				    D[(size_t)p * (size_t)w->n + 3 * from + c] * x[p];
	}
	return 0;
}

/* λ from D'λ = M c̈ - h in the least-squares sense: (D D') λ = D (M c̈ - h),
 * through the joints' tree in O(N) on large models, else (or when the tree
 * finds dependent rows, which the dense path explains) densely. */
static int least_squares(struct report *w, const struct rows *r, struct run_data *d, double t,
                         const double *cdd, double *lambda)
{
	double *residual = w->work;
	for (int k = 0; k < w->n; k++)
		residual[k] = w->mass[k] * cdd[k] - w->h[k];
	if (w->outward) {
		if (substitute(w, r, residual, lambda) == 0)
			return 0;
		for (int k = 0; k < w->n; k++) /* it was used up: least squares explain */
			residual[k] = w->mass[k] * cdd[k] - w->h[k];
	}
	for (int a = 0; a < w->nc; a++)
		lambda[a] = w->dropped[a] ? 0 : rows_dot(r, a, residual);
	if (w->tree && tree_solve_factor(w->tree, r, w->ones) == 0) {
		tree_solve_apply(w->tree, lambda);
		return 0;
	}
	rows_gram_diagonal(r, w->ones, w->S, NULL, NULL);
	gram_drop(w->S, w->dropped, w->nc);
	if (cholesky_envelope(w->S, r->first) != 0) {
		explain_dependent_rows(d, t, r, row_name, (void *)w->m);
		return -1;
	}
	cholesky_envelope_solve(w->S, r->first, lambda);
	return 0;
}

/* Reactions (Sec. 7.4.1): D_j'λ is the generalised force on body j; the
 * torque reported is the couple left after moving its force to the joint
 * point, and the force is given in the global frame and in body j's own.
 * Drivers report their driving torque or force, λ itself. */
static void reactions(const struct report *w, const struct rows *r, const double *c,
                      const double *lambda, double *out)
{
	const struct model *m = w->m;
	for (int i = 0; i < m->njoints; i++) {
		const struct joint *j = &m->joints[i];
		double *o = out + REACTION_FIELDS * i;
		o[0] = o[1] = o[2] = o[3] = o[4] = 0;
		if (joint_kind_driven(j->kind)) {
			o[2] = lambda[j->row];
			continue;
		}
		/* The force on the second body; on the ground, minus that on the first. */
		int on_j = j->bj >= 0, b = on_j ? j->bj : j->bi;
		double sign = on_j ? 1 : -1, g[3] = {0, 0, 0};
		for (int row = j->row; row < j->row + j->kind->rows; row++)
			for (int k = 0; k < 3; k++)
				g[k] += r->J[(size_t)row * (size_t)w->n + (size_t)(3 * b + k)] *
				        lambda[row];
		vec2 s = v2_rotate(c[3 * b + 2], on_j ? j->sj : j->si);
		vec2 f = v2(sign * g[0], sign * g[1]);
		vec2 f_local =
		    on_j ? v2_unrotate(c[3 * b + 2], f) : f; /* the ground's frame is global */
		o[0] = f.x, o[1] = f.y;
		o[2] = sign * g[2] - sign * v2_cross(s, v2(g[0], g[1]));
		o[3] = f_local.x, o[4] = f_local.y;
	}
}

/* Every number a report holds is finite, and its poses and rates within
 * 1e150 as a simulation's state must be (beyond it a square overflows);
 * else the run stops naming the body (or, when a sample is completed, its
 * reactions or energy are refused naming the joint). The formulations check
 * their own coordinates, but a report's bodies can come from elsewhere: a
 * driver's function (minimal coordinates place a driven body from it, with
 * no coordinate of its own) can ask for an angle of 1e308 or an
 * acceleration that overflows while every constraint stays finite; and
 * bodies built from drifting points (point coordinates) can overflow a
 * step before the points themselves pass 1e150. */
static int state_finite(const struct model *m, struct run_data *d, double t, const struct sample *s)
{
	static const char *component[] = {"x", "y", "angle"};
	const struct {
		const double *v;
		double largest;
		const char *what;
	} body_parts[] = {{s->q, 1e150, "position"},
	                  {s->qd, 1e150, "velocity"},
	                  {s->qdd, DBL_MAX, "acceleration"}};
	for (int p = 0; p < 3; p++) {
		int bad = vec_beyond(body_parts[p].v, 3 * m->nbodies, body_parts[p].largest);
		if (bad < 0)
			continue;
		char value[64] = "not finite";      /* no NaN said as if it were a number */
		if (isfinite(body_parts[p].v[bad])) /* a position or a rate */
			snprintf(value, sizeof value, "%g, beyond 1e150", body_parts[p].v[bad]);
		int driven = 0; /* a runaway motion alone needs no hint */
		for (int j = 0; j < m->njoints; j++)
			driven |= joint_kind_driven(m->joints[j].kind);
		const char *hint =
		    driven ? " (a driver's function may ask what no mechanism can do)" : "";
		run_data_fail(d, "at t = %g the %s of body '%s' (its %s) is %s%s", t,
		              body_parts[p].what, m->bodies[bad / 3].name, component[bad % 3],
		              value, hint);
		return -1;
	}
	return 0;
}

/* The same for what completes a sample: its reactions and energy. */
static int completion_finite(const struct model *m, struct run_data *d, const struct sample *s)
{
	int bad = vec_beyond(s->reaction, REACTION_FIELDS * m->njoints, DBL_MAX);
	if (bad >= 0 || !isfinite(s->kinetic + s->potential)) {
		if (bad >= 0)
			run_data_fail(d, "at t = %g the reaction of joint '%s' is not finite", s->t,
			              m->joints[bad / REACTION_FIELDS].name);
		else
			run_data_fail(d, "at t = %g the energy is not finite", s->t);
		return -1;
	}
	return 0;
}

int report_record(struct report *w, struct run_data *d, double t, const double *c, const double *cd,
                  const double *cdd, const double *lambda, struct sample *out)
{
	out->t = t;
	memcpy(out->q, c, sizeof(double) * (size_t)w->n);
	memcpy(out->qd, cd, sizeof(double) * (size_t)w->n);
	memcpy(out->qdd, cdd, sizeof(double) * (size_t)w->n);
	out->has_lambda = lambda != NULL;
	if (lambda)
		memcpy(out->lambda, lambda, sizeof(double) * (size_t)w->nc);
	contacts_report(w->m, d, c, cd, out->contact);
	/* which rows redundant = "drop" leaves out, and so which reactions are
	 * not unique, is decided at the first report, as the run ends */
	if (w->drop && !w->decided && w->nc > 0) {
		if (joint_rows_eval(w->m, d, NULL, 0, t, c, cd, w->rows) != 0)
			return -1;
		decide_dropped(w, w->rows, d);
	}
	return state_finite(w->m, d, t, out);
}

int report_complete(struct report *w, struct run_data *d, struct sample *s)
{
	const struct model *m = w->m;
	const struct rows *r = w->rows;
	double t = s->t;
	if (joint_rows_eval(m, d, NULL, 0, t, s->q, s->qd, w->rows) != 0 ||
	    forces_measure(m, d, s->q, s->qd, t, w->h, &w->potential, &w->forces) != 0)
		return -1;
	if (w->drop && !w->decided && w->nc > 0)
		decide_dropped(w, r, d);
	if (!s->has_lambda && w->nc > 0 && least_squares(w, r, d, t, s->qdd, s->lambda) != 0)
		return -1;
	reactions(w, r, s->q, s->lambda, s->reaction);
	s->kinetic = 0;
	for (int k = 0; k < w->n; k++)
		s->kinetic += 0.5 * w->mass[k] * s->qd[k] * s->qd[k]; /* ½ ċ'Mċ, Eq. 7.65 */
	s->potential = w->potential;
	s->violation = vec_norm(r->phi, w->nc);
	double *rates = w->work;
	/* the drivers' power, λ'D ċ over their rows: a joint that does not move
	 * with time does no work (D ċ = 0), and where a formulation's joints are
	 * springs of its own their energy is its business, not the drivers' */
	s->work_rate = w->forces.free_power + contacts_free_power(m, s->q, s->qd, s->contact);
	for (int a = 0; a < w->nc; a++) {
		double rate = rows_dot(r, a, s->qd); /* D_a ċ */
		if (joint_kind_driven(m->joints[model_row_joint(m, a)].kind))
			s->work_rate += s->lambda[a] * rate;
		rates[a] = rate - r->vrhs[a];
	}
	s->velocity_violation = vec_norm(rates, w->nc);
	for (int i = 0; i < m->nforces; i++) {
		const struct force_values *v = &w->forces.values[i];
		double *o = s->force + FORCE_FIELDS * i;
		o[0] = v->f, o[1] = v->fx, o[2] = v->fy, o[3] = v->torque, o[4] = v->length,
		o[5] = v->rate, o[6] = w->forces.power[i];
	}
	s->violation = hypot(s->violation, s->own_violation);
	s->velocity_violation = hypot(s->velocity_violation, s->own_velocity_violation);
	s->complete = 1;
	return completion_finite(m, d, s);
}

int report_sample(struct report *w, struct run_data *d, double t, const double *c, const double *cd,
                  const double *cdd, const double *lambda, struct sample *out)
{
	if (report_record(w, d, t, c, cd, cdd, lambda, out) != 0)
		return -1;
	return report_complete(w, d, out);
}
