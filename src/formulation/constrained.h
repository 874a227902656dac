/* SPDX-License-Identifier: GPL-3.0-or-later */
/* constrained.h — the constrained-dynamics layer under every formulation.
 *
 * A formulation (formulation.h) states M, h, Φ, J, v and γ in its own
 * coordinates q; this layer solves
 *     [M  -J'] {q̈}   {h}
 *     [J   0 ] {λ} = {γ}          (book Eq. 7.56, 9.34, 10.32)
 * through the Schur complement (J M⁻¹ J') λ = γ - J M⁻¹ h, and owns what
 * every formulation shares: the remedies of Sec. 13.3 (Baumgarte's right
 * side, the penalty method, the momentum method, coordinate partitioning),
 * redundant rows dropped or explained (Sec. 14.4), initial-condition
 * correction (Sec. 14.3), Ctrl-C, and a check that every result is finite.
 * Its samples are reported in body coordinates (model/report.h), so every
 * formulation returns the same result type.
 *
 * The state y that an integrator advances is {q, q̇}, or {q, p = M q̇}
 * with the momentum method. */
#ifndef MB_CONSTRAINED_H
#define MB_CONSTRAINED_H

#include "formulation/formulation.h"
#include "model/report.h"

struct constrained;

/* Formulation f set up for one run of model m with the run's data d; NULL
 * with the reason in d->error when f cannot take the model. */
struct constrained *constrained_new(const struct model *m, const struct formulation *f,
                                    const struct formulation_config *cfg, struct run_data *d);
void constrained_free(struct constrained *s);

/* n coordinates; the state has 2n numbers. */
int constrained_size(const struct constrained *s);

/* The state standing for body coordinates c and rates ċ (the model's
 * initial ones at the start, the ones after an impact later). */
void constrained_set_state(struct constrained *s, const double *c, const double *cd, double *y);

/* The body coordinates and rates a state stands for: 0 or -1. */
int constrained_bodies(struct constrained *s, double t, const double *y, double *c, double *cd);

/* dy/dt at (t, y): 0, or -1 with the run's error set. Each call counts as
 * one evaluation. */
int constrained_derivatives(struct constrained *s, double t, const double *y, double *dydt);

/* Whether the formulation has a tight loop of its own for semi-implicit
 * Euler steps (formulation.h, advance). */
int constrained_has_advance(const struct constrained *s);

/* `steps` such steps of h from (t, y), in place, by that loop, the state
 * checked as constrained_derivatives checks it: 0, or -1 with the run's
 * error set. */
int constrained_advance(struct constrained *s, double t, double h, long steps, double *y);

/* The sample at (t, y), not counted as an evaluation, recorded (the state,
 * its accelerations, what the run's course decides) but not completed
 * (model/report.h): 0 or -1. */
int constrained_measure(struct constrained *s, double t, const double *y, struct sample *out);

/* The report workspace of the run, handed to the caller (who frees it,
 * and completes the run's samples with it later). */
struct report *constrained_take_report(struct constrained *s);

/* After an accepted step to (t, y): 0, or 1 when the formulation changed
 * its coordinates (y rewritten for the same state, *out filled), or -1
 * with the run's error set (formulation.h, after_step). */
int constrained_after_step(struct constrained *s, double t, double *y,
                           struct coordinate_switch *out);

/* Correct y so the position and velocity constraints hold (least squares,
 * Sec. 14.3): 0 or -1. */
int constrained_correct(struct constrained *s, double t, double *y);

/* ------------------------------------------------------------ kinematic analysis */

/* The constraint rows at (t, q, q̇) in the formulation's coordinates. */
int constrained_rows(struct constrained *s, double t, const double *q, const double *qd,
                     const struct rows **out);
const char *constrained_row_name(struct constrained *s, int row);
/* The model joint a row states, or -1 for a row of the formulation's own
 * (a vector loop, a body's length in point coordinates). */
int constrained_row_joint(struct constrained *s, int row);
/* Coordinate k's name ("crank.angle"), for the teaching pieces. */
void constrained_coordinate_name(struct constrained *s, int k, char *buf, size_t len);

/* The sample of a state whose q̈ is known (kinematic analysis): the
 * multipliers of every joint from D'λ = M c̈ - h (ID1). 0 or -1. */
int constrained_report(struct constrained *s, double t, const double *q, const double *qd,
                       const double *qdd, struct sample *out);

/* ------------------------------------------------------------ teaching */

/* Everything at one state (q, q̇) in the formulation's coordinates; the
 * arrays live in the layer until its next call. */
struct constrained_pieces {
	int n, rows;
	const double *M;                  /* n x n, row-major */
	const double *J;                  /* rows x n */
	const double *phi, *vrhs, *gamma; /* per row */
	const double *h, *acc, *lambda;   /* M, h, acc, lambda: NULL for a kinematic-only one */
	const double *row_ratio; /* per row, what a run watches for toggles: sqrt(S_kk)/L_kk
	                          * with S = J M⁻¹ J' = L L' (0 for a dropped row); NULL
	                          * where S is not factored (no rows, the penalty method) */
};
int constrained_pieces(struct constrained *s, double t, const double *q, const double *qd,
                       struct constrained_pieces *out);

/* The formulation's own workspace, for its own teaching pieces. */
void *constrained_workspace(struct constrained *s);

#endif
