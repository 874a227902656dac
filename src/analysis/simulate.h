/* simulate.h — forward dynamics of any formulation (book Ch. 13): GSL's
 * odeiv2 integrators, a reporting step apart from the integration step,
 * function evaluations counted, samples recorded at every reporting time. */
#ifndef MB_SIMULATE_H
#define MB_SIMULATE_H

#include "analysis/events.h"
#include "formulation/formulation.h"

struct sim_options {
	const char *integrator; /* "rk4" (fixed h), or GSL's adaptive "rk45", "rkck", "rk8pd" */
	double tf, dt, h;       /* final time, reporting step, rk4 step */
	double tol;             /* adaptive: relative and absolute tolerance */
	int correct;            /* correct initial conditions first */
	int dense;              /* adaptive: interpolate reports between free steps */
	struct formulation_config cfg;
	int progress; /* print progress on stderr */
};

/* The recorded run: samples[0..count) at t = 0, dt, 2dt, ... */
struct run {
	struct sample **samples;
	int count, capacity;
	long fevals, steps;
	double wall;
	char error[600]; /* empty when the run reached tf */
	int corrected;   /* the initial conditions were corrected (the first sample shows them) */
	int state_size;
	struct impact_record *impacts; /* impulse contacts: every impact, in order */
	int nimpacts;
};

/* Run model m through formulation f. Always returns a run; a failure
 * leaves what was computed before it and the reason in run->error. */
struct run *simulate(struct model *m, const struct formulation *f, const struct sim_options *o);
void run_free(struct run *r);

#endif
