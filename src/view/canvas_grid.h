/* SPDX-License-Identifier: GPL-3.0-or-later */
/* canvas_grid.h — the character grid as a canvas (canvas.h): units are
 * cells, lines are braille dots (Unicode) or glyphs by slope (ASCII),
 * markers and arrowheads are glyphs, widths and dashes are not shown. */
#ifndef MB_CANVAS_GRID_H
#define MB_CANVAS_GRID_H

#include "view/canvas.h"
#include "view/grid.h"

/* A canvas drawing into g, which it does not own. */
struct canvas canvas_grid(struct grid *g);

#endif
