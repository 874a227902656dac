/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sheet.c — a problem's sheet flowed down pages (see sheet.h). */
#include "view/sheet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct font fonts[] = {
    [SHEET_TITLE] = {1.45, 1, 0, INK, 0},       [SHEET_LEAD] = {1, 0, 0, INK_GROUND, 0},
    [SHEET_HEADING] = {1.1, 1, 0, INK, 0},      [SHEET_PARA] = {1, 0, 0, INK, 0},
    [SHEET_PRE] = {0.9, 0, 1, INK, 0},          [SHEET_ROW] = {1, 0, 0, INK, 0},
    [SHEET_NOTE] = {0.88, 0, 0, INK_GROUND, 0}, [SHEET_FIGURE] = {1, 0, 0, INK, 0},
};
static const struct font mono = {0.9, 0, 1, INK, 0};

/* Space after a block, in lines of body text. */
static const double space_after[] = {
    [SHEET_TITLE] = 0.2, [SHEET_LEAD] = 1,  [SHEET_HEADING] = 0.25, [SHEET_PARA] = 0.6,
    [SHEET_PRE] = 0.6,   [SHEET_ROW] = 0.2, [SHEET_NOTE] = 0.5,     [SHEET_FIGURE] = 0.8,
};

/* Where the flow is: the page being laid out, the height used on it, and
 * the page to draw (-1: none, only counting). */
struct flow {
	struct canvas page; /* the page less its margins and footer */
	int page_no, target;
	double y;
	char *line; /* a line's text, to measure and draw; room for the longest block */
	size_t cap;
	double name_width, value_width; /* the columns of the table being laid out */
};

static double height_of(const struct flow *f, const struct font *font)
{
	return f->page.line * font->size;
}

/* Room for h more on this page, or a new page; whether this page is drawn. */
static int room(struct flow *f, double h)
{
	if (f->y > 0 && f->y + h > f->page.height)
		f->page_no++, f->y = 0;
	return f->page_no == f->target;
}

static int hold(struct flow *f, const char *text, size_t n)
{
	if (n + 1 > f->cap) {
		char *grown = realloc(f->line, n + 1);
		if (!grown)
			return -1;
		f->line = grown, f->cap = n + 1;
	}
	memcpy(f->line, text, n);
	f->line[n] = '\0';
	return 0;
}

static double width_of(struct flow *f, const struct font *font, const char *text, size_t n)
{
	return hold(f, text, n) == 0 ? canvas_text_width(&f->page, f->line, font) : 0;
}

static double text_width(struct flow *f, const struct font *font, const char *text)
{
	return text ? width_of(f, font, text, strlen(text)) : 0;
}

/* The bytes of the line starting text that fit width: whole words up to the
 * last that fits, or, when the first word alone is wider, as many of its
 * characters as fit (one at least). *next: where the line after starts
 * (the spaces at the break and one newline skipped). */
static size_t fit_line(struct flow *f, const struct font *font, const char *text, double width,
                       const char **next)
{
	size_t n = strcspn(text, "\n"), best = 0;
	for (size_t e = 1; e <= n; e++) {
		int word_end = text[e - 1] != ' ' && (e == n || text[e] == ' ');
		if (!word_end)
			continue;
		if (width_of(f, font, text, e) > width)
			break;
		best = e;
	}
	if (best == 0 && n > 0) { /* a word wider than the line: cut between characters */
		size_t k = 1;
		while (k < n && ((unsigned char)text[k] & 0xC0) == 0x80)
			k++;
		best = k;
		for (size_t e = k + 1; e <= n; e++) {
			if (e < n && ((unsigned char)text[e] & 0xC0) == 0x80)
				continue;
			if (width_of(f, font, text, e) > width)
				break;
			best = e;
		}
	}
	const char *rest = text + best;
	while (*rest == ' ')
		rest++;
	if (*rest == '\n')
		rest++;
	*next = rest;
	return best;
}

static void draw_line(struct flow *f, const char *text, size_t n, double x, double y,
                      const struct font *font)
{
	if (hold(f, text, n) == 0)
		canvas_text(&f->page, v2(x, y), f->line, ANCHOR_LEFT | ANCHOR_TOP, font);
}

/* Text wrapped to width at x, line by line down the flow (a page may end
 * between two lines). */
static void flow_text(struct flow *f, const char *text, const struct font *font, double x,
                      double width)
{
	double h = height_of(f, font);
	while (text && *text) {
		const char *next;
		size_t n = fit_line(f, font, text, width, &next);
		if (room(f, h))
			draw_line(f, text, n, x, f->y, font);
		f->y += h;
		text = next;
	}
}

/* The lines text takes wrapped to width. */
static int count_lines(struct flow *f, const char *text, const struct font *font, double width)
{
	int lines = 0;
	for (const char *next; text && *text; text = next, lines++)
		fit_line(f, font, text, width, &next);
	return lines;
}

/* Line i of text wrapped to width, drawn at (x, y). */
static void draw_nth_line(struct flow *f, const char *text, const struct font *font, double x,
                          double y, double width, int i)
{
	for (const char *next; text && *text; text = next, i--) {
		size_t n = fit_line(f, font, text, width, &next);
		if (i == 0) {
			draw_line(f, text, n, x, y, font);
			return;
		}
	}
}

