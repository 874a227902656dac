/* SPDX-License-Identifier: GPL-3.0-or-later */
/* body_coords.c — body coordinates, book Ch. 7 and 8.
 *
 * q = c = {x, y, φ} per body; M is diagonal (m, m, J per body, Eq. 7.52),
 * h the applied forces (Eq. 7.49), and the rows are the joints' own (Sec.
 * 7.2.9): each touches the three coordinates of at most two bodies, so the
 * layer's Schur complement D M⁻¹ D' costs what its nonzeros cost. */
#include <stdlib.h>

#include "formulation/formulation.h"
#include "model/constraints.h"
#include "model/forces/force.h"

struct bc {
	struct body_coords_head base; /* first: the shared entries read it */
	double potential;
};

static void *setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d)
{
	(void)cfg;
	struct bc *w = calloc(1, sizeof *w);
	body_coords_head_init(&w->base, m, d);
	return w;
}

static void release(void *ws)
{
	struct bc *w = ws;
	if (w)
		body_coords_head_free(&w->base);
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
    .mass_apply = body_coords_mass_apply,
    .mass_solve = body_coords_mass_solve,
    .mass_dense = body_coords_mass_dense,
    .mass_inverse_diagonal = body_coords_mass_inverse_diagonal,
    .inertia_rate = NULL,
};
