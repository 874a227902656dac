/* body_coords.c — constrained equations of motion in body coordinates,
 * book Sec. 7.4, Eq. 7.56:
 *     [M  -D'] {c̈}   {h}
 *     [D   0 ] {λ} = {γ}
 * M is diagonal, so the system is solved through its Schur complement
 * (D M⁻¹ D') λ = γ - D M⁻¹ h, c̈ = M⁻¹ (h + D'λ), with a Cholesky
 * factorisation that also reveals redundant constraints. Reactions follow
 * Sec. 7.4.1, energy Sec. 7.5, initial-condition correction Sec. 14.3. */
#include "formulation/body_coords.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/contact.h"
#include "model/force.h"
#include "model/joints/joint.h"
#include "lua/luaenv.h"
#include "formulation/partition.h"
#include "util/rank.h"

struct bc {
	struct model *m;
	struct stabilization stab;
	int n, nc;
	double *minv, *mdiag, *h, *acc, *phi, *gamma, *vrhs, *lambda, *work;
	int (*row_bodies)[2]; /* the (at most two) bodies each row touches, -1: none */
	double *cd_report;    /* velocities of a reported state */
	char *dropped;        /* rows found redundant and left out (λ = 0) */
	int drop, dropped_decided;
	gsl_matrix *D, *S;      /* Jacobian; Schur complement D M⁻¹ D' */
	gsl_matrix *A;          /* penalty: M + m_c D'D */
	struct partition *part; /* coordinate partitioning */
	struct kin_system sys;
	double *cfix;
	double potential;
};

static void *setup(struct model *m, const struct formulation_config *cfg)
{
	struct bc *w = calloc(1, sizeof *w);
	w->m = m;
	w->stab = cfg->stab;
	w->n = 3 * m->nbodies;
	w->nc = m->nc;
	size_t n = (size_t)w->n, nc = (size_t)w->nc;
	w->minv = calloc(n, sizeof(double));
	w->mdiag = calloc(n, sizeof(double));
	w->h = calloc(n, sizeof(double));
	w->acc = calloc(n, sizeof(double));
	w->cd_report = calloc(n + 1, sizeof(double));
	w->dropped = calloc(nc + 1, 1);
	w->drop = cfg->drop_redundant;
	w->work = calloc(n + nc + 1, sizeof(double));
	w->phi = calloc(nc + 1, sizeof(double));
	w->gamma = calloc(nc + 1, sizeof(double));
	w->vrhs = calloc(nc + 1, sizeof(double));
	w->lambda = calloc(nc + 1, sizeof(double));
	w->row_bodies = calloc(nc + 1, sizeof *w->row_bodies);
	for (int i = 0; i < m->njoints; i++)
		for (int r = 0; r < m->joints[i].kind->rows; r++) {
			w->row_bodies[m->joints[i].row + r][0] = m->joints[i].bi;
			w->row_bodies[m->joints[i].row + r][1] = m->joints[i].bj;
		}
	w->D = gsl_matrix_calloc(nc ? nc : 1, n ? n : 1);
	w->S = gsl_matrix_calloc(nc ? nc : 1, nc ? nc : 1);
	if (w->stab.kind == STAB_PENALTY)
		w->A = gsl_matrix_calloc(n ? n : 1, n ? n : 1);
	if (w->stab.kind == STAB_PARTITION) {
		w->cfix = calloc(n + 1, sizeof(double));
		w->part = partition_new(w->n, cfg->independent, cfg->nindependent);
		bc_kin_system(w, &w->sys);
	}
	for (int b = 0; b < m->nbodies; b++) {
		double md[3] = {m->bodies[b].mass, m->bodies[b].mass, m->bodies[b].inertia};
		for (int k = 0; k < 3; k++)
			w->mdiag[3 * b + k] = md[k], w->minv[3 * b + k] = 1 / md[k];
	}
	return w;
}

