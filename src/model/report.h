/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report.h — the report of one time: what every formulation, kinematic
 * analysis and inverse dynamics record at a reporting time, computed the
 * same way for all of them in body coordinates.
 *
 * Given the bodies' c, ċ and c̈, the multipliers come from D'λ = M c̈ - h
 * (least squares; Sec. 12.2, ID1) unless the formulation's own multipliers
 * are the joints' ones already (body coordinates). Then the reactions
 * (Sec. 7.4.1) in the global frame and in the second body's, the energies
 * (Sec. 7.5), the violation of the position and velocity constraints and
 * the contacts' state. */
#ifndef MB_REPORT_H
#define MB_REPORT_H

#include "model/model.h"

#define REACTION_FIELDS 5
/* per force element in a sample: f, fx, fy, torque, length, rate (what its
 * kind's entry says it has, struct force_values) and its power */
#define FORCE_FIELDS 7

/* Everything reported at one time. Arrays are sized by the model. A run
 * records the state, its accelerations and what depends on the run's
 * course (contacts, the formulation's multipliers and own rows); the rest
 * (reactions, energies, violations) is completed when first asked. */
struct sample {
	double t;
	double *q, *qd, *qdd; /* 3 per body: x, y, φ */
	double *reaction;     /* REACTION_FIELDS per joint: fx, fy, torque on its second
	                       * body in the global frame, then fx, fy in that body's frame */
	double *lambda;       /* one per constraint row */
	double *contact;      /* CONTACT_FIELDS per contact (contact.h) */
	double *force;        /* FORCE_FIELDS per force element */
	double kinetic, potential;
	/* the power put in that the energy does not hold: the drivers' (λ'D ċ
	 * over their rows) and the force elements' and contacts' beyond their
	 * own potential energy; its integral is the work the energy's change
	 * must match (r.energy.work) */
	double work_rate;
	double violation, velocity_violation; /* ‖Φ‖, ‖D ċ - v‖ */
	double condition; /* how far the formulation's coordinates are from singular:
	                   * 1 far (or no such measure), 0 singular */
	/* the norms of the formulation's own rows (a body's length in point
	 * coordinates), which count in the violations too */
	double own_violation, own_velocity_violation;
	int has_lambda; /* lambda holds the formulation's multipliers, taken at the run */
	int complete;   /* reactions, energies and violations are computed */
};

struct sample *sample_new(const struct model *m);
void sample_free(struct sample *s);

/* The bytes of a sample of model m and its arrays, and a sample laid out
 * in such zeroed bytes (a run keeps its samples in blocks of them). */
size_t sample_bytes(const struct model *m);
struct sample *sample_place(void *at, const struct model *m);

struct report;
struct rows;

/* A workspace for the reports of one run. With drop_redundant, rows that
 * QR with pivoting finds dependent at the first report are left out of the
 * least squares (λ = 0), and every joint with a share in a combination of
 * multipliers that exerts no force (the null space of D') is marked in the
 * run's data as having a reaction that is not unique (Sec. 14.4).
 * joints_held: the accelerations reported meet every joint by construction
 * (the formulation has no constraint rows), so on a tree of joints λ is
 * found by substitution instead of least squares. */
struct report *report_new(const struct model *m, int drop_redundant, int joints_held);
void report_free(struct report *w);

/* Record the sample at (t, c, ċ, c̈): the state, its accelerations, lambda
 * (the joints' multipliers, or NULL to find them when completed) and the
 * contacts' state (read from the run's data: their course so far). 0, or
 * -1 with the run's error set when a position, rate or acceleration is
 * not finite or past 1e150. */
int report_record(struct report *w, struct run_data *d, double t, const double *c, const double *cd,
                  const double *cdd, const double *lambda, struct sample *out);

/* Complete a recorded sample: the multipliers by least squares unless
 * taken, reactions, energies, violations. Samples of a run are completed
 * in their order (the first decides the rows redundant = "drop" leaves
 * out). 0, or -1 with the error in d. */
int report_complete(struct report *w, struct run_data *d, struct sample *s);

/* Both at once (kinematic analysis, inverse dynamics). */
int report_sample(struct report *w, struct run_data *d, double t, const double *c, const double *cd,
                  const double *cdd, const double *lambda, struct sample *out);

#endif
