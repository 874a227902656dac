/* point_coords.c — equations of motion in point coordinates, book Ch. 10
 * (see point_coords.h):
 *     [M  -D'] {r̈}   {h}
 *     [D   0 ] {λ} = {γ}      (Eq. 10.32 with the constraints of Sec. 10.3)
 * solved through the Schur complement (D M⁻¹ D') λ = γ - D M⁻¹ h, with
 * M's constant inverse. The rows are the joints' (stated through the
 * points) and one length row per body. */
#include "formulation/point_coords.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/body_coords.h"
#include "model/force.h"
#include "model/joints/joint.h"
#include "analysis/kinematics.h"
#include "lua/luaenv.h"
#include "formulation/partition.h"
#include "util/rank.h"

struct pc {
	struct model *m;
	struct stabilization stab;
	int nb, n3, n, nj, nc; /* bodies, body coordinates, points' coordinates, joint rows, rows */
	double *rho;           /* per body: the spacing of P1 and P2 */
	double *angle;         /* per body: the angle last found, to follow whole turns */
	char **row_names;      /* per body: what its length row is called in messages */
	int (*row_bodies)[2];  /* per row: the (at most two) bodies it touches, -1: none */
	/* per evaluation */
	double *c, *cd; /* the body coordinates the points stand for */
	double *grad;   /* per body: ∂φ/∂(P2 - P1) = d̆ / |d|² */
	double *bias;   /* per body: φ̈ when r̈ = 0, -2 (d'ḋ)(d x ḋ) / |d|⁴ */
	double *h, *hc; /* applied forces on the points, and on the bodies */
	double *phi, *gamma, *vrhs, *lambda, *acc, *work;
	gsl_matrix *D, *S, *X; /* rows x n; D M⁻¹ D'; M⁻¹ D' */
	gsl_matrix *A;         /* penalty: M + m_c D'D */
	double potential;
	void *body; /* body coordinates: the joints' rows, and the reports */
	struct partition *part;
	struct kin_system sys;
	double *fixed;     /* r, ṙ after partitioning, or ṙ from the momenta */
	double *mass_full; /* M written out, for pc_evaluate */
};

/* ------------------------------------------------------------ setup */

static void *setup(struct model *m, const struct formulation_config *cfg)
{
	struct pc *w = calloc(1, sizeof *w);
	w->m = m, w->stab = cfg->stab;
	w->nb = m->nbodies, w->n3 = 3 * w->nb, w->n = 4 * w->nb;
	w->nj = m->nc, w->nc = m->nc + w->nb;
	size_t nb = (size_t)w->nb, n = (size_t)w->n, n3 = (size_t)w->n3, nc = (size_t)w->nc;
	w->rho = calloc(nb + 1, sizeof(double));
	w->angle = calloc(nb + 1, sizeof(double));
	w->row_names = calloc(nb + 1, sizeof(char *));
	w->row_bodies = calloc(nc + 1, sizeof *w->row_bodies);
	for (int i = 0; i < m->njoints; i++)
		for (int r = 0; r < m->joints[i].kind->rows; r++) {
			w->row_bodies[m->joints[i].row + r][0] = m->joints[i].bi;
			w->row_bodies[m->joints[i].row + r][1] = m->joints[i].bj;
		}
	for (int b = 0; b < w->nb; b++)
		w->row_bodies[w->nj + b][0] = b, w->row_bodies[w->nj + b][1] = -1;
	for (int b = 0; b < w->nb; b++) {
		w->rho[b] = sqrt(m->bodies[b].inertia / m->bodies[b].mass);
		size_t len = strlen(m->bodies[b].name) + 24;
		w->row_names[b] = malloc(len);
		snprintf(w->row_names[b], len, "%s (its points)", m->bodies[b].name);
	}
	w->c = calloc(2 * n3 + 1, sizeof(double));
	w->cd = w->c + n3;
	w->grad = calloc(3 * nb + 1, sizeof(double));
	w->bias = w->grad + 2 * nb;
	w->h = calloc(n + 1, sizeof(double));
	w->hc = calloc(n3 + 1, sizeof(double));
	w->acc = calloc(n + 1, sizeof(double));
	w->work = calloc(2 * n + n3 + nc + 1, sizeof(double));
	w->phi = calloc(4 * nc + 1, sizeof(double));
	w->gamma = w->phi + nc, w->vrhs = w->gamma + nc, w->lambda = w->vrhs + nc;
	w->D = gsl_matrix_calloc(nc ? nc : 1, n ? n : 1);
	w->S = gsl_matrix_calloc(nc ? nc : 1, nc ? nc : 1);
	w->X = gsl_matrix_calloc(n ? n : 1, nc ? nc : 1);
	if (w->stab.kind == STAB_PENALTY)
		w->A = gsl_matrix_calloc(n ? n : 1, n ? n : 1);
	struct formulation_config plain = {.stab.kind = STAB_NONE,
	                                   .drop_redundant = cfg->drop_redundant ||
	                                                     cfg->stab.kind == STAB_PENALTY};
	w->body = formulation_body.setup(m, &plain);
	w->fixed = calloc(2 * n + 1, sizeof(double));
	if (w->stab.kind == STAB_PARTITION) {
		w->part = partition_new(w->n, NULL, 0);
		pc_kin_system(w, &w->sys);
	}
	return w;
}