static void release(void *ws)
{
	struct bc *w = ws;
	if (!w)
		return;
	free(w->minv), free(w->mdiag), free(w->h), free(w->acc), free(w->work), free(w->cd_report),
	    free(w->dropped);
	free(w->phi), free(w->gamma), free(w->vrhs), free(w->lambda), free(w->row_bodies);
	gsl_matrix_free(w->D), gsl_matrix_free(w->S);
	if (w->A)
		gsl_matrix_free(w->A);
	partition_free(w->part);
	free(w->cfix);
	free(w);
}

static int state_size(const void *ws) { return 2 * ((const struct bc *)ws)->n; }

static void set_state(void *ws, const double *c, const double *cd, double *y)
{
	struct bc *w = ws;
	for (int k = 0; k < w->n; k++) {
		double scale = w->stab.kind == STAB_MOMENTUM ? w->mdiag[k] : 1;
		y[k] = c[k], y[w->n + k] = scale * cd[k]; /* ċ, or p = M ċ */
	}
}

/* Φ, D, γ and the velocity right side of every joint (Sec. 7.2.9). */
static int assemble(struct bc *w, double t, const double *c, const double *cd)
{
	struct model *m = w->m;
	gsl_matrix_set_zero(w->D);
	for (int i = 0; i < m->njoints; i++) {
		const struct joint *j = &m->joints[i];
		struct body_state bi = model_body_state(c, cd, j->bi),
		                  bj = model_body_state(c, cd, j->bj);
		struct joint_eval e;
		memset(&e, 0, sizeof e);
		if (j->kind->eval(m, j, &bi, &bj, t, &e) != 0)
			return -1;
		for (int r = 0; r < j->kind->rows; r++) {
			size_t row = (size_t)(j->row + r);
			for (int k = 0; k < 3; k++) {
				if (j->bi >= 0)
					gsl_matrix_set(w->D, row, (size_t)(3 * j->bi + k),
					               e.di[r][k]);
				if (j->bj >= 0)
					*gsl_matrix_ptr(w->D, row, (size_t)(3 * j->bj + k)) +=
					    e.dj[r][k];
			}
			w->phi[row] = e.phi[r];
			w->gamma[row] = e.gamma[r];
			w->vrhs[row] = e.vrhs[r];
		}
	}
	return 0;
}

/* Name the joints whose rows are dependent, found by QR with column
 * pivoting of D' (Sec. 14.4): the pivots past the rank are the rows that
 * the others already determine. */
static void explain_singular(struct bc *w, double t)
{
	gsl_matrix_const_view D =
	    gsl_matrix_const_submatrix(w->D, 0, 0, (size_t)w->nc, (size_t)w->n);
	explain_dependent_rows(w->m, t, &D.matrix, bc_row_joint, w);
}

/* S = D W D' for a diagonal W, Cholesky-factored in place. A row touches
 * at most two bodies, so an entry sums over the bodies two rows share. */
/* With redundant = "drop", the rows that QR with pivoting finds dependent
 * at the first evaluation are left out: their multipliers stay zero
 * (Sec. 14.4). Every joint with a share in a combination of multipliers
 * that exerts no force (the null space of D') has reactions that are not
 * unique, and is marked so. */
static void mark_nonunique(struct bc *w)
{
	size_t n = (size_t)w->n, nc = (size_t)w->nc, rows = n > nc ? n : nc;
	gsl_matrix *U = gsl_matrix_calloc(rows, nc), *V = gsl_matrix_alloc(nc, nc);
	gsl_vector *S = gsl_vector_alloc(nc), *work = gsl_vector_alloc(nc);
	for (size_t r = 0; r < nc; r++) /* D', padded with zero rows to be tall */
		for (size_t k = 0; k < n; k++)
			gsl_matrix_set(U, k, r, gsl_matrix_get(w->D, r, k));
	gsl_linalg_SV_decomp(U, V, S, work);
	double top = gsl_vector_get(S, 0);
	for (size_t k = 0; k < nc; k++) {
		if (gsl_vector_get(S, k) > 1e-9 * top)
			continue;
		for (size_t r = 0; r < nc; r++) {
			if (fabs(gsl_matrix_get(V, r, k)) < 1e-8)
				continue;
			for (int i = 0; i < w->m->njoints; i++) {
				struct joint *j = &w->m->joints[i];
				if ((int)r >= j->row && (int)r < j->row + j->kind->rows)
					j->nonunique = 1;
			}
		}
	}
	gsl_matrix_free(U), gsl_matrix_free(V), gsl_vector_free(S), gsl_vector_free(work);
}

