/* SPDX-License-Identifier: GPL-3.0-or-later */
/* anim.h — the full-screen views: animation and plots, on ncurses.
 *
 * Everything shown is drawn into grids first (render.h, plot.h); this file
 * only puts grids on the screen and reads keys. The terminal is restored
 * on every way out: q, Ctrl-C, a terminal that cannot be opened, a CPU or
 * memory limit reached, and SIGTERM, SIGHUP or SIGQUIT (Ctrl-\), after
 * which the program ends (util/interrupt.h). */
#ifndef MB_ANIM_H
#define MB_ANIM_H

#include <stddef.h>

#include "view/plot.h"
#include "view/render.h"

struct pane {
	const struct scene *scene;
	const double *poses; /* nframes x 3 per body */
	struct view view;
	const char *title, *figures;
	/* notes in time order (a formulation's coordinates switching): the
	 * last one at or before a frame's time is shown under the figures */
	const double *note_times;
	const char *const *notes;
	int nnotes;
};

struct anim_options {
	const double *times;
	int nframes;
	int npanes;
	struct pane *panes;
	const struct plot_spec *plot; /* optional, under the panes */
	int labels, trails;
	double speed;
	int unicode; /* braille and box drawing; else plain ASCII */
	/* The key e: a page of text about the frame shown (m:explain at its
	 * time), or NULL for none; the text lives until the next call. */
	const char *(*explain)(void *ctx, int frame);
	void *explain_ctx;
};

/* Play until q or Ctrl-C. 0, or -1 with a reason in err. */
int anim_run(const struct anim_options *o, char *err, size_t errlen);

/* Show a plot full-screen until q. 0, or -1 with a reason in err. */
int anim_show_plot(const struct plot_spec *p, int unicode, char *err, size_t errlen);

#endif
