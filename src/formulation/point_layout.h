/* SPDX-License-Identifier: GPL-3.0-or-later */
/* point_layout.h — a model's bodies as points, book Ch. 10, shared by the
 * two point formulations: the book's (point_coords.c) and Attia's
 * recursive one (point_recursive.c).
 *
 * Bodies welded together (rigid joints) move as one group. A group that
 * turns is held by two primary points, its frame (Sec. 10.2: a point at
 * every pin, two on a sliding axis, else the mass centre and a point a
 * radius of gyration from it); a group whose angle the joints fix (a
 * slider on the ground, Sec. 10.2's exception) by one; the ground's group
 * by none, its points being stationary. A pin puts one point on both its
 * bodies, so it costs nothing; a pin beyond a group's frame is a further
 * primary point held to the frame by two rows. Every other point of a body
 * is a secondary point (Eq. 10.28): a fixed combination of its frame's
 * points, r = z_a r_a + z_b r_b with complex z (z r = Re z r + Im z r̆),
 * so its velocity and acceleration are the same combination (Eq. 10.27).
 *
 * Each joint is then written with the constraint types of Sec. 10.3 on
 * these points (length 10.14, normal 10.17, parallel 10.20-10.22, constant
 * angle 10.21, simple 10.23-10.24), and a disc or an angle driver with the
 * group's angle, the direction of its frame. q is the primary points'
 * coordinates, two per point. */
#ifndef MB_POINT_LAYOUT_H
#define MB_POINT_LAYOUT_H

#include "model/model.h"
#include "util/rows.h"

/* An affine map of the primary points: r = c + Σ z_k r_k over the points
 * that move, each named by its first coordinate v_k (r_k = q[v_k], q[v_k +
 * 1]); a stationary point's share is in c. */
#define LIN_REFS 4
struct lin {
	int n;
	int v[LIN_REFS];
	vec2 z[LIN_REFS];
	vec2 c;
};

enum group_motion { MOTION_FIXED, MOTION_SLIDING, MOTION_TURNING };

struct group {
	int ref; /* its reference body, -1 for the ground's */
	enum group_motion motion;
	double angle;         /* fixed or sliding: the reference body's angle, constant */
	int *points, npoints; /* its primary points, the frame first (turning: 2, sliding: 1) */
	vec2 *at;             /* their places in the reference body's frame */
	double length, dir;   /* turning: frame length |s_b - s_a| and its angle in that frame */
	double mass, inertia; /* the group as one body; inertia about its mass centre */
	vec2 centre_at;       /* that mass centre in the reference frame */
	struct lin centre;    /* and as a point */
	struct lin frame;     /* turning: d = r_b - r_a over its frame's points */
	/* turning, per evaluation: d = r_b - r_a, ḋ, the angle φ (whole turns
	 * kept), φ̇, ∂φ/∂r_b = d̆ / |d|² and φ̈ when d̈ = 0 */
	vec2 d, dd, grad;
	double phi, phid, bias;
	/* φ = atan2(d) - dir + 2π turns, its whole turns counted from where d
	 * crossed atan2's cut since the last frame (in a simulation, since the
	 * last accepted step: anchor below; turns_known 0: to be taken from φ
	 * as set, at the next frame); φ itself is computed only where
	 * it is read (angle_read: by a row or a force; a report always). The
	 * turns are a whole number held as a double: an angle may start
	 * anywhere up to 1e15 rad, beyond an int's turns */
	double turns;
	int turns_known, angle_read;
	/* in a simulation (accepted_steps), d and the turns at its last
	 * accepted step: the turns of any state are counted from there, so a
	 * refused trial step, whose stages may lie far apart, leaves no trace */
	vec2 anchor;
	double anchor_turns;
	/* Attia's tree (recursive layouts): the parent group (-1: a root) and
	 * the pin to it (-1: none, the root floats or stands on the ground) */
	int parent, parent_joint;
	char *name; /* what its own rows are called in messages */
};

enum point_role { ROLE_PIN, ROLE_AXIS, ROLE_CENTRE, ROLE_GYRATION };

struct point {
	int var;   /* its x is coordinate var, y var + 1; -1: stationary */
	vec2 at;   /* stationary: its place */
	int group; /* a group it belongs to, and its place in that group's frame */
	vec2 s;
	enum point_role role;
	int joint; /* the pin or sliding joint that put it there, or -1 */
	int body;  /* a body it belongs to (-1: the ground) and its place on it */
	vec2 local;
	char *name; /* for messages: "the pin 'A'" */
};