static void decide_dropped(struct bc *w)
{
	size_t nc = (size_t)w->nc;
	size_t *order = calloc(nc + 1, sizeof *order);
	size_t rank = pivot_order(w->D, 1, order);
	for (size_t k = rank; k < nc; k++)
		w->dropped[order[k]] = 1;
	if (rank < nc)
		mark_nonunique(w);
	free(order);
	w->dropped_decided = 1;
}

static int factor_schur(struct bc *w, const double *wdiag, double t)
{
	size_t nc = (size_t)w->nc;
	if (w->drop && !w->dropped_decided)
		decide_dropped(w);
	for (size_t a = 0; a < nc; a++)
		for (size_t b = 0; b <= a; b++) {
			if (w->dropped[a] || w->dropped[b]) { /* an identity row: λ_a = 0 */
				gsl_matrix_set(w->S, a, b, a == b);
				gsl_matrix_set(w->S, b, a, a == b);
				continue;
			}
			double s = 0;
			const double *da = gsl_matrix_const_ptr(w->D, a, 0),
			             *db = gsl_matrix_const_ptr(w->D, b, 0);
			for (int p = 0; p < 2; p++) {
				int body = w->row_bodies[a][p];
				if (body < 0 || (p == 1 && body == w->row_bodies[a][0]))
					continue;
				if (body != w->row_bodies[b][0] && body != w->row_bodies[b][1])
					continue;
				for (int k = 3 * body; k < 3 * body + 3; k++)
					s += da[k] * wdiag[k] * db[k];
			}
			gsl_matrix_set(w->S, a, b, s);
			gsl_matrix_set(w->S, b, a, s);
		}
	if (cholesky_checked(w->S) != 0) {
		explain_singular(w, t);
		return -1;
	}
	return 0;
}

/* S λ = rhs in place; a dropped row's multiplier is zero. */
static void solve_schur(struct bc *w, double *rhs_in_lambda_out)
{
	for (int r = 0; r < w->nc; r++)
		if (w->dropped[r])
			rhs_in_lambda_out[r] = 0;
	gsl_vector_view v = gsl_vector_view_array(rhs_in_lambda_out, (size_t)w->nc);
	gsl_linalg_cholesky_svx(w->S, &v.vector);
}

static double dot_row(const struct bc *w, size_t row, const double *x)
{
	const double *d = gsl_matrix_const_ptr(w->D, row, 0);
	double s = 0;
	for (int p = 0; p < 2; p++) {
		int body = w->row_bodies[row][p];
		if (body < 0 || (p == 1 && body == w->row_bodies[row][0]))
			continue;
		for (int k = 3 * body; k < 3 * body + 3; k++)
			s += d[k] * x[k];
	}
	return s;
}

/* out += D' v, row by row over the columns each row touches */
static void add_transpose_product(const struct bc *w, const double *v, double *out)
{
	for (int r = 0; r < w->nc; r++) {
		const double *d = gsl_matrix_const_ptr(w->D, (size_t)r, 0);
		for (int p = 0; p < 2; p++) {
			int body = w->row_bodies[r][p];
			if (body < 0 || (p == 1 && body == w->row_bodies[r][0]))
				continue;
			for (int k = 3 * body; k < 3 * body + 3; k++)
				out[k] += d[k] * v[r];
		}
	}
}

