/* band_kkt.h — the KKT system of a constant, sparse mass matrix M and
 * constraint rows J that change from one evaluation to the next:
 *     [M  J'] {a}   {h}
 *     [J  0 ] {μ} = {γ}
 * in time linear in the model's size when the model is a chain, or close
 * to one (point coordinates, Ch. 10: a point is shared by the bodies that
 * meet there, so M couples neighbouring points and is not diagonal).
 *
 * The coordinates are ordered by reverse Cuthill-McKee over the graph of M
 * and of the rows, which keeps the nonzeros near the diagonal, and each
 * row is placed right after the last coordinate it touches. The matrix is
 * then a band, factored as L D L' without pivoting (GSL's band LDL'). That
 * is safe because of the placement: every leading block is [M_PP J_RP';
 * J_RP 0] with M_PP positive definite and the rows R touching only the
 * coordinates P, so while the rows are independent each block is regular
 * and each pivot has a known sign, positive for a coordinate and negative
 * for a row. A pivot of the wrong sign, or one too small against its
 * row's own scale, means dependent rows: band_kkt_factor says so and the
 * caller takes its dense path, which names them.
 *
 * M itself is kept as a band in the same order, Cholesky-factored once. */
#ifndef MB_BAND_KKT_H
#define MB_BAND_KKT_H

#include "util/rows.h"

struct band_kkt;

/* For M (n x n row-major, n = r->cols) and rows r whose spans are set:
 * NULL when M is not positive definite. */
struct band_kkt *band_kkt_new(const double *M, const struct rows *r);
void band_kkt_free(struct band_kkt *k);

/* The widths of the bands (below the diagonal): M's and the KKT matrix's. */
int band_kkt_mass_width(const struct band_kkt *k);
int band_kkt_width(const struct band_kkt *k);

/* out = M x;  x ← M⁻¹ x;  M written out (n x n, row-major). */
void band_kkt_mass_apply(const struct band_kkt *k, const double *x, double *out);
void band_kkt_mass_solve(struct band_kkt *k, double *x);
void band_kkt_mass_dense(const struct band_kkt *k, double *M);

/* Factor at the current J; a dropped row (dropped may be NULL) keeps its
 * multiplier at zero. 0, or -1 when the rows are dependent. */
int band_kkt_factor(struct band_kkt *k, const struct rows *r, const char *dropped);

/* a and λ = -μ (so that M a = h + J'λ, the constrained layer's sign) for
 * right sides h and γ, after band_kkt_factor. */
void band_kkt_solve(struct band_kkt *k, const double *h, const double *gamma, double *a,
                    double *lambda);

#endif
