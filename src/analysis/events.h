/* SPDX-License-Identifier: GPL-3.0-or-later */
/* events.h — contact events during a forward run (book Sec. 13.4).
 *
 * After every accepted step the contacts are checked. When one has closed
 * inside the step, the instant it closed is found (Illinois false position
 * on δ, integrating again from the step's start), the run goes back to
 * that instant, and then: an impulse contact makes the velocities jump
 * (Sec. 11.1.4), impacts passing on to other touching contacts in the
 * same instant; a force contact remembers its closing speed for Eqs.
 * 11.42-11.43 and the contact is followed until it opens again (found
 * the same way), which ends its record: duration, deepest penetration,
 * largest force, and the speeds in and out. The integrator restarts from
 * each event, as the book's restart loop does. An impulse contact that
 * closes again without having come apart is lasting contact, which the
 * impulse law cannot carry: the run stops and says so. */
#ifndef MB_EVENTS_H
#define MB_EVENTS_H

#include "analysis/run.h"
#include "formulation/constrained.h"

/* One step of the run's integrator from (t0, y0) over tau into y. */
typedef int (*advance_fn)(void *ctx, double t0, const double *y0, double tau, double *y);

struct events;

/* NULL when the model has no contacts. The run's formulation s gives the
 * bodies of its states; the contacts' state goes in d. */
struct events *events_new(const struct model *m, struct run_data *d, struct constrained *s);
void events_free(struct events *ev);

/* The contacts' state at the start (t, y); impacts of contacts that touch
 * and close already. 0, or -1 with the run's error set. */
int events_start(struct events *ev, double t, double *y);

/* After an accepted step from (t0, y0) to (*t, y): 0 if nothing happened,
 * 1 if an event moved the run back to *t with y the state just after it,
 * -1 with the run's error set. */
int events_after_step(struct events *ev, double t0, const double *y0, double *t, double *y,
                      advance_fn advance, void *ctx);

/* The impacts so far. */
const struct impact_record *events_impacts(const struct events *ev, int *count);

#endif
