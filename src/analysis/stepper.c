/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stepper.c — the stepper types (see stepper.h): fixed steps (the classic
 * Runge-Kutta, semi-implicit Euler), GSL's adaptive steppers, and
 * Dormand–Prince's pair under DOPRI5's control or ode45's. */
#include "analysis/stepper.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dopri5.h"

/* ------------------------------------------------------------ fixed steps */

/* The classic fourth-order Runge-Kutta, the method book Sec. 13.1 teaches
 * (four evaluations per step and no error estimate; GSL's rk4 estimates
 * its error by step doubling and costs three times more), or semi-implicit
 * Euler, the discrete-time method's (one evaluation). */
struct fixed {
	struct constrained *s;
	int n, symplectic;
	int whole; /* the formulation's own loop takes a whole reporting interval */
	double h;
	long substeps;
	double *k1, *k2, *k3, *k4, *tmp;
};

static void *fixed_alloc(const struct stepper_setup *setup, int symplectic)
{
	struct fixed *w = calloc(1, sizeof *w);
	int n = setup->n;
	w->s = setup->s, w->n = n, w->symplectic = symplectic;
	w->h = setup->h, w->substeps = setup->substeps;
	w->whole = symplectic && setup->whole_intervals && constrained_has_advance(setup->s);
	w->k1 = calloc(5 * (size_t)n + 1, sizeof(double));
	w->k2 = w->k1 + n, w->k3 = w->k2 + n, w->k4 = w->k3 + n, w->tmp = w->k4 + n;
	return w;
}

static void *rk4_alloc(const struct stepper_setup *setup) { return fixed_alloc(setup, 0); }
static void *symplectic_alloc(const struct stepper_setup *setup) { return fixed_alloc(setup, 1); }

static void fixed_free(void *ws)
{
	struct fixed *w = ws;
	if (w)
		free(w->k1);
	free(w);
}

/* Fixed steps keep nothing from one step to the next. */
static int fixed_start(void *w, double t, const double *y, double h)
{
	(void)w, (void)t, (void)y, (void)h;
	return 0;
}

/* Semi-implicit (symplectic) Euler on a state {q, q̇}: the rates take the
 * step's accelerations first, and the new rates move the positions,
 *     q̇ += h q̈(t, q, q̇),   q += h q̇,
 * first order, but its energy error stays bounded instead of growing
 * (the discrete-time paper's Eqs. 5-6 and 8, in this order). */
static void symplectic_update(int n, const double *dydt, double h, double *y)
{
	int half = n / 2;
	for (int i = half; i < n; i++)
		y[i] += h * dydt[i];
	for (int i = 0; i < half; i++)
		y[i] += h * y[half + i];
}

/* One step of h from (t, y) in place: 0 or -1. */
static int fixed_one(struct fixed *w, double t, double h, double *y)
{
	struct constrained *s = w->s;
	int n = w->n;
	if (w->symplectic && constrained_has_advance(s))
		return constrained_advance(s, t, h, 1, y);
	if (constrained_derivatives(s, t, y, w->k1) != 0)
		return -1;
	if (w->symplectic) {
		symplectic_update(n, w->k1, h, y);
		return 0;
	}
	for (int i = 0; i < n; i++)
		w->tmp[i] = y[i] + 0.5 * h * w->k1[i];
	if (constrained_derivatives(s, t + 0.5 * h, w->tmp, w->k2) != 0)
		return -1;
	for (int i = 0; i < n; i++)
		w->tmp[i] = y[i] + 0.5 * h * w->k2[i];
	if (constrained_derivatives(s, t + 0.5 * h, w->tmp, w->k3) != 0)
		return -1;
	for (int i = 0; i < n; i++)
		w->tmp[i] = y[i] + h * w->k3[i];
	if (constrained_derivatives(s, t + h, w->tmp, w->k4) != 0)
		return -1;
	for (int i = 0; i < n; i++)
		y[i] += h / 6 * (w->k1[i] + 2 * w->k2[i] + 2 * w->k3[i] + w->k4[i]);
	return 0;
}

/* A step of h, or what is left to t_end; or, when the formulation's own
 * loop may, all the steps of the interval to t_end at once. */
static long fixed_step(void *ws, double t_end, double *t, double *y)
{
	struct fixed *w = ws;
	if (w->whole) {
		if (constrained_advance(w->s, *t, w->h, w->substeps, y) != 0)
			return -1;
		*t = t_end;
		return w->substeps;
	}
	double h = fmin(w->h, t_end - *t);
	if (fixed_one(w, *t, h, y) != 0)
		return -1;
	*t += h;
	return 1;
}

static int fixed_advance(void *ws, double t0, const double *y0, double tau, double *y)
{
	struct fixed *w = ws;
	memcpy(y, y0, sizeof(double) * (size_t)w->n);
	return fixed_one(w, t0, tau, y);
}

static double fixed_next_h(const void *ws) { return ((const struct fixed *)ws)->h; }