static void release(void *ws)
{
	struct pc *w = ws;
	if (!w)
		return;
	formulation_body.release(w->body);
	for (int b = 0; b < w->nb; b++)
		free(w->row_names[b]);
	free(w->rho), free(w->angle), free(w->row_names), free(w->row_bodies), free(w->c);
	free(w->grad);
	free(w->h), free(w->hc), free(w->acc), free(w->work), free(w->phi), free(w->fixed);
	free(w->mass_full);
	gsl_matrix_free(w->D), gsl_matrix_free(w->S), gsl_matrix_free(w->X);
	if (w->A)
		gsl_matrix_free(w->A);
	partition_free(w->part);
	free(w);
}

static int state_size(const void *ws) { return 2 * ((const struct pc *)ws)->n; }

/* ------------------------------------------------------------ the mass matrix */

/* M = m [2I -I; -I I] per body and its inverse (1/m) [I I; I 2I]. */
static void mass_times(const struct pc *w, const double *x, double *out, int inverse)
{
	for (int b = 0; b < w->nb; b++) {
		double m = w->m->bodies[b].mass;
		const double *p1 = x + 4 * b, *p2 = p1 + 2;
		double *o1 = out + 4 * b, *o2 = o1 + 2;
		for (int k = 0; k < 2; k++) {
			double a = p1[k], c = p2[k];
			o1[k] = inverse ? (a + c) / m : m * (2 * a - c);
			o2[k] = inverse ? (a + 2 * c) / m : m * (c - a);
		}
	}
}

/* ------------------------------------------------------------ points and bodies */

/* The body coordinates and rates the points stand for. The angle is taken
 * on the branch nearest the last one, so whole turns are counted. */
static void bodies_from_points(struct pc *w, const double *r, const double *rd)
{
	for (int b = 0; b < w->nb; b++) {
		const double *p = r + 4 * b, *v = rd ? rd + 4 * b : NULL;
		vec2 d = v2(p[2] - p[0], p[3] - p[1]);
		vec2 dd = v ? v2(v[2] - v[0], v[3] - v[1]) : v2(0, 0);
		double len2 = v2_dot(d, d), turn = atan2(d.y, d.x) - w->angle[b];
		double phi = w->angle[b] + remainder(turn, 2 * M_PI);
		vec2 g = v2_scale(1 / len2, v2_perp(d)); /* φ̇ = d̆'ḋ / |d|² */
		w->angle[b] = phi;
		w->c[3 * b] = p[0], w->c[3 * b + 1] = p[1], w->c[3 * b + 2] = phi;
		w->cd[3 * b] = v ? v[0] : 0, w->cd[3 * b + 1] = v ? v[1] : 0;
		w->cd[3 * b + 2] = v2_dot(g, dd);
		w->grad[2 * b] = g.x, w->grad[2 * b + 1] = g.y;
		w->bias[b] = -2 * v2_dot(d, dd) * v2_cross(d, dd) / (len2 * len2);
	}
}

