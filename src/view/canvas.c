/* SPDX-License-Identifier: GPL-3.0-or-later */
/* canvas.c — the drawing interface's calls, handed to the back end (see
 * canvas.h). Each back end adds the region's origin itself. */
#include "view/canvas.h"

int canvas_series_color(int k) { return 1 + (k % CANVAS_SERIES + CANVAS_SERIES) % CANVAS_SERIES; }

struct canvas canvas_region(const struct canvas *c, double x, double y, double w, double h)
{
	struct canvas r = *c;
	r.origin = v2(c->origin.x + x, c->origin.y + y);
	r.width = w, r.height = h;
	return r;
}

void canvas_polyline(struct canvas *c, const vec2 *p, int n, const struct pen *pen)
{
	if (n > 0)
		c->ops->polyline(c, p, n, pen);
}

void canvas_line(struct canvas *c, vec2 a, vec2 b, const struct pen *pen)
{
	vec2 p[2] = {a, b};
	c->ops->polyline(c, p, 2, pen);
}

void canvas_fill(struct canvas *c, const vec2 *p, int n, int color)
{
	if (n > 2)
		c->ops->fill(c, p, n, color);
}

void canvas_arc(struct canvas *c, vec2 centre, double rx, double ry, double a0, double a1,
                const struct pen *pen)
{
	c->ops->arc(c, centre, rx, ry, a0, a1, pen);
}

void canvas_dot(struct canvas *c, vec2 p, const struct pen *pen) { c->ops->dot(c, p, pen); }

void canvas_marker(struct canvas *c, vec2 p, enum marker m, int color, double angle)
{
	c->ops->marker(c, p, m, color, angle);
}

void canvas_arrow(struct canvas *c, vec2 from, vec2 to, const struct pen *pen)
{
	c->ops->arrow(c, from, to, pen);
}

void canvas_text(struct canvas *c, vec2 p, const char *utf8, int anchor, const struct font *f)
{
	if (utf8 && *utf8)
		c->ops->text(c, p, utf8, anchor, f);
}

double canvas_text_width(struct canvas *c, const char *utf8, const struct font *f)
{
	return utf8 && *utf8 ? c->ops->text_width(c, utf8, f) : 0;
}

void canvas_clip(struct canvas *c, double x, double y, double w, double h)
{
	c->ops->clip(c, x, y, w, h);
}

void canvas_unclip(struct canvas *c) { c->ops->unclip(c); }

int utf8_columns(const char *s)
{
	int n = 0;
	for (; s && *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}
