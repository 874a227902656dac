/* simulate.h — forward dynamics of any formulation (book Ch. 13): GSL's
 * odeiv2 integrators or the classic fixed-step RK4, a reporting step apart
 * from the integration step, function evaluations counted, samples
 * recorded at every reporting time, contact events followed. */
#ifndef MB_SIMULATE_H
#define MB_SIMULATE_H

#include "analysis/run.h"
#include "formulation/formulation.h"

struct sim_options {
	const char *integrator; /* "rk4" or "symplectic" (fixed h), "dopri5" (= "ode45"), or
	                         * GSL's adaptive "rk45", "rkck", "rk8pd" */
	double t0, tf, dt, h;   /* start time, length of the run, reporting step, fixed step */
	int resumed;            /* it carries on from another run's end (an event): no start
	                         * check, no correction */
	double tol, abstol;     /* adaptive: relative and absolute tolerances */
	int correct;            /* correct initial conditions first */
	int dense;              /* adaptive: interpolate reports between free steps */
	struct formulation_config cfg;
	int progress; /* print progress on stderr */
};

/* The integrators by name, NULL-terminated (for the Lua layer's checks);
 * whether one takes fixed steps (else adaptive). */
extern const char *const integrator_names[];
int integrator_fixed(const char *name);

/* Run model m through formulation f. Always returns a run; a failure
 * leaves what was computed before it and the reason in run->error. */
struct run *simulate(const struct model *m, const struct formulation *f,
                     const struct sim_options *o);

#endif