/* The penalty method (Sec. 13.3.3): the constraints become stiff, damped
 * springs, λ = -m_c (Φ̈ + 2ζωΦ̇ + ω²Φ), so
 *   (M + m_c D'D) c̈ = h - m_c D'(-γ + 2ζωΦ̇ + ω²Φ),
 * one n x n system that tolerates redundant constraints. */
static int penalty_accelerations(struct bc *w, double t, const double *cd)
{
	int n = w->n, nc = w->nc;
	double mc = w->stab.mc, two_zw = 2 * w->stab.zeta * w->stab.omega;
	double w2 = w->stab.omega * w->stab.omega;
	double *e = w->work; /* -γ + 2ζωΦ̇ + ω²Φ per row */
	gsl_matrix_set_zero(w->A);
	for (int k = 0; k < n; k++)
		gsl_matrix_set(w->A, (size_t)k, (size_t)k, w->mdiag[k]);
	for (int r = 0; r < nc; r++) {
		const double *d = gsl_matrix_const_ptr(w->D, (size_t)r, 0);
		int cols[6], nz = 0;
		for (int p = 0; p < 2; p++) {
			int b = w->row_bodies[r][p];
			if (b < 0 || (p == 1 && b == w->row_bodies[r][0]))
				continue;
			for (int k = 3 * b; k < 3 * b + 3; k++)
				cols[nz++] = k;
		}
		for (int a = 0; a < nz; a++)
			for (int b = 0; b < nz; b++)
				*gsl_matrix_ptr(w->A, (size_t)cols[a], (size_t)cols[b]) +=
				    mc * d[cols[a]] * d[cols[b]];
		double phid = dot_row(w, (size_t)r, cd) - w->vrhs[r];
		e[r] = -w->gamma[r] + two_zw * phid + w2 * w->phi[r];
	}
	if (gsl_linalg_cholesky_decomp1(w->A) != 0) {
		model_fail(w->m, "at t = %g the penalty system is not positive definite", t);
		return -1;
	}
	for (int r = 0; r < nc; r++)
		w->lambda[r] = -mc * e[r];
	memcpy(w->acc, w->h, sizeof(double) * (size_t)n);
	add_transpose_product(w, w->lambda, w->acc);
	gsl_vector_view acc = gsl_vector_view_array(w->acc, (size_t)n);
	gsl_linalg_cholesky_svx(w->A, &acc.vector);
	for (int r = 0; r < nc; r++) /* λ recovered from Eq. 13.37 */
		w->lambda[r] = -mc * (dot_row(w, (size_t)r, w->acc) + e[r]);
	return 0;
}

/* c̈ and λ at (t, c, ċ) (Eq. 7.56 with optional Baumgarte terms). */
static int accelerations(struct bc *w, double t, const double *c, const double *cd)
{
	struct model *m = w->m;
	if (mb_sigint_seen) {
		mb_sigint_seen = 0; /* consumed: the run stops here */
		model_stop(m, "interrupted (Ctrl-C) at t = %g", t);
		return -1;
	}
	m->fevals++;
	if (assemble(w, t, c, cd) != 0 || forces_apply(m, c, cd, t, w->h, &w->potential) != 0)
		return -1;
	int n = w->n;
	int penalty = w->nc > 0 && w->stab.kind == STAB_PENALTY;
	if (penalty) {
		if (penalty_accelerations(w, t, cd) != 0)
			return -1;
	} else if (w->nc > 0) {
		if (factor_schur(w, w->minv, t) != 0)
			return -1;
		for (int k = 0; k < n; k++)
			w->work[k] = w->minv[k] * w->h[k];
		for (int r = 0; r < w->nc; r++) {
			double rhs = w->gamma[r] - dot_row(w, (size_t)r, w->work);
			if (w->stab.kind == STAB_BAUMGARTE) {
				double phid = dot_row(w, (size_t)r, cd) - w->vrhs[r];
				rhs -= 2 * w->stab.alpha * phid +
				       w->stab.beta * w->stab.beta * w->phi[r];
			}
			w->lambda[r] = rhs;
		}
		solve_schur(w, w->lambda);
	}
	if (!penalty) { /* c̈ = M⁻¹(h + D'λ) */
		memcpy(w->acc, w->h, sizeof(double) * (size_t)n);
		add_transpose_product(w, w->lambda, w->acc);
		for (int k = 0; k < n; k++)
			w->acc[k] *= w->minv[k];
	}
	for (int k = 0; k < n; k++) {
		if (!isfinite(w->acc[k])) {
			model_fail(m, "at t = %g the acceleration of body '%s' is not finite", t,
			           m->bodies[k / 3].name);
			return -1;
		}
	}
	return 0;
}