static long fixed_refused(const void *ws) { return (void)ws, 0; }

/* ------------------------------------------------------------ GSL's steppers */

/* GSL's adaptive steps under its standard control of y. Its steppers have
 * no interpolant: dense reports come from a cubic Hermite between a step's
 * ends, whose derivative at the end is one evaluation more (made once the
 * step's first report inside it asks, and kept as the next step's start). */
struct gsl {
	struct constrained *s;
	struct run_data *d;
	int n, dense;
	gsl_odeiv2_system sys;
	gsl_odeiv2_step *step;
	gsl_odeiv2_control *control;
	gsl_odeiv2_evolve *evolve;
	double h;
	double t0, t1;                    /* the last step's ends */
	double *y0, *y1, *f0, *f1, *yerr; /* its states and derivatives there */
	int f0_ready, f1_ready;
	long refused; /* GSL's count, which each restart resets, summed */
};

static int gsl_rhs(double t, const double y[], double dydt[], void *params)
{
	struct gsl *w = params;
	if (constrained_derivatives(w->s, t, y, dydt) == 0)
		return GSL_SUCCESS;
	/* A trial step may reach a state the model cannot take (a contact
	 * pressed far in, a wild pose): GSL then tries a shorter step. */
	return w->d->stopped ? GSL_EBADFUNC : GSL_EDOM;
}

static void *gsl_alloc(const struct stepper_setup *setup, const gsl_odeiv2_step_type *type)
{
	struct gsl *w = calloc(1, sizeof *w);
	size_t n = (size_t)setup->n;
	w->s = setup->s, w->d = setup->d, w->n = setup->n, w->dense = setup->dense;
	w->sys = (gsl_odeiv2_system){gsl_rhs, NULL, n, w};
	w->step = gsl_odeiv2_step_alloc(type, n);
	w->control = gsl_odeiv2_control_y_new(setup->abstol, setup->tol);
	w->evolve = gsl_odeiv2_evolve_alloc(n);
	w->y0 = calloc(5 * n + 1, sizeof(double));
	w->y1 = w->y0 + n, w->f0 = w->y1 + n, w->f1 = w->f0 + n, w->yerr = w->f1 + n;
	w->h = setup->dt * 1e-2;
	return w;
}

static void *rkf45_alloc(const struct stepper_setup *setup)
{
	return gsl_alloc(setup, gsl_odeiv2_step_rkf45);
}
static void *rkck_alloc(const struct stepper_setup *setup)
{
	return gsl_alloc(setup, gsl_odeiv2_step_rkck);
}
static void *rk8pd_alloc(const struct stepper_setup *setup)
{
	return gsl_alloc(setup, gsl_odeiv2_step_rk8pd);
}

static void gsl_free(void *ws)
{
	struct gsl *w = ws;
	if (!w)
		return;
	gsl_odeiv2_evolve_free(w->evolve);
	gsl_odeiv2_control_free(w->control);
	gsl_odeiv2_step_free(w->step);
	free(w->y0);
	free(w);
}

/* Start afresh (after an event or new coordinates); h = 0 keeps the step. */
static int gsl_start(void *ws, double t, const double *y, double h)
{
	struct gsl *w = ws;
	(void)t, (void)y;
	gsl_odeiv2_evolve_reset(w->evolve);
	gsl_odeiv2_step_reset(w->step);
	if (h > 0)
		w->h = h;
	w->f0_ready = w->f1_ready = 0;
	return 0;
}

static long gsl_step(void *ws, double t_end, double *t, double *y)
{
	struct gsl *w = ws;
	size_t size = sizeof(double) * (size_t)w->n;
	if (w->dense) { /* the derivative at the step's start, for its Hermite cubic */
		if (w->f1_ready)
			memcpy(w->f0, w->f1, size), w->f0_ready = 1;
		if (!w->f0_ready && constrained_derivatives(w->s, *t, y, w->f0) != 0)
			return w->d->stopped ? -2 : -1;
		w->f0_ready = 1, w->f1_ready = 0;
		w->t0 = *t;
		memcpy(w->y0, y, size);
	}
	double start = *t;
	unsigned long failed = w->evolve->failed_steps;
	int status =
	    gsl_odeiv2_evolve_apply(w->evolve, w->control, w->step, &w->sys, t, t_end, &w->h, y);
	w->refused += (long)(w->evolve->failed_steps - failed);
	if (status == GSL_EBADFUNC && w->d->stopped)
		return -2;
	if (status != GSL_SUCCESS || *t <= start || w->h < 1e-13 * fmax(1.0, fabs(*t)))
		return -1;
	w->t1 = *t, w->f0_ready = 0;
	memcpy(w->y1, y, size);
	return 1;
}

/* Cubic Hermite interpolation between the step's ends from the states and
 * their derivatives there: O(H^4). */
