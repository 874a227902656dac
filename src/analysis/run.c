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
	r->njoints = m->njoints;
	r->nonunique = calloc((size_t)m->njoints + 1, 1);
	r->cpu_started = clock_cpu_seconds();
	return r;
}

void run_free(struct run *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->count; i++)
		sample_free(r->samples[i]);
	free(r->samples), free(r->impacts), free(r->nonunique), free(r->switches);
	free(r);
}

void run_record(struct run *r, struct sample *s)
{
	if (r->count == r->capacity) {
		r->capacity = r->capacity ? 2 * r->capacity : 64;
		r->samples = realloc(r->samples, sizeof *r->samples * (size_t)r->capacity);
	}
	r->samples[r->count++] = s;
}

void run_switch(struct run *r, const struct coordinate_switch *s)
{
	if (r->nswitches == r->switch_capacity) {
		r->switch_capacity = r->switch_capacity ? 2 * r->switch_capacity : 8;
		r->switches =
		    realloc(r->switches, sizeof *r->switches * (size_t)r->switch_capacity);
	}
	r->switches[r->nswitches++] = *s;
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
