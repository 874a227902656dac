/* SPDX-License-Identifier: GPL-3.0-or-later */
/* figure.c — cairo behind the drawing interface (see figure.h). */
#include "view/figure.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct figure {
	enum figure_format format;
	FILE *file; /* SVG, PDF, PNG */
	int width, height;
	double scale, font_px;
	cairo_surface_t *surface;
	cairo_t *cr;
	struct canvas canvas;
	int clips; /* clips in force, each a cairo_save */
	int write_failed;
};

/* ------------------------------------------------------------ colours */

/* Okabe and Ito's palette for series 1..6, then the ground, faint grid
 * lines and the paper. */
static const double palette[][3] = {
    {0.10, 0.10, 0.10}, /* INK */
    {0.00, 0.45, 0.70}, /* blue */
    {0.84, 0.37, 0.00}, /* vermilion */
    {0.00, 0.62, 0.45}, /* bluish green */
    {0.80, 0.47, 0.65}, /* reddish purple */
    {0.90, 0.62, 0.00}, /* orange */
    {0.34, 0.71, 0.91}, /* sky blue */
    {0.40, 0.40, 0.40}, /* INK_GROUND */
    {0.88, 0.88, 0.88}, /* INK_FAINT */
    {1.00, 1.00, 1.00}, /* INK_PAPER */
};

/* The colour, or its tint: a share of it on white. */
static void set_tint(cairo_t *cr, int color, double share)
{
	int k = color >= 0 && color <= INK_PAPER ? color : INK;
	cairo_set_source_rgb(cr, 1 - share * (1 - palette[k][0]), 1 - share * (1 - palette[k][1]),
	                     1 - share * (1 - palette[k][2]));
}

static void set_color(cairo_t *cr, int color) { set_tint(cr, color, 1); }

void figure_rgb(int color, unsigned char rgb[3])
{
	int k = color >= 0 && color <= INK_PAPER ? color : INK;
	for (int i = 0; i < 3; i++)
		rgb[i] = (unsigned char)lround(255 * palette[k][i]);
}

void figure_palette(unsigned char rgb[256][3])
{
	enum { GREYS = 32, TINTS = 15, CUBE = 5 };
	int n = 0;
	for (int k = 0; k < GREYS; k++)
		rgb[n][0] = rgb[n][1] = rgb[n][2] = (unsigned char)(k * 255 / (GREYS - 1)), n++;
	for (int s = 1; s <= CANVAS_SERIES; s++) {
		unsigned char full[3];
		figure_rgb(s, full);
		for (int k = 1; k <= TINTS; k++, n++)
			for (int i = 0; i < 3; i++)
				rgb[n][i] = (unsigned char)(255 - (255 - full[i]) * k / TINTS);
	}
	for (int r = 0; r < CUBE; r++)
		for (int g = 0; g < CUBE; g++)
			for (int b = 0; b < CUBE; b++, n++) {
				rgb[n][0] = (unsigned char)(r * 255 / (CUBE - 1));
				rgb[n][1] = (unsigned char)(g * 255 / (CUBE - 1));
				rgb[n][2] = (unsigned char)(b * 255 / (CUBE - 1));
			}
	for (; n < 256; n++)
		rgb[n][0] = rgb[n][1] = rgb[n][2] = 255;
}

/* ------------------------------------------------------------ the canvas */

static struct figure *figure_of(struct canvas *c) { return c->impl; }

static double px(struct canvas *c, double width) { return width * figure_of(c)->scale; }

static void move_to(cairo_t *cr, struct canvas *c, vec2 p)
{
	cairo_move_to(cr, p.x + c->origin.x, p.y + c->origin.y);
}

static void line_to(cairo_t *cr, struct canvas *c, vec2 p)
{
	cairo_line_to(cr, p.x + c->origin.x, p.y + c->origin.y);
}

