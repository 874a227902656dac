/* SPDX-License-Identifier: GPL-3.0-or-later */
/* start.h — the start of a forward run, judged in body coordinates for
 * every formulation. Initial conditions that break the joints (book Sec.
 * 14.3) are said, naming the joints and by how much, or corrected once, by
 * least squares in body coordinates, so that every formulation starts from
 * the same state. */
#ifndef MB_START_H
#define MB_START_H

#include "model/model.h"

/* Judge the initial conditions c, ċ (3 per body) at time t. correct = 0:
 * when a joint is off by more than the tolerance, fail d naming it and the
 * two ways on, and return -1. correct = 1: correct c and ċ in place and
 * write into note (len bytes) what moved ("" when nothing did). */
int start_check(const struct model *m, struct run_data *d, double t, int correct, double *c,
                double *cd, char *note, size_t len);

/* The tolerances: 1e-6 of the model's size (m, rad) and of its speed. */
void start_tolerances(const struct model *m, const double *c, const double *cd, double *position,
                      double *velocity);

#endif
