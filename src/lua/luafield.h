/* SPDX-License-Identifier: GPL-3.0-or-later */
/* luafield.h — reading the plain description tables Lua hands to C.
 * Each reads field `key` of the table at index t and leaves the stack as
 * it was; a missing or mistyped field gives the fallback. */
#ifndef MB_LUAFIELD_H
#define MB_LUAFIELD_H

#include <lua.h>

#include "util/vec2.h"

double field_number(lua_State *L, int t, const char *key, double fallback);
int field_int(lua_State *L, int t, const char *key, int fallback);
/* A copy to free(), or NULL when the field is not a string. */
char *field_strdup(lua_State *L, int t, const char *key);
/* {x, y}; {0, 0} when missing */
vec2 field_vec2(lua_State *L, int t, const char *key);
/* The position of a string field in names (NULL-terminated); -1 when it
 * is missing or none of them. */
int field_option(lua_State *L, int t, const char *key, const char *const names[]);
/* Length of an array field; 0 when missing. */
int field_len(lua_State *L, int t, const char *key);

#endif
