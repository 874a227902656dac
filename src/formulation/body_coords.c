/* body_coords.c — body coordinates, book Ch. 7 and 8.
 *
 * q = c = {x, y, φ} per body; M is diagonal (m, m, J per body, Eq. 7.52),
 * h the applied forces (Eq. 7.49), and the rows are the joints' own (Sec.
 * 7.2.9): each touches the three coordinates of at most two bodies, so the
 * layer's Schur complement D M⁻¹ D' costs what its nonzeros cost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formulation/formulation.h"
#include "model/constraints.h"
#include "model/forces/force.h"

struct bc {
	struct body_coords_head base; /* first: the shared entries read it */
	double *mass, *inverse;       /* the diagonal of M and of M⁻¹ */
	double potential;
};

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	(void)cfg;
	struct bc *w = calloc(1, sizeof *w);
	w->base.m = m, w->base.d = d, w->base.n = 3 * m->nbodies;
	w->mass = calloc(2 * (size_t)w->base.n + 1, sizeof(double));
	w->inverse = w->mass + w->base.n;
	model_mass_diagonal(m, w->mass);
	for (int k = 0; k < w->base.n; k++)
		w->inverse[k] = 1 / w->mass[k];
	return w;
}

static void release(void *ws)
{
	struct bc *w = ws;
	if (w)
		free(w->mass);
	free(w);
}

static int size(const void *ws, int *rows)
{
	const struct bc *w = ws;
	*rows = w->base.m->nc;
	return w->base.n;
}

static int evaluate(void *ws, double t, const double *q, const double *qd, unsigned what,
                    struct rows *r, double *h)
{
	struct bc *w = ws;
	if ((what & EVAL_ROWS) && joint_rows_eval(w->base.m, w->base.d, NULL, 0, t, q, qd, r) != 0)
		return -1;
	if ((what & EVAL_FORCES) &&
	    forces_apply(w->base.m, w->base.d, q, qd, t, h, &w->potential) != 0)
		return -1;
	return 0;
}

static void mass_apply(void *ws, const double *x, double *out)
{
	struct bc *w = ws;
	for (int k = 0; k < w->base.n; k++)
		out[k] = w->mass[k] * x[k];
}

static void mass_solve(void *ws, double *x)
{
	struct bc *w = ws;
	for (int k = 0; k < w->base.n; k++)
		x[k] *= w->inverse[k];
}

static void mass_dense(void *ws, double *A)
{
	struct bc *w = ws;
	memset(A, 0, sizeof(double) * (size_t)w->base.n * (size_t)w->base.n);
	for (int k = 0; k < w->base.n; k++)
		A[(size_t)k * (size_t)w->base.n + (size_t)k] = w->mass[k];
}

static const double *mass_inverse_diagonal(void *ws) { return ((struct bc *)ws)->inverse; }

const struct formulation formulation_body = {
    .name = "body",
    .title = "body coordinates (Ch. 7)",
    .capabilities = FORM_JOINT_MULTIPLIERS,
    .setup = setup,
    .release = release,
    .size = size,
    .spans = body_coords_spans,
    .row_name = body_coords_row_name,
    .row_joint = body_coords_row_joint,
    .coordinate_name = body_coords_coordinate_name,
    .from_bodies = body_coords_from_bodies,
    .to_bodies = body_coords_to_bodies,
    .evaluate = evaluate,
    .mass_apply = mass_apply,
    .mass_solve = mass_solve,
    .mass_dense = mass_dense,
    .mass_inverse_diagonal = mass_inverse_diagonal,
    .inertia_rate = NULL,
};
