/* SPDX-License-Identifier: GPL-3.0-or-later */
/* constrained.c — the constrained-dynamics layer (see constrained.h).
 *
 * Every formulation's equations are solved here, once for all:
 * accelerations through the Schur complement with a Cholesky factorisation
 * that also reveals redundant rows; the remedies of book Sec. 13.3; the
 * least-squares correction of Sec. 14.3. The workspace is sized when the
 * run starts, so no evaluation allocates. */
#include "formulation/constrained.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/partition.h"
#include "model/constraints.h"
#include "util/linalg.h"
#include "util/newton.h"
#include "util/rank.h"
#include "util/tree_solve.h"

struct constrained {
	const struct model *m;
	struct run_data *d;
	const struct formulation *f;
	void *ws;
	struct stabilization stab;
	int n, nc;
	int nsolve; /* rows whose multipliers the layer finds: all, or those before a
	             * formulation's own rows when it meets them (free_accelerations) */
	/* how q̈ and λ are found at a state, and what that evaluates, both
	 * chosen once in constrained_new (the remedy and the formulation's hooks
	 * do not change during a run) */
	int (*strategy)(struct constrained *s, double t, const double *qd);
	unsigned what;
	int factored;        /* rows in the last factorisation of S */
	const int *envelope; /* S's envelope in the last factorisation (NULL: full) */
	struct rows *rows;
	double *h, *acc, *lambda;
	double *work, *push; /* n each */
	double *ones;        /* n ones: the weights of least squares */
	double *e;           /* nc: the penalty's right side */
	double *diag;        /* nc: S's diagonal before it is factored (watch_toggle) */
	double *square;      /* nc: a formulation's own pivots squared (row_pivots) */
	double *ratio;       /* nc: the rows' ratios for the teaching pieces */
	double *seen;        /* nc: the largest S_kk of each row so far in the run */
	int watching;        /* a reported state is being measured: watch for toggles */
	int ratios;          /* the teaching pieces want the rows' ratios */
	const double *rates; /* q̇ of the accelerations being found (right_side) */
	int *joint_of;       /* nc: the model joint each row states (-1: the formulation's own),
	                      * looked up once */
	double *X;           /* nc x n: row a is M⁻¹ J_a' */
	gsl_matrix *S;       /* nc x nc: J M⁻¹ J' or J J', factored */
	gsl_matrix *A;       /* n x n: the penalty's M + m_c J'J */
	double *M;           /* n x n: M written out for the teaching pieces */
	char *dropped;       /* rows left out as redundant (λ = 0) */
	int drop, decided;
	struct pivot *pivot;
	int *order;
	struct tree_solve *tree; /* S through the joints' tree in O(N) (NULL: dense) */
	int tree_factored;       /* the last factor() went through it */
	struct partition *part;
	double *fixed;        /* 2n: q and q̇ after partitioning, or q̇ from momenta */
	double *c, *cd, *cdd; /* the bodies' coordinates of a reported state */
	/* The last report's state (t, y) and its q̇: until the next evaluation
	 * acc, λ, h and the rows are still those of that state, so the
	 * integrator's derivatives there (a fixed step's first stage starts
	 * where the report was made) take them instead of solving again. */
	double measured_t, *measured_y;
	const double *measured_qd;
	int measured; /* measured_y is still what acc, λ, h and the rows belong to */
	int reported; /* the run's first report was made (and completed) */
	/* the model calls the host's code, which may answer otherwise once the
	 * run is over: every report is completed when it is made */
	int complete_reports;
	struct report *report;
};

/* ------------------------------------------------------------ set-up */

static void choose_strategy(struct constrained *s);

