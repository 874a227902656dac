/* SPDX-License-Identifier: GPL-3.0-or-later */
/* discrete.c — the discrete-time method: each body on its own Newton-Euler
 * step, its joints held by forces of its own ("Calculation of mechanism
 * motion using discrete time approach", Eqs. 2-17, taken to the plane).
 *
 * q = c = {x, y, φ} per body and M is diagonal, as in body coordinates,
 * but there are no constraint rows: every force on a body is summed at its
 * mass centre (Eqs. 2-3: applied forces, gravity, springs, dampers,
 * contacts and the joints' forces), and the integrator takes c̈ = M⁻¹h as it
 * is (Eqs. 4 and 7, where the planar inertia is a scalar). Each joint row a
 * is a stiff spring and damper on its own gap Φ_a and rate Φ̇_a = D_a ċ - v_a,
 *     λ_a = -m_a (ω² Φ_a + 2ζω Φ̇_a),   m_a = 1 / (D_a M⁻¹ D_a'),
 * acting on the bodies as D_a'λ_a: for a revolute joint that is the force
 * at its two points and the moment of that force about each mass centre;
 * for the other kinds the force and couple their rows stand for. m_a is the
 * mass the row moves, so every row rings at the same ω whatever the bodies
 * weigh. The multipliers are the penalty method's (Sec. 13.3.3, Eq. 13.37)
 * without the Φ̈ term, which is what makes the step explicit.
 *
 * ω follows from the step h. Semi-implicit Euler on ẍ = -ω²x - 2ζωẋ is
 * stable while (ωh)² + 4ζ(ωh) < 4; rows that share a body couple, and the
 * coupled system's fastest mode is μ times stiffer and damped, μ being the
 * largest eigenvalue of W = diag(√m) D M⁻¹ D' diag(√m) (unit diagonal). A
 * Gershgorin bound on μ from the start's Jacobian, and half the stable
 * range, give ωh from μ((ωh)² + 4ζωh) = 2. The gap a joint keeps under a
 * load is then about (its acceleration) h² / (ωh)². ζ is 0.3: the lighter
 * the damping, the stiffer the springs the step allows (the four-bar's gap
 * over 10 s is 1.3e-6 m at 0.3, 9.9e-6 m at 1), and the start's ringing
 * still dies within milliseconds. The user may set ω (omega) and ζ (zeta).
 *
 * The time stepping is the integrator "symplectic" (semi-implicit Euler,
 * analysis/simulate.c), the formulation's default, which runs whole
 * reporting steps in this file's own loop (advance) unless a contact event
 * may cut a step short. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/formulation.h"
#include "model/forces/force.h"
#include "model/joint_graph.h"
#include "model/joints/joint.h"

/* The step a run takes unless told: small enough for stiff joints and
 * contacts, large enough for 64 bodies faster than real time. */
#define DEFAULT_STEP 1e-5

/* A joint whose two points meet (a pin, read in its geometry): held by one
 * force at its points, from the points' places and velocities. */
struct pin {
	int bi, bj;  /* bodies, -1 for the ground */
	vec2 si, sj; /* the points, body-fixed */
	int row;     /* its first row among the model's */
};

struct discrete {
	struct body_coords_head base; /* first: the shared entries read it */
	double omega, zeta;           /* the joints' springs */
	double *lambda;               /* per model joint row: its force of the last evaluation */
	double potential;
	struct pin *pins; /* flat arrays, built once: the pins, */
	int npins;
	int *others; /* the other joints, through their rows, */
	int nothers;
	double *rotation; /* and per body cos φ, sin φ of the state evaluated */
	double *force;    /* the advance's forces, 3 per body */
};

/* A joint's row blocks at the bodies' states; a joint whose two bodies are
 * one has its blocks summed on body i (as the Jacobian would). */
static int joint_blocks(struct discrete *w, const struct joint *j, double t, const double *c,
                        const double *cd, struct joint_eval *e, int *bj)
{
	struct body_state si = model_body_state(c, cd, j->bi), sj = model_body_state(c, cd, j->bj);
	if (j->kind->eval(w->base.m, w->base.d, j, &si, &sj, t, e) != 0)
		return -1;
	*bj = j->bj;
	if (j->bj == j->bi) {
		for (int r = 0; r < j->kind->rows; r++)
			for (int k = 0; k < 3; k++)
				e->di[r][k] += e->dj[r][k], e->dj[r][k] = 0;
		*bj = -1;
	}
	return 0;
}

