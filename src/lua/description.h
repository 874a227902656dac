/* description.h — the C model from the description table that
 * lua/mechbench/model.lua compiles (indices, local coordinates, kinds by
 * name, each kind's numbers by the names its table entry gives). Lua
 * functions become the model's callbacks. */
#ifndef MB_DESCRIPTION_H
#define MB_DESCRIPTION_H

#include <lua.h>

#include "model/model.h"

/* The model described by the table at idx; a malformed description raises
 * a Lua error naming the element (nothing is leaked). */
struct model *model_from_lua(lua_State *L, int idx);

#endif