enum prow_kind {
	PROW_DOT,    /* Φ = w a'b - k */
	PROW_CROSS,  /* Φ = w a x b - k = w ă'b - k */
	PROW_LINEAR, /* Φ = g'a - k */
	PROW_ANGLE,  /* Φ = Σ w_c φ_c + g'a - k */
};

/* A time function in a row: Φ -= f(t) or Φ -= f(t)² / 2. */
enum prow_time { TIME_NONE, TIME_LINEAR, TIME_HALF_SQUARE };

#define PROW_POINTS 4
#define PROW_VARS (2 * LIN_REFS + 2 * 2) /* a's and b's points, two frames' two */
struct prow {
	enum prow_kind kind;
	const char *type; /* the book's name: length, normal, parallel, angle, simple, ... */
	struct lin a, b;
	vec2 g;
	double w, k;
	int group[2]; /* PROW_ANGLE: turning groups and their weights */
	double weight[2];
	enum prow_time time;
	int joint;                  /* the model joint it states, or -1: a body's own */
	int body;                   /* own rows: the group's reference body */
	int points[PROW_POINTS];    /* the points it is written on, for the listing (-1: none) */
	double value;               /* its length, offset or angle, for the listing */
	int nvars, vars[PROW_VARS]; /* the points it touches, by their first coordinates */
	/* set with vars, so that an evaluation finds without a search where a
	 * gradient goes: each point's two coordinates in turn, and the place
	 * in vars of each point of a and b and of the angle's frame points
	 * (-1: stationary) */
	int coords[2 * PROW_VARS];
	signed char slot_a[LIN_REFS], slot_b[LIN_REFS], slot_frame[2][2];
	int same; /* b is a (a length row): its value is a's */
};

/* One row's value at a state: Φ, the right sides of D q̇ = v and D q̈ = γ,
 * and its gradient over the coordinates it touches. */
struct prow_value {
	double phi, vrhs, gamma;
	int n;
	const int *var; /* the row's coords */
	double grad[2 * PROW_VARS];
};

/* Where a body sits in its group's reference frame. */
struct body_place {
	int group;
	vec2 offset;
	double angle;
	struct lin centre; /* its mass centre as a point */
};

struct layout {
	const struct model *m;
	int ngroups, npoints, n, nrows, nown;
	struct group *groups; /* the ground's group first */
	struct point *points;
	struct body_place *bodies;
	struct prow *rows; /* the groups' own rows first, then the joints' */
	/* recursive layouts: the groups parents first, and the cut pins */
	int *order, norder;
	int accepted_steps; /* the caller tells each accepted step (layout_accept) */
};

/* How the pins share their points: all of them (the book's Ch. 10), or
 * those of a spanning tree over the groups, the others cut (Attia); tree,
 * when given, lists the joints the tree may use. */
struct layout_options {
	int recursive;
	const int *tree;
	int ntree;
	int accepted_steps; /* the formulation_config's */
};

/* The layout of model m, or NULL with the reason in d's error. */
struct layout *layout_new(const struct model *m, const struct layout_options *o,
                          struct run_data *d);
void layout_free(struct layout *L);

/* the columns a row touches, as the constrained layer's spans */
void layout_spans(const struct layout *L, struct rows *r);

/* z r and its transpose: z' r = conj(z) r */
static inline vec2 cmul(vec2 z, vec2 r) { return v2(z.x * r.x - z.y * r.y, z.y * r.x + z.x * r.y); }
static inline vec2 cmul_t(vec2 z, vec2 r)
{
	return v2(z.x * r.x + z.y * r.y, z.x * r.y - z.y * r.x);
}

/* the value of a lin at r (rates: the same map without its constant);
 * inline, as every evaluation takes several per row */
static inline vec2 lin_value(const struct lin *l, const double *r)
{
	vec2 v = l->c;
	for (int k = 0; k < l->n; k++)
		v = v2_add(v, cmul(l->z[k], v2(r[l->v[k]], r[l->v[k] + 1])));
	return v;
}
static inline vec2 lin_rate(const struct lin *l, const double *rd)
{
	vec2 v = v2(0, 0);
	for (int k = 0; rd && k < l->n; k++)
		v = v2_add(v, cmul(l->z[k], v2(rd[l->v[k]], rd[l->v[k] + 1])));
	return v;
}

/* The turning groups' frames at (r, ṙ) (ṙ may be NULL): d, ḋ, φ (the branch
 * nearest the last; of every group when all_angles, else of those whose
 * angle_read says a row or a force reads it), φ̇, ∂φ/∂r_b and the bias.
 * Every evaluation starts here. */
