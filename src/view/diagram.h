/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diagram.h — a free-body diagram as a picture (book Ch. 6): one body's
 * outline and every force on it as an arrow from its point of application,
 * its length to scale (a scale arrow in a corner says how many newtons its
 * length is) and labelled; a couple as a turning mark. */
#ifndef MB_DIAGRAM_H
#define MB_DIAGRAM_H

#include "util/vec2.h"
#include "view/canvas.h"

struct diagram_arrow {
	vec2 at;       /* where it acts, global */
	vec2 force;    /* global; zero for a couple alone */
	double couple; /* a couple at `at` besides, counter-clockwise positive */
	const char *label;
	int color; /* the palette's (canvas.h) */
};

struct diagram {
	vec2 centre;        /* the mass centre */
	const vec2 *points; /* the body's points, global: its outline from the centre */
	int npoints;
	const struct diagram_arrow *arrows;
	int narrows;
	int color; /* the body's */
};

/* Draw it fitted to c. */
void diagram_draw(const struct diagram *d, struct canvas *c);

#endif
