/* SPDX-License-Identifier: GPL-3.0-or-later */
/* model.h — a planar mechanism in the form every formulation reads, and
 * what a run writes beside it.
 *
 * The model is built once (by the Lua layer from the user's description, or
 * directly in C by the tests) and is read-only during a run; everything a
 * run writes lives in its struct run_data, passed next to it (MuJoCo's
 * mjModel and mjData). Bodies are numbered from 0; the ground is body -1
 * and has no coordinates. Nothing here depends on a formulation or on Lua:
 * functions of time and user forces come from the host as callbacks. */
#ifndef MB_MODEL_H
#define MB_MODEL_H

#include <stddef.h>

#include "util/vec2.h"

struct run_data;
struct joint_eval;

/* A function of time (a driver, an actuator): a constant, or a callback. */
struct time_fn {
	double constant; /* used when call is NULL */
	/* f, f', f'' at t into out: how many it gave (1 to 3), or -1 with a
	 * message in err */
	int (*call)(void *ctx, double t, double out[3], char *err, size_t len);
	void (*release)(void *ctx); /* frees ctx with the model; may be NULL */
	void *ctx;
	/* call is the host's code (a Lua function): it may answer otherwise
	 * once the run is over (its upvalues changed) */
	int host;
	/* the element it belongs to, for messages (set by model_finish) */
	const char *where, *what, *name;
};

/* Forces the host computes (a Lua user force): add the generalised forces
 * of every body (3 each: fx, fy, moment) at (t, c, ċ) to h; 0, or -1 with
 * a message in err. */
struct host_force {
	int (*call)(void *ctx, double t, const double *c, const double *cd, int nbodies, double *h,
	            char *err, size_t len);
	void (*release)(void *ctx);
	void *ctx;
};

struct body {
	char *name, *where;
	double mass, inertia;
	double q0[3], v0[3]; /* x, y, φ and their rates at t = 0 */
};

/* The pose and velocity of a body (zeros for the ground), with cos φ and
 * sin φ computed once for the rotations A(φ) s its joints and forces make. */
struct body_state {
	vec2 r, rd;
	double phi, phid;
	double cos_phi, sin_phi;
};

/* A body_state from its pose and velocity (inline: the rows' evaluation
 * writes it into its place, no copy). */
static inline struct body_state body_state_make(vec2 r, vec2 rd, double phi, double phid)
{
	return (struct body_state){r, rd, phi, phid, cos(phi), sin(phi)};
}

/* A(φ) s for the body (v2_rotate's arithmetic, with its cos φ and sin φ). */
static inline vec2 body_rotate(const struct body_state *b, vec2 s)
{
	return v2(b->cos_phi * s.x - b->sin_phi * s.y, b->sin_phi * s.x + b->cos_phi * s.y);
}

/* ------------------------------------------------------------ kinds
 * A kind (of joint, force or contact law) is one file with one table entry
 * that carries its name, its numbers, its shape (what the user names: points,
 * vectors, bodies), its checks and what it can do. The model stores a
 * pointer to the entry; the Lua layer reads the entries to check and
 * compile what users write, so nothing about a kind is kept twice. */

#define KIND_PARAMS 6
/* The largest size of a number a kind takes: beyond it a square or a sum
 * swamps every other number in double precision (as the Lua checks). */
#define PARAM_LARGEST 1e15

/* A number a kind takes. A PARAM_PAIR fills two consecutive slots of the
 * element's param[]; every other type one. */
struct kind_param {
	const char *name; /* as the user writes it */
	enum {
		PARAM_NUMBER,      /* any finite number */
		PARAM_POSITIVE,    /* > 0 */
		PARAM_NONNEGATIVE, /* >= 0 */
		PARAM_FRACTION,    /* in [0, 1] */
		PARAM_PAIR,        /* {a, b}, two finite numbers */
		PARAM_CHOICE,      /* one of choices[]; the slot holds its index */
	} type;
	enum {
		PARAM_REQUIRED,   /* the user must give it */
		PARAM_FALLBACK,   /* left out, it is `fallback` */
		PARAM_FROM_START, /* left out, prepare() takes it from the initial state */
		PARAM_DERIVED,    /* never the user's: prepare() sets it */
	} when;
	double fallback;
	const char *const *choices; /* PARAM_CHOICE: NULL-terminated */
	int timed;                  /* a function of time may stand for it (in fn) */
};

/* The slot of params[k] in param[]; the number of slots when k is the count. */
int kind_param_slot(const struct kind_param *params, int k);