struct constrained *constrained_new(const struct model *m, const struct formulation *f,
                                    const struct formulation_config *cfg, struct run_data *d)
{
	if ((f->capabilities & FORM_CLOSED_FORM) && cfg->stab.kind != STAB_NONE) {
		run_data_fail(d,
		              "%s has no constraint rows: its joints hold by construction, so a "
		              "remedy has nothing to act on (leave stabilization out)",
		              f->title);
		return NULL;
	}
	void *ws = f->setup(m, cfg, d);
	if (!ws)
		return NULL;
	/* independent coordinates index the state: each must be one of its own */
	int rows, size = f->size(ws, &rows);
	for (int k = 0; k < cfg->nindependent && cfg->independent; k++) {
		int i = cfg->independent[k], twice = 0;
		for (int j = 0; j < k; j++)
			twice = twice || cfg->independent[j] == i;
		if (i < 0 || i >= size || twice) {
			run_data_fail(d, "independent: coordinate %d is %s of the %d coordinates",
			              i, twice ? "named twice, or not one" : "not one", size);
			f->release(ws);
			return NULL;
		}
	}
	struct constrained *s = calloc(1, sizeof *s);
	s->m = m, s->d = d, s->f = f, s->ws = ws, s->stab = cfg->stab;
	s->complete_reports = model_calls_host(m);
	s->n = f->size(ws, &s->nc);
	s->nsolve = s->nc;
	if (f->free_accelerations)
		while (s->nsolve > 0 && f->row_joint(ws, s->nsolve - 1) < 0)
			s->nsolve--;
	s->drop = cfg->drop_redundant;
	size_t n = (size_t)s->n, nc = (size_t)s->nc, n3 = 3 * (size_t)m->nbodies;
	s->rows = rows_new(s->nc, s->n);
	f->spans(ws, s->rows);
	rows_list_overlaps(s->rows);
	s->h = calloc(n + 1, sizeof(double));
	s->acc = calloc(n + 1, sizeof(double));
	s->lambda = calloc(nc + 1, sizeof(double));
	s->work = calloc(n + 1, sizeof(double));
	s->push = calloc(n + 1, sizeof(double));
	s->ones = calloc(n + 1, sizeof(double));
	for (size_t k = 0; k < n; k++)
		s->ones[k] = 1;
	s->e = calloc(nc + 1, sizeof(double));
	s->diag = calloc(nc + 1, sizeof(double));
	s->square = calloc(nc + 1, sizeof(double));
	s->ratio = calloc(nc + 1, sizeof(double));
	s->seen = calloc(nc + 1, sizeof(double));
	s->joint_of = calloc(nc + 1, sizeof(int));
	for (int r = 0; r < s->nc; r++)
		s->joint_of[r] = f->row_joint ? f->row_joint(ws, r) : -1;
	if (!f->mass_inverse_diagonal)
		s->X = calloc(nc * n + 1, sizeof(double));
	s->S = gsl_matrix_calloc(nc ? nc : 1, nc ? nc : 1);
	if (s->stab.kind == STAB_PENALTY)
		s->A = gsl_matrix_calloc(n ? n : 1, n ? n : 1);
	s->dropped = calloc(nc + 1, 1);
	if (s->drop) {
		s->pivot = pivot_new(s->nc, s->n);
		s->order = calloc(nc + 1, sizeof *s->order);
	}
	/* a diagonal M in body coordinates on a large model: Baraff's tree */
	if (f->mass_inverse_diagonal && !s->drop && s->nc >= TREE_SOLVE_ROWS &&
	    s->n == 3 * m->nbodies) {
		int *group = calloc(nc + 1, sizeof(int));
		for (int row = 0; row < s->nc; row++)
			group[row] = f->row_joint(ws, row);
		s->tree = tree_solve_new(s->rows, 3, group);
		free(group);
	}
	if (s->stab.kind == STAB_PARTITION && s->nc > 0)
		s->part = partition_new(s->n, s->nc, cfg->independent, cfg->nindependent);
	s->fixed = calloc(2 * n + 1, sizeof(double));
	s->measured_y = calloc(2 * n + 1, sizeof(double));
	s->c = calloc(3 * n3 + 1, sizeof(double));
	s->cd = s->c + n3, s->cdd = s->cd + n3;
	/* a formulation that states the joints' own rows reports its own λ; the
	 * others find them by least squares, which the penalty method's
	 * redundant rows would make singular without dropping them */
	s->report =
	    report_new(m, cfg->drop_redundant || cfg->stab.kind == STAB_PENALTY, s->nc == 0);
	choose_strategy(s);
	return s;
}

void constrained_free(struct constrained *s)
{
	if (!s)
		return;
	s->f->release(s->ws);
	rows_free(s->rows);
	free(s->h), free(s->acc), free(s->lambda), free(s->work), free(s->push), free(s->ones);
	free(s->e), free(s->diag), free(s->square), free(s->ratio), free(s->seen),
	    free(s->joint_of), free(s->X), free(s->M), free(s->dropped), free(s->order),
	    free(s->fixed), free(s->measured_y);
	free(s->c);
	gsl_matrix_free(s->S);
	if (s->A)
		gsl_matrix_free(s->A);
	pivot_free(s->pivot);
	tree_solve_free(s->tree);
	partition_free(s->part);
	report_free(s->report);
	free(s);
}

int constrained_size(const struct constrained *s) { return s->n; }

void *constrained_workspace(struct constrained *s) { return s->ws; }

const char *constrained_row_name(struct constrained *s, int row)
{
	return s->f->row_name(s->ws, row);
}

int constrained_row_joint(struct constrained *s, int row) { return s->f->row_joint(s->ws, row); }

void constrained_coordinate_name(struct constrained *s, int k, char *buf, size_t len)
{
	if (s->f->coordinate_name)
		s->f->coordinate_name(s->ws, k, buf, len);
	else
		snprintf(buf, len, "q%d", k + 1);
}

static int evaluate(struct constrained *s, double t, const double *q, const double *qd,
                    unsigned what)
{
	s->measured = 0;
	return s->f->evaluate(s->ws, t, q, qd, what, s->rows, s->h);
}

/* ------------------------------------------------------------ the Schur complement */

/* With redundant = "drop", the rows that QR with pivoting of J' finds
 * dependent at the first factorisation are left out: their multipliers
 * stay zero (Sec. 14.4). */
static void decide_dropped(struct constrained *s)
{
	rows_dependent(s->rows, s->pivot, s->order, s->dropped);
	for (int row = s->nsolve; row < s->nc; row++) /* the formulation keeps its own */
		s->dropped[row] = 0;
	s->decided = 1;
}

static const char *row_name(void *ctx, int row)
{
	struct constrained *s = ctx;
	return s->f->row_name(s->ws, row);
}

/* Near a toggle the rows of J come close to dependent, or one of them
 * close to zero. With S = J M⁻¹ J' = L L', L_kk is the part of row k (in
 * M⁻¹'s metric) that the rows before it do not already give: the ratio
 * sqrt(S_kk)/L_kk is 1/sin of the angle between row k and the rows before
 * it, free of the row's scale. With S_kk the largest the row has had in
 * the run so far (`seen`) the ratio grows too when the row shrinks against
 * itself (a cut joint's row in joint coordinates at a toggle), still in
 * the row's own units. Past NEAR_TOGGLE at a reported state the run
 * notes once when and at which joint (the row of the largest ratio), and
 * carries on; cholesky_checked stops it near 3e6. O(rows) on a factor made
 * anyway. */