/* The constraints at (t, r, ṙ): the joints' rows D_c ∂c/∂r with γ less
 * D_c's share of the angles' bias, then the bodies' length rows (Eqs.
 * 10.14-10.16). */
static int assemble(struct pc *w, double t, const double *r, const double *rd)
{
	bodies_from_points(w, r, rd);
	struct bc_constraints con;
	if (bc_constraints(w->body, t, w->c, w->cd, &con) != 0)
		return -1;
	gsl_matrix_set_zero(w->D);
	for (int i = 0; i < w->nj; i++) {
		const double *dc = gsl_matrix_const_ptr(con.D, (size_t)i, 0);
		double *row = gsl_matrix_ptr(w->D, (size_t)i, 0), bias = 0;
		for (int p = 0; p < 2; p++) {
			int b = w->row_bodies[i][p];
			if (b < 0 || (p == 1 && b == w->row_bodies[i][0]))
				continue;
			double dx = dc[3 * b], dy = dc[3 * b + 1], dphi = dc[3 * b + 2];
			double gx = w->grad[2 * b], gy = w->grad[2 * b + 1];
			row[4 * b] = dx - dphi * gx, row[4 * b + 1] = dy - dphi * gy;
			row[4 * b + 2] = dphi * gx, row[4 * b + 3] = dphi * gy;
			bias += dphi * w->bias[b];
		}
		w->phi[i] = con.phi[i];
		w->gamma[i] = con.gamma[i] - bias;
		w->vrhs[i] = con.vrhs[i];
	}
	for (int b = 0; b < w->nb; b++) {
		const double *p = r + 4 * b;
		vec2 d = v2(p[2] - p[0], p[3] - p[1]);
		vec2 dd =
		    rd ? v2(rd[4 * b + 2] - rd[4 * b], rd[4 * b + 3] - rd[4 * b + 1]) : v2(0, 0);
		int row = w->nj + b;
		double *dr = gsl_matrix_ptr(w->D, (size_t)row, (size_t)(4 * b));
		dr[0] = -d.x, dr[1] = -d.y, dr[2] = d.x, dr[3] = d.y;
		w->phi[row] = 0.5 * (v2_dot(d, d) - w->rho[b] * w->rho[b]);
		w->gamma[row] = -v2_dot(dd, dd);
		w->vrhs[row] = 0;
	}
	return 0;
}

/* h on the points from the forces on the bodies: a body's force on P1,
 * its moment as a couple ∓n d̆/|d|² on P1 and P2 (Sec. 10.6). */
static int applied_forces(struct pc *w, double t)
{
	if (forces_apply(w->m, w->c, w->cd, t, w->hc, &w->potential) != 0)
		return -1;
	for (int b = 0; b < w->nb; b++) {
		double fx = w->hc[3 * b], fy = w->hc[3 * b + 1], n = w->hc[3 * b + 2];
		double gx = w->grad[2 * b], gy = w->grad[2 * b + 1];
		double *hb = w->h + 4 * b;
		hb[0] = fx - n * gx, hb[1] = fy - n * gy, hb[2] = n * gx, hb[3] = n * gy;
	}
	return 0;
}

/* A row touches the four coordinates of at most two bodies: sums run
 * over those alone. */
#define FOR_ROW_COLUMNS(w, row, k)                                                                 \
	for (int p_ = 0; p_ < 2; p_++)                                                             \
		if ((w)->row_bodies[row][p_] >= 0 &&                                               \
		    !(p_ == 1 && (w)->row_bodies[row][1] == (w)->row_bodies[row][0]))              \
			for (int k = 4 * (w)->row_bodies[row][p_];                                 \
			     k < 4 * (w)->row_bodies[row][p_] + 4; k++)

static double dot_row(const struct pc *w, int row, const double *x)
{
	const double *d = gsl_matrix_const_ptr(w->D, (size_t)row, 0);
	double s = 0;
	FOR_ROW_COLUMNS(w, row, k) s += d[k] * x[k];
	return s;
}

