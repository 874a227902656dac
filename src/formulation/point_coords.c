/* point_coords.c — point coordinates, book Ch. 10.
 *
 * Each body becomes two primary points with no rotational coordinate: P1
 * at its mass centre and P2 at distance ρ = sqrt(J/m) (its radius of
 * gyration) along its x axis, held apart by a length row (Eq. 10.14). With
 * that spacing the mass matrix is constant and exact (Sec. 10.7-10.8): per
 * body m [2I -I; -I I], the particle m at P1 and the rotary inertia
 * J/ρ² = m on the difference P2 - P1, with the inverse (1/m) [I I; I 2I].
 * Forces and torques go to the points (Sec. 10.6: a torque is a couple on
 * P1 and P2). Each joint is the model's own joint stated through the
 * points: its rows are D_r = D_c ∂c/∂r for the map c(r) from points to
 * the body's pose, so every joint kind works and reports the same
 * reactions. q = r, 4 per body: P1 then P2. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/formulation.h"
#include "model/constraints.h"
#include "model/forces/force.h"

struct pc {
	const struct model *m;
	struct run_data *d;
	int nb, n3, n, nj, nc; /* bodies, body coordinates, points' coordinates, joint rows, rows */
	double *rho;           /* per body: the spacing of P1 and P2 */
	double *angle;         /* per body: the angle last found, to follow whole turns */
	char **row_names;      /* per body: what its length row is called in messages */
	struct rows *body_rows; /* the joints in body coordinates */
	/* per evaluation */
	double *c, *cd; /* the body coordinates the points stand for */
	double *grad;   /* per body: ∂φ/∂(P2 - P1) = d̆ / |d|² */
	double *bias;   /* per body: φ̈ when r̈ = 0, -2 (d'ḋ)(d x ḋ) / |d|⁴ */
	double *hc;     /* applied forces on the bodies */
	double potential;
};

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	(void)cfg;
	struct pc *w = calloc(1, sizeof *w);
	w->m = m, w->d = d;
	w->nb = m->nbodies, w->n3 = 3 * w->nb, w->n = 4 * w->nb;
	w->nj = m->nc, w->nc = m->nc + w->nb;
	size_t nb = (size_t)w->nb, n3 = (size_t)w->n3;
	w->rho = calloc(nb + 1, sizeof(double));
	w->angle = calloc(nb + 1, sizeof(double));
	w->row_names = calloc(nb + 1, sizeof(char *));
	for (int b = 0; b < w->nb; b++) {
		w->rho[b] = sqrt(m->bodies[b].inertia / m->bodies[b].mass);
		size_t len = strlen(m->bodies[b].name) + 24;
		w->row_names[b] = malloc(len);
		snprintf(w->row_names[b], len, "%s (its points)", m->bodies[b].name);
	}
	w->body_rows = joint_rows_new(m, NULL, 0);
	w->c = calloc(2 * n3 + 1, sizeof(double));
	w->cd = w->c + n3;
	w->grad = calloc(3 * nb + 1, sizeof(double));
	w->bias = w->grad + 2 * nb;
	w->hc = calloc(n3 + 1, sizeof(double));
	return w;
}

static void release(void *ws)
{
	struct pc *w = ws;
	if (!w)
		return;
	for (int b = 0; b < w->nb; b++)
		free(w->row_names[b]);
	free(w->rho), free(w->angle), free(w->row_names), free(w->c), free(w->grad), free(w->hc);
	rows_free(w->body_rows);
	free(w);
}

static int size(const void *ws, int *rows)
{
	const struct pc *w = ws;
	*rows = w->nc;
	return w->n;
}

/* A joint's row touches the four coordinates of its (at most two) bodies,
 * a length row those of its own body. */
static void spans(const void *ws, struct rows *r)
{
	const struct pc *w = ws;
	for (int row = 0; row < w->nj; row++)
		for (int slot = 0; slot < ROW_SPANS; slot++) {
			struct row_span s = w->body_rows->span[row][slot];
			rows_set_span(r, row, slot, s.begin / 3 * 4, s.end / 3 * 4);
		}
	for (int b = 0; b < w->nb; b++) {
		rows_set_span(r, w->nj + b, 0, 4 * b, 4 * b + 4);
		rows_set_span(r, w->nj + b, 1, 0, 0);
	}
}

static int row_joint(void *ws, int row)
{
	struct pc *w = ws;
	return row < w->nj ? model_row_joint(w->m, row) : -1;
}

static const char *row_name(void *ws, int row)
{
	struct pc *w = ws;
	return row < w->nj ? w->m->joints[model_row_joint(w->m, row)].name
	                   : w->row_names[row - w->nj];
}

static void coordinate_name(void *ws, int k, char *buf, size_t len)
{
	struct pc *w = ws;
	snprintf(buf, len, "point P%d (%c) of body '%s'", k % 4 < 2 ? 1 : 2, k % 2 ? 'y' : 'x',
	         w->m->bodies[k / 4].name);
}

/* ------------------------------------------------------------ the mass matrix */

/* M = m [2I -I; -I I] per body, or its inverse (1/m) [I I; I 2I]; x and
 * out may be the same array. */
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

static void mass_apply(void *ws, const double *x, double *out) { mass_times(ws, x, out, 0); }
static void mass_solve(void *ws, double *x) { mass_times(ws, x, x, 1); }

