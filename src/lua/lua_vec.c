/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_vec.c — mb.vec: planar vectors as Lua tables {x, y} (book Ch. 2).
 *
 * Tables returned here carry a metatable for arithmetic and printing, yet
 * stay plain arrays: v[1], v[2] and any {x, y} the user types work alike. */
#include <lauxlib.h>

#include "lua/lua_core.h"
#include "util/vec2.h"

#define VEC_META "mechbench.vector"

struct vec2_lua mb_check_vec2(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	luaL_argexpected(L, lua_istable(L, idx), idx, "vector {x, y}");
	lua_geti(L, idx, 1);
	lua_geti(L, idx, 2);
	int okx, oky;
	double x = lua_tonumberx(L, -2, &okx), y = lua_tonumberx(L, -1, &oky);
	lua_pop(L, 2);
	if (!okx || !oky)
		luaL_argerror(L, idx, "vector must be {x, y} with two numbers");
	if (!isfinite(x) || !isfinite(y))
		luaL_argerror(L, idx,
		              lua_pushfstring(
		                  L, "vector must be {x, y} with two finite numbers, not {%s, %s}",
		                  isfinite(x) ? "x" : mb_nonfinite_name(x),
		                  isfinite(y) ? "y" : mb_nonfinite_name(y)));
	return (struct vec2_lua){x, y};
}

static vec2 check(lua_State *L, int idx)
{
	struct vec2_lua v = mb_check_vec2(L, idx);
	return v2(v.x, v.y);
}

void mb_push_vec2(lua_State *L, double x, double y)
{
	lua_createtable(L, 2, 0);
	lua_pushnumber(L, x);
	lua_rawseti(L, -2, 1);
	lua_pushnumber(L, y);
	lua_rawseti(L, -2, 2);
	luaL_setmetatable(L, VEC_META);
}

/* A result; finite vectors can still overflow (1e308 + 1e308): an error
 * rather than inf handed back as an answer. */
static int push(lua_State *L, vec2 v)
{
	if (!isfinite(v.x) || !isfinite(v.y))
		return luaL_error(
		    L, "the result overflows: not a finite vector (the numbers are too large)");
	mb_push_vec2(L, v.x, v.y);
	return 1;
}

static int push_number(lua_State *L, double v)
{
	if (!isfinite(v))
		return luaL_error(
		    L, "the result overflows: not a finite number (the numbers are too large)");
	lua_pushnumber(L, v);
	return 1;
}

static int vec_new(lua_State *L)
{
	if (lua_istable(L, 1))
		return push(L, check(L, 1));
	return push(L, v2(mb_check_finite(L, 1), mb_check_finite(L, 2)));
}
static int vec_call(lua_State *L) { return lua_remove(L, 1), vec_new(L); }
static int vec_add(lua_State *L) { return push(L, v2_add(check(L, 1), check(L, 2))); }
static int vec_sub(lua_State *L) { return push(L, v2_sub(check(L, 1), check(L, 2))); }
static int vec_unm(lua_State *L) { return push(L, v2_scale(-1, check(L, 1))); }
static int vec_rot(lua_State *L) { return push(L, v2_perp(check(L, 1))); }

static int vec_mul(lua_State *L)
{
	if (lua_isnumber(L, 1))
		return push(L, v2_scale(mb_check_finite(L, 1), check(L, 2)));
	if (lua_isnumber(L, 2))
		return push(L, v2_scale(mb_check_finite(L, 2), check(L, 1)));
	return luaL_error(L, "a vector times a vector is ambiguous: use vec.dot(a, b) or "
	                     "vec.cross(a, b)");
}

static int vec_div(lua_State *L)
{
	double d = mb_check_finite(L, 2);
	if (d == 0)
		return luaL_error(L, "a vector divided by zero");
	return push(L, v2_scale(1.0 / d, check(L, 1)));
}