/* D_a M⁻¹ D_a' of a row's blocks: the inverse of the mass it moves. */
static double row_inverse_mass(const struct discrete *w, int bi, const double di[3], int bj,
                               const double dj[3])
{
	double s = 0;
	for (int k = 0; k < 3; k++) {
		if (bi >= 0)
			s += di[k] * di[k] * w->base.inverse[3 * bi + k];
		if (bj >= 0)
			s += dj[k] * dj[k] * w->base.inverse[3 * bj + k];
	}
	return s;
}

/* The largest eigenvalue of W, bounded: for body k let u_a^k be the norm of
 * row a's block on k weighted by M_k^(-1/2) and √m_a (so Σ_k (u_a^k)² = 1);
 * Cauchy-Schwarz bounds |W_ab| by Σ_k u_a^k u_b^k, and Gershgorin the
 * eigenvalue by the largest row sum Σ_k u_a^k U_k, U_k = Σ_b u_b^k. */
static int coupling_bound(struct discrete *w, const double *c, const double *cd, double *mu)
{
	const struct model *m = w->base.m;
	double *u = calloc(2 * (size_t)m->nc + (size_t)m->nbodies + 1, sizeof(double));
	double *U = u + 2 * m->nc;
	int *bodies = calloc(2 * (size_t)m->nc + 1, sizeof(int));
	for (int i = 0; i < m->njoints; i++) {
		const struct joint *j = &m->joints[i];
		struct joint_values values;
		struct joint_eval e = joint_eval_into(&values);
		int bj;
		if (joint_blocks(w, j, 0, c, cd, &e, &bj) != 0) {
			free(u), free(bodies);
			return -1;
		}
		for (int r = 0; r < j->kind->rows; r++) {
			int a = j->row + r;
			double inv = row_inverse_mass(w, j->bi, e.di[r], bj, e.dj[r]);
			double zero[3] = {0, 0, 0};
			bodies[2 * a] = j->bi, bodies[2 * a + 1] = bj;
			if (!(inv > 0))
				continue; /* a row that moves nothing here pulls nothing */
			if (j->bi >= 0)
				u[2 * a] =
				    sqrt(row_inverse_mass(w, j->bi, e.di[r], -1, zero) / inv);
			if (bj >= 0)
				u[2 * a + 1] =
				    sqrt(row_inverse_mass(w, -1, zero, bj, e.dj[r]) / inv);
		}
	}
	for (int k = 0; k < 2 * m->nc; k++)
		if (bodies[k] >= 0)
			U[bodies[k]] += u[k];
	*mu = 1;
	for (int a = 0; a < m->nc; a++) {
		double sum = 0;
		for (int s = 0; s < 2; s++)
			if (bodies[2 * a + s] >= 0)
				sum += u[2 * a + s] * U[bodies[2 * a + s]];
		*mu = fmax(*mu, sum);
	}
	free(u), free(bodies);
	return 0;
}

/* What the method cannot carry, named: 0, or -1 with the run's error set. */
static int refuse(const struct model *m, struct run_data *d)
{
	for (int k = 0; k < m->ncontacts; k++) {
		const struct contact *K = &m->contacts[k];
		if (!K->law->impulsive)
			continue;
		run_data_fail(d,
		              "%s: contact '%s' uses the impulse law, whose velocities jump at "
		              "the impact through a solve with the joints held rigid; the "
		              "discrete-time method has no constraint equations to solve. Give "
		              "it a force law (law = \"hunt-crossley\", \"lankarani-nikravesh\", "
		              "...), which its small steps follow",
		              K->where, K->name);
		return -1;
	}
	return 0;
}

static void release(void *ws)
{
	struct discrete *w = ws;
	if (w)
		body_coords_head_free(&w->base), free(w->lambda), free(w->pins), free(w->others),
		    free(w->rotation), free(w->force);
	free(w);
}

