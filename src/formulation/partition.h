/* partition.h — coordinate partitioning (book Sec. 13.3.2) for any
 * formulation that states its constraints (struct kin_system).
 *
 * Only the independent coordinates and rates are taken as integrated; the
 * dependent ones are solved from Φ(q_d, q_i) = 0 by Newton-Raphson, from
 * the integrated values, and from J_d q̇_d = v - J_i q̇_i, so the
 * constraints hold to round-off at every evaluation. The split comes from
 * the Jacobian (QR with column pivoting: the best-conditioned columns are
 * dependent) afresh at every state, unless the user gave it. */
#ifndef MB_PARTITION_H
#define MB_PARTITION_H

#include "analysis/kinematics.h"
#include "model/model.h"

struct partition;

/* n coordinates; independent: the user's choice (count n - rows), or NULL. */
struct partition *partition_new(int n, const int *independent, int nindependent);
void partition_free(struct partition *p);

/* Make q and q̇ consistent in place; 0, or -1 with m->error set. */
int partition_apply(struct partition *p, const struct kin_system *sys, struct model *m, double t,
                    double *q, double *qd);

#endif
