/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plot.h — curves on a canvas: time histories and x-y paths.
 *
 * Axes with "nice" ticks (1, 2, 5 x 10^k) and their numbers, axis labels
 * at the axes' ends (never over a curve), a title and a legend. Each series
 * has its own colour, line style and mark, so series are told apart without
 * colour: on an ASCII grid its curve is written in its mark; elsewhere,
 * when there are several, each curve carries its mark every so often, or
 * at each of its samples when it has few (where its data are), and in a
 * file each has its own dashes. The legend shows each series' line and
 * mark. Drawn through canvas.h, so the terminal and a file show one plot. */
#ifndef MB_PLOT_H
#define MB_PLOT_H

#include "view/canvas.h"

struct plot_series {
	int n;
	double *x, *y;
	char *label;
	int color; /* a palette colour (canvas.h); 0: by the series' place */
	int style; /* 1 + the index of its mark and dashes; 0: by its place */
};

struct plot_spec {
	int nseries;
	struct plot_series *series;
	char *title, *xlabel, *ylabel;
};

void plot_draw(const struct plot_spec *p, struct canvas *c);

#endif