static void stroke_with(cairo_t *cr, struct canvas *c, const struct pen *pen)
{
	double w = px(c, pen->width > 0 ? pen->width : 1);
	set_color(cr, pen->color);
	cairo_set_line_width(cr, w);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_cap(cr,
	                   pen->dash == DASH_SOLID ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
	double unit = fmax(w, px(c, 1.5));
	double dashes[4];
	int n = 0;
	switch (pen->dash) {
	case DASH_LONG:
		dashes[0] = 5 * unit, dashes[1] = 3 * unit, n = 2;
		break;
	case DASH_DOT:
		dashes[0] = 1 * unit, dashes[1] = 1.8 * unit, n = 2;
		break;
	case DASH_DASHDOT:
		dashes[0] = 5 * unit, dashes[1] = 2 * unit, dashes[2] = 1 * unit,
		dashes[3] = 2 * unit;
		n = 4;
		break;
	default:
		break;
	}
	cairo_set_dash(cr, dashes, n, 0);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

/* A coordinate of a line across or down, on the pixel grid so that the
 * line is crisp: a line of odd width through pixels' middles, of even
 * width between them. */
static double crisp(double v, double width)
{
	return (long)lround(width) % 2 ? floor(v) + 0.5 : round(v);
}

static void fig_polyline(struct canvas *c, const vec2 *p, int n, const struct pen *pen)
{
	cairo_t *cr = figure_of(c)->cr;
	if (n < 2)
		return;
	if (n == 2 && (p[0].x == p[1].x || p[0].y == p[1].y)) { /* axes, ticks, grid lines */
		double w = px(c, pen->width > 0 ? pen->width : 1);
		vec2 a = v2(p[0].x + c->origin.x, p[0].y + c->origin.y);
		vec2 b = v2(p[1].x + c->origin.x, p[1].y + c->origin.y);
		if (a.x == b.x)
			a.x = b.x = crisp(a.x, w);
		else
			a.y = b.y = crisp(a.y, w);
		cairo_move_to(cr, a.x, a.y);
		cairo_line_to(cr, b.x, b.y);
		stroke_with(cr, c, pen);
		return;
	}
	move_to(cr, c, p[0]);
	for (int k = 1; k < n; k++)
		line_to(cr, c, p[k]);
	stroke_with(cr, c, pen);
}

static void fig_fill(struct canvas *c, const vec2 *p, int n, int color)
{
	cairo_t *cr = figure_of(c)->cr;
	move_to(cr, c, p[0]);
	for (int k = 1; k < n; k++)
		line_to(cr, c, p[k]);
	cairo_close_path(cr);
	set_color(cr, color);
	cairo_fill(cr);
}

/* An ellipse's arc as a path; angles counter-clockwise as seen. */
static void arc_path(cairo_t *cr, struct canvas *c, vec2 centre, double rx, double ry, double a0,
                     double a1)
{
	cairo_save(cr);
	cairo_translate(cr, centre.x + c->origin.x, centre.y + c->origin.y);
	cairo_scale(cr, rx, ry);
	cairo_new_sub_path(cr);
	cairo_arc_negative(cr, 0, 0, 1, -a0, -a1);
	cairo_restore(cr);
}

static void fig_arc(struct canvas *c, vec2 centre, double rx, double ry, double a0, double a1,
                    const struct pen *pen)
{
	if (!(rx > 0 && ry > 0))
		return;
	cairo_t *cr = figure_of(c)->cr;
	arc_path(cr, c, centre, rx, ry, a0, a1);
	stroke_with(cr, c, pen);
}

static void disc(cairo_t *cr, struct canvas *c, vec2 p, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, p.x + c->origin.x, p.y + c->origin.y, r, 0, 2 * M_PI);
}

static void fig_dot(struct canvas *c, vec2 p, const struct pen *pen)
{
	cairo_t *cr = figure_of(c)->cr;
	disc(cr, c, p, px(c, 0.6 * (pen->width > 0 ? pen->width : 1)));
	set_color(cr, pen->color);
	cairo_fill(cr);
}

/* A closed outline of n corners at radius r about p, the first at angle a0
 * (counter-clockwise as seen). */
static void polygon_path(cairo_t *cr, struct canvas *c, vec2 p, int n, double r, double a0)
{
	for (int k = 0; k < n; k++) {
		double a = a0 + 2 * M_PI * k / n;
		vec2 q = v2(p.x + r * cos(a), p.y - r * sin(a));
		if (k == 0)
			move_to(cr, c, q);
		else
			line_to(cr, c, q);
	}
	cairo_close_path(cr);
}

/* A rectangle of w x h about p, turned by angle as seen. */
static void box_path(cairo_t *cr, struct canvas *c, vec2 p, double w, double h, double angle)
{
	cairo_save(cr);
	cairo_translate(cr, p.x + c->origin.x, p.y + c->origin.y);
	cairo_rotate(cr, -angle);
	cairo_rectangle(cr, -w / 2, -h / 2, w, h);
	cairo_restore(cr);
}

/* Fill in the paper's white, then outline in the colour. */
static void paper_and_outline(cairo_t *cr, struct canvas *c, int color, double width)
{
	set_color(cr, INK_PAPER);
	cairo_fill_preserve(cr);
	set_color(cr, color);
	cairo_set_line_width(cr, px(c, width));
	cairo_stroke(cr);
}

static void fill_in(cairo_t *cr, int color)
{
	set_color(cr, color);
	cairo_fill(cr);
}

static void outline(cairo_t *cr, struct canvas *c, int color, double width)
{
	set_color(cr, color);
	cairo_set_line_width(cr, px(c, width));
	cairo_stroke(cr);
}

static void arrowhead(cairo_t *cr, struct canvas *c, vec2 tip, vec2 dir, double len, int color);

static void fig_marker(struct canvas *c, vec2 p, enum marker m, int color, double angle)
{
	struct figure *f = figure_of(c);
	cairo_t *cr = f->cr;
	double s = f->font_px, r = 0.32 * s;
	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_set_dash(cr, NULL, 0, 0);
	switch (m) {
	case MARK_DOT:
	case MARK_CIRCLE:
		disc(cr, c, p, r);
		m == MARK_DOT ? fill_in(cr, color) : paper_and_outline(cr, c, color, 1.3);
		break;
	case MARK_SQUARE:
	case MARK_OPEN_SQUARE:
		polygon_path(cr, c, p, 4, r * 1.25, M_PI / 4);
		m == MARK_SQUARE ? fill_in(cr, color) : paper_and_outline(cr, c, color, 1.3);
		break;
	case MARK_TRIANGLE:
	case MARK_OPEN_TRIANGLE:
		polygon_path(cr, c, p, 3, r * 1.35, M_PI / 2);
		m == MARK_TRIANGLE ? fill_in(cr, color) : paper_and_outline(cr, c, color, 1.3);
		break;
	case MARK_DIAMOND:
	case MARK_OPEN_DIAMOND:
		polygon_path(cr, c, p, 4, r * 1.35, 0);
		m == MARK_DIAMOND ? fill_in(cr, color) : paper_and_outline(cr, c, color, 1.3);
		break;
	case MARK_PIN:
		disc(cr, c, p, 0.3 * s);
		paper_and_outline(cr, c, color, 1.6);
		break;
	case MARK_SLIDER:
		color = color >= 0 && color <= INK_PAPER ? color : INK;
		box_path(cr, c, p, 1.8 * s, 1.1 * s, angle); /* see-through: what joins it shows */
		cairo_set_source_rgba(cr, palette[color][0], palette[color][1], palette[color][2],
		                      0.3);
		cairo_fill_preserve(cr);
		outline(cr, c, color, 2);
		break;
	case MARK_DAMPER:
		box_path(cr, c, p, 1.2 * s, 0.7 * s, angle);
		paper_and_outline(cr, c, color, 1.5);
		break;
	case MARK_GROUND: {
		/* a short base under the pin and hatching below it */
		double y = p.y + 0.3 * s, half = 0.8 * s;
		move_to(cr, c, v2(p.x - half, y));
		line_to(cr, c, v2(p.x + half, y));
		outline(cr, c, color, 1.6);
		for (int k = 0; k < 5; k++) {
			double x = p.x - half + (k + 0.5) * 2 * half / 5;
			move_to(cr, c, v2(x + 0.2 * s, y));
			line_to(cr, c, v2(x - 0.2 * s, y + 0.4 * s));
		}
		outline(cr, c, color, 1);
		break;
	}
	case MARK_CENTRE: /* the mass-centre sign: a circle, two opposite quarters filled */
		disc(cr, c, p, 0.4 * s);
		paper_and_outline(cr, c, color, 1.2);
		for (int q = 0; q < 2; q++) {
			move_to(cr, c, p);
			cairo_arc(cr, p.x + c->origin.x, p.y + c->origin.y, 0.4 * s, q * M_PI,
			          q * M_PI + M_PI / 2);
			cairo_close_path(cr);
		}
		fill_in(cr, color);
		break;
	case MARK_PARTICLE:
		disc(cr, c, p, 0.4 * s);
		fill_in(cr, color);
		break;
	case MARK_TICK_Y: {
		double y = crisp(p.y + c->origin.y, px(c, 1)),
		       x = crisp(p.x + c->origin.x, px(c, 1));
		cairo_move_to(cr, x - 0.35 * s, y);
		cairo_line_to(cr, x, y);
		outline(cr, c, color, 1);
		break;
	}
	case MARK_TICK_X: {
		double y = crisp(p.y + c->origin.y, px(c, 1)),
		       x = crisp(p.x + c->origin.x, px(c, 1));
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x, y + 0.35 * s);
		outline(cr, c, color, 1);
		break;
	}
	case MARK_CORNER: /* the axes meet by themselves */
		break;
	case MARK_TURN_CCW:
	case MARK_TURN_CW: {
		/* three quarters of a turn about the point, the head at its end */
		double R = 1.1 * s, a0 = -M_PI / 4,
		       a1 = a0 + (m == MARK_TURN_CCW ? 1.5 : -1.5) * M_PI;
		cairo_new_sub_path(cr);
		if (m ==
		    MARK_TURN_CCW) /* counter-clockwise as seen is clockwise in cairo's y down */
			cairo_arc_negative(cr, p.x + c->origin.x, p.y + c->origin.y, R, -a0, -a1);
		else
			cairo_arc(cr, p.x + c->origin.x, p.y + c->origin.y, R, -a0, -a1);
		outline(cr, c, color, 2);
		double dir = a1 + (m == MARK_TURN_CCW ? M_PI / 2 : -M_PI / 2);
		arrowhead(cr, c, v2(p.x + R * cos(a1), p.y - R * sin(a1)), v2(cos(dir), -sin(dir)),
		          0.7 * s, color);
		break;
	}
	}
	cairo_restore(cr);
}

