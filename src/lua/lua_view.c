/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_view.c — pictures for Lua (mechbench.core.view):
 *   scene(desc)                      a drawable model (render.h)
 *   poses(bodies, times)             a run's poses, flattened once
 *   fit(scene, poses)                the window that holds the motion
 *   frame(scene, poses, i, w, h, o)  one frame as text
 *   plot_text(spec, w, h, unicode)   a plot as text
 *   animate(spec), show_plot(spec, unicode)   full screen (anim.h)
 *   utf8()                           whether the locale is UTF-8
 *   addressable()                    whether the terminal can move its cursor */
#include <cairo.h>
#include <langinfo.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "view/anim.h"
#include "view/canvas_grid.h"
#include "view/diagram.h"
#include "view/figure.h"
#include "view/gif.h"
#include "view/inline.h"
#include "view/picture.h"
#include "view/sheet.h"
#include "view/terminal.h"
#include "lua/lua_core.h"
#include "util/interrupt.h"
#include "lua/luafield.h"
#include "lua/luaenv.h"

/* The scene view.lua describes (render.h). */
static struct scene *scene_from_lua(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	struct scene *s = calloc(1, sizeof *s);
	s->nbodies = field_len(L, idx, "bodies");
	s->nlinks = field_len(L, idx, "links");
	s->ntrails = field_len(L, idx, "trails");
	s->bodies = calloc((size_t)s->nbodies + 1, sizeof *s->bodies);
	s->links = calloc((size_t)s->nlinks + 1, sizeof *s->links);
	s->trails = calloc((size_t)s->ntrails + 1, sizeof *s->trails);

	lua_getfield(L, idx, "bodies");
	for (int b = 0; b < s->nbodies; b++) {
		lua_geti(L, -1, b + 1);
		struct scene_body *sb = &s->bodies[b];
		lua_getfield(L, -1, "name");
		sb->name = strdup(lua_tostring(L, -1) ? lua_tostring(L, -1) : "?");
		lua_pop(L, 1);
		lua_getfield(L, -1, "radius");
		sb->radius = lua_tonumber(L, -1);
		lua_pop(L, 1);
		sb->npoints = field_len(L, -1, "points");
		sb->points = calloc((size_t)sb->npoints + 1, sizeof *sb->points);
		lua_getfield(L, -1, "points");
		for (int p = 0; p < sb->npoints; p++) {
			lua_geti(L, -1, p + 1);
			lua_geti(L, -1, 1);
			lua_geti(L, -2, 2);
			sb->points[p] = v2(lua_tonumber(L, -2), lua_tonumber(L, -1));
			lua_pop(L, 3);
		}
		lua_pop(L, 2);
	}
	lua_pop(L, 1);

	lua_getfield(L, idx, "links");
	for (int k = 0; k < s->nlinks; k++) {
		lua_geti(L, -1, k + 1);
		int t = lua_gettop(L);
		struct scene_link *l = &s->links[k];
		static const char *const kinds[] = {"pin", "guide",  "spring", "damper", "floor",
		                                    "rod", "circle", "line",   NULL};
		int kind = field_option(L, t, "kind", kinds);
		l->kind = kind < 0 ? LINK_PIN : (enum link_kind)kind;
		l->bi = field_int(L, t, "bi", -1);
		l->bj = field_int(L, t, "bj", -1);
		l->si = field_vec2(L, t, "si");
		l->sj = field_vec2(L, t, "sj");
		l->dir = field_vec2(L, t, "dir");
		l->radius = field_number(L, t, "radius", 0);
		lua_pop(L, 1);
	}
	lua_pop(L, 1);

	lua_getfield(L, idx, "trails");
	for (int k = 0; k < s->ntrails; k++) {
		lua_geti(L, -1, k + 1);
		s->trails[k].body = field_int(L, lua_gettop(L), "body", -1);
		s->trails[k].at = field_vec2(L, lua_gettop(L), "at");
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	return s;
}

#define SCENE_META "mechbench.scene"
#define POSES_META "mechbench.poses"

struct poses {
	int nframes, nbodies;
	double *times, *q; /* q: nframes x 3 x nbodies */
};

static int scene_gc(lua_State *L)
{
	struct scene **s = luaL_checkudata(L, 1, SCENE_META);
	scene_free(*s);
	*s = NULL;
	return 0;
}

static int poses_gc(lua_State *L)
{
	struct poses *p = luaL_checkudata(L, 1, POSES_META);
	free(p->times), free(p->q);
	p->times = p->q = NULL;
	return 0;
}

static struct scene *check_scene(lua_State *L, int idx)
{
	struct scene **s = luaL_checkudata(L, idx, SCENE_META);
	return *s;
}

static struct poses *check_poses(lua_State *L, int idx, const struct scene *s)
{
	struct poses *p = luaL_checkudata(L, idx, POSES_META);
	if (s && p->nbodies != s->nbodies)
		luaL_error(L, "the run has %d bodies but the scene %d", p->nbodies, s->nbodies);
	return p;
}

static int view_scene(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	struct scene **s = lua_newuserdatauv(L, sizeof *s, 0);
	*s = NULL;
	luaL_setmetatable(L, SCENE_META);
	*s = scene_from_lua(L, 1);
	/* every body a link or a trail names is one of the scene's (or the
	 * ground, -1): drawing indexes the poses with them */
	const struct scene *sc = *s;
	for (int k = 0; k < sc->nlinks; k++)
		if (sc->links[k].bi < -1 || sc->links[k].bi >= sc->nbodies ||
		    sc->links[k].bj < -1 || sc->links[k].bj >= sc->nbodies)
			return luaL_error(L, "scene: link %d names a body beyond the %d it has",
			                  k + 1, sc->nbodies);
	for (int k = 0; k < sc->ntrails; k++)
		if (sc->trails[k].body < -1 || sc->trails[k].body >= sc->nbodies)
			return luaL_error(L, "scene: trail %d names a body beyond the %d it has",
			                  k + 1, sc->nbodies);
	return 1;
}

static double number_in(lua_State *L, int t, lua_Integer i)
{
	lua_geti(L, t, i);
	double v = lua_tonumber(L, -1);
	lua_pop(L, 1);
	return v;
}

/* bodies: a list of {x = {...}, y = {...}, angle = {...}} in scene order */
static int view_poses(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	int nb = (int)luaL_len(L, 1), nf = (int)luaL_len(L, 2);
	struct poses *p = lua_newuserdatauv(L, sizeof *p, 0);
	p->nframes = nf, p->nbodies = nb;
	p->times = calloc((size_t)nf + 1, sizeof(double));
	p->q = calloc((size_t)nf * 3 * (size_t)nb + 1, sizeof(double));
	luaL_setmetatable(L, POSES_META);
	for (int f = 0; f < nf; f++)
		p->times[f] = number_in(L, 2, f + 1);
	static const char *keys[] = {"x", "y", "angle"};
	for (int b = 0; b < nb; b++) {
		lua_geti(L, 1, b + 1);
		for (int k = 0; k < 3; k++) {
			lua_getfield(L, -1, keys[k]);
			for (int f = 0; f < nf; f++)
				p->q[((size_t)f * (size_t)nb + (size_t)b) * 3 + (size_t)k] =
				    number_in(L, -1, f + 1);
			lua_pop(L, 1);
		}
		lua_pop(L, 1);
	}
	return 1;
}

static void push_view(lua_State *L, const struct view *v)
{
	lua_createtable(L, 0, 4);
	lua_pushnumber(L, v->xmin), lua_setfield(L, -2, "xmin");
	lua_pushnumber(L, v->xmax), lua_setfield(L, -2, "xmax");
	lua_pushnumber(L, v->ymin), lua_setfield(L, -2, "ymin");
	lua_pushnumber(L, v->ymax), lua_setfield(L, -2, "ymax");
}

static struct view view_from(lua_State *L, int t, const struct scene *s, const struct poses *p)
{
	lua_getfield(L, t, "view");
	struct view v;
	if (lua_istable(L, -1)) {
		int vt = lua_gettop(L);
		lua_getfield(L, vt, "xmin"), v.xmin = lua_tonumber(L, -1);
		lua_getfield(L, vt, "xmax"), v.xmax = lua_tonumber(L, -1);
		lua_getfield(L, vt, "ymin"), v.ymin = lua_tonumber(L, -1);
		lua_getfield(L, vt, "ymax"), v.ymax = lua_tonumber(L, -1);
		lua_pop(L, 4);
	} else {
		v = scene_fit(s, p->q, p->nframes);
	}
	lua_pop(L, 1);
	return v;
}

static int flag(lua_State *L, int t, const char *key)
{
	lua_getfield(L, t, key);
	int v = lua_toboolean(L, -1);
	lua_pop(L, 1);
	return v;
}

static int view_fit(lua_State *L)
{
	struct scene *s = check_scene(L, 1);
	struct poses *p = check_poses(L, 2, s);
	struct view v = scene_fit(s, p->q, p->nframes);
	push_view(L, &v);
	return 1;
}

static void push_grid(lua_State *L, const struct grid *g)
{
	luaL_Buffer b;
	luaL_buffinit(L, &b);
	size_t cap = 4 * (size_t)g->width + 8;
	for (int r = 0; r < g->height; r++) {
		char *row = luaL_prepbuffsize(&b, cap);
		luaL_addsize(&b, grid_row_utf8(g, r, row, cap));
		if (r + 1 < g->height)
			luaL_addchar(&b, '\n');
	}
	luaL_pushresult(&b);
}

static int view_frame(lua_State *L)
{
	struct scene *s = check_scene(L, 1);
	struct poses *p = check_poses(L, 2, s);
	lua_Integer frame = luaL_checkinteger(L, 3) - 1;
	lua_Integer w = luaL_checkinteger(L, 4), h = luaL_checkinteger(L, 5);
	if (frame < 0 || frame >= p->nframes)
		return luaL_error(L, "frame %I is outside the run (1 to %d)", frame + 1,
		                  p->nframes);
	if (w < 1 || h < 1 || w > 2000 || h > 1000)
		return luaL_error(L, "a frame of %I x %I characters is not sensible", w, h);
	int opts = lua_istable(L, 6) ? 6 : 0;
	if (!opts) {
		lua_newtable(L);
		opts = lua_gettop(L);
	}
	struct view v = view_from(L, opts, s, p);
	struct grid *g = grid_new((int)w, (int)h, flag(L, opts, "unicode"));
	struct draw_options d = {flag(L, opts, "labels"), flag(L, opts, "trails"), p->q,
	                         (int)frame};
	struct canvas c = canvas_grid(g);
	scene_draw(s, p->q + (size_t)frame * 3 * (size_t)s->nbodies, &v, &c, &d);
	push_grid(L, g); /* no Lua error can happen between new and free */
	grid_free(g);
	return 1;
}

/* A free-body diagram's spec = { centre = {x, y}, points = {{x, y}, ...},
 * arrows = {{at = {x, y}, force = {fx, fy}, couple, label, color}, ...},
 * color }, at most 64 points and 64 arrows, into d and the arrays given;
 * the labels stay alive in spec while it is on the stack. */
enum { DIAGRAM_MOST = 64 };

static void diagram_from_lua(lua_State *L, int t, struct diagram *d, vec2 *points,
                             struct diagram_arrow *arrows)
{
	t = lua_absindex(L, t);
	*d = (struct diagram){field_vec2(L, t, "centre"), points, 0, arrows, 0,
	                      field_int(L, t, "color", 1)};
	d->npoints = field_len(L, t, "points"), d->narrows = field_len(L, t, "arrows");
	if (d->npoints > DIAGRAM_MOST || d->narrows > DIAGRAM_MOST)
		luaL_error(L, "a diagram takes at most %d points and %d arrows", DIAGRAM_MOST,
		           DIAGRAM_MOST);
	lua_getfield(L, t, "points");
	for (int k = 0; k < d->npoints; k++) {
		lua_geti(L, -1, k + 1);
		points[k] = v2(number_in(L, -1, 1), number_in(L, -1, 2));
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	lua_getfield(L, t, "arrows");
	for (int k = 0; k < d->narrows; k++) {
		lua_geti(L, -1, k + 1);
		int a = lua_gettop(L);
		arrows[k] = (struct diagram_arrow){
		    field_vec2(L, a, "at"), field_vec2(L, a, "force"),
		    field_number(L, a, "couple", 0), NULL, field_int(L, a, "color", 2)};
		lua_getfield(L, a, "label");
		arrows[k].label = lua_tostring(L, -1);
		lua_pop(L, 2);
	}
	lua_pop(L, 1);
}

/* fbd_text(spec, w, h, unicode): a free-body diagram (diagram.h) as text. */
static int view_fbd_text(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	lua_Integer w = luaL_checkinteger(L, 2), h = luaL_checkinteger(L, 3);
	if (w < 8 || h < 4 || w > 2000 || h > 1000)
		return luaL_error(L, "a diagram of %I x %I characters is not sensible", w, h);
	int unicode = lua_toboolean(L, 4);
	struct diagram d;
	vec2 points[DIAGRAM_MOST];
	struct diagram_arrow arrows[DIAGRAM_MOST];
	diagram_from_lua(L, 1, &d, points, arrows);
	struct grid *g = grid_new((int)w, (int)h, unicode);
	struct canvas c = canvas_grid(g);
	diagram_draw(&d, &c);
	push_grid(L, g);
	grid_free(g);
	return 1;
}

/* ------------------------------------------------------------ plots */

static double *numbers_field(lua_State *L, int t, const char *key, int *n)
{
	lua_getfield(L, t, key);
	int len = lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0;
	double *v = calloc((size_t)len + 1, sizeof(double));
	for (int i = 0; i < len; i++)
		v[i] = number_in(L, -1, i + 1);
	lua_pop(L, 1);
	*n = len;
	return v;
}

static void plot_free(struct plot_spec *p)
{
	for (int s = 0; s < p->nseries; s++)
		free(p->series[s].x), free(p->series[s].y), free(p->series[s].label);
	free(p->series), free(p->title), free(p->xlabel), free(p->ylabel);
}

/* {title, xlabel, ylabel, series = {{x, y, label}, ...}}; all copied */
static void plot_from_lua(lua_State *L, int t, struct plot_spec *p)
{
	t = lua_absindex(L, t);
	memset(p, 0, sizeof *p);
	p->title = field_strdup(L, t, "title");
	p->xlabel = field_strdup(L, t, "xlabel");
	p->ylabel = field_strdup(L, t, "ylabel");
	lua_getfield(L, t, "series");
	p->nseries = lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0;
	p->series = calloc((size_t)p->nseries + 1, sizeof *p->series);
	for (int s = 0; s < p->nseries; s++) {
		lua_geti(L, -1, s + 1);
		int nx, ny;
		p->series[s].x = numbers_field(L, -1, "x", &nx);
		p->series[s].y = numbers_field(L, -1, "y", &ny);
		p->series[s].n = nx < ny ? nx : ny;
		p->series[s].label = field_strdup(L, -1, "label");
		p->series[s].color = field_int(L, -1, "color", 0);
		p->series[s].style = field_int(L, -1, "style", 0);
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
}

static int view_plot_text(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	lua_Integer wide = luaL_optinteger(L, 2, 78), tall = luaL_optinteger(L, 3, 20);
	if (wide < 10 || tall < 5 || wide > 2000 || tall > 1000)
		return luaL_error(L, "a plot of %I x %I characters is not sensible", wide, tall);
	int w = (int)wide, h = (int)tall;
	struct plot_spec p;
	plot_from_lua(L, 1, &p);
	struct grid *g = grid_new(w, h, lua_toboolean(L, 4));
	struct canvas c = canvas_grid(g);
	plot_draw(&p, &c);
	plot_free(&p);
	push_grid(L, g);
	grid_free(g);
	return 1;
}

/* What a view or a picture's writer returns: true, or nil and why. */
static int outcome(lua_State *L, int ok, const char *err)
{
	if (ok) {
		lua_pushboolean(L, 1);
		return 1;
	}
	lua_pushnil(L);
	lua_pushstring(L, err);
	return 2;
}

static int view_show_plot(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	struct plot_spec p;
	plot_from_lua(L, 1, &p);
	char err[256];
	int status = anim_show_plot(&p, lua_toboolean(L, 2), err, sizeof err);
	plot_free(&p);
	mb_check_limits(L); /* a limit closes the view: the error is said at the user's line */
	return outcome(L, status == 0, err);
}

/* The key e of an animation: the Lua function spec.explain(frame) (1-based
 * sample) called protected; its text is kept until the next call. */
struct explainer {
	lua_State *L;
	int fn;
	char *text;
};

static const char *explain_frame(void *ctx, int frame)
{
	struct explainer *e = ctx;
	free(e->text);
	e->text = NULL;
	lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->fn);
	lua_pushinteger(e->L, frame + 1);
	if (lua_pcall(e->L, 1, 1, 0) == LUA_OK || lua_isstring(e->L, -1)) {
		const char *s = lua_tostring(e->L, -1);
		e->text = s ? strdup(s) : NULL;
	}
	lua_pop(e->L, 1);
	return e->text;
}

/* A pane's notes = {{t = ..., text = ...}, ...} in time order, into p; the
 * arrays are userdata left on the stack (freed by the GC after the call),
 * the texts stay alive in the pane's table. */
static void notes_from(lua_State *L, int pane, struct pane *p)
{
	lua_getfield(L, pane, "notes");
	int n = lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0;
	int notes_at = lua_gettop(L);
	double *times = lua_newuserdatauv(L, sizeof(double) * (size_t)(n + 1), 0);
	const char **texts = lua_newuserdatauv(L, sizeof(char *) * (size_t)(n + 1), 0);
	for (int i = 0; i < n; i++) {
		lua_geti(L, notes_at, i + 1);
		luaL_checktype(L, -1, LUA_TTABLE);
		lua_getfield(L, -1, "t");
		lua_getfield(L, -2, "text");
		times[i] = luaL_checknumber(L, -2);
		texts[i] = luaL_checkstring(L, -1);
		lua_pop(L, 3);
	}
	p->note_times = times, p->notes = texts, p->nnotes = n;
}

/* {panes = {{scene, poses, title, figures, notes}, ...}, plot, labels,
 * trails, speed, unicode, explain}; every pane's run has the same reporting
 * times. */
static int view_animate(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	lua_getfield(L, 1, "panes");
	int n = lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0;
	if (n < 1)
		return luaL_error(L, "animate: no panes");
	int panes_at = lua_gettop(L);
	struct anim_options o = {0};
	struct pane *panes =
	    lua_newuserdatauv(L, sizeof *panes * (size_t)n, 0); /* freed by the GC */
	int nframes = -1;
	const double *times = NULL;
	for (int k = 0; k < n; k++) {
		lua_geti(L, panes_at, k + 1);
		int t = lua_gettop(L);
		lua_getfield(L, t, "scene");
		lua_getfield(L, t, "poses");
		struct scene *s = check_scene(L, -2);
		struct poses *p = check_poses(L, -1, s);
		lua_pop(L, 2);
		if (nframes >= 0 && p->nframes != nframes)
			return luaL_error(L, "animate: the panes' runs have different lengths");
		nframes = p->nframes, times = p->times;
		lua_getfield(L, t, "title");
		lua_getfield(L, t, "figures");
		panes[k] = (struct pane){s,
		                         p->q,
		                         view_from(L, t, s, p),
		                         lua_tostring(L, -2),
		                         lua_tostring(L, -1),
		                         NULL,
		                         NULL,
		                         0};
		lua_pop(L, 2); /* the strings stay alive in the pane tables */
		luaL_checkstack(L, 8, "animate: too many panes");
		notes_from(L, t, &panes[k]); /* the pane's table and its notes stay on the stack */
	}
	struct plot_spec plot;
	lua_getfield(L, 1, "plot");
	int has_plot = lua_istable(L, -1);
	if (has_plot)
		plot_from_lua(L, -1, &plot);
	lua_pop(L, 1);
	lua_getfield(L, 1, "speed");
	o.speed = luaL_optnumber(L, -1, 1);
	lua_pop(L, 1);
	o.times = times, o.nframes = nframes, o.npanes = n, o.panes = panes;
	o.plot = has_plot ? &plot : NULL;
	o.labels = flag(L, 1, "labels"), o.trails = flag(L, 1, "trails");
	o.unicode = flag(L, 1, "unicode");
	struct explainer explainer = {L, LUA_NOREF, NULL};
	lua_getfield(L, 1, "explain");
	if (lua_isfunction(L, -1)) {
		explainer.fn = luaL_ref(L, LUA_REGISTRYINDEX);
		o.explain = explain_frame, o.explain_ctx = &explainer;
	} else {
		lua_pop(L, 1);
	}
	char err[256];
	int status = anim_run(&o, err, sizeof err);
	luaL_unref(L, LUA_REGISTRYINDEX, explainer.fn);
	free(explainer.text);
	if (has_plot)
		plot_free(&plot);
	mb_check_limits(L);
	return outcome(L, status == 0, err);
}

static int view_utf8(lua_State *L)
{
	const char *cs = nl_langinfo(CODESET);
	lua_pushboolean(L, cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0));
	return 1;
}

static int view_addressable(lua_State *L)
{
	lua_pushboolean(L, terminal_addressable());
	return 1;
}

/* ------------------------------------------------------------ figures */

/* A still picture to draw (picture.h), parsed from its Lua spec before any
 * file is opened: a userdata whose __gc frees what it holds, so an error
 * while reading the spec leaks nothing. Scenes, poses and label strings
 * stay alive in the spec, which stays on the stack while it is drawn. */
#define PICTURE_META "mechbench.picture"

enum picture_kind {
	PICTURE_PLOT,
	PICTURE_PLOTS,
	PICTURE_FRAME,
	PICTURE_FBD,
	PICTURE_REPORT,
	PICTURE_SHEET
};

struct picture {
	enum picture_kind kind;
	struct plot_spec *plots;
	int nplots;
	struct picture_frame frame;
	const struct poses *poses;
	struct diagram diagram;
	vec2 points[DIAGRAM_MOST];
	struct diagram_arrow arrows[DIAGRAM_MOST];
	char *title, *caption, *subtitle, *table;
	struct sheet_block *blocks; /* a sheet's; their strings are the spec's */
	int nblocks;
	char *footer;
};

static int picture_gc(lua_State *L)
{
	struct picture *p = luaL_checkudata(L, 1, PICTURE_META);
	for (int k = 0; k < p->nplots; k++)
		plot_free(&p->plots[k]);
	free(p->plots), free(p->title), free(p->caption), free(p->subtitle), free(p->table);
	free(p->blocks), free(p->footer);
	p->plots = NULL, p->nplots = 0;
	p->title = p->caption = p->subtitle = p->table = p->footer = NULL;
	p->blocks = NULL, p->nblocks = 0;
	return 0;
}

/* {scene, poses, frame (1-based), view, labels, trails, title, caption} */
static void frame_from_lua(lua_State *L, int t, struct picture *p)
{
	lua_getfield(L, t, "scene");
	lua_getfield(L, t, "poses");
	struct scene *s = check_scene(L, -2);
	struct poses *q = check_poses(L, -1, s);
	lua_pop(L, 2);
	lua_Integer frame = (lua_Integer)field_int(L, t, "frame", 1) - 1;
	if (frame < 0 || frame >= q->nframes)
		luaL_error(L, "frame %I is outside the run (1 to %d)", frame + 1, q->nframes);
	p->poses = q;
	p->frame = (struct picture_frame){s,
	                                  q->q,
	                                  (int)frame,
	                                  view_from(L, t, s, q),
	                                  flag(L, t, "labels"),
	                                  flag(L, t, "trails"),
	                                  NULL,
	                                  NULL};
	free(p->title), free(p->caption);
	p->title = field_strdup(L, t, "title"), p->caption = field_strdup(L, t, "caption");
	p->frame.title = p->title, p->frame.caption = p->caption;
}

static void plots_from_lua(lua_State *L, int t, struct picture *p)
{
	lua_getfield(L, t, "plots");
	int n = lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0;
	p->plots = calloc((size_t)n + 1, sizeof *p->plots);
	for (int k = 0; k < n; k++) {
		lua_geti(L, -1, k + 1);
		luaL_checktype(L, -1, LUA_TTABLE);
		plot_from_lua(L, -1, &p->plots[k]);
		p->nplots = k + 1;
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
}

/* A string field of the block at b, or NULL; it stays alive in the spec. */
static const char *block_text(lua_State *L, int b, const char *key, int k)
{
	int type = lua_getfield(L, b, key);
	if (type != LUA_TNIL && type != LUA_TSTRING)
		luaL_error(L, "a sheet's block %d: %s must be a string", k, key);
	const char *s = lua_tostring(L, -1);
	lua_pop(L, 1);
	return s;
}

/* {footer, blocks = { {style, text, left, mid}, ..., {style = "figure", scene,
 * poses, ...: a frame's fields} }}: at most one figure. */
static void sheet_from_lua(lua_State *L, int t, struct picture *p)
{
	static const char *const styles[] = {"title", "lead", "heading", "para", "pre",
	                                     "row",   "note", "figure",  NULL};
	int n = field_len(L, t, "blocks"), figures = 0;
	p->blocks = calloc((size_t)n + 1, sizeof *p->blocks);
	lua_getfield(L, t, "blocks");
	for (int k = 0; k < n; k++) {
		lua_geti(L, -1, k + 1);
		luaL_checktype(L, -1, LUA_TTABLE);
		int b = lua_gettop(L);
		int style = field_option(L, b, "style", styles);
		if (style < 0)
			luaL_error(L,
			           "a sheet's block %d: its style is title, lead, heading, para, "
			           "pre, row, note or figure",
			           k + 1);
		struct sheet_block *sb = &p->blocks[k];
		sb->style = (enum sheet_style)style;
		sb->text = block_text(L, b, "text", k + 1);
		sb->left = block_text(L, b, "left", k + 1);
		sb->mid = block_text(L, b, "mid", k + 1);
		if (sb->style == SHEET_FIGURE) {
			if (figures++ > 0)
				luaL_error(L, "a sheet has one figure at most");
			frame_from_lua(L, b, p);
			sb->figure = &p->frame;
		}
		p->nblocks = k + 1;
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	p->footer = field_strdup(L, t, "footer");
}

static struct picture *picture_from_lua(lua_State *L, int t)
{
	static const char *const kinds[] = {"plot",   "plots", "frame", "fbd",
	                                    "report", "sheet", NULL};
	t = lua_absindex(L, t);
	luaL_checktype(L, t, LUA_TTABLE);
	struct picture *p = lua_newuserdatauv(L, sizeof *p, 0);
	memset(p, 0, sizeof *p);
	luaL_setmetatable(L, PICTURE_META);
	int kind = field_option(L, t, "kind", kinds);
	if (kind < 0)
		luaL_error(L, "a picture's kind is plot, plots, frame, fbd, report or sheet");
	p->kind = (enum picture_kind)kind;
	switch (p->kind) {
	case PICTURE_PLOT:
		p->plots = calloc(1, sizeof *p->plots);
		plot_from_lua(L, t, p->plots);
		p->nplots = 1;
		break;
	case PICTURE_PLOTS:
		plots_from_lua(L, t, p);
		break;
	case PICTURE_FRAME:
		frame_from_lua(L, t, p);
		break;
	case PICTURE_FBD:
		diagram_from_lua(L, t, &p->diagram, p->points, p->arrows);
		p->title = field_strdup(L, t, "title");
		break;
	case PICTURE_REPORT: {
		lua_getfield(L, t, "mechanism");
		luaL_checktype(L, -1, LUA_TTABLE);
		frame_from_lua(L, lua_gettop(L), p);
		lua_pop(L, 1);
		plots_from_lua(L, t, p);
		free(p->title);
		p->title = field_strdup(L, t, "title");
		p->subtitle = field_strdup(L, t, "subtitle");
		p->table = field_strdup(L, t, "table");
		break;
	}
	case PICTURE_SHEET:
		sheet_from_lua(L, t, p);
		break;
	}
	return p;
}

/* A sheet's pages, one after another (a PDF's pages; other figures have
 * one, so a sheet is written as PDF). */
static void sheet_draw(struct picture *p, struct figure *f)
{
	struct sheet s = {p->blocks, p->nblocks, p->footer};
	struct canvas *c = figure_canvas(f);
	int pages = sheet_pages(c, &s);
	for (int k = 0; k < pages; k++)
		if (k == 0 || figure_next_page(f) == 0)
			sheet_draw_page(c, &s, k, pages);
}

static void picture_draw(struct picture *p, struct canvas *c)
{
	switch (p->kind) {
	case PICTURE_PLOT:
		picture_plot(c, p->plots);
		break;
	case PICTURE_PLOTS:
		picture_plots(c, p->plots, p->nplots);
		break;
	case PICTURE_FRAME:
		picture_frame(c, &p->frame);
		break;
	case PICTURE_FBD:
		picture_diagram(c, &p->diagram, p->title);
		break;
	case PICTURE_REPORT: {
		struct picture_report r = {p->title, p->subtitle, p->frame,
		                           p->plots, p->nplots,   p->table};
		r.mechanism.title = "mechanism", r.mechanism.caption = p->caption;
		picture_report(c, &r);
		break;
	}
	case PICTURE_SHEET: { /* its first page */
		struct sheet s = {p->blocks, p->nblocks, p->footer};
		sheet_draw_page(c, &s, 0, sheet_pages(c, &s));
		break;
	}
	}
}

static int size_arg(lua_State *L, int arg)
{
	lua_Integer v = luaL_checkinteger(L, arg);
	if (v < FIGURE_SMALLEST || v > FIGURE_LARGEST)
		luaL_error(L, "a figure of %I pixels is not sensible", v);
	return (int)v;
}

/* figure(spec, path, width, height[, scale]): the picture written to the
 * file in the format of its extension; true, or nil and why. */
static int view_figure(lua_State *L)
{
	const char *path = luaL_checkstring(L, 2);
	int w = size_arg(L, 3), h = size_arg(L, 4);
	double scale = luaL_optnumber(L, 5, 0);
	int format = figure_format_of(path);
	if (format < 0)
		return luaL_error(L, "%s: the format comes from the extension: .svg, .pdf or .png",
		                  path);
	struct picture *p = picture_from_lua(L, 1);
	if (p->kind == PICTURE_SHEET && format != FIGURE_PDF)
		return luaL_error(L, "%s: a sheet of pages is written as .pdf", path);
	char err[512];
	struct figure *f =
	    figure_open((enum figure_format)format, path, w, h, scale, err, sizeof err);
	if (f && p->kind == PICTURE_SHEET)
		sheet_draw(p, f);
	else if (f)
		picture_draw(p, figure_canvas(f));
	return outcome(L, f && figure_close(f, err, sizeof err) == 0, err);
}

/* gif(spec, path, width, height): an animated GIF of a run, spec being a
 * frame's with frames = {sample, ...} (1-based), delays = {hundredths of a
 * second, ...} and captions = {text, ...}; true, or nil and why. */
static int view_gif(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	const char *path = luaL_checkstring(L, 2);
	int w = size_arg(L, 3), h = size_arg(L, 4);
	lua_pushstring(L, "frame");
	lua_setfield(L, 1, "kind");
	struct picture *p = picture_from_lua(L, 1);
	int n = field_len(L, 1, "frames");
	if (n < 1)
		return luaL_error(L, "an animation needs at least one frame");
	int *frames = lua_newuserdatauv(L, sizeof(int) * 2 * (size_t)n, 0), *delays = frames + n;
	lua_getfield(L, 1, "frames");
	lua_getfield(L, 1, "delays");
	lua_getfield(L, 1, "captions");
	int captions = lua_gettop(L);
	for (int k = 0; k < n; k++) {
		frames[k] = (int)number_in(L, -3, k + 1) - 1;
		delays[k] = (int)number_in(L, -2, k + 1);
		if (frames[k] < 0 || frames[k] >= p->poses->nframes)
			return luaL_error(L, "frame %d is outside the run (1 to %d)", frames[k] + 1,
			                  p->poses->nframes);
	}
	char err[512];
	struct figure *f = figure_open(FIGURE_IMAGE, NULL, w, h, 0, err, sizeof err);
	struct gif_writer *g = f ? gif_open(path, w, h, err, sizeof err) : NULL;
	int ok = g != NULL;
	for (int k = 0; ok && k < n; k++) {
		lua_geti(L, captions, k + 1); /* the caption stays alive until the frame is drawn */
		p->frame.frame = frames[k], p->frame.caption = lua_tostring(L, -1);
		figure_clear(f);
		picture_draw(p, figure_canvas(f));
		lua_pop(L, 1);
		int fw, fh, stride;
		const unsigned char *pixels = figure_pixels(f, &fw, &fh, &stride);
		ok = gif_add(g, pixels, stride, delays[k], err, sizeof err) == 0;
		if (ok && interrupt_pending()) /* Ctrl-C or a limit: stop, close, then say so */
			ok = 0, snprintf(err, sizeof err, "interrupted");
	}
	if (g && gif_close(g, ok ? err : (char[64]){0}, ok ? sizeof err : 64) != 0)
		ok = 0;
	if (f)
		figure_close(f, (char[64]){0}, 64);
	mb_check_limits(L);
	return outcome(L, ok, err);
}

/* inline_detect(timeout_ms): "kitty", "sixel" or "text", as the terminal
 * on stdin and stdout answers. */
static int view_inline_detect(lua_State *L)
{
	int ms = (int)luaL_optinteger(L, 1, 300);
	fflush(stdout);
	enum inline_kind k = inline_detect(STDIN_FILENO, STDOUT_FILENO, ms);
	lua_pushstring(L, k == INLINE_KITTY ? "kitty" : k == INLINE_SIXEL ? "sixel" : "text");
	return 1;
}

static int write_stdout(const char *data, size_t len, void *ctx)
{
	(void)ctx;
	return fwrite(data, 1, len, stdout) == len ? 0 : -1;
}

/* The terminal's size in pixels, or 0 x 0 when it does not say. */
static void terminal_pixels(int *w, int *h)
{
	struct winsize ws;
	*w = *h = 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0)
		*w = ws.ws_xpixel, *h = ws.ws_ypixel;
}

/* show_inline(spec, "sixel" | "kitty", width, height): the picture at the
 * cursor; width and height default to what fits the terminal. true, or
 * nil and why. */
static int view_show_inline(lua_State *L)
{
	static const char *const kinds[] = {"sixel", "kitty", NULL};
	int kind = luaL_checkoption(L, 2, NULL, kinds);
	int tw, th, w, h;
	terminal_pixels(&tw, &th);
	int fit = tw >= 2 * FIGURE_SMALLEST ? tw * 4 / 5 : 640;
	w = lua_isnoneornil(L, 3) ? (fit < 800 ? fit : 800) : size_arg(L, 3);
	h = lua_isnoneornil(L, 4) ? w * 5 / 8 : size_arg(L, 4);
	if (lua_isnoneornil(L, 4) && th >= 2 * FIGURE_SMALLEST && h > th * 3 / 4)
		h = th * 3 / 4;
	if (h < FIGURE_SMALLEST)
		h = FIGURE_SMALLEST;
	struct picture *p = picture_from_lua(L, 1);
	char err[512];
	struct figure *f = figure_open(FIGURE_IMAGE, NULL, w, h, 0, err, sizeof err);
	int ok = f != NULL;
	if (f) {
		picture_draw(p, figure_canvas(f));
		fflush(stdout);
		if (kind == 0) {
			int fw, fh, stride;
			const unsigned char *pixels = figure_pixels(f, &fw, &fh, &stride);
			ok = inline_sixel(pixels, fw, fh, stride, write_stdout, NULL) == 0;
			fputc('\n', stdout);
		} else {
			size_t len = 0;
			unsigned char *png = figure_png_bytes(f, &len);
			ok = png && inline_kitty(png, len, write_stdout, NULL) == 0;
			free(png);
		}
		fflush(stdout);
		figure_close(f, err, sizeof err);
		if (!ok)
			snprintf(err, sizeof err,
			         "the picture could not be written to the terminal");
	}
	return outcome(L, ok, err);
}

/* png_pixels(path): width, height and the pixels as a string of red,
 * green, blue bytes row by row; nil and why when it cannot be read. For
 * the tests, which read figures back. */
static int view_png_pixels(lua_State *L)
{
	const char *path = luaL_checkstring(L, 1);
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		lua_pushnil(L);
		lua_pushstring(L, cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return 2;
	}
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	const unsigned char *data = cairo_image_surface_get_data(s);
	unsigned char *rgb = malloc((size_t)w * (size_t)h * 3 + 1);
	if (rgb)
		figure_rgb_bytes(data, w, h, stride, rgb);
	cairo_surface_destroy(s);
	if (!rgb)
		return luaL_error(L, "out of memory");
	lua_pushinteger(L, w);
	lua_pushinteger(L, h);
	lua_pushlstring(L, (const char *)rgb, (size_t)w * (size_t)h * 3);
	free(rgb);
	return 3;
}

int mb_open_view(lua_State *L)
{
	static const luaL_Reg funcs[] = {{"scene", view_scene},
	                                 {"poses", view_poses},
	                                 {"fit", view_fit},
	                                 {"frame", view_frame},
	                                 {"plot_text", view_plot_text},
	                                 {"show_plot", view_show_plot},
	                                 {"animate", view_animate},
	                                 {"utf8", view_utf8},
	                                 {"addressable", view_addressable},
	                                 {"fbd_text", view_fbd_text},
	                                 {"figure", view_figure},
	                                 {"gif", view_gif},
	                                 {"inline_detect", view_inline_detect},
	                                 {"show_inline", view_show_inline},
	                                 {"png_pixels", view_png_pixels},
	                                 {NULL, NULL}};
	luaL_newmetatable(L, SCENE_META);
	lua_pushcfunction(L, scene_gc);
	lua_setfield(L, -2, "__gc");
	luaL_newmetatable(L, POSES_META);
	lua_pushcfunction(L, poses_gc);
	lua_setfield(L, -2, "__gc");
	luaL_newmetatable(L, PICTURE_META);
	lua_pushcfunction(L, picture_gc);
	lua_setfield(L, -2, "__gc");
	lua_pop(L, 3);
	luaL_newlib(L, funcs);
	return 1;
}