#define NEAR_TOGGLE 100.0

/* sqrt(S_kk)/L_kk for row a from its S_kk (scale) and L_kk (pivot), S_kk
 * the largest the row has had in the run so far. */
static double ratio_of(struct constrained *s, int a, double scale, double pivot)
{
	s->seen[a] = fmax(s->seen[a], scale);
	return sqrt(s->seen[a]) / pivot;
}

static double row_ratio(struct constrained *s, int a)
{
	if (s->dropped[a])
		return 0;
	return ratio_of(s, a, s->diag[a], s->S->data[(size_t)a * (s->S->tda + 1)]);
}

/* The largest ratio of the rows at a reported state, and past NEAR_TOGGLE
 * the note (once). Its sources:
 * - S's factor (the dense path);
 * - through the joints' tree (w: its diagonal weights), where S is not
 *   formed: only a loop's cut rows can come near dependent (a tree's own
 *   rows cannot), the factor of their system gives each one's L_kk as S's
 *   would with the cut rows last, and S_kk is the row's J_k W J_k';
 * - when own is set, the formulation that solved the state itself (point
 *   coordinates' sparse system): each row's scale and pivot, the same ratio
 *   in its metric (1 for a row held out). */
static void watch_toggle(struct constrained *s, double t, const double *w, int own)
{
	double worst = 0, ratio;
	int at = -1;
	if (own) {
		if (s->f->row_pivots(s->ws, s->diag, s->square) != 0)
			return;
		for (int a = 0; a < s->nc; a++)
			if ((ratio = ratio_of(s, a, s->diag[a], sqrt(s->square[a]))) > worst)
				worst = ratio, at = a;
	} else if (s->tree_factored) {
		for (int k = 0; k < tree_solve_cut_rows(s->tree); k++) {
			int a = tree_solve_cut_row(s->tree, k);
			const double *j = s->rows->J + (size_t)a * (size_t)s->n;
			double scale = 0;
			FOR_SPAN_COLUMNS(s->rows, a, c) scale += j[c] * j[c] * w[c];
			if ((ratio = ratio_of(s, a, scale, tree_solve_cut_pivot(s->tree, k))) >
			    worst)
				worst = ratio, at = a;
		}
	} else {
		for (int a = 0; a < s->factored; a++)
			if ((ratio = row_ratio(s, a)) > worst)
				worst = ratio, at = a;
	}
	if (at < 0 || !(worst > NEAR_TOGGLE))
		return;
	int joint = s->joint_of[at];
	snprintf(s->d->near_singular, sizeof s->d->near_singular,
	         "near a toggle at t = %.6g: the constraint rows of joint '%s' nearly repeat the "
	         "others or vanish (ratio %.3g, past %g); the accelerations and reactions there "
	         "are sensitive",
	         t, joint >= 0 ? s->m->joints[joint].name : s->f->row_name(s->ws, at), worst,
	         NEAR_TOGGLE);
}

/* A dropped row's multiplier, and those of rows left out of the
 * factorisation, are zero (rows are dropped once decided). */
static void zero_unsolved(struct constrained *s, double *rhs)
{
	for (int r = s->decided ? 0 : s->factored; r < s->nc; r++)
		if (s->dropped[r] || r >= s->factored)
			rhs[r] = 0;
}

/* S's leading count x count block (gsl_matrix_submatrix's, without a
 * call and its checks on every evaluation). */
static gsl_matrix leading(const gsl_matrix *S, int count)
{
	return (gsl_matrix){(size_t)count, (size_t)count, S->tda, S->data, NULL, 0};
}

static void solve(struct constrained *s, double *rhs);

/* γ - J M⁻¹h in place of J M⁻¹h, with Baumgarte's terms when asked (Eq.
 * 13.32; q̇ from accelerations). */
static void right_side(struct constrained *s, double *rhs)
{
	const struct rows *r = s->rows;
	int baumgarte = s->stab.kind == STAB_BAUMGARTE;
	for (int row = 0; row < s->nc; row++) {
		double value = r->gamma[row] - rhs[row];
		if (baumgarte) {
			double phid = rows_dot(r, row, s->rates) - r->vrhs[row];
			value -=
			    2 * s->stab.alpha * phid + s->stab.beta * s->stab.beta * r->phi[row];
		}
		rhs[row] = value;
	}
}

/* S = J W J' factored in place: W = M⁻¹ (after evaluate with
 * EVAL_MASS_SOLVE) over the rows the layer solves when weights is NULL,
 * else the diagonal `weights` over every row; shift (the penalty's 1/m_c)
 * added to its diagonal. A dropped row is an identity row. -1, with the
 * dependent joints named, when S is singular. Given rhs, also S x = rhs in
 * place (as solve below), the forward substitution made as the factor's
 * rows come; given x too, rhs is first the multipliers' right side from
 * J x (right_side), its products taken in the pass that forms S when the
 * weight is diagonal. */
