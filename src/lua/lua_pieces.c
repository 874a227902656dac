/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_pieces.c — a look at one state (mechbench.core.model): the
 * equations of motion of any formulation, each formulation's own pieces
 * (joint, minimal and point coordinates, vector loops), a free-body
 * diagram, the start corrected, an impulse and an impact. */
#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "analysis/impact.h"
#include "formulation/constrained.h"
#include "formulation/fbd.h"
#include "formulation/joint_coords.h"
#include "formulation/minimal_coords.h"
#include "formulation/point_coords.h"
#include "formulation/vector_loops.h"
#include "lua/description.h"
#include "lua/lua_core.h"
#include "lua/lua_model.h"
#include "model/contact.h"

static void push_doubles(lua_State *L, const double *v, int n)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushnumber(L, v[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

static void push_matrix_rows(lua_State *L, const double *a, int rows, int cols)
{
	double *m = mb_push_matrix(L, rows, cols);
	memcpy(m, a, sizeof(double) * (size_t)rows * (size_t)cols);
}

/* The options of a look at one state: when, and at which state (instead
 * of the model's start), in the formulation's coordinates. Any finite time
 * is a time; the state's length and finiteness are checked below. */
static const struct option option_t = {
    .name = "t",
    .type = OPTION_TIME,
    .fallback = 0,
    .taken_by = TAKEN_BY_PIECES | TAKEN_BY_EXPLAIN | TAKEN_BY_JOINT_COORDS | TAKEN_BY_POINT_COORDS |
                TAKEN_BY_MINIMAL_COORDS,
    .summary = "the time of the state looked at (the drivers' time)"};
static const struct option option_y = {
    .name = "y",
    .type = OPTION_NUMBERS,
    .fallback = NAN,
    .said = "the model's start",
    .taken_by = TAKEN_BY_PIECES | TAKEN_BY_POINT_COORDS | TAKEN_BY_MINIMAL_COORDS,
    .summary = "the state {q..., q'...} in the formulation's coordinates"};
static const struct option option_theta = {.name = "theta",
                                           .type = OPTION_NUMBERS,
                                           .fallback = NAN,
                                           .said = "the model's start",
                                           .taken_by = TAKEN_BY_JOINT_COORDS,
                                           .summary = "the joint coordinates"};
static const struct option option_theta_d = {.name = "theta_d",
                                             .type = OPTION_NUMBERS,
                                             .fallback = NAN,
                                             .said = "at rest when theta is given",
                                             .taken_by = TAKEN_BY_JOINT_COORDS,
                                             .summary = "their rates"};
const struct option *const state_options[] = {&option_t, &option_y, &option_theta, &option_theta_d,
                                              NULL};

/* The time t of a look at one state, at argument arg (0 when absent),
 * checked as its declaration says. */
static double time_arg(lua_State *L, int arg)
{
	char why[300], got[200];
	if (lua_isnoneornil(L, arg))
		return option_t.fallback;
	int number = lua_type(L, arg) == LUA_TNUMBER;
	snprintf(got, sizeof got, "a %s", luaL_typename(L, arg));
	if (option_refusal(&option_t, lua_tonumber(L, arg), number ? NULL : got, why, sizeof why))
		mb_raise_error(L, "%s", why);
	return lua_tonumber(L, arg);
}

/* A formulation set up at the model's initial state, for the entry points
 * that look at one state. */
struct at_start {
	const struct model *m;
	struct run_data *d;
	struct constrained *s;
	double *y; /* q then q̇ */
	double *c; /* the bodies' c then ċ */
	int n, n3;
};

/* At argument 1 the description; at opts (0: none) the options of f
 * (redundant rows, its own), read before anything is allocated, since a bad
 * one raises. */
static struct at_start at_start_new(lua_State *L, const struct formulation *f, int opts)
{
	struct at_start a = {mb_model_arg(L, 1), NULL, NULL, NULL, NULL, 0, 0};
	struct formulation_config cfg = {.stab.kind = STAB_NONE};
	if (opts)
		mb_read_config(L, opts, f, a.m, &cfg);
	a.d = run_data_new(a.m);
	a.s = constrained_new(a.m, f, &cfg, a.d);
	a.n = a.s ? constrained_size(a.s) : 0;
	a.n3 = 3 * a.m->nbodies;
	a.y = calloc(2 * (size_t)a.n + 1, sizeof(double));
	a.c = calloc(2 * (size_t)a.n3 + 1, sizeof(double));
	model_initial(a.m, a.c, a.c + a.n3);
	if (a.s)
		constrained_set_state(a.s, a.c, a.c + a.n3, a.y);
	return a;
}

/* The state y = {q..., q̇...} at index idx (when it is a table) into a->y:
 * 0, or -1 with the reason in the run's data when it is not 2n numbers.
 * Nothing here raises, so the set-up is always freed. */
static int state_in(lua_State *L, int idx, struct at_start *a)
{
	if (!lua_istable(L, idx))
		return 0;
	if (lua_rawlen(L, idx) != (size_t)(2 * a->n)) {
		run_data_fail(a->d, "y must hold %d numbers: %d coordinate%s, then %s rate%s",
		              2 * a->n, a->n, a->n == 1 ? "" : "s", a->n == 1 ? "its" : "their",
		              a->n == 1 ? "" : "s");
		return -1;
	}
	for (int k = 0; k < 2 * a->n; k++) {
		lua_rawgeti(L, idx, k + 1);
		int ok = lua_type(L, -1) == LUA_TNUMBER;
		a->y[k] = lua_tonumber(L, -1);
		lua_pop(L, 1);
		if (!ok || !isfinite(a->y[k])) {
			run_data_fail(a->d, "y[%d] must be a finite number", k + 1);
			return -1;
		}
	}
	return 0;
}

/* Free it; on failure raise the run's error, else return the one result
 * left on the stack. */
static int at_start_finish(lua_State *L, struct at_start *a, int status)
{
	if (status != 0)
		lua_pushstring(L, a->d->error[0] ? a->d->error : "failed");
	free(a->y), free(a->c);
	constrained_free(a->s);
	run_data_free(a->d);
	return status == 0 ? 1 : lua_error(L);
}

/* The pieces of the equations of motion at (q, q̇) as a table. */
static int push_pieces(lua_State *L, struct at_start *a, double t, const double *q,
                       const double *qd)
{
	struct constrained_pieces p;
	if (!a->s || constrained_pieces(a->s, t, q, qd, &p) != 0)
		return -1;
	lua_newtable(L);
	push_doubles(L, q, p.n), lua_setfield(L, -2, "q");
	push_doubles(L, qd, p.n), lua_setfield(L, -2, "qd");
	push_matrix_rows(L, p.J, p.rows, p.n), lua_setfield(L, -2, "D");
	push_doubles(L, p.gamma, p.rows), lua_setfield(L, -2, "gamma");
	push_doubles(L, p.phi, p.rows), lua_setfield(L, -2, "phi");
	push_doubles(L, p.vrhs, p.rows), lua_setfield(L, -2, "vrhs");
	/* the names of the rows (and the joint each states, 1-based; 0 for a row
	 * of the formulation's own) and of the coordinates, for m:explain */
	lua_createtable(L, p.rows, 0);
	lua_createtable(L, p.rows, 0);
	for (int r = 0; r < p.rows; r++) {
		const char *name = constrained_row_name(a->s, r);
		lua_pushstring(L, name ? name : "?");
		lua_rawseti(L, -3, r + 1);
		lua_pushinteger(L, constrained_row_joint(a->s, r) + 1);
		lua_rawseti(L, -2, r + 1);
	}
	lua_setfield(L, -3, "row_joint");
	lua_setfield(L, -2, "row_names");
	lua_createtable(L, p.n, 0);
	for (int k = 0; k < p.n; k++) {
		char name[96];
		constrained_coordinate_name(a->s, k, name, sizeof name);
		lua_pushstring(L, name);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "coordinate_names");
	if (!p.M) /* a kinematic formulation states its rows only */
		return 0;
	push_matrix_rows(L, p.M, p.n, p.n), lua_setfield(L, -2, "M");
	push_doubles(L, p.h, p.n), lua_setfield(L, -2, "h");
	push_doubles(L, p.acc, p.n), lua_setfield(L, -2, "acc");
	push_doubles(L, p.lambda, p.rows), lua_setfield(L, -2, "lambda");
	if (p.row_ratio)
		push_doubles(L, p.row_ratio, p.rows), lua_setfield(L, -2, "row_ratio");
	return 0;
}

/* evaluate(desc, t): M, D, γ, Φ, h, c̈, λ in body coordinates at the start */
int core_evaluate(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = mb_arg_finite(L, 2, 1, 0);
	struct at_start a = at_start_new(L, &formulation_body, 0);
	return at_start_finish(L, &a, push_pieces(L, &a, t, a.y, a.y + a.n));
}

/* pieces(desc, opts, t, y): the equations of motion of any formulation
 * (opts.formulation, with its options) at the start, or at y = {q..., q̇...}:
 * q, q̇, M, D (the Jacobian in q), Φ, v, γ, h, q̈, λ. */
int core_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	/* redundant = "drop": the pieces of a model with redundant joints
	 * (m:dof and m:explain show them), the dependent rows' λ zero */
	const struct formulation *f = mb_read_formulation(L, 2);
	double t = time_arg(L, 3);
	struct at_start a = at_start_new(L, f, 2);
	int status = a.s ? state_in(L, 4, &a) : -1;
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	return at_start_finish(L, &a, status);
}

/* impulse(desc): the velocities after the model's constraints act as an
 * impulse on the bodies' initial velocities (Sec. 13.5) */
int core_impulse(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = mb_arg_finite(L, 2, 1, 0); /* the drivers' time */
	struct at_start a = at_start_new(L, &formulation_body, 0);
	struct impact *w = impact_new(a.m);
	double *cd = a.c + a.n3;
	int status = velocity_jump(w, a.d, t, a.c, cd, 1, 0, NULL, NULL, NULL, NULL);
	impact_free(w);
	if (status == 0)
		push_doubles(L, cd, a.n3);
	else if (!a.d->error[0])
		run_data_fail(a.d, "the joints' velocity constraints cannot be met by an impulse: "
		                   "they are redundant or contradict each other");
	return at_start_finish(L, &a, status);
}

/* The impact of contact k (1-based) at the model's initial state:
 * {v = ċ⁺, impulse, friction_impulse, closing, opening}. */
int core_impact(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	int k = (int)luaL_checkinteger(L, 2) - 1;
	struct at_start a = at_start_new(L, &formulation_body, 0);
	double normal = 0, tangent = 0, *c = a.c, *cd = a.c + a.n3;
	struct contact_point before, after;
	int status = k >= 0 && k < a.m->ncontacts ? 0 : -1;
	if (status != 0)
		run_data_fail(a.d, "no contact number %d", k + 1);
	/* a law without a restitution (spring, hunt-crossley) is a force in
	 * time, not a jump: Eq. 11.27 has no e to take */
	if (status == 0 && isnan(a.m->contacts[k].e)) {
		status = -1;
		run_data_fail(
		    a.d,
		    "contact '%s' has the %s law, a force over time with no restitution e: "
		    "an impact (Eq. 11.27) takes a law with e, such as impulse",
		    a.m->contacts[k].name, a.m->contacts[k].law->name);
	}
	if (status == 0) {
		struct impact *w = impact_new(a.m);
		contact_geometry(&a.m->contacts[k], c, cd, &before);
		status = contact_impact(w, a.d, k, 0, c, cd, &normal, &tangent);
		impact_free(w);
	}
	if (status == 0) {
		contact_geometry(&a.m->contacts[k], c, cd, &after);
		lua_createtable(L, 0, 5);
		push_doubles(L, cd, a.n3), lua_setfield(L, -2, "v");
		lua_pushnumber(L, normal), lua_setfield(L, -2, "impulse");
		lua_pushnumber(L, tangent), lua_setfield(L, -2, "friction_impulse");
		lua_pushnumber(L, -before.vn), lua_setfield(L, -2, "closing");
		lua_pushnumber(L, after.vn), lua_setfield(L, -2, "opening");
	}
	return at_start_finish(L, &a, status);
}

/* correct(desc) -> {c..., ċ...}: the start corrected in body coordinates */
int core_correct(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = mb_arg_finite(L, 2, 1, 0); /* the drivers' time */
	struct at_start a = at_start_new(L, &formulation_body, 0);
	int status = constrained_correct(a.s, t, a.y);
	if (status == 0)
		push_doubles(L, a.y, 2 * a.n);
	return at_start_finish(L, &a, status);
}

static void push_ints(lua_State *L, const int *v, int n, int offset)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushinteger(L, v[i] + offset);
		lua_rawseti(L, -2, i + 1);
	}
}

