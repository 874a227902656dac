/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dopri5.c — Dormand–Prince 5(4) with FSAL, step-size control and dense
 * output (see dopri5.h). The coefficients are Dormand and Prince's (1980)
 * and, for the continuous extensions, Shampine's (1986) as used in DOPRI5,
 * and the one MATLAB's ode45 interpolates with (its ntrp45). */
#include "analysis/dopri5.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The nodes c_i and the rows a_ij of the tableau. */
static const double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
static const double a21 = 1.0 / 5;
static const double a31 = 3.0 / 40, a32 = 9.0 / 40;
static const double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
static const double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561,
                    a54 = -212.0 / 729;
static const double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                    a65 = -5103.0 / 18656;
/* the fifth-order weights b_i, which are also the seventh stage's row */
static const double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784,
                    b6 = 11.0 / 84;
/* b_i - b̂_i: the fifth-order result less the embedded fourth-order one */
static const double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                    e6 = 22.0 / 525, e7 = -1.0 / 40;
/* the continuous extension's fourth-order term */
static const double d1 = -12715105075.0 / 11282082432, d3 = 87487479700.0 / 32700410799,
                    d4 = -10690763975.0 / 1880347072, d5 = 701980252875.0 / 199316789632,
                    d6 = -1453857185.0 / 822651844, d7 = 69997945.0 / 29380423;

/* ode45's continuous extension, y(t0 + s h) = y0 + h Σ_i k_i Σ_p q_ip s^p
 * (p = 1 ... 4; the second stage's row is zero), another fourth-order
 * polynomial than DOPRI5's with the same ends. */
static const double q1[4] = {1, -183.0 / 64, 37.0 / 12, -145.0 / 128},
                    q3[4] = {0, 1500.0 / 371, -1000.0 / 159, 1000.0 / 371},
                    q4[4] = {0, -125.0 / 32, 125.0 / 12, -375.0 / 64},
                    q5[4] = {0, 9477.0 / 3392, -729.0 / 106, 25515.0 / 6784},
                    q6[4] = {0, -11.0 / 7, 11.0 / 3, -55.0 / 28}, q7[4] = {0, 3.0 / 2, -4, 5.0 / 2};

/* Hairer's control, DOPRI5's defaults: a step may shrink to a fifth or
 * grow tenfold, aims at 0.9 of the tolerance, and carries a little of the
 * last accepted error (β = 0.04, a PI controller that damps the
 * oscillation of step sizes at a stability boundary). */
static const double safety = 0.9, shrink_most = 0.2, grow_most = 10, beta = 0.04;

struct dopri5 {
	int n;
	struct dopri5_config cfg;
	double threshold; /* ode45: AbsTol / RelTol, below which |y| counts as this */
	dopri5_rhs f;
	void *ctx;
	double t, h;    /* the current state's time, the next step's size */
	double *y, *k1; /* the current state and its derivative (FSAL) */
	double *k2, *k3, *k4, *k5, *k6, *k7, *ynew, *ystage;
	double *r1, *r2, *r3, *r4, *r5; /* the last step's continuous extension */
	double told, hold;              /* the last step's start and size */
	double errold;                  /* the last accepted error norm (PI control) */
	int rejected_last;
	long nfev, nrejected;
};

struct dopri5 *dopri5_new(int n, const struct dopri5_config *cfg, dopri5_rhs f, void *ctx)
{
	struct dopri5 *w = calloc(1, sizeof *w);
	w->n = n, w->cfg = *cfg, w->f = f, w->ctx = ctx;
	if (cfg->control == DOPRI5_ODE45) { /* ode45 raises a RelTol below 100 eps to that */
		w->cfg.rtol = fmax(cfg->rtol, 100 * DBL_EPSILON);
		w->threshold = cfg->atol / w->cfg.rtol;
	}
	double *buf = calloc(15 * (size_t)n + 1, sizeof(double));
	double **slot[] = {&w->y,    &w->k1,     &w->k2, &w->k3, &w->k4, &w->k5, &w->k6, &w->k7,
	                   &w->ynew, &w->ystage, &w->r1, &w->r2, &w->r3, &w->r4, &w->r5};
	for (size_t k = 0; k < sizeof slot / sizeof slot[0]; k++)
		*slot[k] = buf + k * (size_t)n;
	w->errold = 1e-4;
	return w;
}

