/* SPDX-License-Identifier: GPL-3.0-or-later */
/* formulation.c — the table of formulations. */
#include "formulation/formulation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/constraints.h"

const struct formulation *const formulations[] = {
#define X(name) &formulation_##name,
    FORMULATIONS
#undef X
        NULL};

const struct formulation *formulation_find(const char *name)
{
	for (int i = 0; formulations[i]; i++)
		if (strcmp(formulations[i]->name, name) == 0)
			return formulations[i];
	return NULL;
}

/* ------------------------------------------------------------ body coordinates' entries */

void body_coords_head_init(struct body_coords_head *head, const struct model *m, struct run_data *d)
{
	head->m = m, head->d = d, head->n = 3 * m->nbodies;
	head->mass = calloc(2 * (size_t)head->n + 1, sizeof(double));
	head->inverse = head->mass + head->n;
	model_mass_diagonal(m, head->mass);
	for (int k = 0; k < head->n; k++)
		head->inverse[k] = 1 / head->mass[k];
}

void body_coords_head_free(struct body_coords_head *head) { free(head->mass); }

void body_coords_spans(const void *ws, struct rows *r)
{
	joint_rows_spans(((const struct body_coords_head *)ws)->m, NULL, 0, r);
}

const char *body_coords_row_name(void *ws, int row)
{
	const struct model *m = ((struct body_coords_head *)ws)->m;
	return m->joints[model_row_joint(m, row)].name;
}

int body_coords_row_joint(void *ws, int row)
{
	return model_row_joint(((struct body_coords_head *)ws)->m, row);
}

void body_coords_coordinate_name(void *ws, int k, char *buf, size_t len)
{
	static const char *coords[] = {"x", "y", "angle"};
	const struct model *m = ((struct body_coords_head *)ws)->m;
	snprintf(buf, len, "body '%s' (%s)", m->bodies[k / 3].name, coords[k % 3]);
}

void body_coords_from_bodies(void *ws, const double *c, const double *cd, double *q, double *qd)
{
	size_t n = (size_t)((struct body_coords_head *)ws)->n;
	memcpy(q, c, sizeof(double) * n);
	memcpy(qd, cd, sizeof(double) * n);
}

int body_coords_to_bodies(void *ws, double t, const double *q, const double *qd, const double *qdd,
                          double *c, double *cd, double *cdd)
{
	(void)t;
	body_coords_from_bodies(ws, q, qd, c, cd);
	if (qdd && cdd)
		memcpy(cdd, qdd, sizeof(double) * (size_t)((struct body_coords_head *)ws)->n);
	return 0;
}

void body_coords_mass_apply(void *ws, const double *x, double *out)
{
	const struct body_coords_head *w = ws;
	for (int k = 0; k < w->n; k++)
		out[k] = w->mass[k] * x[k];
}

void body_coords_mass_solve(void *ws, double *x)
{
	const struct body_coords_head *w = ws;
	for (int k = 0; k < w->n; k++)
		x[k] *= w->inverse[k];
}

void body_coords_mass_dense(void *ws, double *A)
{
	const struct body_coords_head *w = ws;
	memset(A, 0, sizeof(double) * (size_t)w->n * (size_t)w->n);
	for (int k = 0; k < w->n; k++)
		A[(size_t)k * (size_t)w->n + (size_t)k] = w->mass[k];
}

const double *body_coords_mass_inverse_diagonal(void *ws)
{
	return ((struct body_coords_head *)ws)->inverse;
}