static int vec_dot(lua_State *L) { return push_number(L, v2_dot(check(L, 1), check(L, 2))); }

static int vec_cross(lua_State *L) { return push_number(L, v2_cross(check(L, 1), check(L, 2))); }

static int vec_norm(lua_State *L) { return push_number(L, v2_norm(check(L, 1))); }

static int vec_unit(lua_State *L)
{
	if (lua_isnumber(L, 1)) {
		double theta = mb_check_finite(L, 1);
		return push(L, v2(cos(theta), sin(theta)));
	}
	vec2 a = check(L, 1);
	double n = v2_norm(a);
	if (n == 0)
		return luaL_error(L, "the zero vector has no direction");
	if (isfinite(1 / n))
		return push(L, v2_scale(1 / n, a));
	/* too short for 1/n (1e-320): divided by its largest component first,
	 * it still has a direction */
	double big = fmax(fabs(a.x), fabs(a.y));
	a = v2(a.x / big, a.y / big);
	return push(L, v2_scale(1 / v2_norm(a), a));
}

static int vec_angle(lua_State *L)
{
	lua_pushnumber(L, v2_angle(check(L, 1)));
	return 1;
}

static int vec_between(lua_State *L)
{
	lua_pushnumber(L, v2_angle_between(check(L, 1), check(L, 2)));
	return 1;
}

static int vec_rotate(lua_State *L)
{
	return push(L, v2_rotate(mb_check_finite(L, 1), check(L, 2)));
}

/* A(φ), Eq. 2.68, as a 2x2 matrix */
static int vec_A(lua_State *L)
{
	double phi = mb_check_finite(L, 1);
	double *a = mb_push_matrix(L, 2, 2);
	a[0] = cos(phi), a[1] = -sin(phi);
	a[2] = sin(phi), a[3] = cos(phi);
	return 1;
}

static int vec_eq(lua_State *L)
{
	vec2 a = check(L, 1), b = check(L, 2);
	lua_pushboolean(L, a.x == b.x && a.y == b.y);
	return 1;
}

static int vec_tostring(lua_State *L)
{
	vec2 a = check(L, 1);
	double scale = fmax(fabs(a.x), fabs(a.y));
	char x[32], y[32];
	mb_format_number(x, sizeof x, a.x, scale);
	mb_format_number(y, sizeof y, a.y, scale);
	lua_pushfstring(L, "{%s, %s}", x, y);
	return 1;
}

int mb_open_vec(lua_State *L)
{
	static const luaL_Reg funcs[] = {
	    {"new", vec_new},       {"add", vec_add},     {"sub", vec_sub},
	    {"scale", vec_mul},     {"rot", vec_rot},     {"perp", vec_rot},
	    {"dot", vec_dot},       {"cross", vec_cross}, {"norm", vec_norm},
	    {"unit", vec_unit},     {"angle", vec_angle}, {"between", vec_between},
	    {"rotate", vec_rotate}, {"A", vec_A},         {NULL, NULL}};
	static const luaL_Reg meta[] = {{"__add", vec_add},           {"__sub", vec_sub},
	                                {"__unm", vec_unm},           {"__mul", vec_mul},
	                                {"__div", vec_div},           {"__eq", vec_eq},
	                                {"__tostring", vec_tostring}, {NULL, NULL}};

	luaL_newlib(L, funcs);
	luaL_newmetatable(L, VEC_META);
	luaL_setfuncs(L, meta, 0);
	lua_pushvalue(L, -2);
	lua_setfield(L, -2, "__index"); /* a:norm(), a:rot(), a:dot(b) */
	lua_pushliteral(L, "vector");
	lua_setfield(L, -2, "__name");
	lua_pop(L, 1);
	lua_newtable(L); /* vec{...} and vec(x, y) construct */
	lua_pushcfunction(L, vec_call);
	lua_setfield(L, -2, "__call");
	lua_setmetatable(L, -2);
	return 1;
}
