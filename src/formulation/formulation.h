/* SPDX-License-Identifier: GPL-3.0-or-later */
/* formulation.h — what a formulation provides: the equations of motion of
 * the model in its own coordinates q,
 *     M(q) q̈ = h(q, q̇, t) + J'λ,   Φ(q, t) = 0,   J q̇ = v,   J q̈ = γ,
 * and the maps between q and the bodies' coordinates c = {x, y, φ}.
 *
 * A formulation only states these; the constrained-dynamics layer
 * (constrained.h) solves them, applies the remedies (Baumgarte, penalty,
 * momentum, partitioning), drops redundant rows, corrects initial
 * conditions and checks every result, the same way for all. Adding a
 * formulation is one file and one entry in FORMULATIONS below. */
#ifndef MB_FORMULATION_H
#define MB_FORMULATION_H

#include "model/model.h"
#include "util/option.h"
#include "util/rows.h"

/* The most options a formulation declares of its own. */
#define FORMULATION_OPTIONS 4

struct stabilization {
	enum { STAB_NONE, STAB_BAUMGARTE, STAB_PENALTY, STAB_MOMENTUM, STAB_PARTITION } kind;
	double alpha, beta;     /* Baumgarte (Eq. 13.32): γ - 2αΦ̇ - β²Φ */
	double mc, zeta, omega; /* penalty (Eqs. 13.37-13.40) */
};

/* How a run wants its formulation set up. */
struct formulation_config {
	struct stabilization stab;
	int drop_redundant;     /* carry on without dependent constraint rows */
	const int *independent; /* partitioning: the coordinates to integrate (NULL: chosen) */
	int nindependent;
	double step; /* the run's fixed step h (0: adaptive steps, or none) */
	/* the caller calls after_step at each step it accepts (a simulation), so
	 * a state evaluated in between may belong to a trial step it refuses */
	int accepted_steps;
	/* the formulation's own options, in the order its entry declares them
	 * (struct formulation's options); those not given hold their fallback */
	struct option_value own[FORMULATION_OPTIONS];
};

/* What evaluate() is asked for. */
enum evaluate_what {
	EVAL_ROWS = 1,       /* J, Φ, v, γ into the rows */
	EVAL_FORCES = 2,     /* h */
	EVAL_MASS = 4,       /* M, ready for mass_apply and mass_dense */
	EVAL_MASS_SOLVE = 8, /* M factored too, ready for mass_solve */
};

/* What a formulation is, beyond which hooks it has. */
enum formulation_capability {
	FORM_JOINT_MULTIPLIERS = 1, /* its rows are the joints' rows in body coordinates, so
	                             * its λ are the joints' multipliers */
	FORM_DENSE_MASS = 2,        /* M is not diagonal: a solve or a product costs a
	                             * pass over it (O(n²) dense, O(n) through the joint
	                             * tree), so the layer reuses M⁻¹h, M⁻¹J' and
	                             * M q̈ = h + J'λ instead */
	FORM_FIXED_STEP = 8,        /* its forces are tuned to the fixed step h (cfg->step):
	                             * it takes fixed-step integrators only */
	FORM_CLOSED_FORM = 16,      /* its coordinates are independent: the joints hold by
	                             * construction, so it has no rows for a remedy to act
	                             * on, and it takes only mechanisms it can solve in
	                             * closed form (refusing the others, naming the loop) */
};

/* A formulation that changes its own coordinates during a run says so after
 * an accepted step (the minimal formulation, switching its independent
 * coordinates before a singularity); the run keeps the record. */
struct coordinate_switch {
	double t;
	double condition;        /* the measure of the group that asked for it (0: singular) */
	char from[200], to[200]; /* the coordinates' names, a newline between them */
	char group[200];         /* the group near its singularity, in words */
};

struct formulation {
	const char *name;
	const char *title; /* "body coordinates (Ch. 7)" */
	unsigned capabilities;
	const char *integrator; /* the integrator a run takes unless told (NULL: "rk45") */
	double step;            /* the fixed step h a run takes unless told (0: its dt) */
	/* its own options (util/option.h), NULL-terminated, at most
	 * FORMULATION_OPTIONS; a run's values in cfg->own, in this order. NULL:
	 * none */
	const struct option *const *options;