/* x += D'λ */
static void add_transpose(const struct pc *w, const double *lambda, double *x)
{
	for (int r = 0; r < w->nc; r++) {
		const double *d = gsl_matrix_const_ptr(w->D, (size_t)r, 0);
		FOR_ROW_COLUMNS(w, r, k) x[k] += d[k] * lambda[r];
	}
}

static const char *row_name(void *ws, int row)
{
	struct pc *w = ws;
	return row < w->nj ? bc_row_joint(w->body, row) : w->row_names[row - w->nj];
}

/* S = D M⁻¹ D' (X = M⁻¹ D' kept), Cholesky-factored. */
static int factor_schur(struct pc *w, double t)
{
	size_t n = (size_t)w->n, nc = (size_t)w->nc;
	double *col = w->work, *out = w->work + n;
	for (size_t r = 0; r < nc; r++) {
		memcpy(col, gsl_matrix_const_ptr(w->D, r, 0), sizeof(double) * n);
		mass_times(w, col, out, 1);
		for (size_t k = 0; k < n; k++)
			gsl_matrix_set(w->X, k, r, out[k]);
	}
	for (size_t a = 0; a < nc; a++)
		for (size_t b = 0; b <= a; b++) {
			double s = 0;
			const double *da = gsl_matrix_const_ptr(w->D, a, 0);
			FOR_ROW_COLUMNS(w, a, k) s += da[k] * gsl_matrix_get(w->X, (size_t)k, b);
			gsl_matrix_set(w->S, a, b, s);
			gsl_matrix_set(w->S, b, a, s);
		}
	if (cholesky_checked(w->S) != 0) {
		gsl_matrix_const_view D = gsl_matrix_const_submatrix(w->D, 0, 0, nc, n);
		explain_dependent_rows(w->m, t, &D.matrix, row_name, w);
		return -1;
	}
	return 0;
}

static void solve_schur(struct pc *w, double *rhs)
{
	gsl_vector_view v = gsl_vector_view_array(rhs, (size_t)w->nc);
	gsl_linalg_cholesky_svx(w->S, &v.vector);
}

/* ------------------------------------------------------------ dynamics */

/* The penalty method (Sec. 13.3.3): (M + m_c D'D) r̈ = h - m_c D'e with
 * e = -γ + 2ζωΦ̇ + ω²Φ, and λ = -m_c (D r̈ + e). */
static int penalty_accelerations(struct pc *w, double t, const double *rd)
{
	int n = w->n, nc = w->nc;
	double mc = w->stab.mc, two_zw = 2 * w->stab.zeta * w->stab.omega;
	double w2 = w->stab.omega * w->stab.omega, *e = w->work;
	for (int r = 0; r < nc; r++)
		e[r] = -w->gamma[r] + two_zw * (dot_row(w, r, rd) - w->vrhs[r]) + w2 * w->phi[r];
	gsl_matrix_set_zero(w->A);
	double *unit = w->work + nc, *column = unit + n;
	for (int k = 0; k < n; k++) { /* M, a column at a time */
		memset(unit, 0, sizeof(double) * (size_t)n);
		unit[k] = 1;
		mass_times(w, unit, column, 0);
		for (int i = 0; i < n; i++)
			gsl_matrix_set(w->A, (size_t)i, (size_t)k, column[i]);
	}
	gsl_blas_dsyrk(CblasLower, CblasTrans, mc, w->D, 1, w->A); /* + m_c D'D */
	memcpy(w->acc, w->h, sizeof(double) * (size_t)n);
	for (int r = 0; r < nc; r++)
		e[r] *= -mc;
	add_transpose(w, e, w->acc);
	if (gsl_linalg_cholesky_decomp1(w->A) != 0) {
		model_fail(w->m, "at t = %g the penalty system in point coordinates is singular",
		           t);
		return -1;
	}
	gsl_vector_view acc = gsl_vector_view_array(w->acc, (size_t)n);
	gsl_linalg_cholesky_svx(w->A, &acc.vector);
	for (int r = 0; r < nc; r++) /* e now holds -m_c e */
		w->lambda[r] = -mc * dot_row(w, r, w->acc) + e[r];
	return 0;
}