/* Fill the fallbacks of the numbers left out (NaN) and check the others:
 * 0, or -1 with a message naming the parameter. */
int kind_params_check(const struct kind_param *params, double *param, char *err, size_t len);

/* What the user names for an element of a kind: points = {P_i, P_j} (or
 * point = P when points is 1), vectors = {u_i, u_j} each on its point's
 * body, or bodies = {a, b} (body = a when bodies is 1, the second being the
 * ground). moving: the bodies named must not be the ground. */
struct kind_shape {
	int points, vectors, bodies, moving;
};

/* How a picture shows a joint or force (view/render.h). */
enum kind_drawing {
	DRAW_NOTHING,
	DRAW_PIN,    /* a pin at P_i */
	DRAW_GUIDE,  /* P_i sliding on body j's line along u_j */
	DRAW_SLOT,   /* P_j in body i's slot along u_i */
	DRAW_ROD,    /* a link from P_i to P_j */
	DRAW_DISC,   /* body i as a disc of radius param[0] on the floor */
	DRAW_SPRING, /* a zigzag from P_i to P_j (a damper when k is 0) */
};

struct joint;
struct model;
struct joint_geometry; /* model/joints/geometry.h */

struct joint_kind {
	const char *name;
	const char *summary; /* one line for help: what it constrains */
	int internal;        /* made by a form (model.lua: driver), not offered by name */
	int rows;
	/* what it relates, in the closed vocabulary of model/joints/geometry.h
	 * (one per choice when it has a choice); NULL: none declared, so every
	 * formulation but those in body coordinates refuses it */
	const struct joint_geometry *geometry;
	struct kind_shape shape;
	enum kind_drawing drawing;
	struct kind_param params[KIND_PARAMS + 1]; /* NULL-named at the end */
	/* defaults from the initial state, and checks, once the model is
	 * complete: 0, or -1 with a message (the caller names the joint). NULL:
	 * none */
	int (*prepare)(const struct model *m, struct joint *j, char *err, size_t len);
	/* Φ, D_i, D_j, γ and the velocity right side at the bodies' states: 0,
	 * or -1 with the run's error set (a driver's function failed) */
	int (*eval)(const struct model *m, struct run_data *d, const struct joint *j,
	            const struct body_state *bi, const struct body_state *bj, double t,
	            struct joint_eval *out);
};

struct joint {
	const struct joint_kind *kind;
	char *name, *where;        /* where: "file:line" of its definition */
	int bi, bj;                /* bodies, -1 for the ground */
	vec2 si, sj;               /* joint points, body-fixed */
	vec2 ui, uj;               /* unit vectors, body-fixed */
	double param[KIND_PARAMS]; /* the kind's numbers, named in its entry */
	struct time_fn fn;         /* drivers */
	int row;                   /* its first row among the model's constraint rows */
};

/* What a force element does at one state, for a run's report (r:force):
 * its kind fills what its entry's `values` says it has. f is along its line,
 * a pull of its two points together positive (tension); fx, fy the force
 * on its second point's body (for a force at one point, that force);
 * torque the torque on its second body (or its one body); length its
 * length (for a rotational element the angle between its bodies) and
 * rate the rate of that; stored the rate its own potential energy grows
 * at (0 for an element without one), so that what it does beyond that is
 * work the energy balance must count. */
enum force_has {
	FORCE_HAS_F = 1 << 0,
	FORCE_HAS_FXY = 1 << 1,
	FORCE_HAS_TORQUE = 1 << 2,
	FORCE_HAS_LENGTH = 1 << 3,
	FORCE_HAS_ANGLE = 1 << 4,
	FORCE_HAS_RATE = 1 << 5,
};
struct force_values {
	double f, fx, fy, torque, length, rate, stored;
};

/* A force kind's law in a closed vocabulary (as a joint kind's geometry),
 * which the equations shown read (lua/mechbench/force_terms.lua): its form,
 * and which of its parameters, by name, plays each part (NULL: none, 0).
 * A kind with no form is shown as a named term its own code computes. */