static int factor(struct constrained *s, double t, const double *weights, double shift, double *rhs,
                  const double *x)
{
	struct rows part = *s->rows;
	part.count = s->factored = weights ? s->nc : s->nsolve;
	if (part.count == 0) {
		if (x)
			rows_times(s->rows, x, rhs), right_side(s, rhs);
		if (rhs)
			solve(s, rhs);
		return 0;
	}
	const struct rows *r = &part;
	if (s->drop && !s->decided)
		decide_dropped(s);
	gsl_matrix S = leading(s->S, r->count);
	const double *diagonal = weights                       ? weights
	                         : s->f->mass_inverse_diagonal ? s->f->mass_inverse_diagonal(s->ws)
	                                                       : NULL;
	/* the tree takes every row and no shift */
	s->tree_factored = diagonal && s->tree && r->count == s->nc && shift == 0 &&
	                   tree_solve_factor(s->tree, r, diagonal) == 0;
	if (s->tree_factored) {
		if (s->watching && !s->d->near_singular[0])
			watch_toggle(s, t, diagonal, 0);
		if (x)
			rows_times(s->rows, x, rhs), right_side(s, rhs);
		if (rhs)
			solve(s, rhs);
		return 0; /* else the dense path, which explains dependent rows */
	}
	/* with a diagonal weight S = J W J' keeps the rows' envelope; M⁻¹ of
	 * other formulations couples every pair */
	s->envelope = diagonal ? r->first : NULL;
	if (diagonal) {
		rows_gram_diagonal(s->rows, diagonal, &S, x, rhs); /* every row's J x */
	} else {
		/* row a of X: M⁻¹ J_a' */
		memcpy(s->X, r->J, sizeof(double) * (size_t)r->count * (size_t)s->n);
		if (s->f->mass_solve_many)
			s->f->mass_solve_many(s->ws, s->X, r->count, s->n);
		else
			for (int a = 0; a < r->count; a++)
				s->f->mass_solve(s->ws, s->X + (size_t)a * (size_t)s->n);
		rows_gram(r, s->X, &S);
		if (x)
			rows_times(s->rows, x, rhs);
	}
	if (x)
		right_side(s, rhs);
	if (s->decided) /* rows are dropped once decided */
		gram_drop(&S, s->dropped, r->count);
	for (int a = 0; shift > 0 && a < r->count; a++)
		if (!s->dropped[a])
			*gsl_matrix_ptr(&S, (size_t)a, (size_t)a) += shift;
	for (int a = 0; (s->watching || s->ratios) && a < r->count; a++) /* for row_ratio */
		s->diag[a] = s->S->data[(size_t)a * (s->S->tda + 1)];
	if (rhs)
		zero_unsolved(s, rhs);
	if (cholesky_forward(&S, s->envelope, rhs) != 0) {
		explain_dependent_rows(s->d, t, s->rows, row_name, s);
		return -1;
	}
	if (rhs)
		cholesky_back(&S, s->envelope, rhs);
	/* at a reported state; the penalty's shift bounds the ratios */
	if (s->watching && shift == 0 && !s->d->near_singular[0])
		watch_toggle(s, t, NULL, 0);
	return 0;
}

/* S x = rhs in place over the rows of the last factorisation; a dropped
 * row's multiplier, and those of rows left out of it, are zero. */
static void solve(struct constrained *s, double *rhs)
{
	if (s->tree_factored) {
		tree_solve_apply(s->tree, rhs);
		return;
	}
	zero_unsolved(s, rhs);
	if (s->factored == 0)
		return;
	gsl_matrix S = leading(s->S, s->factored);
	cholesky_envelope_solve(&S, s->envelope, rhs);
}

/* ------------------------------------------------------------ accelerations */

/* The penalty method (Sec. 13.3.3): the constraints become stiff, damped
 * springs, λ = -m_c (Φ̈ + 2ζωΦ̇ + ω²Φ), so
 *   (M + m_c J'J) q̈ = h - m_c J'(-γ + 2ζωΦ̇ + ω²Φ),
 * one n x n system that tolerates redundant constraints. */
static int penalty_accelerations(struct constrained *s, double t, const double *qd)
{
	const struct rows *r = s->rows;
	double mc = s->stab.mc, two_zw = 2 * s->stab.zeta * s->stab.omega;
	double w2 = s->stab.omega * s->stab.omega;
	double *A = s->A->data; /* n x n, its own storage: tda is n */
	s->f->mass_dense(s->ws, A);
	for (int row = 0; row < s->nc; row++) {
		const double *j = r->J + (size_t)row * (size_t)s->n;
		FOR_SPAN_COLUMNS(r, row, a)
		FOR_SPAN_COLUMNS(r, row, b)
		A[(size_t)a * (size_t)s->n + (size_t)b] += mc * j[a] * j[b];
		double phid = rows_dot(r, row, qd) - r->vrhs[row];
		s->e[row] = -r->gamma[row] + two_zw * phid + w2 * r->phi[row];
	}
	if (cholesky_checked(s->A) != 0) {
		run_data_fail(s->d, "at t = %g the penalty system is not positive definite", t);
		return -1;
	}
	for (int row = 0; row < s->nc; row++)
		s->lambda[row] = -mc * s->e[row];
	memcpy(s->acc, s->h, sizeof(double) * (size_t)s->n);
	rows_add_transpose(r, s->lambda, s->acc);
	cholesky_solve(s->A, s->acc);
	for (int row = 0; row < s->nc; row++) /* λ recovered from Eq. 13.37 */
		s->lambda[row] = -mc * (rows_dot(r, row, s->acc) + s->e[row]);
	return 0;
}