/* joint_pieces(desc, opts, t): the tree and B, Ḃθ̇, M̄, h̄, C, γ̄, θ̈, λ at the
 * initial state, or at opts.theta, opts.theta_d (joint indices 1-based, -1
 * for none). */
int core_joint_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	double t = time_arg(L, 3);
	struct at_start a = at_start_new(L, &formulation_joint, lua_istable(L, 2) ? 2 : 0);
	int status = a.s ? 0 : -1;
	if (status == 0 && lua_istable(L, 2)) { /* opts.theta, opts.theta_d: a state of its own */
		lua_getfield(L, 2, "theta");
		lua_getfield(L, 2, "theta_d");
		int top = lua_gettop(L);
		if (lua_istable(L, top - 1)) {
			lua_createtable(L, 2 * a.n, 0); /* {theta..., theta_d...} */
			for (int k = 0; k < 2 * a.n; k++) {
				int from = k < a.n ? top - 1 : top;
				if (k >= a.n && !lua_istable(L, from))
					lua_pushnumber(L, 0); /* at rest */
				else
					lua_rawgeti(L, from, k < a.n ? k + 1 : k - a.n + 1);
				lua_rawseti(L, -2, k + 1);
			}
			status = state_in(L, lua_gettop(L), &a);
		}
		lua_settop(L, top - 2);
	}
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	if (status == 0) {
		void *ws = constrained_workspace(a.s);
		struct jc_tree tree;
		struct jc_kinematics k;
		jc_tree(ws, &tree);
		jc_kinematics(ws, a.y, a.y + a.n, &k);
		int n = a.n, nb = tree.nbodies;
		lua_getfield(L, -1, "D"), lua_setfield(L, -2, "C"); /* C = D_cut B */
		lua_pushnil(L), lua_setfield(L, -2, "D");
		lua_pushnil(L), lua_setfield(L, -2, "phi");
		push_ints(L, tree.parent, nb, 1), lua_setfield(L, -2, "parent");
		push_ints(L, tree.joint, nb, 1), lua_setfield(L, -2, "joint");
		push_ints(L, tree.coord, nb, 1), lua_setfield(L, -2, "coord");
		push_ints(L, tree.kind, nb, 0), lua_setfield(L, -2, "kind");
		push_ints(L, tree.cut, tree.ncut, 1), lua_setfield(L, -2, "cut");
		push_matrix_rows(L, k.B, 3 * nb, n), lua_setfield(L, -2, "B");
		push_doubles(L, k.bias, 3 * nb), lua_setfield(L, -2, "Bdtd");
		push_doubles(L, a.y, n), lua_setfield(L, -2, "theta");
		push_doubles(L, a.y + n, n), lua_setfield(L, -2, "theta_d");
		push_doubles(L, k.c, 3 * nb), lua_setfield(L, -2, "c");
		push_doubles(L, k.cd, 3 * nb), lua_setfield(L, -2, "cd");
	}
	return at_start_finish(L, &a, status);
}

