/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sparse_kkt.h — the KKT system of a constant, sparse mass matrix M and
 * constraint rows J that change from one evaluation to the next:
 *     [M  J'] {a}   {h}
 *     [J  0 ] {μ} = {γ}
 * in time linear in the model's size on chains and trees (point
 * coordinates, Ch. 10: a point is shared by the bodies that meet there, so
 * M couples neighbouring points and is not diagonal, and M⁻¹ is full).
 *
 * The coordinates are ordered by minimum degree over the graph of M and of
 * the rows (on a tree: leaves first, so the factor fills in little), and
 * each row is placed right after the last coordinate it touches. The
 * matrix is then factored as L D L' without pivoting (util/sparse_ldl.h).
 * That is safe because of the placement: every leading block is [M_PP
 * J_RP'; J_RP 0] with M_PP positive definite and the rows R touching only
 * the coordinates P, so while the rows are independent each block is
 * regular and each pivot has a known sign, positive for a coordinate and
 * negative for a row. A pivot of the wrong sign, or one too small against
 * its own scale, means dependent rows: sparse_kkt_factor says so and the
 * caller takes its dense path, which names them.
 *
 * M itself is factored once in the same order. */
#ifndef MB_SPARSE_KKT_H
#define MB_SPARSE_KKT_H

#include "util/rows.h"

struct sparse_kkt;

/* From this many rows on, point coordinates factor their whole system
 * sparse rather than form S = D M⁻¹ D' with the full M⁻¹ (O(rows²) to form,
 * O(rows³) to factor). rk4 h = 1e-3, µs per evaluation, sparse against
 * dense (instructions per evaluation): a chain of 8 rows 1.85 / 1.93 (15.8k
 * / 15.8k), 12 rows 2.15 / 2.17 (24k / 30k), 16 rows 3.1 / 6.0 (32k /
 * 53k), 31 rows 8.0 / 12.0 (64k / 193k); a four-bar with a hanging chain,
 * 12 rows 1.8 / 2.0, 7 rows (12.4k / 11.8k). */
#define SPARSE_KKT_ROWS 12

/* For M (n x n row-major, n = r->cols) and rows r whose spans are set:
 * NULL when M is not positive definite. */
struct sparse_kkt *sparse_kkt_new(const double *M, const struct rows *r);
void sparse_kkt_free(struct sparse_kkt *k);

/* out = M x;  x ← M⁻¹ x;  M written out (n x n, row-major). */
void sparse_kkt_mass_apply(const struct sparse_kkt *k, const double *x, double *out);
void sparse_kkt_mass_solve(struct sparse_kkt *k, double *x);
void sparse_kkt_mass_dense(const struct sparse_kkt *k, double *M);

/* Factor at the current J; a dropped row (dropped may be NULL) keeps its
 * multiplier at zero. 0, or -1 when the rows are dependent. */
int sparse_kkt_factor(struct sparse_kkt *k, const struct rows *r, const char *dropped);

/* After a factor, per row: its scale Σ J_k² / M_kk and its pivot's square
 * -D_rr (a row held out: 1 and 1). Their ratio grows as 1/sin² of the
 * angle between the row and those factored before it, in M's diagonal
 * metric: at a toggle, where a loop's rows come near dependent. */
void sparse_kkt_row_pivots(const struct sparse_kkt *k, double *scale, double *square);

/* a and λ = -μ (so that M a = h + J'λ, the constrained layer's sign) for
 * right sides h and γ, after sparse_kkt_factor. */
void sparse_kkt_solve(struct sparse_kkt *k, const double *h, const double *gamma, double *a,
                      double *lambda);

#endif
