/* SPDX-License-Identifier: GPL-3.0-or-later */
/* luafield.c — description-table readers (see luafield.h). */
#include "lua/luafield.h"

#include <lauxlib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double field_number(lua_State *L, int t, const char *key, double fallback)
{
	lua_getfield(L, t, key);
	double v = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : fallback;
	lua_pop(L, 1);
	return v;
}

int field_int(lua_State *L, int t, const char *key, int fallback)
{
	double v = field_number(L, t, key, fallback);
	return v >= -1e9 && v <= 1e9 ? (int)v : fallback; /* NaN and huge values too */
}

int field_option(lua_State *L, int t, const char *key, const char *const names[])
{
	lua_getfield(L, t, key);
	const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
	int found = -1;
	for (int k = 0; s && names[k] && found < 0; k++)
		if (strcmp(s, names[k]) == 0)
			found = k;
	lua_pop(L, 1);
	return found;
}

char *field_strdup(lua_State *L, int t, const char *key)
{
	lua_getfield(L, t, key);
	char *s = lua_type(L, -1) == LUA_TSTRING ? strdup(lua_tostring(L, -1)) : NULL;
	lua_pop(L, 1);
	return s;
}

vec2 field_vec2(lua_State *L, int t, const char *key)
{
	vec2 v = {0, 0};
	lua_getfield(L, t, key);
	if (lua_istable(L, -1)) {
		lua_rawgeti(L, -1, 1);
		lua_rawgeti(L, -2, 2);
		v = v2(lua_tonumber(L, -2), lua_tonumber(L, -1));
		lua_pop(L, 2);
	}
	lua_pop(L, 1);
	return v;
}

int field_len(lua_State *L, int t, const char *key)
{
	lua_getfield(L, t, key);
	int n = lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0;
	lua_pop(L, 1);
	return n;
}