/* minimal_pieces(desc, opts, t, y): the pieces of any formulation's
 * pieces() for minimal coordinates (opts: independent sets), with the
 * independent coordinates' names and the groups of the decomposition
 * {kind, joints, bodies, unknowns, condition, branch} at the start or y. */
int core_minimal_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	double t = time_arg(L, 3);
	struct at_start a = at_start_new(L, &formulation_minimal, 2);
	int status = a.s ? state_in(L, 4, &a) : -1;
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	if (status == 0) {
		void *ws = constrained_workspace(a.s);
		struct mc_group groups[64];
		int n = mc_groups(ws, groups, 64);
		lua_createtable(L, a.n, 0);
		for (int k = 0; k < a.n; k++) {
			char name[256];
			formulation_minimal.coordinate_name(ws, k, name, sizeof name);
			lua_pushstring(L, name);
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "independent");
		lua_createtable(L, n, 0);
		for (int k = 0; k < n; k++) {
			lua_createtable(L, 0, 6);
			mb_set_text(L, "kind", groups[k].kind);
			mb_set_text(L, "joints", groups[k].joints);
			mb_set_text(L, "bodies", groups[k].bodies);
			mb_set_text(L, "unknowns", groups[k].unknowns);
			lua_pushnumber(L, groups[k].condition), lua_setfield(L, -2, "condition");
			lua_pushinteger(L, groups[k].branch), lua_setfield(L, -2, "branch");
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "groups");
	}
	struct mc_kinematics k;
	if (status == 0)
		status = mc_kinematics(constrained_workspace(a.s), t, a.y, a.y + a.n, &k);
	if (status == 0) { /* c, ċ, B, η, ξ */
		int n3 = a.n3, R = k.k + 1;
		double *B = mb_push_matrix(L, n3, k.k);
		lua_createtable(L, n3, 0); /* ċ */
		lua_createtable(L, n3, 0); /* η */
		for (int i = 0; i < n3; i++) {
			double v = k.rows[(size_t)i * (size_t)R + (size_t)k.k];
			for (int j = 0; j < k.k; j++) {
				B[(size_t)i * (size_t)k.k + (size_t)j] =
				    k.rows[(size_t)i * (size_t)R + (size_t)j];
				v += B[(size_t)i * (size_t)k.k + (size_t)j] * a.y[a.n + j];
			}
			lua_pushnumber(L, k.rows[(size_t)i * (size_t)R + (size_t)k.k]);
			lua_rawseti(L, -2, i + 1);
			lua_pushnumber(L, v);
			lua_rawseti(L, -3, i + 1);
		}
		lua_setfield(L, -4, "eta");
		lua_setfield(L, -3, "cd");
		lua_setfield(L, -2, "B");
		push_doubles(L, k.c, n3), lua_setfield(L, -2, "c");
		push_doubles(L, k.xi, n3), lua_setfield(L, -2, "xi");
	}
	return at_start_finish(L, &a, status);
}