/* Its own options (formulation.h), in the order of cfg->own: the joints'
 * springs' natural frequency (rad/s; from 1e-6, below which they hold
 * nothing within a run, to 1e9, a period of 6e-9 s, past any step it
 * takes: 1e12 before) and damping ratio (0 undamped; past 1e6 the damper
 * alone sets the motion). */
enum { OWN_OMEGA, OWN_ZETA };
static const struct option option_joint_omega = {
    .name = "omega",
    .type = OPTION_NUMBER,
    .lo = 1e-6,
    .hi = 1e9,
    .fallback = NAN,
    .said = "tuned to the step h",
    .taken_by = TAKEN_BY_SIMULATE,
    .summary = "the joints' springs' natural frequency (rad/s)"};
static const struct option option_joint_zeta = {.name = "zeta",
                                                .type = OPTION_NUMBER,
                                                .lo = 0,
                                                .hi = 1e6,
                                                .fallback = 0.3,
                                                .taken_by = TAKEN_BY_SIMULATE,
                                                .summary = "the joints' dampers' damping ratio"};
static const struct option *const own_options[] = {&option_joint_omega, &option_joint_zeta, NULL};

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	if (refuse(m, d) != 0)
		return NULL;
	struct discrete *w = calloc(1, sizeof *w);
	body_coords_head_init(&w->base, m, d);
	w->lambda = calloc((size_t)m->nc + 1, sizeof(double));
	w->pins = calloc((size_t)m->njoints + 1, sizeof *w->pins);
	w->others = calloc((size_t)m->njoints + 1, sizeof *w->others);
	w->rotation = calloc(2 * (size_t)m->nbodies + 1, sizeof(double));
	w->force = calloc((size_t)w->base.n + 1, sizeof(double));
	for (int i = 0; i < m->njoints; i++) {
		const struct joint *j = &m->joints[i];
		if (m->graph->geometry[i].points_meet && j->bi != j->bj)
			w->pins[w->npins++] = (struct pin){j->bi, j->bj, j->si, j->sj, j->row};
		else
			w->others[w->nothers++] = i;
	}
	w->zeta = option_number(&option_joint_zeta, &cfg->own[OWN_ZETA]);
	w->omega = option_number(&option_joint_omega, &cfg->own[OWN_OMEGA]);
	if (!(w->omega > 0)) {
		double h = cfg->step > 0 ? cfg->step : DEFAULT_STEP, mu = 1;
		double *c = calloc(2 * (size_t)w->base.n + 1, sizeof(double));
		model_initial(m, c, c + w->base.n);
		int status = coupling_bound(w, c, c + w->base.n, &mu);
		free(c);
		if (status != 0) {
			release(w);
			return NULL;
		}
		/* μ((ωh)² + 4ζωh) = 2: half the stable range of the coupled rows */
		w->omega = (-2 * w->zeta + sqrt(4 * w->zeta * w->zeta + 2 / mu)) / h;
	}
	return w;
}

static int size(const void *ws, int *rows)
{
	*rows = 0;
	return ((const struct discrete *)ws)->base.n;
}

static void spans(const void *ws, struct rows *r) { (void)ws, (void)r; }

/* there are no rows to name */
static const char *row_name(void *ws, int row)
{
	(void)ws, (void)row;
	return "(none)";
}

static int row_joint(void *ws, int row)
{
	(void)ws, (void)row;
	return -1;
}

/* A point of body b (-1: the ground) at body-fixed s': its arm from the
 * mass centre A s' (Eq. 12), its place and its velocity ṙ + φ̇ s̆ (Eq. 15:
 * every point of a body turns at its rate; the paper's differences of
 * places, Eq. 14, would lag half a step). */
struct point {
	double ax, ay, x, y, vx, vy;
};

static inline struct point point_of(const struct discrete *w, int b, vec2 s, const double *c,
                                    const double *cd)
{
	if (b < 0)
		return (struct point){0, 0, s.x, s.y, 0, 0};
	double cosine = w->rotation[2 * b], sine = w->rotation[2 * b + 1];
	double ax = cosine * s.x - sine * s.y, ay = sine * s.x + cosine * s.y;
	const double *q = c + 3 * b, *v = cd + 3 * b;
	return (struct point){ax, ay, q[0] + ax, q[1] + ay, v[0] - v[2] * ay, v[1] + v[2] * ax};
}