static int gsl_dense(void *ws, double t, double *out)
{
	struct gsl *w = ws;
	if (!w->f1_ready && constrained_derivatives(w->s, w->t1, w->y1, w->f1) != 0)
		return -1;
	w->f1_ready = 1;
	double H = w->t1 - w->t0, s = H > 0 ? (t - w->t0) / H : 1, s2 = s * s, s3 = s2 * s;
	double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2,
	       h11 = s3 - s2;
	for (int i = 0; i < w->n; i++)
		out[i] = h00 * w->y0[i] + h10 * H * w->f0[i] + h01 * w->y1[i] + h11 * H * w->f1[i];
	return 0;
}

static int gsl_advance(void *ws, double t0, const double *y0, double tau, double *y)
{
	struct gsl *w = ws;
	memcpy(y, y0, sizeof(double) * (size_t)w->n);
	gsl_odeiv2_step_reset(w->step);
	return gsl_odeiv2_step_apply(w->step, t0, tau, y, w->yerr, NULL, NULL, &w->sys) ==
	               GSL_SUCCESS
	           ? 0
	           : -1;
}

static double gsl_next_h(const void *ws) { return ((const struct gsl *)ws)->h; }

static long gsl_refused(const void *ws) { return ((const struct gsl *)ws)->refused; }

/* ------------------------------------------------------------ Dormand–Prince */

struct dp {
	struct run_data *d;
	struct constrained *s;
	struct dopri5 *w;
};

static int dp_derivatives(void *ctx, double t, const double *y, double *dydt)
{
	struct dp *p = ctx;
	if (constrained_derivatives(p->s, t, y, dydt) == 0)
		return 0;
	return p->d->stopped ? -2 : -1; /* -1: a trial step shortens */
}

static void *dp_alloc(const struct stepper_setup *setup, enum dopri5_control control)
{
	struct dp *p = calloc(1, sizeof *p);
	p->d = setup->d, p->s = setup->s;
	struct dopri5_config cfg = {control, setup->tol, setup->abstol, setup->hmax, setup->dt};
	p->w = dopri5_new(setup->n, &cfg, dp_derivatives, p);
	return p;
}

static void *dopri5_alloc(const struct stepper_setup *setup)
{
	return dp_alloc(setup, DOPRI5_HAIRER);
}
static void *ode45_alloc(const struct stepper_setup *setup)
{
	return dp_alloc(setup, DOPRI5_ODE45);
}

static void dp_free(void *ws)
{
	struct dp *p = ws;
	if (p)
		dopri5_free(p->w);
	free(p);
}

static int dp_start(void *ws, double t, const double *y, double h)
{
	return dopri5_start(((struct dp *)ws)->w, t, y, h) == 0 ? 0 : -1;
}

static long dp_step(void *ws, double t_end, double *t, double *y)
{
	int status = dopri5_step(((struct dp *)ws)->w, t_end, t, y);
	return status == 0 ? 1 : status;
}

/* The step's continuous extension: no evaluation. */
static int dp_dense(void *ws, double t, double *out)
{
	dopri5_dense(((struct dp *)ws)->w, t, out);
	return 0;
}

/* An event's search reads the continuous extension of the step it lies in. */
static int dp_advance(void *ws, double t0, const double *y0, double tau, double *y)
{
	(void)y0;
	return dp_dense(ws, t0 + tau, y);
}

static double dp_next_h(const void *ws) { return dopri5_next_h(((const struct dp *)ws)->w); }

static long dp_refused(const void *ws) { return dopri5_rejected(((const struct dp *)ws)->w); }

/* ------------------------------------------------------------ the table */

#define FIXED(name, alloc)                                                                         \
	{                                                                                          \
		name, 1, 0, alloc, fixed_free, fixed_start, fixed_step, NULL, fixed_advance,       \
		    fixed_next_h, fixed_refused                                                    \
	}
#define GSL(name, alloc)                                                                           \
	{                                                                                          \
		name, 0, 0, alloc, gsl_free, gsl_start, gsl_step, gsl_dense, gsl_advance,          \
		    gsl_next_h, gsl_refused                                                        \
	}
#define DP(name, alloc)                                                                            \
	{                                                                                          \
		name, 0, 1, alloc, dp_free, dp_start, dp_step, dp_dense, dp_advance, dp_next_h,    \
		    dp_refused                                                                     \
	}

static const struct stepper_type types[] = {
    FIXED("rk4", rk4_alloc),    FIXED("symplectic", symplectic_alloc),
    DP("dopri5", dopri5_alloc), DP("ode45", ode45_alloc),
    GSL("rk45", rkf45_alloc),   GSL("rkf45", rkf45_alloc),
    GSL("rkck", rkck_alloc),    GSL("rk8pd", rk8pd_alloc),
};

const char *const *integrator_names(void)
{
	static const char *names[sizeof types / sizeof types[0] + 1];
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		names[i] = types[i].name;
	return names;
}

const struct stepper_type *stepper_find(const char *name)
{
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(types[i].name, name) == 0)
			return &types[i];
	return NULL;
}