	/* A workspace for one run (sizes, the tree, ...), or NULL with a reason
	 * in the run's error. */
	void *(*setup)(const struct model *m, const struct formulation_config *cfg,
	               struct run_data *d);
	void (*release)(void *ws);
	/* n coordinates, and in *rows the number of constraint rows */
	int (*size)(const void *ws, int *rows);
	/* the columns each row touches (rows_set_span), once */
	void (*spans)(const void *ws, struct rows *r);
	/* a row's name in messages, and the model joint it states (-1: a row of
	 * the formulation's own, such as a body's length in point coordinates) */
	const char *(*row_name)(void *ws, int row);
	int (*row_joint)(void *ws, int row);
	/* coordinate k's name in messages ("crank.angle") */
	void (*coordinate_name)(void *ws, int k, char *buf, size_t len);

	/* q and q̇ standing for body coordinates c, ċ */
	void (*from_bodies)(void *ws, const double *c, const double *cd, double *q, double *qd);
	/* c and ċ of (q, q̇), and c̈ of q̈ when qdd and cdd are not NULL: 0 or -1 */
	int (*to_bodies)(void *ws, double t, const double *q, const double *qd, const double *qdd,
	                 double *c, double *cd, double *cdd);

	/* What `what` asks at (t, q, q̇): 0, or -1 with the run's error set */
	int (*evaluate)(void *ws, double t, const double *q, const double *qd, unsigned what,
	                struct rows *r, double *h);
	/* after evaluate: out = M x; x = M⁻¹ x; A = M (n x n, row-major). A
	 * formulation without them states constraint rows only (no M, no h):
	 * kinematic analysis and inverse dynamics take it, forward dynamics
	 * does not (vector loops) */
	void (*mass_apply)(void *ws, const double *x, double *out);
	void (*mass_solve)(void *ws, double *x);
	/* x = M⁻¹ x for count vectors, the k-th at x + k stride, with the
	 * numbers of mass_solve on each; NULL: mass_solve is called on each */
	void (*mass_solve_many)(void *ws, double *x, int count, int stride);
	void (*mass_dense)(void *ws, double *A);
	/* M⁻¹ when M is diagonal (its diagonal), else NULL */
	const double *(*mass_inverse_diagonal)(void *ws);
	/* Ṁ q̇ after evaluate (the momentum method); NULL when M is constant */
	void (*inertia_rate)(void *ws, const double *qd, double *out);
	/* For a formulation whose own rows (row_joint -1), listed after all the
	 * others, it meets itself (Attia's recursive point coordinates), after
	 * evaluate: q̈ under the applied forces with the own rows' accelerations
	 * at r->gamma (stabilised by the layer) and the other rows left out; its
	 * mass_solve then gives q̈ under a force with those accelerations held at
	 * zero, and the layer finds only the other rows' multipliers. 0 or -1
	 * with the run's error set. NULL: the layer meets every row. */
	int (*free_accelerations)(void *ws, const struct rows *r, double *acc);
	/* After an accepted step to (t, q, q̇): 0 when nothing changed; 1 when the
	 * coordinates changed, q and q̇ rewritten for the same state and *out
	 * filled; -1 to stop, with the run's error set. NULL: never. */
	int (*after_step)(void *ws, double t, double *q, double *qd, struct coordinate_switch *out);
	/* After evaluate: how far its coordinates are from singular, 1 far, 0
	 * singular. NULL: they never are. */
	double (*condition)(void *ws);
	/* For a formulation whose joints act through forces it states itself (in
	 * h), not constraint rows (the discrete-time method: no rows, so the
	 * remedies, redundant = "drop", correction in its own coordinates and
	 * kinematic analysis have nothing to act on), after evaluate with
	 * EVAL_FORCES: the multipliers λ of every model joint row (m->nc) whose
	 * generalised forces D'λ it added to h. NULL for the others. */
	const double *(*joint_forces)(void *ws);
	/* A tight loop of its own for the integrator "symplectic": `steps`
	 * semi-implicit Euler steps of h from (t, y) in place, counting its
	 * evaluations and heeding Ctrl-C. The steps taken: all, or fewer when the
	 * state may have grown past 1e150; -1 with the run's error set. NULL: the
	 * integrator's generic steps. */
	long (*advance)(void *ws, double t, double h, long steps, double *y);

