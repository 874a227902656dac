/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tree_solve.h — S λ = b for S = J W J' (W diagonal) in time linear in the
 * number of bodies when the joints form a tree (Baraff's method).
 *
 * Instead of S, which couples every joint to every other on a chain, the
 * KKT matrix
 *     [W⁻¹  J']
 *     [J    0 ]
 * is factored: its graph has a node per body (a block of columns) and per
 * joint (a group of rows), an edge where a joint's rows touch a body. When
 * that graph is a tree, eliminating it from the leaves in creates no fill:
 * every node's block is small and the work is O(N). Joints that would close
 * a loop (or touch more than two bodies, or tie a second body of a part to
 * the ground) are cut: their rows join through the tree's solves, one per
 * cut row, and a small dense system (nc x nc for nc cut rows). Then
 *     [W⁻¹ J'; J 0] {x; y} = {0; -b}   gives   y = (J W J')⁻¹ b.
 * Used by the constrained layer for diagonal M (body coordinates) and by
 * the report's least squares (W = I). */
#ifndef MB_TREE_SOLVE_H
#define MB_TREE_SOLVE_H

#include "util/rows.h"

struct tree_solve;

/* From this many rows on, body coordinates (diagonal M) and the report's
 * least squares solve through the tree, whose cost grows linearly with the
 * rows whatever the tree's shape. The dense path factors S in its rows'
 * envelope: linear too on a chain, and there with fewer and cheaper
 * operations, but the envelope of a branching tree fills in. rk4 h = 1e-3,
 * µs per evaluation, tree against dense (and instructions): a chain of 64
 * rows 8.0 / 4.6 (72k / 67k), 128 rows 16.5 / 11.6 (145k / 156k), 200 rows
 * 25.8 / 22.6, 300 rows 45 / 69; a binary tree of 126 rows 14.1 / 15.4,
 * 254 rows 34 / 44. A loop's cut rows cost the tree a solve each: a
 * four-bar with a hanging chain, 208 rows, 38.7 / 26.7. No row count is
 * right for every shape; 32 keeps the growth linear on every tree (make
 * bench fits it), at up to twice the dense cost on long chains and loops.
 * Choosing by the envelope's size at setup would serve both. */
#define TREE_SOLVE_ROWS 32

/* For rows r whose columns come in blocks of `block` (3: a body's x, y, φ),
 * the rows of one joint sharing a group number (group[row] ≥ 0; -1: a row
 * of its own). The graph comes from the rows' spans, which must be set. */
struct tree_solve *tree_solve_new(const struct rows *r, int block, const int *group);
void tree_solve_free(struct tree_solve *t);

/* How many rows are cut (0: the joints form a tree). */
int tree_solve_cut_rows(const struct tree_solve *t);

/* Cut row k's row in J, and after a factor its pivot L_kk in the Cholesky
 * factor of the cut rows' system C K⁻¹ C' (the part of the row that the
 * tree's rows and the cut rows before it do not give, in W's metric): a
 * loop's rows come near dependent there, at a toggle. */
int tree_solve_cut_row(const struct tree_solve *t, int k);
double tree_solve_cut_pivot(const struct tree_solve *t, int k);

/* Factor at the current J with weights w (one per column): 0, or -1 when a
 * pivot is too small (dependent rows: the caller takes its dense path,
 * which explains them). */
int tree_solve_factor(struct tree_solve *t, const struct rows *r, const double *w);

/* b ← (J W J')⁻¹ b after tree_solve_factor. */
void tree_solve_apply(struct tree_solve *t, double *b);

#endif
