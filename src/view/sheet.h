/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sheet.h — a problem's sheet as pages: text that wraps to the page's
 * width, two-column rows (a name and what it is), and a picture of the
 * mechanism, flowed down A4 pages with a footer on each. The layout is
 * done once per page drawn, the same way each time, so the pages can be
 * counted first and drawn one by one (a PDF's pages). */
#ifndef MB_SHEET_H
#define MB_SHEET_H

#include "view/picture.h"

enum sheet_style {
	SHEET_TITLE,   /* large, bold */
	SHEET_LEAD,    /* the line under the title: the book's problem, the seed */
	SHEET_HEADING, /* a section's name, kept with the line after it */
	SHEET_PARA,    /* text wrapped at spaces */
	SHEET_PRE,     /* monospaced lines kept as they are (wrapped only past the edge) */
	SHEET_ROW,     /* a table's row: left and mid monospaced, text wrapped beside */
	SHEET_NOTE,    /* small grey text, wrapped */
	SHEET_FIGURE   /* the mechanism */
};

struct sheet_block {
	enum sheet_style style;
	const char *text; /* a ROW's right column */
	const char *left; /* a ROW's first column (a name) */
	const char *mid;  /* a ROW's middle column (a value), or NULL */
	const struct picture_frame *figure;
};

struct sheet {
	const struct sheet_block *blocks;
	int nblocks;
	const char *footer; /* at the foot of every page, left; "page k of n" right */
};

/* How many pages the sheet takes on canvases like c. */
int sheet_pages(struct canvas *c, const struct sheet *s);
/* Draw page `page` (0-based) of npages. */
void sheet_draw_page(struct canvas *c, const struct sheet *s, int page, int npages);

#endif
