/* SPDX-License-Identifier: GPL-3.0-or-later */
/* picture.h — whole pictures on a canvas, for files, GIF frames and the
 * terminal's inline images: a plot, the mechanism at a time, a free-body
 * diagram, and a run's one-page report. Margins, titles and the page's
 * layout are here; plot.c, render.c and diagram.c draw what is inside. */
#ifndef MB_PICTURE_H
#define MB_PICTURE_H

#include "view/diagram.h"
#include "view/plot.h"
#include "view/render.h"

/* The mechanism at one sample of a run. */
struct picture_frame {
	const struct scene *scene;
	const double *poses; /* every sample's, 3 per body */
	int frame;           /* the sample drawn */
	struct view view;    /* fitted to the whole run, so frames do not jump */
	int labels, trails;
	const char *title;   /* over it, on the left */
	const char *caption; /* over it, on the right: "t = 0.5 s" */
};

struct picture_report {
	const char *title, *subtitle;
	struct picture_frame mechanism;
	const struct plot_spec *plots;
	int nplots;
	const char *table; /* lines of monospaced text */
};

void picture_plot(struct canvas *c, const struct plot_spec *p);
void picture_frame(struct canvas *c, const struct picture_frame *f);
void picture_diagram(struct canvas *c, const struct diagram *d, const char *title);
/* Plots one over another, sharing the width. */
void picture_plots(struct canvas *c, const struct plot_spec *plots, int n);
/* One page: title, the mechanism, the plots two by two, the table. */
void picture_report(struct canvas *c, const struct picture_report *r);

#endif
