/* SPDX-License-Identifier: GPL-3.0-or-later */
/* description.h — the C model from the description table that
 * lua/mechbench/model.lua compiles (indices, local coordinates, kinds by
 * name, each kind's numbers by the names its table entry gives). Lua
 * functions become the model's callbacks. */
#ifndef MB_DESCRIPTION_H
#define MB_DESCRIPTION_H

#include <lua.h>

#include "model/model.h"

/* The model a binding works on, described by the table at idx: the
 * description's compiled model (desc.compiled), built here and kept there
 * the first time a description is used. m:compile() gives the same
 * description while the Lua model is unchanged, so the model stays
 * compiled; a description is not to be changed once used (change the
 * model). Its userdata is pushed (a run's result keeps it; the garbage
 * collector frees it). A malformed description raises a Lua error naming
 * the element (nothing is leaked). The model is read-only: a binding never
 * changes it. */
const struct model *mb_model_arg(lua_State *L, int idx);

/* The model of the compiled model userdata at idx, its Lua functions called
 * on L from now on (a run's reports are completed later, maybe from
 * another coroutine). */
const struct model *mb_compiled_model(lua_State *L, int idx);


/* A kind's numbers from the element table at t, as its entry names them
 * (model.h): NaN where left out, a pair into two slots, a choice by its
 * name, a function where a timed number may stand (into *fn when fn is not
 * NULL); then the entry's checks and fallbacks. 0, or -1 with a message
 * naming the number in err. */
int params_from_lua(lua_State *L, int t, const struct kind_param *params, double *param,
                    struct time_fn *fn, char *err, size_t len);

#endif