static void push_pair(lua_State *L, vec2 v)
{
	lua_createtable(L, 2, 0);
	lua_pushnumber(L, v.x), lua_rawseti(L, -2, 1);
	lua_pushnumber(L, v.y), lua_rawseti(L, -2, 2);
}

/* The points of a point-coordinate layout as a Lua list (indices 1-based,
 * the ground body 0): var (the first coordinate), at, role, joint, body,
 * local, name. */
static void push_points(lua_State *L, const struct layout *P, const double *q)
{
	static const char *roles[] = {"pin", "axis", "centre", "gyration"};
	lua_createtable(L, P->npoints, 0);
	for (int p = 0; p < P->npoints; p++) {
		const struct point *pt = &P->points[p];
		lua_createtable(L, 0, 7);
		if (pt->var >= 0)
			mb_set_int(L, "var", pt->var + 1);
		push_pair(L, pt->var >= 0 ? v2(q[pt->var], q[pt->var + 1]) : pt->at);
		lua_setfield(L, -2, "at");
		mb_set_text(L, "role", roles[pt->role]);
		if (pt->joint >= 0)
			mb_set_int(L, "joint", pt->joint + 1);
		mb_set_int(L, "body", pt->body + 1);
		push_pair(L, pt->local), lua_setfield(L, -2, "local");
		mb_set_text(L, "name", pt->name);
		lua_rawseti(L, -2, p + 1);
	}
}

