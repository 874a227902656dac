/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_options.c — the options a run or a look at one state takes, read
 * from the Lua table the library passes through their declarations
 * (util/option.h): the ranges and the words are those the Lua layer
 * checks first (args.check_options), so whichever layer answers gives the
 * same verdict. This one guards the C boundary itself, which scripts can
 * reach through mechbench.core: no count or cast below sees a number out of
 * range. */
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/run_options.h"
#include "formulation/formulation.h"
#include "lua/lua_model.h"

/* How the value at idx reads in a message, as args.shown says it: 'text',
 * 1.5, NaN, true, a table. */
static const char *shown(lua_State *L, int idx, char *buf, size_t len)
{
	switch (lua_type(L, idx)) {
	case LUA_TSTRING:
		snprintf(buf, len, "'%s'", lua_tostring(L, idx));
		break;
	case LUA_TNUMBER: {
		double v = lua_tonumber(L, idx);
		snprintf(buf, len, isnan(v) ? "NaN" : "%g", v);
		break;
	}
	case LUA_TBOOLEAN:
		snprintf(buf, len, "%s", lua_toboolean(L, idx) ? "true" : "false");
		break;
	default:
		snprintf(buf, len, "a %s", luaL_typename(L, idx));
	}
	return buf;
}

/* The choices of a list, "a, b, c". */
static void list_names(const char *const *names, char *buf, size_t len)
{
	buf[0] = 0;
	for (int k = 0; names[k]; k++) {
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", k ? ", " : "", names[k]);
	}
}

/* The index of the choice at idx among names, or a refusal naming them. */
static int choice_at(lua_State *L, int idx, const char *what, const char *const *names)
{
	char list[400], got[200];
	list_names(names, list, sizeof list);
	if (lua_type(L, idx) != LUA_TSTRING)
		mb_raise_error(L, "%s must be one of %s (got %s)", what, list,
		               shown(L, idx, got, sizeof got));
	const char *s = lua_tostring(L, idx);
	for (int k = 0; names[k]; k++)
		if (strcmp(s, names[k]) == 0)
			return k;
	return mb_raise_error(L, "unknown %s '%s' (available: %s)", what, s, list);
}

/* The number at idx as option o takes it, else its refusal. */
static double number_at(lua_State *L, int idx, const struct option *o)
{
	char why[300], got[200];
	int is_number = lua_type(L, idx) == LUA_TNUMBER;
	double v = lua_tonumber(L, idx);
	if (option_refusal(o, v, is_number ? NULL : shown(L, idx, got, sizeof got), why,
	                   sizeof why))
		mb_raise_error(L, "%s", why);
	return v;
}

double mb_option(lua_State *L, int t, const struct option *o, double fallback)
{
	char got[200];
	lua_getfield(L, t, o->name);
	double v = fallback;
	if (!lua_isnil(L, -1)) {
		switch (o->type) {
		case OPTION_NUMBER:
		case OPTION_WHOLE:
			v = number_at(L, -1, o);
			break;
		case OPTION_FLAG:
			if (!lua_isboolean(L, -1))
				mb_raise_error(L, "%s must be true or false (got %s)", o->name,
				               shown(L, -1, got, sizeof got));
			v = lua_toboolean(L, -1);
			break;
		case OPTION_CHOICE:
			v = choice_at(L, -1, o->name, option_choices(o));
			break;
		default:
			luaL_error(L, "option %s is not a number, a flag or a choice", o->name);
		}
	}
	lua_pop(L, 1);
	return v;
}

void mb_opt_times(lua_State *L, int t, double *tf, double *dt)
{
	*tf = mb_option(L, t, &option_tf, option_tf.fallback);
	*dt = mb_option(L, t, &option_dt, fmax(fmin(0.01, *tf / 10), option_dt.lo));
	if (*dt > *tf)
		mb_raise_error(L, "dt must be at most tf = %g (got %g)", *tf, *dt);
	if (*tf / *dt > RUN_MAX_REPORTS)
		mb_raise_error(L, "tf / dt is %.3g reports; at most %g fit in memory", *tf / *dt,
		               RUN_MAX_REPORTS);
}

/* The names of the list at idx, the list of lists flattened (sets of
 * names, each as long as the first): into v, in a userdata left on the
 * stack. */
static void read_names(lua_State *L, int idx, const struct option *o, struct option_value *v)
{
	idx = lua_absindex(L, idx);
	int sets = lua_rawgeti(L, idx, 1) == LUA_TTABLE;
	lua_pop(L, 1);
	int n = (int)luaL_len(L, idx), group = sets ? 0 : n, count = 0;
	for (int s = 0; sets && s < n; s++) {
		lua_rawgeti(L, idx, s + 1);
		int size = lua_istable(L, -1) ? (int)luaL_len(L, -1) : -1;
		lua_pop(L, 1);
		if (s == 0)
			group = size;
		if (size != group || size < 1)
			mb_raise_error(L, "%s: every set must hold as many names as the first",
			               o->name);
	}
	count = sets ? n * group : n;
	const char **names = lua_newuserdatauv(L, sizeof(char *) * (size_t)(count + 1), 0);
	for (int k = 0; k < count; k++) {
		if (sets) {
			lua_rawgeti(L, idx, k / group + 1);
			lua_rawgeti(L, -1, k % group + 1);
			lua_remove(L, -2);
		} else {
			lua_rawgeti(L, idx, k + 1);
		}
		if (lua_type(L, -1) != LUA_TSTRING)
			mb_raise_error(L, "%s must be a list of names, or a list of such lists",
			               o->name);
		names[k] = lua_tostring(L, -1); /* alive in the options table */
		lua_pop(L, 1);
	}
	v->names = names, v->count = count, v->group = group;
}

