/* SPDX-License-Identifier: GPL-3.0-or-later */
/* picture.c — whole pictures on a canvas (see picture.h). */
#include "view/picture.h"

#include <math.h>
#include <string.h>

static const struct font title_font = {1.15, 1, 0, INK, 0}, caption_font = {1, 0, 0, INK, 0};

/* The canvas less a margin of half a line all round. */
static struct canvas inside(const struct canvas *c)
{
	double m = c->line / 2;
	return canvas_region(c, m, m, c->width - 2 * m, c->height - 2 * m);
}

void picture_plot(struct canvas *c, const struct plot_spec *p)
{
	struct canvas in = inside(c);
	plot_draw(p, &in);
}

void picture_plots(struct canvas *c, const struct plot_spec *plots, int n)
{
	for (int k = 0; k < n; k++) {
		struct canvas band =
		    canvas_region(c, 0, c->height * k / n, c->width, c->height / n);
		picture_plot(&band, &plots[k]);
	}
}

/* A title line over a picture: title on the left, caption on the right;
 * returns the height it takes. */
static double heading(struct canvas *c, const char *title, const char *caption)
{
	if (!title && !caption)
		return 0;
	canvas_text(c, v2(0, 0), title, ANCHOR_LEFT | ANCHOR_TOP, &title_font);
	canvas_text(c, v2(c->width, 0), caption, ANCHOR_RIGHT | ANCHOR_TOP, &caption_font);
	return 1.5 * c->line;
}

void picture_frame(struct canvas *c, const struct picture_frame *f)
{
	struct canvas in = inside(c);
	double top = heading(&in, f->title, f->caption);
	struct canvas scene = canvas_region(&in, 0, top, in.width, in.height - top);
	struct draw_options o = {f->labels, f->trails, f->poses, f->frame};
	canvas_clip(&scene, 0, 0, scene.width, scene.height);
	scene_draw(f->scene, f->poses + (size_t)f->frame * 3 * (size_t)f->scene->nbodies, &f->view,
	           &scene, &o);
	canvas_unclip(&scene);
}

void picture_diagram(struct canvas *c, const struct diagram *d, const char *title)
{
	struct canvas in = inside(c);
	double top = heading(&in, title, NULL);
	struct canvas body = canvas_region(&in, 0, top, in.width, in.height - top);
	diagram_draw(d, &body);
}

/* Lines of monospaced text from the top of c, as many as fit. */
static void text_block(struct canvas *c, const char *text)
{
	static const struct font mono = {0.85, 0, 1, INK, 0};
	char line[512];
	double y = 0;
	while (text && *text && y + c->line <= c->height) {
		const char *end = strchr(text, '\n');
		size_t len = end ? (size_t)(end - text) : strlen(text);
		if (len >= sizeof line)
			len = sizeof line - 1;
		memcpy(line, text, len);
		line[len] = '\0';
		canvas_text(c, v2(0, y), line, ANCHOR_LEFT | ANCHOR_TOP, &mono);
		y += 0.9 * c->line;
		text = end ? end + 1 : text + strlen(text);
	}
}

void picture_report(struct canvas *c, const struct picture_report *r)
{
	double m = 2 * c->line, width = c->width - 2 * m;
	struct canvas page = canvas_region(c, m, m, width, c->height - 2 * m);
	static const struct font big = {1.5, 1, 0, INK, 0}, sub = {1, 0, 0, INK_GROUND, 0};
	canvas_text(&page, v2(0, 0), r->title, ANCHOR_LEFT | ANCHOR_TOP, &big);
	canvas_text(&page, v2(0, 1.6 * page.line), r->subtitle, ANCHOR_LEFT | ANCHOR_TOP, &sub);
	double y = 3 * page.line;
	/* the table's height: its lines, at the bottom */
	int lines = 0;
	for (const char *s = r->table; s && *s; s++)
		lines += *s == '\n';
	double table_h = r->table ? (lines + 1.5) * 0.9 * page.line : 0;
	double left = page.height - y - table_h;
	int rows = (r->nplots + 1) / 2;
	double mech_h = left * (rows > 0 ? 0.38 : 1),
	       plot_h = rows > 0 ? (left - mech_h) / rows : 0;
	struct canvas mech = canvas_region(&page, 0, y, width, mech_h);
	picture_frame(&mech, &r->mechanism);
	y += mech_h;
	for (int k = 0; k < r->nplots; k++) {
		int last_alone = k == r->nplots - 1 && r->nplots % 2 == 1;
		double w = last_alone ? width : width / 2, x = (k % 2) * width / 2;
		struct canvas cell = canvas_region(&page, x, y + (k / 2) * plot_h, w, plot_h);
		picture_plot(&cell, &r->plots[k]);
	}
	y += rows * plot_h;
	struct canvas table = canvas_region(&page, 0, y + 0.5 * page.line, width, table_h);
	text_block(&table, r->table);
}