/* The pins: a force λ at P_i on body i, -λ at P_j on body j, each axis a
 * row of its own with the mass it moves, 1/m_i + s_iy²/J_i + ... for x.
 * One pass over a flat array, every number in a register. */
static void pins_apply(struct discrete *w, const double *c, const double *cd, double *h)
{
	const double w2 = w->omega * w->omega, two_zw = 2 * w->zeta * w->omega;
	const double *inv = w->base.inverse;
	double *lambda = w->lambda;
	for (int k = 0; k < w->npins; k++) {
		const struct pin *p = &w->pins[k];
		struct point i = point_of(w, p->bi, p->si, c, cd),
		             j = point_of(w, p->bj, p->sj, c, cd);
		double inv_x = 0, inv_y = 0;
		if (p->bi >= 0) {
			const double *ib = inv + 3 * p->bi;
			inv_x += ib[0] + i.ay * i.ay * ib[2];
			inv_y += ib[1] + i.ax * i.ax * ib[2];
		}
		if (p->bj >= 0) {
			const double *ib = inv + 3 * p->bj;
			inv_x += ib[0] + j.ay * j.ay * ib[2];
			inv_y += ib[1] + j.ax * j.ax * ib[2];
		}
		double fx = -(w2 * (i.x - j.x) + two_zw * (i.vx - j.vx)) / inv_x;
		double fy = -(w2 * (i.y - j.y) + two_zw * (i.vy - j.vy)) / inv_y;
		if (p->bi >= 0) { /* the force at P_i and its moment s̆'f, Eq. 4.11 */
			double *hb = h + 3 * p->bi;
			hb[0] += fx, hb[1] += fy, hb[2] += i.ax * fy - i.ay * fx;
		}
		if (p->bj >= 0) {
			double *hb = h + 3 * p->bj;
			hb[0] -= fx, hb[1] -= fy, hb[2] -= j.ax * fy - j.ay * fx;
		}
		lambda[p->row] = fx, lambda[p->row + 1] = fy;
	}
}

/* Every other joint's springs and dampers, row by row, added to h at
 * (t, c, ċ): λ_a on D_a. */
static int rows_apply(struct discrete *w, double t, const double *c, const double *cd, double *h)
{
	const struct model *m = w->base.m;
	double w2 = w->omega * w->omega, two_zw = 2 * w->zeta * w->omega;
	for (int k = 0; k < w->nothers; k++) {
		const struct joint *j = &m->joints[w->others[k]];
		struct joint_values values;
		struct joint_eval e = joint_eval_into(&values);
		int bi = j->bi, bj;
		if (joint_blocks(w, j, t, c, cd, &e, &bj) != 0)
			return -1;
		for (int r = 0; r < j->kind->rows; r++) {
			double rate = -e.vrhs[r];
			for (int k = 0; k < 3; k++) {
				if (bi >= 0)
					rate += e.di[r][k] * cd[3 * bi + k];
				if (bj >= 0)
					rate += e.dj[r][k] * cd[3 * bj + k];
			}
			double inv = row_inverse_mass(w, bi, e.di[r], bj, e.dj[r]);
			double lambda = inv > 0 ? -(w2 * e.phi[r] + two_zw * rate) / inv : 0;
			for (int k = 0; k < 3; k++) {
				if (bi >= 0)
					h[3 * bi + k] += e.di[r][k] * lambda;
				if (bj >= 0)
					h[3 * bj + k] += e.dj[r][k] * lambda;
			}
			w->lambda[j->row + r] = lambda;
		}
	}
	return 0;
}

/* Each body's rotation from its angle. */
static void rotations(struct discrete *w, const double *q)
{
	for (int b = 0; b < w->base.m->nbodies; b++) {
		double phi = q[3 * b + 2];
		w->rotation[2 * b] = cos(phi), w->rotation[2 * b + 1] = sin(phi);
	}
}

/* Every force on every body summed at its mass centre (Eqs. 2-3): the
 * applied ones with gravity, then the joints', the rotations being those of
 * the state (q, q̇). */
