/* model.h — a planar mechanism in the form every formulation reads.
 *
 * The Lua side (lua/mechbench/model.lua) checks names and values and hands
 * over a plain description with indices and local coordinates; this is its
 * compiled form. Nothing here depends on a formulation. Bodies are numbered
 * from 0; the ground is body -1 and has no coordinates. */
#ifndef MB_MODEL_H
#define MB_MODEL_H

#include <lua.h>

#include "util/vec2.h"

struct joint_kind;
struct force_kind;

/* A function of time from Lua (drivers, actuators): f, f', f''. */
struct mb_fn {
	int ref;         /* LUA_NOREF: none */
	double constant; /* used when ref is LUA_NOREF */
};

struct body {
	char *name;
	double mass, inertia;
	double q0[3], v0[3]; /* x, y, phi and their rates at t = 0 */
};

/* The pose and velocity of a body (zeros for the ground). */
struct body_state {
	vec2 r, rd;
	double phi, phid;
};

struct joint {
	const struct joint_kind *kind;
	char *name, *where; /* where: "file:line" of its definition */
	int bi, bj;         /* bodies, -1 for the ground */
	vec2 si, sj;        /* joint points, body-fixed */
	vec2 ui, uj;        /* unit vectors, body-fixed */
	double length;      /* rev-rev L, rev-tran offset */
	double radius;      /* disc */
	double x0, phi0;    /* disc: reference position and angle */
	int coord;          /* simple: 0 x, 1 y, 2 phi */
	double value;       /* simple: the fixed value */
	vec2 rigid_d;       /* rigid: d'_j */
	double rigid_theta;
	struct mb_fn fn; /* drivers */
	int row;         /* first constraint row */
	int nonunique;   /* some rows were dropped as redundant: reactions not unique */
};

struct force {
	const struct force_kind *kind;
	char *name, *where;
	int bi, bj;
	vec2 si, sj;
	double k, length, damping, actuator; /* spring-damper-actuator; rot: length = angle */
	vec2 value;                          /* constant force; value.x = torque */
	int local;                           /* the force is fixed in the body's frame */
	struct mb_fn fn;                     /* actuator or user function */
};

/* Contact between two bodies (book Ch. 11): a circle of body i against a
 * line of body j, or two circles. δ > 0 is the overlap; the normal points
 * from body j to body i. See contact.h for the laws. */
enum contact_shape { CONTACT_CIRCLE_LINE, CONTACT_CIRCLES };
enum contact_law {
	LAW_IMPULSE,             /* piecewise: velocities jump at impact (Sec. 11.1) */
	LAW_SPRING,              /* k δ^n + c δ̇ (Eqs. 11.31-11.34) */
	LAW_HUNT_CROSSLEY,       /* (k + c δ̇) δ^n (Eqs. 11.38-11.39) */
	LAW_LANKARANI_NIKRAVESH, /* Eq. 11.42 */
	LAW_FLORES               /* Eq. 11.43 */
};

struct contact {
	char *name, *where;
	enum contact_shape shape;
	enum contact_law law;
	int bi, bj;
	vec2 si,
	    sj; /* centre of the circle on i; a point of the line, or the second centre, on j */
	vec2 normal;   /* circle-line: the line's normal on j, towards the free side */
	double ri, rj; /* radii (rj unused for a line) */
	double e, k, n, c;
	double mu, mu_s, v_t; /* friction: sliding and static coefficients, transition speed */
	/* state during a run, kept by events.c */
	int touching;    /* force laws: in contact since the last onset */
	double approach; /* force laws: the closing speed at that onset */
	int armed;       /* impulse: the bodies have come apart since the last impact */
};

struct model {
	lua_State *L;
	char *name;
	vec2 gravity;
	int nbodies, njoints, nforces, ncontacts;
	int nc; /* constraint rows */
	struct body *bodies;
	struct joint *joints;
	struct force *forces;
	struct contact *contacts;
	int contacts_tracked; /* events.c follows the contacts: a force acts once touching */
	char error[512];      /* the first failure during an evaluation */
	int stopped;          /* the failure ends the run: a Lua error or Ctrl-C */
	long fevals;
};

/* Build from the description table at idx (see model.lua: compile); a
 * malformed description raises a Lua error (nothing is leaked). */
struct model *model_from_lua(lua_State *L, int idx);
void model_free(struct model *m);

/* The initial coordinates and rates of every body (3 per body each). */
void model_initial(const struct model *m, double *c, double *cd);

/* The body_state of body b (-1: ground) from coordinates c and rates cd. */
struct body_state model_body_state(const double *c, const double *cd, int b);

/* Evaluate fn at t: f and its first two derivatives. A Lua function may
 * return all three; if it returns only f, the derivatives come from central
 * differences. Returns 0, or -1 with m->error set. */
int model_fn(struct model *m, const struct mb_fn *fn, double t, double out[3]);

/* Record the first error of an evaluation (printf-style). An adaptive
 * integrator may try a shorter step after it. */
void model_fail(struct model *m, const char *fmt, ...);

/* The same for a failure no shorter step can mend: a Lua error, Ctrl-C. */
void model_stop(struct model *m, const char *fmt, ...);

#endif