void dopri5_free(struct dopri5 *w)
{
	if (w)
		free(w->y);
	free(w);
}

static int eval(struct dopri5 *w, double t, const double *y, double *dydt)
{
	w->nfev++;
	return w->f(w->ctx, t, y, dydt);
}

/* Hairer's weight of component i: what the tolerance allows there. */
static double allowed(const struct dopri5 *w, double a, double b)
{
	return w->cfg.atol + w->cfg.rtol * fmax(fabs(a), fabs(b));
}

/* ode45's weight of component i: |y_i| (the larger of the step's two ends),
 * or the threshold AbsTol/RelTol when that is larger; the error counts
 * against RelTol, so component i may err by max(RelTol |y_i|, AbsTol). */
static double scale(const struct dopri5 *w, double a, double b)
{
	return fmax(fmax(fabs(a), fabs(b)), w->threshold);
}

/* The smallest step ode45 takes at t: 16 units in the last place of t. */
static double ode45_hmin(double t)
{
	double at = fabs(t);
	return 16 * (nextafter(at, INFINITY) - at);
}

/* ode45's first step: the reporting interval, or the run's longest step if
 * less, shortened so that its Euler step changes no component by more than
 * 0.8 RelTol^(1/5) of its weight (no evaluation more). */
static void ode45_initial_step(struct dopri5 *w, double *h)
{
	double rh = 0;
	for (int i = 0; i < w->n; i++)
		rh = fmax(rh, fabs(w->k1[i]) / scale(w, w->y[i], 0));
	rh /= 0.8 * pow(w->cfg.rtol, 0.2);
	double absh = fmin(w->cfg.hmax, w->cfg.first_span);
	if (absh * rh > 1)
		absh = 1 / rh;
	*h = fmax(absh, ode45_hmin(w->t));
}

/* The first step, Hairer's HINIT: h such that an Euler step's change and
 * the second derivative's estimate are both about 1% of the tolerance. */
static int initial_step(struct dopri5 *w, double *h)
{
	int n = w->n;
	double dnf = 0, dny = 0;
	for (int i = 0; i < n; i++) {
		double sk = allowed(w, w->y[i], 0);
		dnf += (w->k1[i] / sk) * (w->k1[i] / sk);
		dny += (w->y[i] / sk) * (w->y[i] / sk);
	}
	double h0 = dnf <= 1e-10 || dny <= 1e-10 ? 1e-6 : 0.01 * sqrt(dny / dnf);
	for (int i = 0; i < n; i++)
		w->ystage[i] = w->y[i] + h0 * w->k1[i];
	int status = eval(w, w->t + h0, w->ystage, w->k2);
	if (status != 0)
		return status;
	double der2 = 0;
	for (int i = 0; i < n; i++) {
		double sk = allowed(w, w->y[i], 0), d = (w->k2[i] - w->k1[i]) / sk;
		der2 += d * d;
	}
	double der12 = fmax(sqrt(der2) / h0, sqrt(dnf));
	double h1 = der12 <= 1e-15 ? fmax(1e-6, h0 * 1e-3) : pow(0.01 / der12, 1.0 / 5);
	*h = fmin(100 * h0, h1);
	return 0;
}

int dopri5_start(struct dopri5 *w, double t, const double *y, double h)
{
	size_t size = sizeof(double) * (size_t)w->n;
	w->t = t, w->told = t, w->hold = 0;
	memcpy(w->y, y, size);
	/* until a step is taken the continuous extension is the state itself */
	memcpy(w->r1, y, size);
	memset(w->r2, 0, 4 * size);
	w->errold = 1e-4, w->rejected_last = 0;
	int status = eval(w, t, w->y, w->k1);
	if (status != 0)
		return status;
	if (h > 0) {
		w->h = h;
		return 0;
	}
	if (w->cfg.control == DOPRI5_ODE45) {
		ode45_initial_step(w, &w->h);
		return 0;
	}
	return initial_step(w, &w->h);
}

/* The six new stages of a step of h from (w->t, w->y), the result into
 * w->ynew and its error: DOPRI5's norm, the root mean square of each
 * component's error over what the tolerance allows there (1 at the
 * tolerance); or ode45's, the largest of each component's error over its
 * weight (RelTol at the tolerance). A negative return is f's failure. */