/* Its rows: type, joint (nil: a body's own), body, points, value. */
static void push_layout_rows(lua_State *L, const struct layout *P)
{
	lua_createtable(L, P->nrows, 0);
	for (int i = 0; i < P->nrows; i++) {
		const struct prow *r = &P->rows[i];
		lua_createtable(L, 0, 5);
		mb_set_text(L, "type", r->type);
		if (r->joint >= 0)
			mb_set_int(L, "joint", r->joint + 1);
		else
			mb_set_int(L, "body", r->body + 1);
		lua_newtable(L);
		for (int k = 0, at = 1; k < PROW_POINTS; k++)
			if (r->points[k] >= 0)
				lua_pushinteger(L, r->points[k] + 1), lua_rawseti(L, -2, at++);
		lua_setfield(L, -2, "points");
		lua_pushnumber(L, r->value), lua_setfield(L, -2, "value");
		lua_rawseti(L, -2, i + 1);
	}
}

/* Its groups (bodies welded together count as one): ref, motion, points,
 * and for Attia's tree parent (0: the ground, -1: none), parent_joint and
 * the particles. */
static void push_groups(lua_State *L, const struct layout *P, void *ws, int recursive)
{
	static const char *motions[] = {"fixed", "sliding", "turning"};
	lua_createtable(L, P->ngroups - 1, 0);
	for (int g = 1; g < P->ngroups; g++) {
		const struct group *G = &P->groups[g];
		lua_createtable(L, 0, 6);
		mb_set_int(L, "ref", G->ref + 1);
		mb_set_text(L, "motion", motions[G->motion]);
		lua_createtable(L, G->npoints, 0);
		for (int k = 0; k < G->npoints; k++)
			lua_pushinteger(L, G->points[k] + 1), lua_rawseti(L, -2, k + 1);
		lua_setfield(L, -2, "points");
		struct pr_particles pp;
		if (recursive) {
			mb_set_int(L, "parent", G->parent);
			if (G->parent_joint >= 0)
				mb_set_int(L, "parent_joint", G->parent_joint + 1);
		}
		if (recursive && pr_particles(ws, g, &pp) == 0) {
			lua_createtable(L, 0, 5);
			push_doubles(L, pp.mass, pp.count), lua_setfield(L, -2, "mass");
			lua_createtable(L, pp.count, 0);
			for (int k = 0; k < pp.count; k++)
				push_pair(L, pp.z[k]), lua_rawseti(L, -2, k + 1);
			lua_setfield(L, -2, "z");
			lua_pushnumber(L, pp.total), lua_setfield(L, -2, "total");
			push_pair(L, pp.S1), lua_setfield(L, -2, "S1");
			lua_pushnumber(L, pp.S2), lua_setfield(L, -2, "S2");
			lua_setfield(L, -2, "particles");
		}
		lua_rawseti(L, -2, g);
	}
}