/* The columns of the table whose rows start at block i: the names as
 * wide as the widest; with values, what they are in a column of at most
 * 40 % of the rest, the values as wide as the widest in what is left. */
static void table_columns(struct flow *f, const struct sheet *s, int i)
{
	double names = 0, values = 0, whats = 0;
	for (; i < s->nblocks && s->blocks[i].style == SHEET_ROW; i++) {
		const struct sheet_block *b = &s->blocks[i];
		names = fmax(names, text_width(f, &mono, b->left));
		values = fmax(values, text_width(f, &mono, b->mid));
		whats = fmax(whats, text_width(f, &fonts[SHEET_ROW], b->text));
	}
	double gap = 1.5 * f->page.em;
	f->name_width = fmin(names + gap, f->page.width / 3);
	double rest = f->page.width - f->name_width;
	f->value_width = values > 0 ? fmin(values + gap, rest - fmin(whats + gap, 0.4 * rest)) : 0;
}

/* A table's row: each column wrapped in its width, the row as tall as the
 * tallest, its lines spaced as the text's; kept on one page when it fits
 * on one. */
static void row(struct flow *f, const struct sheet_block *b)
{
	const struct font *font = &fonts[SHEET_ROW];
	double h = height_of(f, font), gap = f->page.em, x_text = f->name_width + f->value_width;
	struct {
		const char *text;
		const struct font *font;
		double x, width;
	} columns[] = {{b->left, &mono, 0, f->name_width - gap},
	               {b->mid, &mono, f->name_width, f->value_width - gap},
	               {b->text, font, x_text, f->page.width - x_text}};
	int lines = 1;
	for (int k = 0; k < 3; k++) {
		int n = count_lines(f, columns[k].text, columns[k].font, columns[k].width);
		lines = n > lines ? n : lines;
	}
	if (lines * h <= f->page.height)
		room(f, lines * h);
	for (int i = 0; i < lines; i++, f->y += h)
		if (room(f, h))
			for (int k = 0; k < 3; k++) /* each centred in a line of the body text */
				draw_nth_line(f, columns[k].text, columns[k].font, columns[k].x,
				              f->y + (h - height_of(f, columns[k].font)) / 2,
				              columns[k].width, i);
}

static void figure(struct flow *f, const struct picture_frame *frame)
{
	double h = 0.3 * f->page.height;
	if (room(f, h)) {
		struct canvas region = canvas_region(&f->page, 0, f->y, f->page.width, h);
		picture_frame(&region, frame);
	}
	f->y += h;
}

/* Lay the sheet out on c's pages, drawing page `target` (-1: none); the
 * number of pages. */
static int lay_out(struct canvas *c, const struct sheet *s, int target)
{
	double margin = 0.09 * c->width;
	struct flow f = {canvas_region(c, margin, margin, c->width - 2 * margin,
	                               c->height - 2 * margin - 1.5 * c->line),
	                 0,
	                 target,
	                 0,
	                 NULL,
	                 0,
	                 0,
	                 0};
	for (int i = 0; i < s->nblocks; i++) {
		const struct sheet_block *b = &s->blocks[i];
		const struct font *font = &fonts[b->style];
		double line = f.page.line;
		if (b->style == SHEET_ROW && (i == 0 || s->blocks[i - 1].style != SHEET_ROW))
			table_columns(&f, s, i);
		switch (b->style) {
		case SHEET_HEADING:
			if (f.y > 0)
				f.y += 0.4 * line;
			/* a heading stays with two lines of what follows */
			room(&f, height_of(&f, font) + 2 * line);
			flow_text(&f, b->text, font, 0, f.page.width);
			break;
		case SHEET_ROW:
			row(&f, b);
			break;
		case SHEET_FIGURE:
			if (b->figure)
				figure(&f, b->figure);
			break;
		case SHEET_PRE:
			flow_text(&f, b->text, &mono, 0, f.page.width);
			break;
		default:
			flow_text(&f, b->text, font, 0, f.page.width);
			break;
		}
		int last_row = b->style == SHEET_ROW && i + 1 < s->nblocks &&
		               s->blocks[i + 1].style != SHEET_ROW;
		f.y += (last_row ? space_after[SHEET_PARA] : space_after[b->style]) * line;
	}
	free(f.line);
	return f.page_no + 1;
}

int sheet_pages(struct canvas *c, const struct sheet *s) { return lay_out(c, s, -1); }

void sheet_draw_page(struct canvas *c, const struct sheet *s, int page, int npages)
{
	lay_out(c, s, page);
	static const struct font foot = {0.85, 0, 0, INK_GROUND, 0};
	double margin = 0.09 * c->width, y = c->height - margin;
	char count[64];
	snprintf(count, sizeof count, "page %d of %d", page + 1, npages);
	struct canvas bottom = canvas_region(c, margin, y, c->width - 2 * margin, c->line);
	canvas_text(&bottom, v2(0, 0), s->footer, ANCHOR_LEFT | ANCHOR_TOP, &foot);
	canvas_text(&bottom, v2(bottom.width, 0), count, ANCHOR_RIGHT | ANCHOR_TOP, &foot);
}