static double attempt(struct dopri5 *w, double h)
{
	int n = w->n, status;
	double t = w->t, *y = w->y, *ys = w->ystage;
	double *k1 = w->k1, *k2 = w->k2, *k3 = w->k3, *k4 = w->k4, *k5 = w->k5, *k6 = w->k6,
	       *k7 = w->k7;
	for (int i = 0; i < n; i++)
		ys[i] = y[i] + h * a21 * k1[i];
	if ((status = eval(w, t + c2 * h, ys, k2)) != 0)
		return status;
	for (int i = 0; i < n; i++)
		ys[i] = y[i] + h * (a31 * k1[i] + a32 * k2[i]);
	if ((status = eval(w, t + c3 * h, ys, k3)) != 0)
		return status;
	for (int i = 0; i < n; i++)
		ys[i] = y[i] + h * (a41 * k1[i] + a42 * k2[i] + a43 * k3[i]);
	if ((status = eval(w, t + c4 * h, ys, k4)) != 0)
		return status;
	for (int i = 0; i < n; i++)
		ys[i] = y[i] + h * (a51 * k1[i] + a52 * k2[i] + a53 * k3[i] + a54 * k4[i]);
	if ((status = eval(w, t + c5 * h, ys, k5)) != 0)
		return status;
	for (int i = 0; i < n; i++)
		ys[i] = y[i] +
		        h * (a61 * k1[i] + a62 * k2[i] + a63 * k3[i] + a64 * k4[i] + a65 * k5[i]);
	if ((status = eval(w, t + h, ys, k6)) != 0)
		return status;
	for (int i = 0; i < n; i++)
		w->ynew[i] =
		    y[i] + h * (b1 * k1[i] + b3 * k3[i] + b4 * k4[i] + b5 * k5[i] + b6 * k6[i]);
	if ((status = eval(w, t + h, w->ynew, k7)) != 0)
		return status;
	double sum = 0, largest = 0;
	for (int i = 0; i < n; i++) {
		double e =
		    e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * k7[i];
		if (w->cfg.control == DOPRI5_ODE45) {
			largest = fmax(largest, fabs(e) / scale(w, y[i], w->ynew[i]));
			continue;
		}
		double r = h * e / allowed(w, y[i], w->ynew[i]);
		sum += r * r;
	}
	if (w->cfg.control == DOPRI5_ODE45)
		return h * largest;
	return sqrt(sum / (n > 0 ? n : 1));
}

/* Accept the attempt of h: keep the continuous extension of the step,
 * then move to its end (the last stage is the new first). */
static void accept(struct dopri5 *w, double h)
{
	int n = w->n;
	for (int i = 0; w->cfg.control == DOPRI5_ODE45 && i < n; i++) {
		double *r[4] = {w->r2, w->r3, w->r4, w->r5};
		w->r1[i] = w->y[i];
		for (int p = 0; p < 4; p++)
			r[p][i] = h * (q1[p] * w->k1[i] + q3[p] * w->k3[i] + q4[p] * w->k4[i] +
			               q5[p] * w->k5[i] + q6[p] * w->k6[i] + q7[p] * w->k7[i]);
	}
	for (int i = 0; w->cfg.control == DOPRI5_HAIRER && i < n; i++) {
		double dy = w->ynew[i] - w->y[i], bspl = h * w->k1[i] - dy;
		w->r1[i] = w->y[i];
		w->r2[i] = dy;
		w->r3[i] = bspl;
		w->r4[i] = dy - h * w->k7[i] - bspl;
		w->r5[i] = h * (d1 * w->k1[i] + d3 * w->k3[i] + d4 * w->k4[i] + d5 * w->k5[i] +
		                d6 * w->k6[i] + d7 * w->k7[i]);
	}
	w->told = w->t, w->hold = h;
	w->t += h;
	memcpy(w->y, w->ynew, sizeof(double) * (size_t)n);
	memcpy(w->k1, w->k7, sizeof(double) * (size_t)n);
}

double dopri5_fixed_step(struct dopri5 *w, double h, double *y)
{
	double err = attempt(w, h);
	if (err < 0)
		return -1;
	accept(w, h);
	memcpy(y, w->y, sizeof(double) * (size_t)w->n);
	return w->cfg.control == DOPRI5_ODE45 ? err / w->cfg.rtol : err;
}

/* The end of an accepted step: its state to the caller. */
static int accepted(struct dopri5 *w, double h, double *t, double *y)
{
	accept(w, h);
	*t = w->t;
	memcpy(y, w->y, sizeof(double) * (size_t)w->n);
	return 0;
}

