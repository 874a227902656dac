/* SPDX-License-Identifier: GPL-3.0-or-later */
/* formulation.c — the table of formulations. */
#include "formulation/formulation.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/constraints.h"

const struct formulation *const formulations[] = {
#define X(name) &formulation_##name,
    FORMULATIONS
#undef X
        NULL};

const char *const *formulation_names(void)
{
	static const char *names[sizeof formulations / sizeof formulations[0]];
	for (size_t i = 0; formulations[i]; i++)
		names[i] = formulations[i]->name;
	return names;
}

int formulation_option(const struct formulation *f, const char *name)
{
	return option_index(f->options, name);
}

/* ------------------------------------------------------------ the layer's options */

#define FORMULATED (TAKEN_BY_SIMULATE | TAKEN_BY_KINEMATICS | TAKEN_BY_PIECES | TAKEN_BY_EXPLAIN)

const struct option option_formulation = {.name = "formulation",
                                          .type = OPTION_CHOICE,
                                          .choices_of = formulation_names,
                                          .fallback = 0, /* body, the first */
                                          .taken_by = FORMULATED | TAKEN_BY_POINT_COORDS,
                                          .summary = "the coordinates the equations are written "
                                                     "in: mb.formulations()"};

/* Baumgarte's alpha and beta (Eq. 13.32) are rates (1/s): 0 leaves a term
 * out, and past 1e12 the terms 2 alpha Phi' + beta^2 Phi (beta^2 to 1e24)
 * swamp gamma at any step a run can take. */
const struct option option_alpha = {.name = "alpha",
                                    .type = OPTION_NUMBER,
                                    .lo = 0,
                                    .hi = 1e12,
                                    .fallback = 5,
                                    .taken_by = TAKEN_BY_SIMULATE,
                                    .summary = "Baumgarte's velocity gain (1/s)"};
const struct option option_beta = {.name = "beta",
                                   .type = OPTION_NUMBER,
                                   .lo = 0,
                                   .hi = 1e12,
                                   .fallback = 5,
                                   .taken_by = TAKEN_BY_SIMULATE,
                                   .summary = "Baumgarte's position gain (1/s)"};
/* The penalty's mass (Eqs. 13.37-13.40) is a mass: from the smallest a
 * body takes (1e-12 kg) to 1000 times the largest (1e12 kg), the default's
 * own factor. (Lua capped it at 1e15 and the bindings at 1e18: 1e15 now.) */
const struct option option_mc = {.name = "mc",
                                 .type = OPTION_NUMBER,
                                 .lo = 1e-12,
                                 .hi = 1e15,
                                 .fallback = NAN,
                                 .said = "1000 times the heaviest body's mass",
                                 .taken_by = TAKEN_BY_SIMULATE,
                                 .summary = "the penalty's mass (kg)"};
/* A damping ratio: 0 undamped; past 1e6 the penalty's damper alone sets
 * the motion, a million times critical. */
const struct option option_penalty_zeta = {.name = "zeta",
                                           .type = OPTION_NUMBER,
                                           .lo = 0,
                                           .hi = 1e6,
                                           .fallback = 1,
                                           .taken_by = TAKEN_BY_SIMULATE,
                                           .summary = "the penalty's damping ratio"};
/* A frequency (rad/s): below 1e-6 the penalty holds nothing within a run
 * of 1e6 s; past 1e9 its period (6e-9 s) is under any step's reach. */
const struct option option_penalty_omega = {.name = "omega",
                                            .type = OPTION_NUMBER,
                                            .lo = 1e-6,
                                            .hi = 1e9,
                                            .fallback = 20 * M_PI,
                                            .taken_by = TAKEN_BY_SIMULATE,
                                            .summary = "the penalty's natural frequency (rad/s)"};
const struct option option_partition_independent = {
    .name = "independent",
    .type = OPTION_COORDINATES,
    .fallback = NAN,
    .said = "chosen from the Jacobian",
    .taken_by = TAKEN_BY_SIMULATE,
    .summary = "the body coordinates partitioning integrates, {\"crank.angle\"}"};

static const char *const stabilization_names[] = {"none",     "baumgarte",    "penalty",
                                                  "momentum", "partitioning", NULL};
const struct option option_stabilization = {.name = "stabilization",
                                            .type = OPTION_CHOICE,
                                            .choices = stabilization_names,
                                            .taken_by = TAKEN_BY_SIMULATE,
                                            .summary = "the remedy of constraint drift (Ch. 13)"};

static const struct option *const baumgarte_options[] = {&option_alpha, &option_beta, NULL};
static const struct option *const penalty_options[] = {&option_mc, &option_penalty_zeta,
                                                       &option_penalty_omega, NULL};
static const struct option *const partitioning_options[] = {&option_partition_independent, NULL};
const struct remedy remedies[] = {
    {"none", NULL},     {"baumgarte", baumgarte_options},       {"penalty", penalty_options},
    {"momentum", NULL}, {"partitioning", partitioning_options}, {NULL, NULL}};

static const char *const redundant_kinds[] = {"stop", "drop", NULL};
const struct option option_redundant = {.name = "redundant",
                                        .type = OPTION_CHOICE,
                                        .choices = redundant_kinds,
                                        .taken_by = TAKEN_BY_SIMULATE | TAKEN_BY_PIECES,
                                        .summary = "stop (explain dependent joint rows and stop) "
                                                   "or drop (carry on without them)"};

const struct option option_tree = {.name = "tree",
                                   .type = OPTION_JOINTS,
                                   .fallback = NAN,
                                   .said = "any joint",
                                   .taken_by =
                                       FORMULATED | TAKEN_BY_JOINT_COORDS | TAKEN_BY_POINT_COORDS,
                                   .summary = "the joints the tree may use; the others are cut"};

const struct option *const formulation_layer_options[] = {
    &option_formulation, &option_stabilization, &option_redundant, NULL};

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
	const double *inverse = w->inverse;
	for (int k = 0, n = w->n; k < n; k += 3) /* a body at a time (n is 3 a body) */
		x[k] *= inverse[k], x[k + 1] *= inverse[k + 1], x[k + 2] *= inverse[k + 2];
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