static int accelerations(struct pc *w, double t, const double *r, const double *rd)
{
	struct model *m = w->m;
	if (mb_sigint_seen) {
		mb_sigint_seen = 0;
		model_stop(m, "interrupted (Ctrl-C) at t = %g", t);
		return -1;
	}
	m->fevals++;
	if (assemble(w, t, r, rd) != 0 || applied_forces(w, t) != 0)
		return -1;
	int n = w->n;
	if (w->stab.kind == STAB_PENALTY && w->nc > 0) {
		if (penalty_accelerations(w, t, rd) != 0)
			return -1;
	} else {
		if (factor_schur(w, t) != 0)
			return -1;
		double *minv_h = w->work + 2 * n;
		mass_times(w, w->h, minv_h, 1);
		for (int row = 0; row < w->nc; row++) {
			double rhs = w->gamma[row] - dot_row(w, row, minv_h);
			if (w->stab.kind == STAB_BAUMGARTE)
				rhs -= 2 * w->stab.alpha * (dot_row(w, row, rd) - w->vrhs[row]) +
				       w->stab.beta * w->stab.beta * w->phi[row];
			w->lambda[row] = rhs;
		}
		solve_schur(w, w->lambda);
		double *force = w->work; /* h + D'λ */
		memcpy(force, w->h, sizeof(double) * (size_t)n);
		add_transpose(w, w->lambda, force);
		mass_times(w, force, w->acc, 1);
	}
	for (int k = 0; k < n; k++)
		if (!isfinite(w->acc[k])) {
			model_fail(
			    m, "at t = %g an acceleration in point coordinates is not finite", t);
			return -1;
		}
	return 0;
}

/* The momentum method (Sec. 13.3.5): the state holds p = M ṙ, and ṙ is its
 * projection onto D ṙ = v: ṙ = M⁻¹(p + D'σ), (D M⁻¹ D') σ = v - D M⁻¹ p. */
static int rates_from_momenta(struct pc *w, double t, const double *r, const double *p, double *rd)
{
	mass_times(w, p, rd, 1);
	if (assemble(w, t, r, rd) != 0 || factor_schur(w, t) != 0)
		return -1;
	double *sigma = w->lambda, *push = w->work;
	for (int row = 0; row < w->nc; row++)
		sigma[row] = w->vrhs[row] - dot_row(w, row, rd);
	solve_schur(w, sigma);
	memset(push, 0, sizeof(double) * (size_t)w->n);
	add_transpose(w, sigma, push);
	mass_times(w, push, w->work + w->n, 1);
	for (int k = 0; k < w->n; k++)
		rd[k] += w->work[w->n + k];
	return 0;
}

/* The r and ṙ a state stands for, under each remedy. */
static int state_of(struct pc *w, double t, const double *y, const double **r, const double **rd)
{
	*r = y, *rd = y + w->n;
	if (w->stab.kind == STAB_MOMENTUM) {
		*rd = w->fixed + w->n;
		return rates_from_momenta(w, t, y, y + w->n, w->fixed + w->n);
	}
	if (!w->part || w->nc == 0)
		return 0;
	memcpy(w->fixed, y, sizeof(double) * 2 * (size_t)w->n);
	*r = w->fixed, *rd = w->fixed + w->n;
	return partition_apply(w->part, &w->sys, w->m, t, w->fixed, w->fixed + w->n);
}

static int derivatives(void *ws, double t, const double *y, double *dydt)
{
	struct pc *w = ws;
	const double *r, *rd;
	if (state_of(w, t, y, &r, &rd) != 0 || accelerations(w, t, r, rd) != 0)
		return -1;
	memcpy(dydt, rd, sizeof(double) * (size_t)w->n);
	if (w->stab.kind == STAB_MOMENTUM)
		mass_times(w, w->acc, dydt + w->n, 0); /* ṗ = M r̈, M constant */
	else
		memcpy(dydt + w->n, w->acc, sizeof(double) * (size_t)w->n);
	return 0;
}

/* c̈ from r̈: the mass centre is P1; φ̈ = d̆'d̈ / |d|² + bias. */
static void body_accelerations(const struct pc *w, const double *rdd, double *cdd)
{
	for (int b = 0; b < w->nb; b++) {
		const double *a = rdd + 4 * b;
		cdd[3 * b] = a[0], cdd[3 * b + 1] = a[1];
		cdd[3 * b + 2] = w->grad[2 * b] * (a[2] - a[0]) +
		                 w->grad[2 * b + 1] * (a[3] - a[1]) + w->bias[b];
	}
}

