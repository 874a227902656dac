/* SPDX-License-Identifier: GPL-3.0-or-later */
/* run.c — a recorded run (see run.h). */
#include "analysis/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/clock.h"

struct run *run_new(const struct model *m)
{
	struct run *r = calloc(1, sizeof *r);
	r->m = m;
	r->njoints = m->njoints;
	r->nonunique = calloc((size_t)m->njoints + 1, 1);
	r->cpu_started = clock_cpu_seconds();
	return r;
}

void run_free(struct run *r)
{
	if (!r)
		return;
	for (int b = 0; b < r->nblocks; b++)
		free(r->blocks[b]);
	free(r->blocks);
	free(r->samples), free(r->impacts), free(r->nonunique), free(r->switches);
	report_free(r->report);
	run_data_free(r->later);
	free(r);
}

enum { SAMPLE_BLOCK = 64 };

size_t run_bytes(const struct run *r)
{
	return (size_t)r->nblocks * SAMPLE_BLOCK * r->sample_bytes;
}

struct sample *run_add_sample(struct run *r)
{
	if (r->count == r->capacity) {
		r->capacity = r->capacity ? 2 * r->capacity : SAMPLE_BLOCK;
		r->samples = realloc(r->samples, sizeof *r->samples * (size_t)r->capacity);
	}
	int slot = r->count % SAMPLE_BLOCK;
	if (slot == 0 && r->count / SAMPLE_BLOCK == r->nblocks) {
		r->sample_bytes = (sample_bytes(r->m) + 15) / 16 * 16;
		r->blocks = realloc(r->blocks, sizeof *r->blocks * (size_t)(r->nblocks + 1));
		r->blocks[r->nblocks++] = malloc(SAMPLE_BLOCK * r->sample_bytes);
	}
	char *at = r->blocks[r->count / SAMPLE_BLOCK] + (size_t)slot * r->sample_bytes;
	memset(at, 0, r->sample_bytes);
	return r->samples[r->count++] = sample_place(at, r->m);
}

void run_drop_sample(struct run *r) { r->count--; }

void run_switch(struct run *r, const struct coordinate_switch *s)
{
	if (r->nswitches == r->switch_capacity) {
		r->switch_capacity = r->switch_capacity ? 2 * r->switch_capacity : 8;
		r->switches =
		    realloc(r->switches, sizeof *r->switches * (size_t)r->switch_capacity);
	}
	r->switches[r->nswitches++] = *s;
}

void run_keep_report(struct run *r, struct report *w)
{
	r->report = w;
	r->later = run_data_new(r->m);
}

int run_complete(struct run *r)
{
	for (; r->completed < r->count; r->completed++) {
		struct sample *s = r->samples[r->completed];
		if (s->complete)
			continue;
		if (!r->report) /* never: a run keeps its report workspace */
			return -1;
		r->later->error[0] = '\0';
		if (report_complete(r->report, r->later, s) != 0)
			return -1;
		/* the joints whose reactions the completion found not unique */
		for (int j = 0; j < r->njoints; j++)
			r->nonunique[j] |= r->later->nonunique[j];
	}
	return 0;
}

void run_finish(struct run *r, const struct run_data *d, double started)
{
	if (d->error[0])
		snprintf(r->error, sizeof r->error, "%s", d->error);
	r->fevals = d->fevals;
	memcpy(r->nonunique, d->nonunique, (size_t)r->njoints);
	snprintf(r->near_singular, sizeof r->near_singular, "%s", d->near_singular);
	r->wall = clock_seconds() - started;
	r->cpu = clock_cpu_seconds() - r->cpu_started;
}