/* q̈ and λ for a formulation that meets its own rows itself (Attia's
 * recursive point coordinates): q̈ = a + G J'λ, with a its accelerations
 * under the applied forces and G its response to a force, both with its
 * own rows met; then (J G J' + I/m_c) λ = γ - J a over the other rows,
 * the stabilising terms on the right (Baumgarte's, or the penalty's 2ζωΦ̇
 * + ω²Φ, Eqs. 13.32, 13.37-13.40) and its own rows' right sides stabilised
 * alike. The penalty's λ = -m_c (J q̈ + e) is this system with 1/m_c on its
 * diagonal, so no n x n matrix is formed. */
static int own_accelerations(struct constrained *s, double t, const double *qd)
{
	struct rows *r = s->rows;
	double alpha = 0, beta2 = 0, shift = 0;
	if (s->stab.kind == STAB_BAUMGARTE)
		alpha = s->stab.alpha, beta2 = s->stab.beta * s->stab.beta;
	else if (s->stab.kind == STAB_PENALTY)
		alpha = s->stab.zeta * s->stab.omega, beta2 = s->stab.omega * s->stab.omega,
		shift = 1 / s->stab.mc;
	for (int row = 0; row < s->nc && alpha + beta2 > 0; row++)
		s->e[row] = 2 * alpha * (rows_dot(r, row, qd) - r->vrhs[row]) + beta2 * r->phi[row];
	for (int row = s->nsolve; row < s->nc && alpha + beta2 > 0; row++)
		r->gamma[row] -= s->e[row];
	double *free_acc = s->work;
	if (s->f->free_accelerations(s->ws, r, free_acc) != 0)
		return -1;
	memset(s->acc, 0, sizeof(double) * (size_t)s->n);
	if (s->nsolve > 0) {
		if (factor(s, t, NULL, shift, NULL, NULL) != 0)
			return -1;
		for (int row = 0; row < s->nsolve; row++)
			s->lambda[row] = r->gamma[row] - rows_dot(r, row, free_acc) -
			                 (alpha + beta2 > 0 ? s->e[row] : 0);
		solve(s, s->lambda);
		rows_add_transpose(r, s->lambda, s->acc);
		s->f->mass_solve(s->ws, s->acc);
	} else {
		memset(s->lambda, 0, sizeof(double) * (size_t)s->nc);
	}
	for (int k = 0; k < s->n; k++)
		s->acc[k] += free_acc[k];
	return 0;
}

/* q̈ and λ through the Schur complement (Eq. 7.56 with Baumgarte's terms
 * when asked): λ from (J M⁻¹ J') λ = γ - J M⁻¹ h, then q̈ = M⁻¹ (h + J'λ).
 * (s->work holds M⁻¹h from the first step; the momentum method relies on
 * no more.) */
static int schur(struct constrained *s, double t, const double *qd)
{
	const struct rows *r = s->rows;
	if (s->nc > 0) {
		double *minv_h = s->work;
		memcpy(minv_h, s->h, sizeof(double) * (size_t)s->n);
		s->f->mass_solve(s->ws, minv_h);
		s->rates = qd;
		if (factor(s, t, NULL, 0, s->lambda, minv_h) != 0)
			return -1;
	}
	if (s->nc > 0 && (s->f->capabilities & FORM_DENSE_MASS)) {
		/* q̈ = M⁻¹h + (M⁻¹J')λ: both are at hand, a solve is not (row by
		 * row along X's storage: each q̈_k sums in row order still) */
		memcpy(s->acc, s->work, sizeof(double) * (size_t)s->n);
		for (int row = 0; row < s->nc; row++) {
			const double *x = s->X + (size_t)row * (size_t)s->n;
			double l = s->lambda[row];
			for (int k = 0; k < s->n; k++)
				s->acc[k] += x[k] * l;
		}
	} else {
		memcpy(s->acc, s->h, sizeof(double) * (size_t)s->n);
		rows_add_transpose(r, s->lambda, s->acc);
		s->f->mass_solve(s->ws, s->acc);
	}
	return 0;
}

/* A formulation's own assembly (free-body diagrams, point coordinates'
 * sparse system), with the toggle watch on its factor; when it declines
 * (dependent rows) the Schur complement takes the state over and explains
 * them. */
static int own_solve(struct constrained *s, double t, const double *qd)
{
	const struct rows *r = s->rows;
	double *rhs = s->e;
	for (int row = 0; row < s->nc; row++) {
		rhs[row] = r->gamma[row];
		if (s->stab.kind == STAB_BAUMGARTE) { /* Eq. 13.32 */
			double phid = rows_dot(r, row, qd) - r->vrhs[row];
			rhs[row] -=
			    2 * s->stab.alpha * phid + s->stab.beta * s->stab.beta * r->phi[row];
		}
	}
	if (s->drop && !s->decided && s->nc > 0)
		decide_dropped(s);
	int status = s->f->solve(s->ws, t, r, s->h, rhs, s->dropped, s->acc, s->lambda);
	if (status == 1)
		return schur(s, t, qd);
	if (status != 0)
		return -1;
	if (s->watching && s->f->row_pivots && !s->d->near_singular[0])
		watch_toggle(s, t, NULL, 1);
	return 0;
}

/* The way to q̈ and λ, once for the run: a formulation that meets its own
 * rows (Attia's recursive point coordinates) takes the layer's part of
 * them in every remedy; the penalty method its n x n system; a formulation
 * with an assembly of its own that; every other the Schur complement. */