static double norm(const double *v, int n)
{
	double s = 0;
	for (int k = 0; k < n; k++)
		s += v[k] * v[k];
	return sqrt(s);
}

static int measure(void *ws, double t, const double *y, struct sample *out)
{
	struct pc *w = ws;
	const double *r, *rd;
	long fe = w->m->fevals;
	if (state_of(w, t, y, &r, &rd) != 0 || accelerations(w, t, r, rd) != 0)
		return -1;
	w->m->fevals = fe;
	double *cdd = w->work;
	body_accelerations(w, w->acc, cdd);
	double *c = w->work + w->n3, *cd = c + w->n3; /* bc_measure_given may not alias them */
	memcpy(c, w->c, sizeof(double) * 2 * (size_t)w->n3);
	if (bc_measure_given(w->body, t, c, cd, cdd, out) != 0)
		return -1;
	/* the bodies' own rows count in the violation too */
	double lengths = norm(w->phi + w->nj, w->nb), rates = 0;
	for (int b = 0; b < w->nb; b++)
		rates += pow(dot_row(w, w->nj + b, rd), 2);
	out->violation = hypot(out->violation, lengths);
	out->velocity_violation = hypot(out->velocity_violation, sqrt(rates));
	return 0;
}

/* ------------------------------------------------------------ state from bodies */

static void points_from_bodies(struct pc *w, const double *c, const double *cd, double *r,
                               double *rd)
{
	for (int b = 0; b < w->nb; b++) {
		const double *q = c + 3 * b, *v = cd + 3 * b;
		vec2 u = v2(cos(q[2]), sin(q[2])), s = v2_scale(w->rho[b], u);
		vec2 sd = v2_scale(v[2], v2_perp(s));
		double *p = r + 4 * b, *pd = rd + 4 * b;
		p[0] = q[0], p[1] = q[1], p[2] = q[0] + s.x, p[3] = q[1] + s.y;
		pd[0] = v[0], pd[1] = v[1], pd[2] = v[0] + sd.x, pd[3] = v[1] + sd.y;
		w->angle[b] = q[2];
	}
}

static void set_state(void *ws, const double *c, const double *cd, double *y)
{
	struct pc *w = ws;
	double *rd = w->fixed + w->n;
	points_from_bodies(w, c, cd, y, rd);
	if (w->stab.kind == STAB_MOMENTUM)
		mass_times(w, rd, y + w->n, 0);
	else
		memcpy(y + w->n, rd, sizeof(double) * (size_t)w->n);
}

static int bodies(void *ws, double t, const double *y, double *c, double *cd)
{
	struct pc *w = ws;
	const double *r, *rd;
	if (state_of(w, t, y, &r, &rd) != 0)
		return -1;
	bodies_from_points(w, r, rd);
	memcpy(c, w->c, sizeof(double) * (size_t)w->n3);
	memcpy(cd, w->cd, sizeof(double) * (size_t)w->n3);
	return 0;
}

/* S = D D', factored: the least-squares steps of Sec. 14.3. */
static int factor_gram(struct pc *w, double t)
{
	for (int a = 0; a < w->nc; a++)
		for (int b = 0; b <= a; b++) {
			double s = dot_row(w, b, gsl_matrix_const_ptr(w->D, (size_t)a, 0));
			gsl_matrix_set(w->S, (size_t)a, (size_t)b, s);
			gsl_matrix_set(w->S, (size_t)b, (size_t)a, s);
		}
	if (cholesky_checked(w->S) != 0) {
		gsl_matrix_const_view D =
		    gsl_matrix_const_submatrix(w->D, 0, 0, (size_t)w->nc, (size_t)w->n);
		explain_dependent_rows(w->m, t, &D.matrix, row_name, w);
		return -1;
	}
	return 0;
}

/* Δ = -D'(D D')⁻¹ e, into x. */
static void least_squares_step(struct pc *w, double *e, double *x)
{
	solve_schur(w, e);
	for (int a = 0; a < w->nc; a++)
		e[a] = -e[a];
	add_transpose(w, e, x);
}

