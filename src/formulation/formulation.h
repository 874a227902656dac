/* formulation.h — what every formulation provides over the same model.
 *
 * A formulation owns its state vector y (what the integrator advances) and
 * maps it back to body poses, velocities, accelerations, reactions and
 * energies, so every formulation fills the same samples. */
#ifndef MB_FORMULATION_H
#define MB_FORMULATION_H

#include "model/model.h"

struct kin_system;

#define REACTION_FIELDS 5

/* Everything reported at one time. Arrays are sized by the model. */
struct sample {
	double t;
	double *q, *qd, *qdd; /* 3 per body: x, y, φ */
	double *reaction;     /* REACTION_FIELDS per joint: fx, fy, torque on its second
	                       * body in the global frame, then fx, fy in that body's frame */
	double *lambda;       /* one per constraint row */
	double *contact;      /* CONTACT_FIELDS per contact (contact.h) */
	double kinetic, potential;
	double violation, velocity_violation; /* ‖Φ‖, ‖D ċ - v‖ */
};

struct stabilization {
	enum { STAB_NONE, STAB_BAUMGARTE, STAB_PENALTY, STAB_MOMENTUM, STAB_PARTITION } kind;
	double alpha, beta;     /* Baumgarte (Eq. 13.32): γ - 2αΦ̇ - β²Φ */
	double mc, zeta, omega; /* penalty (Eqs. 13.37-13.40) */
};

/* How a run wants its formulation set up. */
struct formulation_config {
	struct stabilization stab;
	int absolute_angles; /* joint coordinates: absolute instead of relative */
	const int *tree;     /* joint coordinates: the joints the tree may use (NULL: any) */
	int ntree;
	const int *independent; /* partitioning: the coordinates to integrate (NULL: chosen) */
	int nindependent;
	int drop_redundant; /* body coordinates: carry on without dependent constraint rows */
};

struct formulation {
	const char *name;
	void *(*setup)(struct model *m, const struct formulation_config *cfg);
	void (*release)(void *ws);
	int (*state_size)(const void *ws);
	/* the state standing for body coordinates c and rates ċ (the model's
	 * initial ones at the start, the ones after an impact later) */
	void (*set_state)(void *ws, const double *c, const double *cd, double *y);
	/* the body coordinates and rates a state stands for: 0 or -1 */
	int (*bodies)(void *ws, double t, const double *y, double *c, double *cd);
	/* dy/dt at (t, y): 0, or -1 with the model's error set */
	int (*derivatives)(void *ws, double t, const double *y, double *dydt);
	/* fill a sample at (t, y): 0 or -1 */
	int (*measure)(void *ws, double t, const double *y, struct sample *out);
	/* correct y so the position and velocity constraints hold: 0 or -1 */
	int (*correct)(void *ws, double t, double *y);
	/* the constraints in the formulation's coordinates, for kinematic
	 * analysis (kinematics.h) */
	void (*kin_system)(void *ws, struct kin_system *out);
};

extern const struct formulation formulation_body, formulation_joint, formulation_point;

const struct formulation *formulation_find(const char *name);

struct sample *sample_new(const struct model *m);
void sample_free(struct sample *s);

#endif
