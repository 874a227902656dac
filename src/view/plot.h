/* plot.h — curves in a grid: time histories and x-y paths.
 *
 * Axes with "nice" ticks (1, 2, 5 x 10^k) and their numbers, axis labels,
 * a title and a legend. In ASCII each series has its own glyph; in Unicode
 * each is a braille line in its own colour, its glyph shown in the legend. */
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
