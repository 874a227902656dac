/* SPDX-License-Identifier: GPL-3.0-or-later */
/* minimal_private.h — what the two phases of minimal coordinates share
 * (see minimal_coords.c): the pieces the joints are taken apart into, the
 * workspace, and the routines each phase calls in the other. Building
 * (minimal_build.c) reads the joints, decomposes the mechanism into groups
 * and chooses the independent coordinates; evaluating (minimal_coords.c)
 * solves the groups at a state, with their rates, and states the
 * equations. Private to those two files. */
#ifndef MB_MINIMAL_PRIVATE_H
#define MB_MINIMAL_PRIVATE_H

#include <gsl/gsl_matrix.h>

#include "formulation/formulation.h"

/* A group whose condition falls below this asks for other coordinates;
 * one below SINGULAR_BELOW is taken as singular. */
#define SWITCH_BELOW 0.2
#define SINGULAR_BELOW 1e-2
/* A choice whose groups all stay above this is taken in the order of
 * preference rather than for the best condition. */
#define GOOD_ABOVE 0.5
#define LONGEST_PATH 6 /* relations in one loop */

/* ------------------------------------------------------------ the pieces */

enum length_kind {
	LEN_CONST,  /* a number */
	LEN_FREE,   /* solved by the loop that uses it */
	LEN_FROZEN, /* an independent coordinate (a slider's slide, a body's x or y) */
	LEN_DRIVEN, /* a driver's fn(t) */
	LEN_TIED,   /* a rolling disc: value - radius φ_node */
};

struct length {
	enum length_kind kind;
	double value, radius, sign; /* sign: DRIVEN ℓ = sign fn(t) */
	int node;                   /* TIED: the disc */
	int source;                 /* FROZEN: place in the set; DRIVEN: driver */
};

/* A term ℓ A(φ_node) w of a loop; `arrive` is the body placed at the
 * running point, with its point `at`, before the term is added. */
struct term {
	int node, length; /* length -1: ℓ = 1 */
	vec2 w;
	int arrive;
	vec2 at;
};

/* P_b = P_a + Σ offsets, between nodes a and b. */
struct relation {
	int joint;      /* the model joint it comes from, or -1 */
	int coordinate; /* or the frozen coordinate (a body's x or y) */
	int a, b;
	vec2 pa, pb;
	int noffsets;
	struct term offset[2];
};

/* φ_i - φ_j = value, or the set's coordinate, or a driver's fn */
struct tie {
	int i, j;
	double value;
	int frozen, driver; /* -1: not */
};

enum step_form { PLACE, TWO_ANGLES, ANGLE_SLIDE, TURNING_SLIDE, TWO_SLIDES };

struct step {
	enum step_form form;
	int start, end;
	vec2 p_start, p_end;
	int first, count;         /* its terms */
	int unknown[2], slide[2]; /* node roots, or (slide set) length indices */
	int relation[LONGEST_PATH], nrelations;
	int branch;
	vec2 col[2]; /* per evaluation: the Jacobian's columns */
	double condition;
};

struct mc {
	const struct model *m;
	struct run_data *d;
	int nb, ground, nnodes; /* nodes: the bodies, the ground, the massless links */
	int ncand;              /* candidates: 3 per body, then one per joint */
	int k, R, kmax;         /* independent coordinates; a rate row has k + 1 */
	int dof;                /* 3 per body less the rank of the joints' Jacobian */
	int switching;
	/* what the joints give; the set's frozen coordinates are appended */
	struct relation *rel;
	int nrel, nrel_joints;
	struct tie *tie;
	int ntie, ntie_joints;
	struct length *len;
	int nlen, nlen_joints;
	int *slide_of;         /* per joint: a slider's slide, or -1 */
	int *driver, ndrivers; /* joints whose fn is evaluated */
	int *virtual_joint;    /* per massless link node: its joint */
	/* the independent coordinates */
	int *set, nset;
	int *alternatives, nalternatives; /* the user's sets, k each */
	/* the angle classes */
	int *root;
	double *alpha_const, *alpha_coef; /* per node: φ = θ_root + α, α affine */
	int ncoef;                        /* kmax for the set, then one per driver */
	/* the decomposition */
	struct step *step;
	int nsteps, maxsteps;
	struct term *term;
	int nterms, maxterms;
	char *known_root, *known_body, *known_len, *used;
	int *path_rel, *path_fwd, *path_body;
	/* per evaluation: positions, then rate rows over (q̇_I, 1) and biases */
	double *f; /* 3 per driver */
	double *alpha, *alpha_rate, *alpha_bias;
	double *theta, *theta_rate, *theta_bias, *ref;
	char *have;
	double *lv, *lrate, *lbias;
	char *lhave;
	double *c, *crate, *cbias;
	int *solving_root, *solving_len;
	double *qd1, *rx, *ry, *sx, *sy;
	double *q_now; /* the set's values at a pose */
	double *c_save;
	int *old_set;       /* the set before a switch is tried */
	int *order, norder; /* every candidate in the order of preference */
	double t_last;      /* the time of the last positions */
	int failed_step;    /* the loop the last positions could not close, or -1 */
	/* the equations */
	double *mdiag, *h, *g;
	gsl_matrix *M;
	int factored;
	double potential;
};

/* ------------------------------------------------------------ building (minimal_build.c) */

/* The workspace of a run, or NULL with the run's error set; and its release. */
void *mc_setup(const struct model *m, const struct formulation_config *cfg, struct run_data *d);
void mc_release(void *ws);

/* Names for messages: a candidate coordinate ("crank.angle"), a set of them
 * with sep between (or, set_names, "none ..." when empty), a step in words. */
void mc_candidate_name(const struct mc *w, int cand, char *buf, size_t len);
void mc_set_list(const struct mc *w, const int *set, int n, const char *sep, char *buf, size_t len);
void mc_set_names(const struct mc *w, const int *set, int n, char *buf, size_t len);
void mc_step_words(const struct mc *w, const struct step *s, char *buf, size_t len);

/* The values (and rates, qd not NULL) of set[0..n) at pose (c, ċ). */
void mc_set_values(struct mc *w, const int *set, int n, const double *c, const double *cd,
                   double *q, double *qd);
/* The pieces and steps for set[0..n): the bodies placed, or -1. */
int mc_try_set(struct mc *w, const int *set, int n);
/* Choose independent coordinates at pose c (w->set, w->nset), their worst
 * condition in *worst: 0, or -1 with the run's error set. */
int mc_choose(struct mc *w, double t, const double *c, double *worst);

/* ------------------------------------------------------------ evaluating (minimal_coords.c) */

/* c = g(q_I, t) step by step, near pose c_near when given: 0, or -1 with the
 * run's error set. */
int mc_positions(struct mc *w, double t, const double *q, const double *c_near);
/* The smallest condition of the loops at the last positions, and its step. */
double mc_worst_condition(const struct mc *w, int *which);

/* Its own options (minimal_coords.c, beside its entry), in the order of
 * cfg->own: the sets of independent coordinates, and whether it switches. */
enum { MC_OWN_INDEPENDENT, MC_OWN_SWITCHING };
extern const struct option mc_option_independent, mc_option_switching;

#endif