static void choose_strategy(struct constrained *s)
{
	int penalty = s->nc > 0 && s->stab.kind == STAB_PENALTY;
	s->what = EVAL_ROWS | EVAL_FORCES | EVAL_MASS | EVAL_MASS_SOLVE;
	if (s->f->free_accelerations) {
		s->strategy = own_accelerations;
	} else if (penalty) {
		s->strategy = penalty_accelerations;
		s->what &= ~(unsigned)EVAL_MASS_SOLVE; /* M written out, not factored */
	} else {
		s->strategy = s->f->solve ? own_solve : schur;
	}
}

/* q̈ and λ at (t, q, q̇) by the run's strategy, checked finite. */
static int accelerations(struct constrained *s, double t, const double *q, const double *qd,
                         int counted)
{
	struct run_data *d = s->d;
	if (run_data_interrupted(d, t))
		return -1;
	if (counted)
		d->fevals++;
	if (evaluate(s, t, q, qd, s->what) != 0 || s->strategy(s, t, qd) != 0)
		return -1;
	int bad = vec_beyond(s->acc, s->n, DBL_MAX);
	if (bad >= 0) {
		char name[128];
		s->f->coordinate_name(s->ws, bad, name, sizeof name);
		run_data_fail(d, "at t = %g the acceleration of %s is not finite", t, name);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ the state */

/* The momentum method (Sec. 13.3.5): the state holds p = M q̇, and q̇ is its
 * projection onto J q̇ = v:
 *   q̇ = M⁻¹(p + J'σ),  (J M⁻¹ J') σ = v - J M⁻¹ p,
 * so velocity drift cannot build up. */
static int rates_from_momenta(struct constrained *s, double t, const double *q, const double *p,
                              double *qd)
{
	if (evaluate(s, t, q, p, EVAL_ROWS | EVAL_MASS | EVAL_MASS_SOLVE) != 0)
		return -1;
	memcpy(qd, p, sizeof(double) * (size_t)s->n);
	s->f->mass_solve(s->ws, qd);
	if (s->nc == 0)
		return 0;
	if (factor(s, t, NULL, 0, NULL, NULL) != 0)
		return -1;
	double *sigma = s->lambda;
	for (int row = 0; row < s->nc; row++)
		sigma[row] = s->rows->vrhs[row] - rows_dot(s->rows, row, qd);
	solve(s, sigma);
	if (s->f->capabilities & FORM_DENSE_MASS) { /* M⁻¹J' is at hand, a solve is not */
		for (int k = 0; k < s->n; k++)
			for (int row = 0; row < s->nc; row++)
				qd[k] += s->X[(size_t)row * (size_t)s->n + (size_t)k] * sigma[row];
		return 0;
	}
	memset(s->push, 0, sizeof(double) * (size_t)s->n);
	rows_add_transpose(s->rows, sigma, s->push);
	s->f->mass_solve(s->ws, s->push);
	for (int k = 0; k < s->n; k++)
		qd[k] += s->push[k];
	return 0;
}

/* The rows at a state, for partitioning: the first also decides which
 * rows redundant = "drop" leaves out, so the split is chosen without them. */
static int rows_at(void *ctx, double t, const double *q, const double *qd, const struct rows **out)
{
	struct constrained *s = ctx;
	if (constrained_rows(s, t, q, qd, out) != 0)
		return -1;
	if (s->drop && !s->decided)
		decide_dropped(s);
	return 0;
}

/* The q and q̇ a state stands for, under each remedy. */
static int state_of(struct constrained *s, double t, const double *y, const double **q,
                    const double **qd)
{
	size_t n = (size_t)s->n;
	/* beyond 1e150 a square overflows: say where the state grew so large,
	 * not what it later breaks (a mass matrix, a rank test, an energy) */
	int bad = vec_beyond(y, 2 * s->n, 1e150);
	if (bad >= 0) {
		char name[128];
		s->f->coordinate_name(s->ws, bad % s->n, name, sizeof name);
		run_data_fail(
		    s->d, "at t = %g the state is not finite or beyond 1e150: the %s of %s is %g",
		    t,
		    bad < s->n                      ? "position"
		    : s->stab.kind == STAB_MOMENTUM ? "momentum"
		                                    : "rate",
		    name, y[bad]);
		return -1;
	}
	*q = y, *qd = y + n;
	if (s->stab.kind == STAB_MOMENTUM) {
		*qd = s->fixed + n;
		return rates_from_momenta(s, t, y, y + n, s->fixed + n);
	}
	if (!s->part)
		return 0;
	memcpy(s->fixed, y, sizeof(double) * 2 * n);
	*q = s->fixed, *qd = s->fixed + n;
	return partition_apply(s->part, rows_at, s, s->dropped, s->d, t, s->fixed, s->fixed + n);
}

void constrained_set_state(struct constrained *s, const double *c, const double *cd, double *y)
{
	size_t n = (size_t)s->n;
	s->measured = 0; /* the workspace is written outside evaluate */
	s->f->from_bodies(s->ws, c, cd, y, y + n);
	if (s->stab.kind != STAB_MOMENTUM)
		return;
	/* p = M q̇: M needs no forces and no driver, so this cannot fail */
	memcpy(s->work, y + n, sizeof(double) * n);
	evaluate(s, 0, y, s->work, EVAL_MASS);
	s->f->mass_apply(s->ws, s->work, y + n);
}

int constrained_bodies(struct constrained *s, double t, const double *y, double *c, double *cd)
{
	const double *q, *qd;
	if (state_of(s, t, y, &q, &qd) != 0)
		return -1;
	s->measured = 0; /* the workspace is written outside evaluate */
	return s->f->to_bodies(s->ws, t, q, qd, NULL, c, cd, NULL);
}

int constrained_derivatives(struct constrained *s, double t, const double *y, double *dydt)
{
	const double *q, *qd;
	size_t n = (size_t)s->n;
	if (s->measured && t == s->measured_t &&
	    memcmp(y, s->measured_y, sizeof(double) * 2 * n) == 0) {
		s->d->fevals++; /* the integrator's evaluation, made by the report */
		qd = s->measured_qd;
	} else if (state_of(s, t, y, &q, &qd) != 0 || accelerations(s, t, q, qd, 1) != 0) {
		return -1;
	}
	memcpy(dydt, qd, sizeof(double) * n);
	if (s->stab.kind != STAB_MOMENTUM) {
		memcpy(dydt + n, s->acc, sizeof(double) * n);
		return 0;
	}
	/* ṗ = M q̈ + Ṁ q̇, with M q̈ = h + J'λ as solved when M is dear to apply */
	if (s->f->capabilities & FORM_DENSE_MASS) {
		memcpy(dydt + n, s->h, sizeof(double) * n);
		rows_add_transpose(s->rows, s->lambda, dydt + n);
	} else {
		s->f->mass_apply(s->ws, s->acc, dydt + n);
	}
	if (s->f->inertia_rate) {
		s->f->inertia_rate(s->ws, qd, s->work);
		for (size_t k = 0; k < n; k++)
			dydt[n + k] += s->work[k];
	}
	return 0;
}

int constrained_has_advance(const struct constrained *s) { return s->f->advance != NULL; }

int constrained_advance(struct constrained *s, double t, double h, long steps, double *y)
{
	const double *q, *qd;
	s->measured = 0; /* the workspace is written outside evaluate */
	while (steps > 0) {
		long taken = s->f->advance(s->ws, t, h, steps, y);
		if (taken < 0)
			return -1;
		t += (double)taken * h, steps -= taken;
		if (state_of(s, t, y, &q, &qd) != 0) /* names the coordinate that grew */
			return -1;
	}
	return 0;
}

/* The violation of the formulation's own rows (a body's length in point
 * coordinates): they count in the report's too, when it is completed. */
static void own_rows_violation(struct constrained *s, const double *qd, struct sample *out)
{
	double positions = 0, rates = 0;
	for (int row = 0; row < s->nc; row++) {
		if (s->joint_of[row] >= 0)
			continue;
		double rate = rows_dot(s->rows, row, qd) - s->rows->vrhs[row];
		positions += s->rows->phi[row] * s->rows->phi[row];
		rates += rate * rate;
	}
	out->own_violation = sqrt(positions);
	out->own_velocity_violation = sqrt(rates);
}

int constrained_measure(struct constrained *s, double t, const double *y, struct sample *out)
{
	const double *q, *qd;
	/* the toggle watch looks at the reported states only: an adaptive
	 * step's trial stages may stray where the run never goes. q̈ and λ are
	 * found here, not when first read as the reactions are: the watch
	 * factors S at this state anyway, the rest of the solve is about a
	 * third of a report's work, and a completion later would pay for the
	 * evaluation again (measured: runs that read no acceleration 3-18%
	 * faster, runs that read them 7-20% slower). Watching the steps' ends
	 * or stages instead, to skip the factor, missed toggles a report sees. */
	s->watching = 1;
	int status = state_of(s, t, y, &q, &qd) != 0 || accelerations(s, t, q, qd, 0) != 0;
	s->watching = 0;
	if (status || s->f->to_bodies(s->ws, t, q, qd, s->acc, s->c, s->cd, s->cdd) != 0)
		return -1;
	s->measured = 1, s->measured_t = t, s->measured_qd = qd;
	memcpy(s->measured_y, y, sizeof(double) * 2 * (size_t)s->n);
	const double *lambda = s->f->capabilities & FORM_JOINT_MULTIPLIERS ? s->lambda
	                       : s->f->joint_forces ? s->f->joint_forces(s->ws)
	                                            : NULL;
	if (report_record(s->report, s->d, t, s->c, s->cd, s->cdd, lambda, out) != 0)
		return -1;
	own_rows_violation(s, qd, out);
	if (s->f->condition)
		out->condition = s->f->condition(s->ws);
	/* the first report is completed now: the joints' rows dependent from
	 * the start (a joint given twice) stop the run there, named, as the
	 * least squares for the multipliers finds them */
	if (!s->reported || s->complete_reports) {
		s->reported = 1;
		return report_complete(s->report, s->d, out);
	}
	return 0;
}

struct report *constrained_take_report(struct constrained *s)
{
	struct report *w = s->report;
	s->report = NULL;
	return w;
}

int constrained_after_step(struct constrained *s, double t, double *y,
                           struct coordinate_switch *out)
{
	if (!s->f->after_step)
		return 0;
	/* the formulations that switch have no rows: the state is {q, q̇} */
	int status = s->f->after_step(s->ws, t, y, y + s->n, out);
	if (status != 0) /* new coordinates: what was measured is of the old */
		s->measured = 0;
	return status;
}

/* ------------------------------------------------------------ correction */

/* The positions being corrected at t: what the correction's Newton-Raphson
 * works on. */
struct correction {
	struct constrained *s;
	double t, *q;
	const double *qd;
};

static int correction_residual(void *ctx, int it, double *norm)
{
	struct correction *c = ctx;
	(void)it;
	if (evaluate(c->s, c->t, c->q, c->qd, EVAL_ROWS) != 0)
		return -1;
	*norm = vec_norm(c->s->rows->phi, c->s->nc);
	return 0;
}

/* Δ = -J'(JJ')⁻¹ Φ: the least change of q that meets the rows to first order. */
static int correction_step(void *ctx, int it)
{
	struct correction *c = ctx;
	struct constrained *s = c->s;
	(void)it;
	if (factor(s, c->t, s->ones, 0, NULL, NULL) != 0)
		return -1;
	for (int row = 0; row < s->nc; row++)
		s->lambda[row] = -s->rows->phi[row];
	solve(s, s->lambda);
	rows_add_transpose(s->rows, s->lambda, c->q);
	return 0;
}

/* Least-squares correction (Sec. 14.3): Δ = -J'(JJ')⁻¹ e, iterated for the
 * positions (Eq. 14.7), once for the velocities (Eq. 14.9, with the
 * drivers' right side). */
static int correct_positions_velocities(struct constrained *s, double t, double *q, double *qd)
{
	const struct rows *r = s->rows;
	if (s->nc == 0)
		return 0;
	const int max_iterations = 50;
	struct correction c = {s, t, q, qd};
	struct newton newton = {&c, correction_residual, correction_step};
	double err;
	int its = newton_solve(&newton, 1e-12, max_iterations, &err);
	if (its == NEWTON_CAPPED)
		run_data_fail(s->d,
		              "the initial positions cannot be corrected: after %d iterations "
		              "the constraint violation is %.3g, worst at joint '%s'. The "
		              "joints may not be able to assemble from this start",
		              max_iterations, err, s->f->row_name(s->ws, vec_worst(r->phi, s->nc)));
	if (its < 0)
		return -1;
	if (factor(s, t, s->ones, 0, NULL, NULL) != 0)
		return -1;
	for (int row = 0; row < s->nc; row++)
		s->lambda[row] = -(rows_dot(r, row, qd) - r->vrhs[row]);
	solve(s, s->lambda);
	rows_add_transpose(r, s->lambda, qd);
	return 0;
}

int constrained_correct(struct constrained *s, double t, double *y)
{
	size_t n = (size_t)s->n;
	double *q = y, *second = y + n;
	if (s->stab.kind != STAB_MOMENTUM)
		return correct_positions_velocities(s, t, q, second);
	/* the state holds momenta: correct the rates they stand for */
	double *qd = s->fixed + n;
	if (evaluate(s, t, q, second, EVAL_MASS | EVAL_MASS_SOLVE) != 0)
		return -1;
	memcpy(qd, second, sizeof(double) * n);
	s->f->mass_solve(s->ws, qd);
	if (correct_positions_velocities(s, t, q, qd) != 0 || evaluate(s, t, q, qd, EVAL_MASS) != 0)
		return -1;
	s->f->mass_apply(s->ws, qd, second);
	return 0;
}

/* ------------------------------------------------------------ kinematics, pieces */

int constrained_rows(struct constrained *s, double t, const double *q, const double *qd,
                     const struct rows **out)
{
	*out = s->rows;
	return evaluate(s, t, q, qd, EVAL_ROWS);
}

int constrained_report(struct constrained *s, double t, const double *q, const double *qd,
                       const double *qdd, struct sample *out)
{
	s->measured = 0; /* the workspace is written outside evaluate */
	if (s->f->to_bodies(s->ws, t, q, qd, qdd, s->c, s->cd, s->cdd) != 0)
		return -1;
	if (s->f->force_analysis) { /* its own, such as Eq. 6.7 */
		if (evaluate(s, t, q, qd, EVAL_ROWS | EVAL_FORCES) != 0 ||
		    s->f->force_analysis(s->ws, t, s->rows, s->h, qdd, s->lambda) != 0)
			return -1;
		return report_sample(s->report, s->d, t, s->c, s->cd, s->cdd, s->lambda, out);
	}
	return report_sample(s->report, s->d, t, s->c, s->cd, s->cdd, NULL, out);
}

int constrained_pieces(struct constrained *s, double t, const double *q, const double *qd,
                       struct constrained_pieces *out)
{
	size_t n = (size_t)s->n;
	if (!s->f->mass_solve) { /* a kinematic formulation: rows only */
		*out = (struct constrained_pieces){
		    s->n,           s->nc, NULL, s->rows->J, s->rows->phi, s->rows->vrhs,
		    s->rows->gamma, NULL,  NULL, NULL,       NULL};
		return evaluate(s, t, q, qd, EVAL_ROWS);
	}
	s->ratios = 1;
	int status = accelerations(s, t, q, qd, 0);
	s->ratios = 0;
	if (status != 0)
		return -1;
	if (!s->M)
		s->M = calloc(n * n + 1, sizeof(double));
	s->f->mass_dense(s->ws, s->M);
	*out = (struct constrained_pieces){
	    s->n,           s->nc, s->M,   s->rows->J, s->rows->phi, s->rows->vrhs,
	    s->rows->gamma, s->h,  s->acc, s->lambda,  NULL};
	/* S was factored (not the tree's system, which has no L_kk): the ratios */
	if (s->factored > 0 && !s->tree_factored && s->stab.kind != STAB_PENALTY) {
		for (int a = 0; a < s->nc; a++) /* a row the formulation keeps: 0 */
			s->ratio[a] = a < s->factored ? row_ratio(s, a) : 0;
		out->row_ratio = s->ratio;
	}
	return 0;
}