/* Least-squares correction (Sec. 14.3) of the points, then of their rates. */
static int correct_points(struct pc *w, double t, double *r, double *rd)
{
	for (int it = 0;; it++) {
		if (assemble(w, t, r, rd) != 0)
			return -1;
		double err = norm(w->phi, w->nc);
		if (err < 1e-12)
			break;
		if (it == 50) {
			model_fail(w->m,
			           "the initial positions cannot be corrected in point coordinates "
			           "(violation %.3g after 50 iterations)",
			           err);
			return -1;
		}
		if (factor_gram(w, t) != 0)
			return -1;
		memcpy(w->lambda, w->phi, sizeof(double) * (size_t)w->nc);
		least_squares_step(w, w->lambda, r);
	}
	if (factor_gram(w, t) != 0)
		return -1;
	for (int a = 0; a < w->nc; a++)
		w->lambda[a] = dot_row(w, a, rd) - w->vrhs[a];
	least_squares_step(w, w->lambda, rd);
	return 0;
}

static int correct(void *ws, double t, double *y)
{
	struct pc *w = ws;
	if (w->stab.kind != STAB_MOMENTUM)
		return correct_points(w, t, y, y + w->n);
	double *rd = w->fixed + w->n;
	mass_times(w, y + w->n, rd, 1);
	if (correct_points(w, t, y, rd) != 0)
		return -1;
	mass_times(w, rd, y + w->n, 0);
	return 0;
}

/* ------------------------------------------------------------ pieces, kinematics */

int pc_evaluate(void *ws, double t, const double *given, struct pc_pieces *out)
{
	struct pc *w = ws;
	double *y = calloc(2 * (size_t)w->n + 2 * (size_t)w->n3 + 1, sizeof(double));
	double *c = y + 2 * w->n;
	model_initial(w->m, c, c + w->n3);
	set_state(w, c, c + w->n3, y);
	if (given)
		memcpy(y, given, sizeof(double) * 2 * (size_t)w->n);
	int status = accelerations(w, t, y, y + w->n);
	if (!w->mass_full)
		w->mass_full = calloc((size_t)w->n * (size_t)w->n + 1, sizeof(double));
	double *M = w->mass_full;
	double *unit = calloc((size_t)w->n + 1, sizeof(double)), *col = w->work;
	for (int k = 0; k < w->n; k++) {
		memset(unit, 0, sizeof(double) * (size_t)w->n);
		unit[k] = 1;
		mass_times(w, unit, col, 0);
		for (int i = 0; i < w->n; i++)
			M[i * w->n + k] = col[i];
	}
	free(unit);
	memcpy(w->fixed, y, sizeof(double) * 2 * (size_t)w->n);
	free(y);
	*out =
	    (struct pc_pieces){w->fixed, w->fixed + w->n, M,         w->D->data, w->gamma, w->phi,
	                       w->h,     w->acc,          w->lambda, w->n,       w->nc,    w->nj};
	return status;
}

static int kin_constraints(void *ws, double t, const double *r, const double *rd,
                           struct kin_eval *out)
{
	struct pc *w = ws;
	if (assemble(w, t, r, rd) != 0)
		return -1;
	*out = (struct kin_eval){w->D->data, w->phi, w->vrhs, w->gamma, w->nc};
	return 0;
}

static int kin_bodies(void *ws, double t, const double *r, const double *rd, const double *rdd,
                      const double **c, const double **cd, const double **cdd)
{
	(void)t;
	struct pc *w = ws;
	bodies_from_points(w, r, rd);
	body_accelerations(w, rdd, w->work);
	*c = w->c, *cd = w->cd, *cdd = w->work;
	return 0;
}

void pc_kin_system(void *ws, struct kin_system *out)
{
	struct pc *w = ws;
	*out = (struct kin_system){w->n, w, kin_constraints, kin_bodies, row_name};
}

const struct formulation formulation_point = {"point",   setup,        release,     state_size,
                                              set_state, bodies,       derivatives, measure,
                                              correct,   pc_kin_system};