static void mass_dense(void *ws, double *A)
{
	struct pc *w = ws;
	size_t n = (size_t)w->n;
	memset(A, 0, sizeof(double) * n * n);
	for (int b = 0; b < w->nb; b++) {
		double m = w->m->bodies[b].mass;
		for (int k = 0; k < 2; k++) {
			size_t p1 = (size_t)(4 * b + k), p2 = p1 + 2;
			A[p1 * n + p1] = 2 * m, A[p1 * n + p2] = -m;
			A[p2 * n + p1] = -m, A[p2 * n + p2] = m;
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

static void from_bodies(void *ws, const double *c, const double *cd, double *r, double *rd)
{
	struct pc *w = ws;
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

/* c̈ from r̈: the mass centre is P1; φ̈ = d̆'d̈ / |d|² + bias. */
static int to_bodies(void *ws, double t, const double *r, const double *rd, const double *rdd,
                     double *c, double *cd, double *cdd)
{
	(void)t;
	struct pc *w = ws;
	bodies_from_points(w, r, rd);
	memcpy(c, w->c, sizeof(double) * (size_t)w->n3);
	memcpy(cd, w->cd, sizeof(double) * (size_t)w->n3);
	for (int b = 0; rdd && cdd && b < w->nb; b++) {
		const double *a = rdd + 4 * b;
		cdd[3 * b] = a[0], cdd[3 * b + 1] = a[1];
		cdd[3 * b + 2] = w->grad[2 * b] * (a[2] - a[0]) +
		                 w->grad[2 * b + 1] * (a[3] - a[1]) + w->bias[b];
	}
	return 0;
}

/* ------------------------------------------------------------ the equations */

/* The joints' rows D_c ∂c/∂r with γ less D_c's share of the angles' bias,
 * then the bodies' length rows (Eqs. 10.14-10.16). */
static int rows_of(struct pc *w, double t, const double *r, const double *rd, struct rows *out)
{
	const struct rows *con = w->body_rows;
	if (joint_rows_eval(w->m, w->d, NULL, 0, t, w->c, w->cd, w->body_rows) != 0)
		return -1;
	rows_clear(out);
	for (int i = 0; i < w->nj; i++) {
		const double *dc = con->J + (size_t)i * (size_t)w->n3;
		double *row = out->J + (size_t)i * (size_t)w->n, bias = 0;
		for (int slot = 0; slot < ROW_SPANS; slot++) {
			if (con->span[i][slot].end == con->span[i][slot].begin)
				continue;
			int b = con->span[i][slot].begin / 3;
			double dx = dc[3 * b], dy = dc[3 * b + 1], dphi = dc[3 * b + 2];
			double gx = w->grad[2 * b], gy = w->grad[2 * b + 1];
			row[4 * b] = dx - dphi * gx, row[4 * b + 1] = dy - dphi * gy;
			row[4 * b + 2] = dphi * gx, row[4 * b + 3] = dphi * gy;
			bias += dphi * w->bias[b];
		}
		out->phi[i] = con->phi[i];
		out->gamma[i] = con->gamma[i] - bias;
		out->vrhs[i] = con->vrhs[i];
	}
	for (int b = 0; b < w->nb; b++) {
		const double *p = r + 4 * b;
		vec2 d = v2(p[2] - p[0], p[3] - p[1]);
		vec2 dd =
		    rd ? v2(rd[4 * b + 2] - rd[4 * b], rd[4 * b + 3] - rd[4 * b + 1]) : v2(0, 0);
		int row = w->nj + b;
		double *dr = out->J + (size_t)row * (size_t)w->n + 4 * b;
		dr[0] = -d.x, dr[1] = -d.y, dr[2] = d.x, dr[3] = d.y;
		out->phi[row] = 0.5 * (v2_dot(d, d) - w->rho[b] * w->rho[b]);
		out->gamma[row] = -v2_dot(dd, dd);
		out->vrhs[row] = 0;
	}
	return 0;
}

/* h on the points from the forces on the bodies: a body's force on P1,
 * its moment as a couple ∓n d̆/|d|² on P1 and P2 (Sec. 10.6). */
static int applied_forces(struct pc *w, double t, double *h)
{
	if (forces_apply(w->m, w->d, w->c, w->cd, t, w->hc, &w->potential) != 0)
		return -1;
	for (int b = 0; b < w->nb; b++) {
		double fx = w->hc[3 * b], fy = w->hc[3 * b + 1], n = w->hc[3 * b + 2];
		double gx = w->grad[2 * b], gy = w->grad[2 * b + 1];
		double *hb = h + 4 * b;
		hb[0] = fx - n * gx, hb[1] = fy - n * gy, hb[2] = n * gx, hb[3] = n * gy;
	}
	return 0;
}

static int evaluate(void *ws, double t, const double *r, const double *rd, unsigned what,
                    struct rows *out, double *h)
{
	struct pc *w = ws;
	bodies_from_points(w, r, rd);
	if ((what & EVAL_ROWS) && rows_of(w, t, r, rd, out) != 0)
		return -1;
	if ((what & EVAL_FORCES) && applied_forces(w, t, h) != 0)
		return -1;
	return 0; /* M is constant */
}

const struct formulation formulation_point = {
    .name = "point",
    .title = "point coordinates (Ch. 10)",
    .capabilities = 0,
    .setup = setup,
    .release = release,
    .size = size,
    .spans = spans,
    .row_name = row_name,
    .row_joint = row_joint,
    .coordinate_name = coordinate_name,
    .from_bodies = from_bodies,
    .to_bodies = to_bodies,
    .evaluate = evaluate,
    .mass_apply = mass_apply,
    .mass_solve = mass_solve,
    .mass_dense = mass_dense,
    .mass_inverse_diagonal = NULL,
    .inertia_rate = NULL,
};