/* The index of what name names: a joint, or a body's coordinate
 * ("crank.angle": 3 b + 0, 1, 2 for x, y, angle); -1 for none. */
static int joint_named(const struct model *m, const char *name)
{
	for (int i = 0; i < m->njoints; i++)
		if (strcmp(m->joints[i].name, name) == 0)
			return i;
	return -1;
}

static int coordinate_named(const struct model *m, const char *name)
{
	static const char *const coords[] = {"x", "y", "angle"};
	const char *dot = strrchr(name, '.');
	for (int b = 0; dot && b < m->nbodies; b++) {
		size_t len = strlen(m->bodies[b].name);
		if (len == (size_t)(dot - name) && strncmp(m->bodies[b].name, name, len) == 0)
			for (int k = 0; k < 3; k++)
				if (strcmp(dot + 1, coords[k]) == 0)
					return 3 * b + k;
	}
	return -1;
}

void mb_option_value(lua_State *L, int t, const struct option *o, const struct model *m,
                     struct option_value *v)
{
	*v = (struct option_value){.number = o->fallback};
	lua_getfield(L, t, o->name);
	int present = !lua_isnil(L, -1);
	if (present && (o->type == OPTION_NAMES || o->type == OPTION_JOINTS ||
	                o->type == OPTION_COORDINATES)) {
		if (!lua_istable(L, -1))
			mb_raise_error(L, "%s must be a list of names", o->name);
		read_names(L, -1, o, v); /* the userdata stays, the table goes */
		lua_remove(L, -2);
		if (o->type != OPTION_NAMES) {
			int *idx = lua_newuserdatauv(L, sizeof(int) * (size_t)(v->count + 1), 0);
			for (int k = 0; k < v->count; k++) {
				int joints = o->type == OPTION_JOINTS;
				idx[k] = joints ? joint_named(m, v->names[k])
				                : coordinate_named(m, v->names[k]);
				if (idx[k] < 0)
					mb_raise_error(L,
					               joints ? "%s: unknown joint '%s'"
					                      : "%s: '%s' is not body.x, body.y or "
					                        "body.angle of a "
					                        "body of the model",
					               o->name, v->names[k]);
			}
			v->indices = idx;
		}
		v->given = 1;
		return;
	}
	lua_pop(L, 1);
	if (present) {
		v->number = mb_option(L, t, o, o->fallback);
		v->given = 1;
	}
}

const struct formulation *mb_read_formulation(lua_State *L, int opts)
{
	return formulations[(int)mb_option(L, opts, &option_formulation,
	                                   option_formulation.fallback)];
}

void mb_read_config(lua_State *L, int t, const struct formulation *f, const struct model *m,
                    struct formulation_config *cfg)
{
	cfg->drop_redundant = mb_option(L, t, &option_redundant, 0) == 1;
	for (int k = 0; f->options && f->options[k]; k++)
		mb_option_value(L, t, f->options[k], m, &cfg->own[k]);
}

void mb_read_stabilization(lua_State *L, int opts, const struct formulation *f,
                           const struct model *m, struct formulation_config *cfg)
{
	struct stabilization *stab = &cfg->stab;
	stab->kind = (int)mb_option(L, opts, &option_stabilization, 0);
	/* another remedy's numbers ride along (runs of several remedies share
	 * options): checked, unused, unless f has its own of that name */
	for (int r = 0; remedies[r].name; r++)
		for (int k = 0;
		     r != (int)stab->kind && remedies[r].options && remedies[r].options[k]; k++) {
			const struct option *o = remedies[r].options[k];
			if (o->type == OPTION_NUMBER && formulation_option(f, o->name) < 0)
				mb_option(L, opts, o, 0);
		}
	if (stab->kind == STAB_BAUMGARTE) {
		stab->alpha = mb_option(L, opts, &option_alpha, option_alpha.fallback);
		stab->beta = mb_option(L, opts, &option_beta, option_beta.fallback);
	} else if (stab->kind == STAB_PENALTY) { /* defaults of Ex. 13.7 */
		double heaviest = 0;
		for (int b = 0; b < m->nbodies; b++)
			heaviest = fmax(heaviest, m->bodies[b].mass);
		stab->mc = mb_option(L, opts, &option_mc, fmin(1000 * heaviest, option_mc.hi));
		stab->zeta = mb_option(L, opts, &option_penalty_zeta, option_penalty_zeta.fallback);
		stab->omega =
		    mb_option(L, opts, &option_penalty_omega, option_penalty_omega.fallback);
	} else if (stab->kind == STAB_PARTITION) {
		struct option_value v;
		mb_option_value(L, opts, &option_partition_independent, m, &v);
		cfg->independent = v.given ? v.indices : NULL;
		cfg->nindependent = v.given ? v.count : 0;
	}
}