enum force_law_form {
	FORCE_LAW_OWN,  /* only its code knows (a user's function) */
	FORCE_LAW_LINE, /* tension k (l - l0) + c l' + actuator along P_i P_j (Eqs. 4.22-4.32) */
	FORCE_LAW_TURN, /* torque k (θ - θ0) + c θ' + actuator, θ = φ_i - φ_j (Eqs. 4.33-4.38) */
	FORCE_LAW_AT_POINT, /* a given vector at P_i, global or in body i's frame */
	FORCE_LAW_TORQUE,   /* a given torque (a number or fn(t)) on body i */
	FORCE_LAW_SLIP,     /* -c times the slip of P_i along body j's axis (Eq. 4.41) */
};
struct force_law {
	enum force_law_form form;
	const char *stiffness, *rest, *damping, *actuator; /* LINE, TURN (damping: SLIP too) */
	const char *value, *frame, *axis;                  /* AT_POINT, TORQUE, SLIP */
};
extern const char *const force_law_names[]; /* by form: "own", "line", "turn", ... */

struct force;
struct force_kind {
	const char *name;
	const char *summary;
	int internal; /* made by another kind's form (see model.lua), not offered to users */
	int host;     /* its fn is the host's user force */
	struct kind_shape shape;
	enum kind_drawing drawing;
	struct kind_param params[KIND_PARAMS + 1];
	unsigned values; /* FORCE_HAS_*: the values its report fills */
	struct force_law law;
	/* add its generalised force to h (3 per body) and its potential energy
	 * to *potential, and, when out is not NULL (a report, never the
	 * evaluation path), what it does: 0, or -1 with the run's error set */
	int (*apply)(const struct model *m, struct run_data *d, const struct force *f,
	             const double *c, const double *cd, double t, double *h, double *potential,
	             struct force_values *out);
};

struct force {
	const struct force_kind *kind;
	char *name, *where;
	int bi, bj;
	vec2 si, sj;
	double param[KIND_PARAMS];
	struct time_fn fn;      /* an actuator or a torque that varies in time */
	struct host_force host; /* a user force */
};

/* Contact between two bodies (book Ch. 11): a circle of body i against a
 * line of body j, or two circles. δ > 0 is the overlap; the normal points
 * from body j to body i. See contact.h for the laws. */
enum contact_shape { CONTACT_CIRCLE_LINE, CONTACT_CIRCLES };

struct contact;
struct contact_law {
	const char *name;
	const char *summary;
	int impulsive; /* velocities jump at impact (Sec. 11.1), no force in between */
	/* its numbers, stored in the contact's fields of the same names (e, k, n, c) */
	struct kind_param params[KIND_PARAMS + 1];
	/* the normal force at penetration δ > 0 (dn = δ^n) closing at `rate`,
	 * contact having begun at closing speed v0 (> 0). NULL: impulsive */
	double (*normal_force)(const struct contact *k, double dn, double rate, double v0);
	/* further checks: 0, or -1 with a message. NULL: none */
	int (*check)(const struct contact *k, char *err, size_t len);
};

struct contact {
	char *name, *where;
	enum contact_shape shape;
	const struct contact_law *law;
	int bi, bj;
	vec2 si,
	    sj; /* centre of the circle on i; a point of the line, or the second centre, on j */
	vec2 normal;   /* circle-line: the line's normal on j, towards the free side */
	double ri, rj; /* radii (rj unused for a line) */
	double e, k, n, c;
	double mu, mu_s, v_t; /* friction: sliding and static coefficients, transition speed */
};

/* The friction every contact takes besides its law's numbers: mu (0: none),
 * mu_s (the static coefficient, mu unless given) and v_t (the transition
 * speed of Eq. 4.44), in that order. */
extern const struct kind_param contact_friction[];

/* The contact's number that its law's parameter `name` stands for (e, k,
 * n or c), or NULL. */
double *contact_param(struct contact *k, const char *name);

struct joint_graph; /* model/joint_graph.h */

struct model {
	char *name;
	vec2 gravity;
	int nbodies, njoints, nforces, ncontacts;
	int nc; /* constraint rows of all joints */
	struct body *bodies;
	struct joint *joints;
	struct force *forces;
	struct contact *contacts;
	struct {
		int bodies, joints, forces, contacts;
	} room;                    /* what model_new made room for */
	struct joint_graph *graph; /* compiled by model_finish */
};

/* ------------------------------------------------------------ building */

/* An empty model with room for the given numbers of elements; elements are
 * then added in order (their pointers stay valid), and model_finish makes
 * the model ready to run. */
struct model *model_new(const char *name, vec2 gravity, int nbodies, int njoints, int nforces,
                        int ncontacts);
void model_free(struct model *m);

/* The next element, zeroed but for its name and where it was defined
 * (copied), with its kind; NULL when the room given to model_new is used
 * up. Parameters the user left out should be set to NaN. */
struct body *model_add_body(struct model *m, const char *name, const char *where);
struct joint *model_add_joint(struct model *m, const struct joint_kind *kind, const char *name,
                              const char *where);