void layout_frames(struct layout *L, const double *r, const double *rd, int all_angles);

/* A simulation accepted its step at r: the turns are counted from there. */
void layout_accept(struct layout *L, const double *r);

/* The groups' angles and the points standing for the bodies' c and ċ. */
void layout_from_bodies(struct layout *L, const double *c, const double *cd, double *r, double *rd);

/* c, ċ (and c̈ when rdd and cdd are given) after layout_frames (the angles
 * in c those layout_frames computed). */
void layout_to_bodies(const struct layout *L, const double *r, const double *rd, const double *rdd,
                      double *c, double *cd, double *cdd);

/* Row `row` at (t, r, ṙ) after layout_frames: 0, or -1 when a driver's
 * function fails (the run's error set). Its gradient goes into out, or
 * when dense is given, added into that row of J (n wide, zero where the
 * row is written) with out's gradient left unset. */
int layout_row(const struct layout *L, struct run_data *d, int row, double t, const double *r,
               const double *rd, struct prow_value *out, double *dense);

/* Every row into out (the constrained layer's rows): 0 or -1. */
int layout_rows(const struct layout *L, struct run_data *d, double t, const double *r,
                const double *rd, struct rows *out);

/* The generalised forces on the bodies (3 each) as forces on the points,
 * by virtual work (Secs. 10.6, 10.9): a force at the mass centre shared by
 * the frame's points, a moment as a couple on them. Adds to h. */
void layout_forces(const struct layout *L, const double *hc, double *h);

/* out += w g' (∂lin/∂r) into a dense row of n */
void lin_gradient(const struct lin *l, vec2 g, double *row);

/* The constant mass matrix of the points, n x n row-major, exact for each
 * group as a rigid body: its mass at its mass centre, a secondary point,
 * and its moment of inertia on the differences of its points from the
 * first, shared among them, d̆'ḋ = |d|² φ̇ (on two points, Eqs.
 * 10.52-10.56), so that every point has mass and M is positive definite. */
void layout_mass(const struct layout *L, double *M);

/* The k-th coordinate's name: "x of the pin 'A'". */
void layout_coordinate_name(const struct layout *L, int k, char *buf, size_t len);

/* What a row is called in messages: its joint, or "rod (its points)". */
const char *layout_row_name(const struct layout *L, int row);

/* The head of a workspace over a layout (point coordinates and Attia's
 * recursive ones): the table entries below read only this head, so both
 * formulations share them. */
struct point_coords_head {
	const struct model *m;
	struct run_data *d;
	struct layout *L;
	int n;               /* the points' variables */
	double *c, *cd, *hc; /* per evaluation: the bodies (their angles where the
	                      * forces read them), and their forces (3 each) */
	/* set by a formulation that reads neither c, ċ nor hc: when the forces
	 * are the weights alone, h is the same at every state (a constant
	 * force at a mass centre, a fixed combination of the points, Eq.
	 * 10.28, has fixed shares on them), so it is shared among the points
	 * once and kept in weights_h */
	int weights_once, weights_known;
	double *weights_h;
};

/* The head over layout L (its owner from now on), and its release. */
void point_coords_head_init(struct point_coords_head *w, const struct model *m, struct run_data *d,
                            struct layout *L);
void point_coords_head_release(struct point_coords_head *w);

/* An evaluation's part common to both (what: formulation.h's EVAL_ flags):
 * the frames, the rows when asked, and with the forces the bodies' c, ċ and
 * generalised forces hc, shared among the points as h by virtual work.
 * 0, or -1 with the run's error set. */
int point_coords_head_evaluate(struct point_coords_head *w, double t, const double *r,
                               const double *rd, unsigned what, struct rows *out, double *h);

/* ws: the workspace of a run in either (constrained_workspace): its layout. */
const struct layout *point_coords_layout(void *ws);
int point_coords_size(const void *ws, int *rows);
void point_coords_spans(const void *ws, struct rows *r);
int point_coords_row_joint(void *ws, int row);
const char *point_coords_row_name(void *ws, int row);
void point_coords_coordinate_name(void *ws, int k, char *buf, size_t len);
void point_coords_from_bodies(void *ws, const double *c, const double *cd, double *r, double *rd);
struct coordinate_switch; /* formulation.h */
int point_coords_after_step(void *ws, double t, double *r, double *rd,
                            struct coordinate_switch *out);
int point_coords_to_bodies(void *ws, double t, const double *r, const double *rd, const double *rdd,
                           double *c, double *cd, double *cdd);

#endif