/* The velocities a state stands for. With the momentum method (Sec.
 * 13.3.5) the state holds p = M ċ, and ċ is its projection onto D ċ = v:
 *   ċ = M⁻¹(p + D'σ),  (D M⁻¹ D') σ = v - D M⁻¹ p,
 * so velocity drift cannot build up; otherwise the state holds ċ itself. */
static int velocities(struct bc *w, double t, const double *y, double *cd)
{
	const double *c = y, *second = y + w->n;
	if (w->stab.kind != STAB_MOMENTUM) {
		memcpy(cd, second, sizeof(double) * (size_t)w->n);
		return 0;
	}
	for (int k = 0; k < w->n; k++)
		cd[k] = w->minv[k] * second[k];
	if (w->nc == 0)
		return 0;
	if (assemble(w, t, c, cd) != 0 || factor_schur(w, w->minv, t) != 0)
		return -1;
	double *sigma = w->lambda;
	for (int r = 0; r < w->nc; r++)
		sigma[r] = w->vrhs[r] - dot_row(w, (size_t)r, cd);
	solve_schur(w, sigma);
	double *push = w->work + w->nc;
	memset(push, 0, sizeof(double) * (size_t)w->n);
	add_transpose_product(w, sigma, push);
	for (int k = 0; k < w->n; k++)
		cd[k] += w->minv[k] * push[k];
	return 0;
}

static double norm(const double *v, int n)
{
	double s = 0;
	for (int k = 0; k < n; k++)
		s += v[k] * v[k];
	return sqrt(s);
}

/* The positions and velocities a state stands for, under each remedy. */
static int state_of(struct bc *w, double t, const double *y, const double **c, double *cd)
{
	if (w->stab.kind == STAB_PARTITION && w->nc > 0) {
		memcpy(w->cfix, y, sizeof(double) * (size_t)w->n);
		memcpy(cd, y + w->n, sizeof(double) * (size_t)w->n);
		*c = w->cfix;
		return partition_apply(w->part, &w->sys, w->m, t, w->cfix, cd);
	}
	*c = y;
	return velocities(w, t, y, cd);
}

static int bodies(void *ws, double t, const double *y, double *c, double *cd)
{
	struct bc *w = ws;
	const double *at;
	if (state_of(w, t, y, &at, cd) != 0)
		return -1;
	memcpy(c, at, sizeof(double) * (size_t)w->n);
	return 0;
}

static int derivatives(void *ws, double t, const double *y, double *dydt)
{
	struct bc *w = ws;
	const double *c;
	/* dydt's first half receives ċ; the second c̈, or ṗ = M c̈ */
	if (state_of(w, t, y, &c, dydt) != 0 || accelerations(w, t, c, dydt) != 0)
		return -1;
	for (int k = 0; k < w->n; k++)
		dydt[w->n + k] = w->acc[k] * (w->stab.kind == STAB_MOMENTUM ? w->mdiag[k] : 1);
	return 0;
}

static double velocity_residual(struct bc *w, const double *cd, double *out)
{
	for (int r = 0; r < w->nc; r++)
		out[r] = dot_row(w, (size_t)r, cd) - w->vrhs[r];
	return norm(out, w->nc);
}

