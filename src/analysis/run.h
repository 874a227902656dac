/* SPDX-License-Identifier: GPL-3.0-or-later */
/* run.h — a recorded run: the samples of a forward or kinematic analysis
 * at its reporting times, its counts and how it ended. */
#ifndef MB_RUN_H
#define MB_RUN_H

#include "formulation/formulation.h"
#include "model/report.h"

struct impact_record {
	double t;
	int contact;
	double closing, opening;      /* normal speeds -u'v before and u'v after */
	double normal, tangent;       /* impulses (the impulse law) */
	double duration, depth, peak; /* force laws: time in contact, deepest δ, largest f_N */
};

/* The recorded run: samples[0..count) at t = 0, dt, 2dt, ... */
struct run {
	struct sample **samples;
	int count, capacity;
	long fevals, steps;
	double wall, cpu;   /* seconds of wall time and of processor time */
	double cpu_started; /* the processor time when the run began */
	char error[600];    /* empty when the run reached its end */
	int corrected;   /* the initial conditions were corrected (the first sample shows them) */
	char note[600];  /* what the correction moved, or "" */
	char stiff[400]; /* the adaptive step shrank to a crawl: from when, how small; or "" */
	int state_size;
	struct impact_record *impacts; /* every impact and contact, in order */
	int nimpacts;
	char *nonunique;         /* per joint: its reaction is not unique (rows dropped) */
	char near_singular[256]; /* the run came near a toggle: when and where, or "" */
	int njoints;
	struct coordinate_switch *switches; /* the formulation's changes of coordinates */
	int nswitches, switch_capacity;
};

struct run *run_new(const struct model *m);
void run_free(struct run *r);

/* Keep sample s (the run owns it from now on). */
void run_record(struct run *r, struct sample *s);

/* Keep a switch of coordinates (a copy). */
void run_switch(struct run *r, const struct coordinate_switch *s);

/* What the run's data says at its end: error, evaluations, redundancy. */
void run_finish(struct run *r, const struct run_data *d, double started);

#endif