/* A filled head of length len at tip, pointing along the unit dir. */
static void arrowhead(cairo_t *cr, struct canvas *c, vec2 tip, vec2 dir, double len, int color)
{
	vec2 back = v2(tip.x - len * dir.x, tip.y - len * dir.y), side = v2(-dir.y, dir.x);
	double half = 0.38 * len;
	move_to(cr, c, tip);
	line_to(cr, c, v2(back.x + half * side.x, back.y + half * side.y));
	line_to(cr, c, v2(back.x - half * side.x, back.y - half * side.y));
	cairo_close_path(cr);
	fill_in(cr, color);
}

static void fig_arrow(struct canvas *c, vec2 from, vec2 to, const struct pen *pen)
{
	cairo_t *cr = figure_of(c)->cr;
	double dx = to.x - from.x, dy = to.y - from.y, len = hypot(dx, dy);
	if (!(len > 0))
		return;
	vec2 dir = v2(dx / len, dy / len);
	double head = fmin(px(c, 3.2 * (pen->width > 0 ? pen->width : 1) + 4), len);
	vec2 end = v2(to.x - 0.8 * head * dir.x, to.y - 0.8 * head * dir.y);
	move_to(cr, c, from);
	line_to(cr, c, end);
	struct pen shaft = *pen;
	shaft.dash = DASH_SOLID;
	cairo_save(cr);
	stroke_with(cr, c, &shaft);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_restore(cr);
	arrowhead(cr, c, to, dir, head, pen->color);
}

