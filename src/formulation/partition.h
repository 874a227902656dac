/* SPDX-License-Identifier: GPL-3.0-or-later */
/* partition.h — coordinate partitioning (book Sec. 13.3.2) for any
 * formulation's constraint rows.
 *
 * Only the independent coordinates and rates are taken as integrated; the
 * dependent ones are solved from Φ(q_d, q_i) = 0 by Newton-Raphson, from
 * the integrated values, and from J_d q̇_d = v - J_i q̇_i, so the
 * constraints hold to round-off at every evaluation. The split comes from
 * the Jacobian (QR with column pivoting: the best-conditioned columns are
 * dependent) afresh at every state, unless the user gave it. */
#ifndef MB_PARTITION_H
#define MB_PARTITION_H

#include "model/model.h"
#include "util/rows.h"

struct partition;

/* n coordinates and up to `rows` constraint rows; independent: the user's
 * choice (n - rows of them), or NULL. */
struct partition *partition_new(int n, int rows, const int *independent, int nindependent);
void partition_free(struct partition *p);

/* The constraint rows at (t, q, q̇): 0, or -1 with the run's error set. */
typedef int (*rows_at_fn)(void *ctx, double t, const double *q, const double *qd,
                          const struct rows **out);

/* Make q and q̇ consistent in place, on the rows not marked in dropped
 * (NULL: every row; rows_at may mark them as it first evaluates); 0, or -1
 * with the run's error set. */
int partition_apply(struct partition *p, rows_at_fn rows_at, void *ctx, const char *dropped,
                    struct run_data *d, double t, double *q, double *qd);

#endif