/* Reactions (Sec. 7.4.1): D_j'λ is the generalised force on body j; the
 * torque reported is the couple left after moving its force to the joint
 * point, and the force is given in the global frame and in body j's own.
 * Drivers report their driving torque or force, λ itself. */
static void reactions(struct bc *w, const double *c, double *out)
{
	struct model *m = w->m;
	for (int i = 0; i < m->njoints; i++) {
		const struct joint *j = &m->joints[i];
		double *r = out + REACTION_FIELDS * i;
		r[0] = r[1] = r[2] = r[3] = r[4] = 0;
		if (j->kind == &joint_driver_angle || j->kind == &joint_driver_distance) {
			r[2] = w->lambda[j->row];
			continue;
		}
		/* The force on the second body; on the ground, minus that on the first. */
		int on_j = j->bj >= 0, b = on_j ? j->bj : j->bi;
		double sign = on_j ? 1 : -1, g[3] = {0, 0, 0};
		for (int row = j->row; row < j->row + j->kind->rows; row++)
			for (int k = 0; k < 3; k++)
				g[k] += gsl_matrix_get(w->D, (size_t)row, (size_t)(3 * b + k)) *
				        w->lambda[row];
		vec2 s = v2_rotate(c[3 * b + 2], on_j ? j->sj : j->si);
		vec2 f = v2(sign * g[0], sign * g[1]);
		vec2 f_local =
		    on_j ? v2_unrotate(c[3 * b + 2], f) : f; /* the ground's frame is global */
		r[0] = f.x, r[1] = f.y;
		r[2] = sign * g[2] - sign * v2_cross(s, v2(g[0], g[1]));
		r[3] = f_local.x, r[4] = f_local.y;
	}
}

/* A sample from the state, w->acc, w->lambda and w->potential. */
static void fill_sample(struct bc *w, double t, const double *c, const double *cd,
                        struct sample *out)
{
	out->t = t;
	memcpy(out->q, c, sizeof(double) * (size_t)w->n);
	memcpy(out->qd, cd, sizeof(double) * (size_t)w->n);
	memcpy(out->qdd, w->acc, sizeof(double) * (size_t)w->n);
	memcpy(out->lambda, w->lambda, sizeof(double) * (size_t)w->nc);
	reactions(w, c, out->reaction);
	out->kinetic = 0;
	for (int k = 0; k < w->n; k++)
		out->kinetic += 0.5 * w->mdiag[k] * cd[k] * cd[k]; /* ½ ċ'Mċ, Eq. 7.65 */
	out->potential = w->potential;
	contacts_report(w->m, c, cd, out->contact);
	out->violation = norm(w->phi, w->nc);
	out->velocity_violation = velocity_residual(w, cd, w->work);
}

static int measure(void *ws, double t, const double *y, struct sample *out)
{
	struct bc *w = ws;
	const double *c;
	double *cd = w->cd_report;
	long fe = w->m->fevals;
	if (state_of(w, t, y, &c, cd) != 0 || accelerations(w, t, c, cd) != 0)
		return -1;
	w->m->fevals = fe; /* reporting is not integration work */
	fill_sample(w, t, c, cd, out);
	return 0;
}

int bc_measure_given(void *ws, double t, const double *c, const double *cd, const double *acc,
                     struct sample *out)
{
	struct bc *w = ws;
	struct model *m = w->m;
	if (assemble(w, t, c, cd) != 0 || forces_apply(m, c, cd, t, w->h, &w->potential) != 0)
		return -1;
	memcpy(w->acc, acc, sizeof(double) * (size_t)w->n);
	if (w->nc > 0) {
		/* λ from D'λ = M c̈ - h in the least-squares sense: (D D') λ = D (M c̈ - h) */
		double *scratch = w->work + w->nc; /* first unit weights, then the residual */
		for (int k = 0; k < w->n; k++)
			scratch[k] = 1;
		if (factor_schur(w, scratch, t) != 0)
			return -1;
		for (int k = 0; k < w->n; k++)
			scratch[k] = w->mdiag[k] * acc[k] - w->h[k];
		for (int r = 0; r < w->nc; r++)
			w->lambda[r] = dot_row(w, (size_t)r, scratch);
		solve_schur(w, w->lambda);
	}
	fill_sample(w, t, c, cd, out);
	return 0;
}