static int body_forces(struct discrete *w, double t, const double *q, const double *qd, double *h)
{
	if (forces_apply(w->base.m, w->base.d, q, qd, t, h, &w->potential) != 0)
		return -1;
	pins_apply(w, q, qd, h);
	return rows_apply(w, t, q, qd, h);
}

static int evaluate(void *ws, double t, const double *q, const double *qd, unsigned what,
                    struct rows *r, double *h)
{
	(void)r;
	struct discrete *w = ws;
	if (!(what & EVAL_FORCES))
		return 0;
	rotations(w, q);
	return body_forces(w, t, q, qd, h);
}

/* The body turned by θ = φ̇h: its rotation composed with the step's (the
 * paper's Eq. 11, in the plane). θ is tiny at the steps this method takes,
 * so its cosine and sine come from their series, exact in double precision
 * below 1e-3, instead of two calls to the library each body each step;
 * the angle itself is kept too, as the state and the reports have it, and
 * the rotation is taken from it afresh at every reporting time, so the
 * round-off of the products cannot build up. */
static void turn(double *rotation, double theta)
{
	double c, s, t2 = theta * theta;
	if (fabs(theta) < 1e-3) {
		c = 1 - t2 / 2 * (1 - t2 / 12);
		s = theta * (1 - t2 / 6 * (1 - t2 / 20));
	} else {
		c = cos(theta), s = sin(theta);
	}
	double cosine = rotation[0], sine = rotation[1];
	rotation[0] = cosine * c - sine * s;
	rotation[1] = sine * c + cosine * s;
}

/* The method's own tight loop: `steps` steps of h from (t, y = {c, ċ}) in
 * place. Each sums the forces at the mass centres (Eqs. 2-3), moves the
 * velocities by them and the positions by the new velocities (Eqs. 4-6,
 * 7-8: semi-implicit Euler, as the integrator "symplectic"), turns each
 * body (Eq. 11), and leaves the points to the next step's forces, which
 * place them from the new poses (Eqs. 12-17). Flat arrays, no allocation.
 * Returns the steps taken: all of them, or fewer when the state grew past
 * 1e150 (the caller names where); -1 with the run's error set. */
static long advance(void *ws, double t, double h, long steps, double *y)
{
	struct discrete *w = ws;
	int n = w->base.n, nbodies = w->base.m->nbodies;
	double *q = y, *qd = y + n, *f = w->force;
	const double *inv = w->base.inverse;
	rotations(w, q);
	for (long k = 0; k < steps; k++) {
		double now = t + (double)k * h, size = 0;
		if (run_data_interrupted(w->base.d, now))
			return -1;
		w->base.d->fevals++;
		if (body_forces(w, now, q, qd, f) != 0)
			return -1;
		for (int b = 0; b < nbodies; b++) {
			double *c = q + 3 * b, *v = qd + 3 * b;
			const double *force = f + 3 * b, *inverse = inv + 3 * b;
			for (int x = 0; x < 3; x++) {
				v[x] += h * (force[x] * inverse[x]); /* h q̈, as the generic step */
				c[x] += h * v[x];
				size += fabs(c[x]) + fabs(v[x]);
			}
			turn(w->rotation + 2 * b, h * v[2]);
		}
		if (!(size <= 1e150))
			return k + 1;
	}
	return steps;
}

static const double *joint_forces(void *ws) { return ((struct discrete *)ws)->lambda; }

const struct formulation formulation_discrete = {
    .name = "discrete",
    .title = "the discrete-time method: tiny steps, joints as stiff springs",
    .capabilities = FORM_FIXED_STEP,
    .integrator = "symplectic",
    .step = DEFAULT_STEP,
    .options = own_options,
    .setup = setup,
    .release = release,
    .size = size,
    .spans = spans,
    .row_name = row_name,
    .row_joint = row_joint,
    .coordinate_name = body_coords_coordinate_name,
    .from_bodies = body_coords_from_bodies,
    .to_bodies = body_coords_to_bodies,
    .evaluate = evaluate,
    .mass_apply = body_coords_mass_apply,
    .mass_solve = body_coords_mass_solve,
    .mass_dense = body_coords_mass_dense,
    .mass_inverse_diagonal = body_coords_mass_inverse_diagonal,
    .inertia_rate = NULL,
    .joint_forces = joint_forces,
    .advance = advance,
};