/* point_pieces(desc, opts, t, y): the pieces of point coordinates
 * (opts.formulation "point" or "point-recursive", opts.tree) at the
 * start, or at y = {r..., ṙ...}, with the layout: points, rows, groups; and
 * for the recursive one Attia's system A, b and the chains' order. */
int core_point_pieces(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	const struct formulation *f = mb_read_formulation(L, 2);
	int recursive = f == &formulation_point_recursive;
	if (!recursive && f != &formulation_point)
		return luaL_error(L, "formulation must be \"point\" or \"point-recursive\"");
	double t = time_arg(L, 3);
	struct at_start a = at_start_new(L, f, 2);
	int status = a.s ? state_in(L, 4, &a) : -1;
	if (status == 0)
		status = push_pieces(L, &a, t, a.y, a.y + a.n);
	if (status == 0) {
		void *ws = constrained_workspace(a.s);
		const struct layout *P = point_coords_layout(ws);
		push_points(L, P, a.y), lua_setfield(L, -2, "points");
		push_layout_rows(L, P), lua_setfield(L, -2, "rows");
		push_groups(L, P, ws, recursive), lua_setfield(L, -2, "groups");
		if (recursive) {
			int size = P->n + P->nrows - P->nown;
			double *A = calloc((size_t)size * (size_t)size + 1, sizeof(double));
			double *b = calloc((size_t)size + 1, sizeof(double));
			status = pr_system(ws, t, A, b);
			if (status == 0) {
				push_matrix_rows(L, A, size, size), lua_setfield(L, -2, "A");
				push_doubles(L, b, size), lua_setfield(L, -2, "b");
				lua_createtable(L, P->norder - 1, 0);
				for (int i = 1; i < P->norder; i++)
					lua_pushinteger(L, P->order[i]), lua_rawseti(L, -2, i);
				lua_setfield(L, -2, "order");
			}
			free(A), free(b);
		}
	}
	return at_start_finish(L, &a, status);
}