/* Least-squares correction (Sec. 14.3): Δ = -D'(DD')⁻¹ e, iterated for
 * the positions (Eq. 14.7), once for the velocities (Eq. 14.9, with the
 * drivers' right side). */
static int correct_positions_velocities(struct bc *w, double t, double *c, double *cd);

static int correct(void *ws, double t, double *y)
{
	struct bc *w = ws;
	double *c = y, *second = y + w->n;
	if (w->stab.kind != STAB_MOMENTUM)
		return correct_positions_velocities(w, t, c, second);
	/* the state holds momenta: correct the velocities they stand for */
	for (int k = 0; k < w->n; k++)
		second[k] *= w->minv[k];
	int status = correct_positions_velocities(w, t, c, second);
	for (int k = 0; k < w->n; k++)
		second[k] *= w->mdiag[k];
	return status;
}

static int correct_positions_velocities(struct bc *w, double t, double *c, double *cd)
{
	struct model *m = w->m;
	double *ones = w->work + w->nc;
	if (w->nc == 0)
		return 0;
	for (int k = 0; k < w->n; k++)
		ones[k] = 1;
	const int max_iterations = 50;
	for (int it = 0;; it++) {
		if (assemble(w, t, c, cd) != 0)
			return -1;
		double err = norm(w->phi, w->nc);
		if (err < 1e-12)
			break;
		if (it == max_iterations) {
			int worst = 0;
			for (int r = 1; r < w->nc; r++)
				if (fabs(w->phi[r]) > fabs(w->phi[worst]))
					worst = r;
			const char *name = "?";
			for (int i = 0; i < m->njoints; i++)
				if (worst >= m->joints[i].row &&
				    worst < m->joints[i].row + m->joints[i].kind->rows)
					name = m->joints[i].name;
			model_fail(
			    m,
			    "the initial positions cannot be corrected: after %d iterations "
			    "the constraint violation is %.3g, worst at joint '%s'. The joints "
			    "may not be able to assemble from this start",
			    max_iterations, err, name);
			return -1;
		}
		if (factor_schur(w, ones, t) != 0)
			return -1;
		for (int r = 0; r < w->nc; r++)
			w->lambda[r] = -w->phi[r];
		solve_schur(w, w->lambda);
		add_transpose_product(w, w->lambda, c);
	}
	if (factor_schur(w, ones, t) != 0)
		return -1;
	velocity_residual(w, cd, w->lambda);
	for (int r = 0; r < w->nc; r++)
		w->lambda[r] = -w->lambda[r];
	solve_schur(w, w->lambda);
	add_transpose_product(w, w->lambda, cd);
	return 0;
}

int bc_impulse(void *ws, double t, const double *c, double *cd)
{
	struct bc *w = ws;
	double *y = calloc(2 * (size_t)w->n + 1, sizeof(double));
	memcpy(y, c, sizeof(double) * (size_t)w->n);
	for (int k = 0; k < w->n; k++)
		y[w->n + k] = w->mdiag[k] * cd[k]; /* momenta, kept by the impulse */
	struct stabilization keep = w->stab;
	w->stab.kind = STAB_MOMENTUM; /* the same projection the momentum method uses */
	int status = velocities(w, t, y, cd);
	w->stab = keep;
	free(y);
	return status;
}

