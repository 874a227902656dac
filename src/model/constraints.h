/* SPDX-License-Identifier: GPL-3.0-or-later */
/* constraints.h — the joints' constraints in body coordinates, book Sec.
 * 7.2.9: Φ, D, γ and the velocity right side, c = {x, y, φ} per body.
 *
 * Every formulation states its constraints from these: body coordinates
 * take them as they are, joint coordinates map the cut joints' rows
 * through B, point coordinates through the points. Events, reports and
 * kinematics use them directly. */
#ifndef MB_CONSTRAINTS_H
#define MB_CONSTRAINTS_H

#include "model/model.h"
#include "util/rows.h"

/* Rows for the given joints (model joint indices; list NULL: every joint,
 * in order), one joint after another, over the 3 nbodies columns, with each
 * row's span on its two bodies. */
struct rows *joint_rows_new(const struct model *m, const int *list, int count);

/* The same spans set on rows r (which may be a formulation's own rows in
 * body coordinates). */
void joint_rows_spans(const struct model *m, const int *list, int count, struct rows *r);

/* Φ, D, γ and v of those joints at (t, c, ċ) into r: 0, or -1 with the
 * run's error set (a driver failed). */
int joint_rows_eval(const struct model *m, struct run_data *d, const int *list, int count, double t,
                    const double *c, const double *cd, struct rows *r);

/* The same with cos φ and sin φ of every body at hand (cs, two per body;
 * NULL: computed here), and ċ given (not NULL). */
int joint_rows_eval_turned(const struct model *m, struct run_data *d, const int *list, int count,
                           double t, const double *c, const double *cd, const double *cs,
                           struct rows *r);

/* The constraint rows of a model's joints: how many (list NULL: all). */
int joint_rows_count(const struct model *m, const int *list, int count);

/* Which joint row `row` of such a set belongs to (model index), or -1. */
int joint_rows_joint(const struct model *m, const int *list, int count, int row);

/* Fail naming the joints whose rows depend on the others, found by QR with
 * column pivoting of J' (Sec. 14.4), and saying how to carry on. */
void explain_dependent_rows(struct run_data *d, double t, const struct rows *r,
                            const char *(*row_name)(void *ctx, int row), void *ctx);

#endif
