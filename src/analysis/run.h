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
	char **blocks; /* the samples' storage, SAMPLE_BLOCK samples each */
	int nblocks;
	size_t sample_bytes;
	long fevals, steps;
	long refused; /* adaptive steps refused by the error control */
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
	/* what completes the samples when first asked (model/report.h): the
	 * model the run was of (which must outlive the run), the run's report
	 * workspace, and a run's data of its own for it */
	const struct model *m;
	struct report *report;
	struct run_data *later;
	int completed; /* samples[0 .. completed) are complete */
};

struct run *run_new(const struct model *m);
void run_free(struct run *r);

/* The bytes a run holds: its samples' storage. */
size_t run_bytes(const struct run *r);

/* A new sample, zeroed, the run's last from now on (the run keeps its
 * samples in blocks: a run records hundreds); run_drop_sample forgets it
 * again (its report failed). */
struct sample *run_add_sample(struct run *r);
void run_drop_sample(struct run *r);

/* Keep a switch of coordinates (a copy). */
void run_switch(struct run *r, const struct coordinate_switch *s);

/* What the run's data says at its end: error, evaluations, redundancy. */
void run_finish(struct run *r, const struct run_data *d, double started);

/* Keep the report workspace w to complete the samples with later. */
void run_keep_report(struct run *r, struct report *w);

/* Complete every sample, in order (reactions, energies, violations): 0, or
 * -1 with the reason in r->later->error (a reaction or energy that is not
 * finite, dependent rows, a user force that failed). Each sample is
 * completed once; a failure leaves the samples before it complete and is
 * said again at the next call. */
int run_complete(struct run *r);

#endif