/* A sum of vectors as a list of terms {kind, sign, body, coord, joint,
 * local}: indices 1-based, 0 for the ground or none. */
static void push_terms(lua_State *L, const struct vl_term *t, int count)
{
	static const char *kinds[] = {"body", "slide", "link", "free"};
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++, t++) {
		lua_createtable(L, 0, 6);
		mb_set_text(L, "kind", kinds[t->kind]);
		mb_set_int(L, "sign", t->sign);
		mb_set_int(L, "body", t->body + 1);
		mb_set_int(L, "coord", t->coord + 1);
		mb_set_int(L, "joint", t->joint + 1);
		push_doubles(L, (const double[]){t->local.x, t->local.y}, 2);
		lua_setfield(L, -2, "at");
		lua_rawseti(L, -2, k + 1);
	}
}

/* loops(desc) -> the model's vector loops (vector_loops.h) at its start:
 * coords {kind, body, joint}, q and qd (their values and rates), loops
 * {joints, start, terms, phi}, per body angle (its coordinate, 0: the
 * ground's), alpha and path (the sum to its mass centre), drivers (joint
 * indices); indices 1-based. */
int core_loops(lua_State *L)
{
	static const char *kinds[] = {"angle", "slide", "link", "x", "y"};
	luaL_checktype(L, 1, LUA_TTABLE);
	const struct model *m = mb_model_arg(L, 1);
	struct run_data *d = run_data_new(m);
	void *ws = vl_describe(m, d);
	if (!ws) {
		lua_pushstring(L, d->error);
		run_data_free(d);
		return lua_error(L);
	}
	struct vl_structure v;
	vl_structure(ws, &v);
	int n3 = 3 * m->nbodies, rows;
	formulation_vector.size(ws, &rows);
	double *c = calloc(2 * (size_t)n3 + 2 * (size_t)v.ncoords + 1, sizeof(double));
	double *q = c + 2 * n3;
	model_initial(m, c, c + n3);
	formulation_vector.from_bodies(ws, c, c + n3, q, q + v.ncoords);
	struct rows *r = rows_new(rows, v.ncoords);
	int status = formulation_vector.evaluate(ws, 0, q, q + v.ncoords, EVAL_ROWS, r, NULL);
	lua_newtable(L);
	lua_createtable(L, v.ncoords, 0);
	for (int k = 0; k < v.ncoords; k++) {
		lua_createtable(L, 0, 3);
		mb_set_text(L, "kind", kinds[v.coords[k].kind]);
		mb_set_int(L, "body", v.coords[k].body + 1);
		mb_set_int(L, "joint", v.coords[k].joint + 1);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "coords");
	push_doubles(L, q, v.ncoords), lua_setfield(L, -2, "q");
	push_doubles(L, q + v.ncoords, v.ncoords), lua_setfield(L, -2, "qd");
	lua_createtable(L, v.nloops, 0);
	for (int l = 0; l < v.nloops; l++) {
		const struct vl_loop *loop = &v.loops[l];
		lua_createtable(L, 0, 4);
		push_ints(L, loop->joints, loop->njoints, 1), lua_setfield(L, -2, "joints");
		mb_set_int(L, "start", loop->start + 1);
		push_terms(L, loop->terms, loop->nterms), lua_setfield(L, -2, "terms");
		if (status == 0)
			push_doubles(L, r->phi + 2 * l, 2), lua_setfield(L, -2, "phi");
		lua_rawseti(L, -2, l + 1);
	}
	lua_setfield(L, -2, "loops");
	lua_createtable(L, m->nbodies, 0);
	for (int b = 0; b < m->nbodies; b++) {
		lua_createtable(L, 0, 3);
		mb_set_int(L, "angle", v.angle_coord[b] + 1);
		lua_pushnumber(L, v.alpha[b]), lua_setfield(L, -2, "alpha");
		push_terms(L, v.path[b], v.npath[b]), lua_setfield(L, -2, "path");
		lua_rawseti(L, -2, b + 1);
	}
	lua_setfield(L, -2, "bodies");
	push_ints(L, v.drivers, v.ndrivers, 1), lua_setfield(L, -2, "drivers");
	rows_free(r);
	free(c);
	formulation_vector.release(ws);
	run_data_free(d);
	return 1;
}

