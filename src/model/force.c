/* force.c — applied forces, book Sec. 4.4, and their potentials (Sec. 4.6).
 * Each kind is one function filling the same vtable; gravity acts on every
 * body and is applied here directly. */
#include "model/force.h"

#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "model/contact.h"

void force_at_point(double *h, int b, double phi, vec2 s, vec2 f)
{
	if (b < 0)
		return; /* the ground takes it */
	vec2 sg = v2_rotate(phi, s);
	h[3 * b] += f.x;
	h[3 * b + 1] += f.y;
	h[3 * b + 2] += v2_cross(sg, f); /* s̆'f, Eq. 4.11 */
}

static double potential_of_force(vec2 f, vec2 r) { return -v2_dot(f, r); }

/* Point-to-point spring-damper-actuator, Eqs. 4.22-4.32: f > 0 pulls the
 * points together; body i gets -f u, body j gets +f u. */
static int spring_damper(struct model *m, const struct force *fe, const double *c, const double *cd,
                         double t, double *h, double *potential)
{
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	vec2 si = v2_rotate(bi.phi, fe->si), sj = v2_rotate(bj.phi, fe->sj);
	vec2 d = v2_sub(v2_add(bi.r, si), v2_add(bj.r, sj));
	vec2 dd = v2_sub(v2_add(bi.rd, v2_scale(bi.phid, v2_perp(si))),
	                 v2_add(bj.rd, v2_scale(bj.phid, v2_perp(sj))));
	double L = v2_norm(d);
	if (L < 1e-12) {
		model_fail(m,
		           "%s: force '%s': its two points coincide (length 0 at t = %g), so the "
		           "direction of the spring is undefined",
		           fe->where, fe->name, t);
		return -1;
	}
	vec2 u = v2_scale(1 / L, d);
	double act[3];
	if (model_fn(m, &fe->fn, t, act) != 0)
		return -1;
	double f = fe->k * (L - fe->length) + fe->damping * v2_dot(u, dd) + fe->actuator + act[0];
	force_at_point(h, fe->bi, bi.phi, fe->si, v2_scale(-f, u));
	force_at_point(h, fe->bj, bj.phi, fe->sj, v2_scale(f, u));
	*potential += 0.5 * fe->k * (L - fe->length) * (L - fe->length);
	return 0;
}

/* Rotational spring-damper-actuator, Eqs. 4.33-4.38: θ = φ_i - φ_j;
 * body i gets -T, body j gets +T. */
static int rot_spring_damper(struct model *m, const struct force *fe, const double *c,
                             const double *cd, double t, double *h, double *potential)
{
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	double theta = bi.phi - bj.phi, thetad = bi.phid - bj.phid, act[3];
	if (model_fn(m, &fe->fn, t, act) != 0)
		return -1;
	double T = fe->k * (theta - fe->length) + fe->damping * thetad + fe->actuator + act[0];
	if (fe->bi >= 0)
		h[3 * fe->bi + 2] -= T;
	if (fe->bj >= 0)
		h[3 * fe->bj + 2] += T;
	*potential += 0.5 * fe->k * (theta - fe->length) * (theta - fe->length);
	return 0;
}

/* Viscous friction in a sliding joint (Eq. 4.41): a force -c v along the
 * axis u_j, v the speed of P_i sliding along it relative to body j, acting
 * on body i at P_i and, opposite, on body j at the same place. */
static int slide_friction(struct model *m, const struct force *fe, const double *c,
                          const double *cd, double t, double *h, double *potential)
{
	(void)m, (void)t, (void)potential;
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	vec2 si = v2_rotate(bi.phi, fe->si), uj = v2_rotate(bj.phi, fe->value);
	vec2 p = v2_add(bi.r, si); /* P_i, where both forces act */
	vec2 sj = v2_sub(p, bj.r); /* the same place from body j */
	vec2 vi = v2_add(bi.rd, v2_scale(bi.phid, v2_perp(si)));
	vec2 vj = v2_add(bj.rd, v2_scale(bj.phid, v2_perp(sj)));
	vec2 f = v2_scale(-fe->damping * v2_dot(uj, v2_sub(vi, vj)), uj);
	force_at_point(h, fe->bi, bi.phi, fe->si, f);
	force_at_point(h, fe->bj, bj.phi, v2_unrotate(bj.phi, sj), v2_scale(-1, f));
	return 0;
}