static const struct font plain = {1, 0, 0, INK, 0};

static void set_font(struct figure *f, const struct font *font)
{
	cairo_select_font_face(f->cr, font->mono ? "DejaVu Sans Mono" : "DejaVu Sans",
	                       CAIRO_FONT_SLANT_NORMAL,
	                       font->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(f->cr, f->font_px * (font->size > 0 ? font->size : 1));
}

static double fig_text_width(struct canvas *c, const char *utf8, const struct font *font)
{
	struct figure *f = figure_of(c);
	cairo_text_extents_t e;
	set_font(f, font ? font : &plain);
	cairo_text_extents(f->cr, utf8, &e);
	return e.x_advance;
}

/* The text's box is as wide as it advances and a line of its size tall;
 * the baseline sits so that capitals and descenders are centred in it. */
static void fig_text(struct canvas *c, vec2 p, const char *utf8, int anchor,
                     const struct font *font)
{
	struct figure *f = figure_of(c);
	font = font ? font : &plain;
	double w = fig_text_width(c, utf8, font), h = c->line * (font->size > 0 ? font->size : 1);
	cairo_font_extents_t fe;
	cairo_font_extents(f->cr, &fe);
	double x0 = p.x - ((anchor & 3) == ANCHOR_CENTRE  ? w / 2
	                   : (anchor & 3) == ANCHOR_RIGHT ? w
	                                                  : 0);
	double y0 = p.y - ((anchor & 12) == ANCHOR_MIDDLE   ? h / 2
	                   : (anchor & 12) == ANCHOR_BOTTOM ? h
	                                                    : 0);
	double baseline = y0 + (h - (fe.ascent + fe.descent)) / 2 + fe.ascent;
	cairo_move_to(f->cr, x0 + c->origin.x, baseline + c->origin.y);
	if (font->halo) {
		cairo_text_path(f->cr, utf8);
		set_color(f->cr, INK_PAPER);
		cairo_set_line_width(f->cr, 0.25 * f->font_px);
		cairo_set_line_join(f->cr, CAIRO_LINE_JOIN_ROUND);
		cairo_stroke(f->cr);
		cairo_move_to(f->cr, x0 + c->origin.x, baseline + c->origin.y);
	}
	set_color(f->cr, font->color);
	cairo_show_text(f->cr, utf8);
	cairo_new_path(f->cr);
}

static void fig_clip(struct canvas *c, double x, double y, double w, double h)
{
	struct figure *f = figure_of(c);
	cairo_save(f->cr);
	cairo_rectangle(f->cr, x + c->origin.x, y + c->origin.y, w, h);
	cairo_clip(f->cr);
	f->clips++;
}

static void fig_unclip(struct canvas *c)
{
	struct figure *f = figure_of(c);
	if (f->clips > 0) {
		cairo_restore(f->cr);
		f->clips--;
	}
}

static const struct canvas_ops figure_ops = {
    fig_polyline, fig_fill, fig_arc,        fig_dot,  fig_marker,
    fig_arrow,    fig_text, fig_text_width, fig_clip, fig_unclip,
};

/* ------------------------------------------------------------ figures */

int figure_format_of(const char *path)
{
	const char *dot = path ? strrchr(path, '.') : NULL;
	if (!dot || strchr(dot, '/'))
		return -1;
	if (strcasecmp(dot, ".svg") == 0)
		return FIGURE_SVG;
	if (strcasecmp(dot, ".pdf") == 0)
		return FIGURE_PDF;
	if (strcasecmp(dot, ".png") == 0)
		return FIGURE_PNG;
	return -1;
}

static cairo_status_t write_file(void *closure, const unsigned char *data, unsigned int length)
{
	struct figure *f = closure;
	if (fwrite(data, 1, length, f->file) != length) {
		f->write_failed = 1;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

void figure_clear(struct figure *f)
{
	while (f->clips > 0)
		fig_unclip(&f->canvas);
	cairo_save(f->cr);
	cairo_reset_clip(f->cr);
	set_color(f->cr, INK_PAPER);
	cairo_paint(f->cr);
	cairo_restore(f->cr);
}

int figure_next_page(struct figure *f)
{
	if (f->format != FIGURE_PDF)
		return -1;
	while (f->clips > 0)
		fig_unclip(&f->canvas);
	cairo_show_page(f->cr);
	figure_clear(f);
	return 0;
}

/* cairo and fontconfig keep the fonts they found for the whole process;
 * at its end they are given back, so a leak checker sees none (no figure
 * is open then). */
static void release_fonts(void)
{
	cairo_debug_reset_static_data();
	FcFini();
}

struct figure *figure_open(enum figure_format format, const char *path, int width, int height,
                           double scale, char *err, size_t errlen)
{
	static int registered;
	if (!registered)
		registered = atexit(release_fonts) == 0;
	if (width < FIGURE_SMALLEST || height < FIGURE_SMALLEST || width > FIGURE_LARGEST ||
	    height > FIGURE_LARGEST) {
		snprintf(err, errlen,
		         "a figure of %d x %d pixels is not sensible (%d to %d each way)", width,
		         height, FIGURE_SMALLEST, FIGURE_LARGEST);
		return NULL;
	}
	struct figure *f = calloc(1, sizeof *f);
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	f->format = format, f->width = width, f->height = height;
	if (format != FIGURE_IMAGE) {
		f->file = fopen(path, "wb");
		if (!f->file) {
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
			free(f);
			return NULL;
		}
	}
	switch (format) {
	case FIGURE_SVG:
		f->surface = cairo_svg_surface_create_for_stream(write_file, f, width, height);
		cairo_svg_surface_set_document_unit(f->surface, CAIRO_SVG_UNIT_PX);
		break;
	case FIGURE_PDF: /* 72 points to the inch, 96 pixels */
		f->surface =
		    cairo_pdf_surface_create_for_stream(write_file, f, width * 0.75, height * 0.75);
		cairo_pdf_surface_set_metadata(f->surface, CAIRO_PDF_METADATA_CREATOR, "mechbench");
		break;
	default:
		f->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
		break;
	}
	f->cr = cairo_create(f->surface);
	if (cairo_status(f->cr) != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "cannot draw a figure: %s",
		         cairo_status_to_string(cairo_status(f->cr)));
		cairo_destroy(f->cr);
		cairo_surface_destroy(f->surface);
		if (f->file) {
			fclose(f->file);
			remove(path);
		}
		free(f);
		return NULL;
	}
	if (format == FIGURE_PDF)
		cairo_scale(f->cr, 0.75, 0.75);
	f->scale = scale > 0 ? scale : fmax(0.75, fmin(width / 640.0, height / 400.0));
	f->font_px = 13 * f->scale;
	set_font(f, &plain);
	cairo_text_extents_t e;
	cairo_text_extents(f->cr, "0", &e);
	f->canvas = (struct canvas){.ops = &figure_ops,
	                            .impl = f,
	                            .width = width,
	                            .height = height,
	                            .line = 1.35 * f->font_px,
	                            .em = e.x_advance,
	                            .aspect = 1,
	                            .origin = {0, 0}};
	figure_clear(f);
	return f;
}

struct canvas *figure_canvas(struct figure *f) { return &f->canvas; }

const unsigned char *figure_pixels(struct figure *f, int *width, int *height, int *stride)
{
	cairo_surface_flush(f->surface);
	*width = f->width, *height = f->height;
	*stride = cairo_image_surface_get_stride(f->surface);
	return cairo_image_surface_get_data(f->surface);
}

void figure_rgb_bytes(const unsigned char *argb, int width, int height, int stride,
                      unsigned char *rgb)
{
	for (int y = 0; y < height; y++) {
		const uint32_t *row =
		    (const uint32_t *)(const void *)(argb + (size_t)y * (size_t)stride);
		for (int x = 0; x < width; x++) {
			unsigned char *p = rgb + ((size_t)y * (size_t)width + (size_t)x) * 3;
			p[0] = (unsigned char)(row[x] >> 16), p[1] = (unsigned char)(row[x] >> 8);
			p[2] = (unsigned char)row[x];
		}
	}
}

struct bytes {
	unsigned char *data;
	size_t len, cap;
};

static cairo_status_t write_bytes(void *closure, const unsigned char *data, unsigned int length)
{
	struct bytes *b = closure;
	if (b->len + length > b->cap) {
		size_t cap = (b->cap ? b->cap * 2 : 65536) + length;
		unsigned char *grown = realloc(b->data, cap);
		if (!grown)
			return CAIRO_STATUS_NO_MEMORY;
		b->data = grown, b->cap = cap;
	}
	memcpy(b->data + b->len, data, length);
	b->len += length;
	return CAIRO_STATUS_SUCCESS;
}

unsigned char *figure_png_bytes(struct figure *f, size_t *len)
{
	struct bytes b = {0};
	cairo_surface_flush(f->surface);
	if (cairo_surface_write_to_png_stream(f->surface, write_bytes, &b) !=
	    CAIRO_STATUS_SUCCESS) {
		free(b.data);
		return NULL;
	}
	*len = b.len;
	return b.data;
}

int figure_close(struct figure *f, char *err, size_t errlen)
{
	while (f->clips > 0)
		fig_unclip(&f->canvas);
	cairo_status_t status = cairo_status(f->cr);
	if (f->format == FIGURE_PNG && status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_write_to_png_stream(f->surface, write_file, f);
	cairo_destroy(f->cr);
	cairo_surface_finish(f->surface);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_status(f->surface);
	cairo_surface_destroy(f->surface);
	int failed = status != CAIRO_STATUS_SUCCESS || f->write_failed;
	if (f->file && fclose(f->file) != 0)
		failed = 1;
	if (failed)
		snprintf(err, errlen, "the figure could not be written: %s",
		         f->write_failed ? strerror(errno) : cairo_status_to_string(status));
	free(f);
	return failed ? -1 : 0;
}
