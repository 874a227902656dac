/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render.h — one frame of a mechanism as a picture on a canvas.
 *
 * A scene is the drawable part of a model: each body's points (drawn as a
 * stick figure from its mass centre), pins, sliding guides, springs,
 * dampers, discs, contact circles and lines, and the hatched ground. It is
 * built once from a description made in Lua (view.lua) and then drawn at
 * any pose. The view is fitted to the whole motion so a picture does not
 * jump between frames. */
#ifndef MB_RENDER_H
#define MB_RENDER_H

#include "view/canvas.h"
#include "util/vec2.h"

enum link_kind {
	LINK_PIN,
	LINK_GUIDE,
	LINK_SPRING,
	LINK_DAMPER,
	LINK_FLOOR,
	LINK_ROD,
	LINK_CIRCLE, /* a contact circle about si on bi */
	LINK_LINE    /* a contact line through sj on bj, along dir */
};

struct scene_body {
	char *name;
	int npoints;
	vec2 *points;  /* body-fixed */
	double radius; /* > 0: a disc */
};

struct scene_link {
	enum link_kind kind;
	int bi, bj;  /* -1: ground */
	vec2 si, sj; /* body-fixed points on bi and bj */
	vec2 dir;    /* guide or line direction, fixed on bj */
	double radius;
};

struct scene {
	int nbodies, nlinks, ntrails;
	struct scene_body *bodies;
	struct scene_link *links;
	struct {
		int body;
		vec2 at;
	} * trails;
};

struct view {
	double xmin, xmax, ymin, ymax;
};

struct draw_options {
	int labels;
	int trails;          /* draw trails up to frame `frame` of `poses` */
	const double *poses; /* all frames, 3 per body each */
	int frame;
};

/* A scene is built by the Lua layer from view.lua's description
 * (lua/lua_view.c) and freed here. */
void scene_free(struct scene *s);

/* The window that holds every frame of the motion. */
struct view scene_fit(const struct scene *s, const double *poses, int nframes);

/* Draw the scene at one pose (3 per body) on c, framed by v. */
void scene_draw(const struct scene *s, const double *pose, const struct view *v, struct canvas *c,
                const struct draw_options *o);

#endif
