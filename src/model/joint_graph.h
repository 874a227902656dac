/* SPDX-License-Identifier: GPL-3.0-or-later */
/* joint_graph.h — the model's joints as a graph, compiled once when the
 * model is finished (model_finish) and read-only afterwards; every
 * formulation reads it (as MuJoCo's compiled tree, body_parentid).
 *
 * Nodes are the bodies and the ground; each joint is an edge between its
 * two bodies, read in its kind's geometry (model/joints/geometry.h). The
 * graph holds each joint's geometry in numbers, the welded groups (bodies
 * that welds join: they move as one), the angle classes (bodies whose
 * angles fixed ties join: φ = θ_class + α, the ground's class fixed), and
 * spanning trees grown by one routine, breadth first from the ground (the
 * joints in the model's order), then from each part no joint holds to the
 * ground: one over the joints that offer a coordinate (pins and sliders:
 * joint coordinates), one over the joints that relate points without a
 * driver (vector loops), one over the pins between welded groups (Attia's
 * point coordinates) and one over every joint (the report, which solves
 * its multipliers outward along a tree). The joints a tree leaves out each
 * close one loop. */
#ifndef MB_JOINT_GRAPH_H
#define MB_JOINT_GRAPH_H

#include "model/joints/geometry.h"
#include "model/model.h"

/* A spanning tree over nodes (bodies, or welded groups) from the ground's
 * node. */
struct joint_tree {
	int nnodes;
	int *parent; /* per node: the node it hangs from; -1: the ground's node
	              * itself, or a root of a part of its own */
	int *joint;  /* per node: the joint it hangs by, -1 for a root */
	int *order;  /* the nodes reached, parents first: the ground's first when
	              * it is a node, then each part's root before its own */
	int norder;
	int *cut, ncut; /* the joints of its kind it left out, in the model's order */
};

/* Which joints a tree grows over. */
enum tree_edges {
	TREE_COORDINATES, /* pins, and sliders whose guide is body j: each leaves one
	                   * coordinate, its angle or its slide (joint coordinates) */
	TREE_RELATIONS,   /* joints that relate their points, drivers aside */
	TREE_GROUP_PINS,  /* pins between welded groups; nodes are the groups */
	TREE_ALL,         /* every joint between two bodies */
	TREE_KINDS
};

struct joint_graph {
	int nbodies, njoints;
	struct geometry *geometry; /* per joint (decl NULL: its kind declares none) */
	int undeclared;            /* a joint whose kind declares no geometry, or -1 */
	/* welded groups, the ground's first (group 0) */
	int ngroups;
	int *group;     /* per body: its group */
	int *group_ref; /* per group: its first body, -1 for the ground's */
	/* angle classes over fixed ties with unit weights (sliders, welds, an
	 * angle held to the ground's): per body its class's first body (-1: the
	 * ground's class) and α, with φ_body = φ_first + α; a tie that joins
	 * two bodies already joined is redundant: redundant_tie, or -1 */
	int *angle_root;
	double *angle_offset;
	int redundant_tie;
	struct joint_tree tree[TREE_KINDS];
};

/* Grow a tree over the joints of `edges` (those listed in allowed when it
 * is not NULL) into out, its arrays in room given by the caller (nnodes
 * + 1 each for parent, joint, order; njoints + 1 for cut). For
 * TREE_GROUP_PINS the nodes are graph's groups, else the bodies; the
 * ground is node -1 of bodies and group 0 of groups. */
void joint_tree_grow(const struct model *m, const struct joint_graph *graph, enum tree_edges edges,
                     const int *allowed, int nallowed, struct joint_tree *out);

/* Room for a tree of nnodes over njoints joints, and its release (a tree
 * a formulation grows itself, from a list of allowed joints). */
void joint_tree_alloc(struct joint_tree *t, int nnodes, int njoints);
void joint_tree_free(struct joint_tree *t);

/* The graph of finished model m, one allocation (freed with free()). */
struct joint_graph *joint_graph_compile(const struct model *m);

/* Whether joint k is an edge of `edges`. */
int joint_graph_edge(const struct model *m, const struct joint_graph *graph, enum tree_edges edges,
                     int k);

#endif
