/* SPDX-License-Identifier: GPL-3.0-or-later */
/* linalg.h — the few vector helpers every layer needs; anything larger is
 * GSL's. */
#ifndef MB_LINALG_H
#define MB_LINALG_H

/* Euclidean norm of v[0..n). */
double vec_norm(const double *v, int n);

/* The index of the entry of largest magnitude (0 when n is 0). */
int vec_worst(const double *v, int n);

/* The index of the first entry that is NaN or larger in size than
 * largest (DBL_MAX: not finite), or -1. */
int vec_beyond(const double *v, int n, double largest);

#endif
