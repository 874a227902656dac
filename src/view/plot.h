/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plot.h — curves in a grid: time histories and x-y paths.
 *
 * Axes with "nice" ticks (1, 2, 5 x 10^k) and their numbers, axis labels
 * at the axes' ends (never over a curve), a title and a legend. Each series
 * has its own mark, so series are told apart without colour: in ASCII its
 * curve is drawn in it; in Unicode each is a braille line in its own
 * colour that, when there are several, carries its mark every few cells,
 * or at each of its samples when it has few (where its data are). The
 * legend shows each series' mark. */
#ifndef MB_PLOT_H
#define MB_PLOT_H

#include "view/grid.h"

struct plot_series {
	int n;
	double *x, *y;
	char *label;
};

struct plot_spec {
	int nseries;
	struct plot_series *series;
	char *title, *xlabel, *ylabel;
};

void plot_draw(const struct plot_spec *p, struct grid *g);

#endif