int bc_impact(void *ws, double t, const double *c, double *cd, int rows, const double *A,
              const double *W, const double *target, double *pi)
{
	struct bc *w = ws;
	if (assemble(w, t, c, cd) != 0)
		return -1;
	size_t n = (size_t)w->n, nc = (size_t)w->nc, size = n + nc + (size_t)rows;
	gsl_matrix *K = gsl_matrix_calloc(size, size);
	gsl_vector *x = gsl_vector_calloc(size);
	gsl_permutation *perm = gsl_permutation_alloc(size);
	for (size_t k = 0; k < n; k++)
		gsl_matrix_set(K, k, k, w->mdiag[k]);
	for (size_t r = 0; r < nc; r++)
		for (size_t k = 0; k < n; k++) {
			double d = gsl_matrix_get(w->D, r, k);
			gsl_matrix_set(K, k, n + r, -d); /* -D' */
			gsl_matrix_set(K, n + r, k, d);  /* D */
		}
	for (size_t r = 0; r < (size_t)rows; r++) {
		double a_cd = 0;
		for (size_t k = 0; k < n; k++) {
			gsl_matrix_set(K, k, n + nc + r, -W[r * n + k]);
			gsl_matrix_set(K, n + nc + r, k, A[r * n + k]);
			a_cd += A[r * n + k] * cd[k];
		}
		gsl_vector_set(x, n + nc + r, target[r] - a_cd);
	}
	int sign, status = 0;
	gsl_linalg_LU_decomp(K, perm, &sign);
	double top = 0, low = INFINITY;
	for (size_t k = 0; k < size; k++) {
		double u = fabs(gsl_matrix_get(K, k, k));
		top = fmax(top, u), low = fmin(low, u);
	}
	if (!(low > 1e-12 * top)) {
		status = -1;
	} else {
		gsl_linalg_LU_svx(K, perm, x);
		for (size_t k = 0; k < n; k++)
			cd[k] += gsl_vector_get(x, k);
		for (int r = 0; r < rows; r++)
			pi[r] = gsl_vector_get(x, n + nc + (size_t)r);
	}
	gsl_matrix_free(K), gsl_vector_free(x), gsl_permutation_free(perm);
	return status;
}

int bc_constraints(void *ws, double t, const double *c, const double *cd,
                   struct bc_constraints *out)
{
	struct bc *w = ws;
	if (assemble(w, t, c, cd) != 0)
		return -1;
	*out = (struct bc_constraints){w->D, w->phi, w->gamma, w->vrhs, w->nc, w->n};
	return 0;
}

const char *bc_row_joint(void *ws, int row)
{
	struct bc *w = ws;
	for (int i = 0; i < w->m->njoints; i++)
		if (row >= w->m->joints[i].row &&
		    row < w->m->joints[i].row + w->m->joints[i].kind->rows)
			return w->m->joints[i].name;
	return "?";
}

int bc_evaluate(void *ws, double t, const double *c, const double *cd, struct bc_pieces *out)
{
	struct bc *w = ws;
	if (accelerations(w, t, c, cd) != 0)
		return -1;
	*out = (struct bc_pieces){w->mdiag, w->D, w->gamma, w->phi, w->h, w->acc, w->lambda};
	return 0;
}

const struct formulation formulation_body = {"body",    setup,        release,     state_size,
                                             set_state, bodies,       derivatives, measure,
                                             correct,   bc_kin_system};

/* ------------------------------------------------------------ as a kin_system */

static int kin_constraints(void *ws, double t, const double *c, const double *cd,
                           struct kin_eval *out)
{
	struct bc *w = ws;
	if (assemble(w, t, c, cd) != 0)
		return -1;
	*out = (struct kin_eval){w->D->data, w->phi, w->vrhs, w->gamma, w->nc};
	return 0;
}

static int kin_bodies(void *ws, double t, const double *q, const double *qd, const double *qdd,
                      const double **c, const double **cd, const double **cdd)
{
	(void)ws, (void)t;
	*c = q, *cd = qd, *cdd = qdd;
	return 0;
}

void bc_kin_system(void *ws, struct kin_system *out)
{
	struct bc *w = ws;
	*out = (struct kin_system){w->n, w, kin_constraints, kin_bodies, bc_row_joint};
}