/* ode45's control (its source's, step for step): a step is refused when
 * its error passes RelTol; the first refusal of a step shortens it to
 * 0.8 (RelTol/err)^(1/5) of itself (not below a tenth), each further one
 * halves it; an accepted step taken at the first try proposes h / (1.25
 * (err/RelTol)^(1/5)), at most five times h, and one that needed a
 * second try keeps its h. A step within 10% of t_end stretches to it. */
static int ode45_step(struct dopri5 *w, double t_end, double *t, double *y)
{
	const double pow_ = 0.2, rtol = w->cfg.rtol;
	int first_try = 1;
	for (;;) {
		double hmin = ode45_hmin(w->t);
		double absh = fmin(w->cfg.hmax, fmax(hmin, w->h));
		if (1.1 * absh >= t_end - w->t)
			absh = t_end - w->t;
		if (!(absh > 0))
			return -1;
		double err = attempt(w, absh);
		if (err == -2)
			return -2;
		if (err < 0 || err > rtol) {
			w->nrejected++;
			if (absh <= hmin)
				return -1;
			if (err < 0) /* a stage the model cannot take: a much shorter step */
				w->h = fmax(hmin, 0.25 * absh);
			else if (first_try)
				w->h = fmax(hmin, absh * fmax(0.1, 0.8 * pow(rtol / err, pow_)));
			else
				w->h = fmax(hmin, 0.5 * absh);
			first_try = 0;
			continue;
		}
		w->h = absh;
		if (first_try) {
			double shrink = 1.25 * pow(err / rtol, pow_);
			w->h = shrink > 0.2 ? absh / shrink : 5 * absh;
		}
		return accepted(w, absh, t, y);
	}
}

int dopri5_step(struct dopri5 *w, double t_end, double *t, double *y)
{
	if (w->cfg.control == DOPRI5_ODE45)
		return ode45_step(w, t_end, t, y);
	double hmin = 1e-13 * fmax(1.0, fabs(w->t)), hmax = w->cfg.hmax;
	for (;;) {
		double h = fmin(w->h, hmax);
		/* the last step reaches t_end exactly rather than leave a sliver */
		if (w->t + 1.01 * h >= t_end)
			h = t_end - w->t;
		if (h < hmin || !(h > 0))
			return -1;
		double err = attempt(w, h);
		if (err == -2)
			return -2;
		if (err < 0) { /* a stage the model cannot take: a much shorter step */
			w->nrejected++;
			w->h = 0.25 * h;
			w->rejected_last = 1;
			continue;
		}
		double fac11 = pow(err, 0.2 - 0.75 * beta);
		if (err <= 1) {
			/* h_new = h · err^(-1/5 + 0.75β) · errold^β / safety, bounded */
			double fac = fac11 / pow(w->errold, beta) / safety;
			fac = fmax(1 / grow_most, fmin(1 / shrink_most, fac));
			double hnew = h / fac;
			if (w->rejected_last) /* no growth straight after a rejection */
				hnew = fmin(hnew, h);
			w->errold = fmax(err, 1e-4);
			w->h = hnew;
			w->rejected_last = 0;
			return accepted(w, h, t, y);
		}
		w->nrejected++;
		w->h = h / fmin(1 / shrink_most, fac11 / safety);
		w->rejected_last = 1;
	}
}

void dopri5_dense(const struct dopri5 *w, double t, double *out)
{
	double s = w->hold > 0 ? (t - w->told) / w->hold : 1, s1 = 1 - s;
	for (int i = 0; w->cfg.control == DOPRI5_ODE45 && i < w->n; i++)
		out[i] = w->r1[i] + s * (w->r2[i] + s * (w->r3[i] + s * (w->r4[i] + s * w->r5[i])));
	for (int i = 0; w->cfg.control == DOPRI5_HAIRER && i < w->n; i++)
		out[i] =
		    w->r1[i] + s * (w->r2[i] + s1 * (w->r3[i] + s * (w->r4[i] + s1 * w->r5[i])));
}

double dopri5_next_h(const struct dopri5 *w) { return w->h; }
long dopri5_evaluations(const struct dopri5 *w) { return w->nfev; }
long dopri5_rejected(const struct dopri5 *w) { return w->nrejected; }