	/* Its own way to the accelerations, or NULL for the layer's Schur
	 * complement: after evaluate (rows, forces, mass) at a state, q̈ and λ
	 * of M q̈ - J'λ = h, J q̈ = rhs, with the rows marked in dropped left
	 * out (λ = 0). 0, -1 with the run's error set, or 1 to leave this state
	 * to the layer's Schur complement (which explains dependent rows). */
	int (*solve)(void *ws, double t, const struct rows *r, const double *h, const double *rhs,
	             const char *dropped, double *acc, double *lambda);
	/* After its own solve at a state (solve returned 0), what the toggle
	 * watch reads of its factor, per row: the row's scale (as S_kk) and
	 * its pivot's square (as L_kk²). 0, or -1 when it has none. NULL: none. */
	int (*row_pivots)(void *ws, double *scale, double *square);
	/* Its own force analysis (inverse dynamics), or NULL for the report's
	 * least squares: λ of J'λ = M q̈ - h at a known q̈, after evaluate. */
	int (*force_analysis)(void *ws, double t, const struct rows *r, const double *h,
	                      const double *acc, double *lambda);
};

/* The head of a workspace whose coordinates are the bodies' own, c = {x, y,
 * φ} per body (body coordinates, free-body diagrams, the discrete-time
 * method): the table entries below read only this head, so those
 * formulations share them. */
struct body_coords_head {
	const struct model *m;
	struct run_data *d;
	int n;                  /* 3 per body */
	double *mass, *inverse; /* the diagonal of M and of M⁻¹ */
};

/* Fill the head for model m (M from the bodies' masses and inertias), and
 * free what it holds. */
void body_coords_head_init(struct body_coords_head *head, const struct model *m,
                           struct run_data *d);
void body_coords_head_free(struct body_coords_head *head);

void body_coords_spans(const void *ws, struct rows *r); /* the joints' rows */
const char *body_coords_row_name(void *ws, int row);    /* the row's joint */
int body_coords_row_joint(void *ws, int row);
void body_coords_coordinate_name(void *ws, int k, char *buf, size_t len);
void body_coords_from_bodies(void *ws, const double *c, const double *cd, double *q, double *qd);
int body_coords_to_bodies(void *ws, double t, const double *q, const double *qd, const double *qdd,
                          double *c, double *cd, double *cdd);
void body_coords_mass_apply(void *ws, const double *x, double *out);
void body_coords_mass_solve(void *ws, double *x);
void body_coords_mass_dense(void *ws, double *A);
const double *body_coords_mass_inverse_diagonal(void *ws);

/* X(name) for every formulation, as in formulation_<name> */
#define FORMULATIONS                                                                               \
	X(body)                                                                                    \
	X(joint)                                                                                   \
	X(point)                                                                                   \
	X(point_recursive)                                                                         \
	X(minimal)                                                                                 \
	X(vector)                                                                                  \
	X(fbd)                                                                                     \
	X(discrete)

#define X(name) extern const struct formulation formulation_##name;
FORMULATIONS
#undef X

/* Every formulation, NULL-terminated. */
extern const struct formulation *const formulations[];
/* Their names, in that order, NULL-terminated. */
const char *const *formulation_names(void);

/* The remedies of constraint drift (Ch. 13) by the names stabilization =
 * "..." takes, in the order of struct stabilization's kinds, each with the
 * options it takes; a NULL name ends them. */
struct remedy {
	const char *name;
	const struct option *const *options; /* NULL-terminated; NULL: none */
};
extern const struct remedy remedies[];

/* The options the constrained layer reads for every formulation (the
 * formulation itself, the remedy, redundant rows: formulation_layer_options)
 * and the remedies' own (remedies[]), and the tree of joints that those
 * growing one take (joint coordinates, Attia's recursive point
 * coordinates), declared in formulation.c. */
extern const struct option option_formulation, option_stabilization, option_alpha, option_beta,
    option_mc, option_penalty_zeta, option_penalty_omega, option_partition_independent,
    option_redundant, option_tree;
extern const struct option *const formulation_layer_options[]; /* NULL-terminated */

/* The index of formulation f's own option called name in cfg->own, or -1. */
int formulation_option(const struct formulation *f, const char *name);

#endif
