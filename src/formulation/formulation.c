/* formulation.c — the table of formulations. */
#include "formulation/formulation.h"

#include <stdio.h>
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