/* A constant force at a point, fixed in the global frame, or in the body's
 * own frame (it turns with the body, and has no potential). */
static int point_force(struct model *m, const struct force *fe, const double *c, const double *cd,
                       double t, double *h, double *potential)
{
	(void)m, (void)t;
	struct body_state b = model_body_state(c, cd, fe->bi);
	vec2 f = fe->local ? v2_rotate(b.phi, fe->value) : fe->value;
	force_at_point(h, fe->bi, b.phi, fe->si, f);
	if (!fe->local)
		*potential += potential_of_force(f, v2_add(b.r, v2_rotate(b.phi, fe->si)));
	return 0;
}

/* A torque on a body: value.x, or fn(t) when given. */
static int torque(struct model *m, const struct force *fe, const double *c, const double *cd,
                  double t, double *h, double *potential)
{
	double T[3];
	if (model_fn(m, &fe->fn, t, T) != 0)
		return -1;
	T[0] += fe->value.x;
	h[3 * fe->bi + 2] += T[0];
	if (fe->fn.ref == LUA_NOREF)
		*potential -= T[0] * model_body_state(c, cd, fe->bi).phi;
	return 0;
}

/* A user force in Lua. model.lua wraps the user's function so that it is
 * called as fn(t, c, cd) and returns the generalised forces of all bodies
 * as one array of 3 x nbodies numbers. */
static int user(struct model *m, const struct force *fe, const double *c, const double *cd,
                double t, double *h, double *potential)
{
	(void)potential;
	lua_State *L = m->L;
	int top = lua_gettop(L), n = 3 * m->nbodies;
	lua_rawgeti(L, LUA_REGISTRYINDEX, fe->fn.ref);
	lua_pushnumber(L, t);
	lua_createtable(L, n, 0);
	lua_createtable(L, n, 0);
	for (int k = 0; k < n; k++) {
		lua_pushnumber(L, c[k]);
		lua_rawseti(L, -3, k + 1);
		lua_pushnumber(L, cd[k]);
		lua_rawseti(L, -2, k + 1);
	}
	if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
		model_stop(m, "%s", lua_tostring(L, -1));
		lua_settop(L, top);
		return -1;
	}
	for (int k = 0; k < n; k++) {
		lua_rawgeti(L, -1, k + 1);
		double v = lua_tonumber(L, -1);
		lua_pop(L, 1);
		if (!isfinite(v)) {
			model_fail(
			    m,
			    "%s: force '%s': the user function gave a non-finite force at t = %g",
			    fe->where, fe->name, t);
			lua_settop(L, top);
			return -1;
		}
		h[k] += v;
	}
	lua_settop(L, top);
	return 0;
}

static const struct force_kind kinds[] = {{"spring-damper", spring_damper},
                                          {"rot-spring-damper", rot_spring_damper},
                                          {"force", point_force},
                                          {"torque", torque},
                                          {"user", user},
                                          {"slide-friction", slide_friction}};

const struct force_kind *force_kind_find(const char *name)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].name, name) == 0)
			return &kinds[i];
	return NULL;
}

int forces_apply(struct model *m, const double *c, const double *cd, double t, double *h,
                 double *potential)
{
	*potential = 0;
	for (int b = 0; b < m->nbodies; b++) {
		double mass = m->bodies[b].mass;
		h[3 * b] = mass * m->gravity.x; /* weight at the mass centre, Eq. 4.20 */
		h[3 * b + 1] = mass * m->gravity.y;
		h[3 * b + 2] = 0;
		*potential -= mass * v2_dot(m->gravity, v2(c[3 * b], c[3 * b + 1])); /* m g y */
	}
	for (int i = 0; i < m->nforces; i++) {
		const struct force *f = &m->forces[i];
		if (f->kind->apply(m, f, c, cd, t, h, potential) != 0)
			return -1;
	}
	contacts_apply(m, c, cd, h, potential);
	return 0;
}