struct force *model_add_force(struct model *m, const struct force_kind *kind, const char *name,
                              const char *where);
struct contact *model_add_contact(struct model *m, const struct contact_law *law, const char *name,
                                  const char *where);

/* Number the constraint rows, let each joint kind fill its defaults and
 * check itself, and compile the joint graph (finish.c): 0, or -1 with
 * "where: joint 'name': why" in err. */
int model_finish(struct model *m, char *err, size_t len);

/* The initial coordinates and rates of every body (3 per body each). */
void model_initial(const struct model *m, double *c, double *cd);

/* The body_state of body b (-1: ground) from coordinates c and rates cd
 * (cd may be NULL: at rest). */
struct body_state model_body_state(const double *c, const double *cd, int b);

/* Two body-fixed points s_i on body i and s_j on body j (in the bodies'
 * frames) at the bodies' states: the points from their mass centres in the
 * global frame, P_i - P_j and its rate (Eq. 7.7); what joints and forces
 * between two points start from. */
struct point_pair {
	vec2 si, sj; /* A_i s'_i, A_j s'_j */
	vec2 d, dd;  /* r_i^P - r_j^P and its rate */
};
/* Inline: a joint that needs no rate (a pin) leaves dd uncomputed. */
static inline struct point_pair point_pair(const struct body_state *bi, vec2 si,
                                           const struct body_state *bj, vec2 sj)
{
	struct point_pair p;
	p.si = body_rotate(bi, si), p.sj = body_rotate(bj, sj);
	p.d = v2_sub(v2_add(bi->r, p.si), v2_add(bj->r, p.sj));
	p.dd = v2_sub(v2_add(bi->rd, v2_scale(bi->phid, v2_perp(p.si))),
	              v2_add(bj->rd, v2_scale(bj->phid, v2_perp(p.sj))));
	return p;
}

/* 1 when some element calls the host's code (a user force, a function
 * of time given as a Lua function): what the run computes from it must be
 * computed during the run, as the host's code may answer otherwise later. */
int model_calls_host(const struct model *m);

/* The diagonal of the mass matrix in body coordinates: m, m, J per body
 * (Eq. 7.52), into out (3 per body). */
void model_mass_diagonal(const struct model *m, double *out);

/* Adds the force f acting at the point s (from the mass centre, global
 * frame) of body b (-1: the ground, which takes it) to the generalised
 * forces h: the force and its moment s̆'f (Eq. 4.11). */
void force_at_point(double *h, int b, vec2 s, vec2 f);

/* The joint whose rows include constraint row `row`, or -1. */
int model_row_joint(const struct model *m, int row);

/* ------------------------------------------------------------ a run's data */

struct contact_state {
	int touching;    /* force laws: in contact since the last onset */
	double approach; /* force laws: the closing speed at that onset */
	int armed;       /* impulse: the bodies have come apart since the last impact */
};

/* Everything a run writes; the model stays as it was built. */
struct run_data {
	char error[512];               /* the first failure during an evaluation */
	int stopped;                   /* the failure ends the run: a host error or Ctrl-C */
	long fevals;                   /* evaluations of the equations of motion */
	int contacts_tracked;          /* events follow the contacts: a force acts once touching */
	struct contact_state *contact; /* per contact */
	char *nonunique;               /* per joint: some of its rows were found redundant, so its
	                                * reaction is not unique */
	char near_singular[256];       /* where the constraint Jacobian first came near singular
	                                * (a toggle), said once; "" when it never did */
	/* per body, its state in the joint rows being evaluated (model/constraints.c),
	 * valid while its stamp is the evaluation's */
	struct body_state *states;
	long *stamped, stamp;
};

struct run_data *run_data_new(const struct model *m);
void run_data_free(struct run_data *d);

/* Record the first failure of an evaluation (printf-style); an adaptive
 * integrator may still try a shorter step after it. */
void run_data_fail(struct run_data *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The same for a failure no shorter step can mend: a host error, Ctrl-C. */
void run_data_stop(struct run_data *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* 1, with the run stopped, when Ctrl-C was pressed or a CPU or memory
 * limit was reached (util/interrupt.h); 0 otherwise. */
int run_data_interrupted(struct run_data *d, double t);

/* Evaluate fn at t: f and its first two derivatives. A callback may give
 * all three; if it gives only f, the derivatives come from central
 * differences. 0, or -1 with the run stopped and the reason said. */
int model_fn(struct run_data *d, const struct time_fn *fn, double t, double out[3]);

#endif