/* n numbers of the table at idx into v: 0, or -1 when it is not a list of
 * n finite numbers. */
static int numbers_in(lua_State *L, int idx, double *v, int n)
{
	if (!lua_istable(L, idx) || lua_rawlen(L, idx) != (size_t)n)
		return -1;
	for (int k = 0; k < n; k++) {
		lua_rawgeti(L, idx, k + 1);
		v[k] = lua_tonumber(L, -1);
		int ok = lua_type(L, -1) == LUA_TNUMBER && isfinite(v[k]);
		lua_pop(L, 1);
		if (!ok)
			return -1;
	}
	return 0;
}

/* fbd(desc, body, t, c, cd, lambda) -> the forces on one body (fbd.h) at
 * that state: {kind, name, arm = {x, y}, force = {fx, fy}, couple, row,
 * rows} each; body 1-based, c and cd 3 per body, lambda one per row. */
int core_fbd(lua_State *L)
{
	static const char *kinds[] = {"weight", "force", "contacts", "reaction", "driver"};
	luaL_checktype(L, 1, LUA_TTABLE);
	int b = (int)luaL_checkinteger(L, 2) - 1;
	double t = mb_arg_finite(L, 3, 0, 0);
	const struct model *m = mb_model_arg(L, 1);
	struct run_data *d = run_data_new(m);
	int n3 = 3 * m->nbodies, status = 0;
	double *c = calloc(2 * (size_t)n3 + (size_t)m->nc + 1, sizeof(double));
	double *cd = c + n3, *lambda = cd + n3;
	if (b < 0 || b >= m->nbodies)
		run_data_fail(d, "no body number %d (the model has %d)", b + 1, m->nbodies),
		    status = -1;
	else if (numbers_in(L, 4, c, n3) != 0 || numbers_in(L, 5, cd, n3) != 0)
		run_data_fail(d, "c and cd must be %d finite numbers each", n3), status = -1;
	else if (numbers_in(L, 6, lambda, m->nc) != 0)
		run_data_fail(d, "lambda must be %d finite numbers, one per constraint row", m->nc),
		    status = -1;
	static const struct formulation_config plain_cfg = {.stab.kind = STAB_NONE};
	void *ws = status == 0 ? formulation_fbd.setup(m, &plain_cfg, d) : NULL;
	struct fbd_force *out = ws ? calloc((size_t)fbd_room(ws) + 1, sizeof *out) : NULL;
	int count = ws ? fbd_diagram(ws, b, t, c, cd, lambda, out) : -1;
	if (count >= 0) {
		lua_createtable(L, count, 0);
		for (int k = 0; k < count; k++) {
			const struct fbd_force *f = &out[k];
			lua_createtable(L, 0, 7);
			mb_set_text(L, "kind", kinds[f->kind]);
			if (f->kind == FBD_ELEMENT) {
				mb_set_text(L, "name", m->forces[f->index].name);
				mb_set_text(L, "type", m->forces[f->index].kind->name);
			} else if (f->kind == FBD_REACTION || f->kind == FBD_DRIVER) {
				mb_set_text(L, "name", m->joints[f->index].name);
				mb_set_text(L, "type", m->joints[f->index].kind->name);
			}
			push_doubles(L, (const double[]){f->arm.x, f->arm.y}, 2);
			lua_setfield(L, -2, "arm");
			push_doubles(L, (const double[]){f->force.x, f->force.y}, 2);
			lua_setfield(L, -2, "force");
			lua_pushnumber(L, f->couple), lua_setfield(L, -2, "couple");
			mb_set_int(L, "row", f->row + 1);
			mb_set_int(L, "rows", f->rows);
			lua_rawseti(L, -2, k + 1);
		}
	} else {
		lua_pushstring(L, d->error[0] ? d->error : "the free-body diagram failed");
	}
	free(out), free(c);
	if (ws)
		formulation_fbd.release(ws);
	run_data_free(d);
	return count >= 0 ? 1 : lua_error(L);
}
