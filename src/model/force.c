/* force.c — applied forces, book Sec. 4.4, and their potentials (Sec. 4.6).
 * Each kind is one function with one table entry; gravity acts on every
 * body and is applied here directly. */
#include "model/force.h"

#include <math.h>
#include <string.h>

#include "model/contact.h"

static double potential_of_force(vec2 f, vec2 r) { return -v2_dot(f, r); }

/* Point-to-point spring-damper-actuator, Eqs. 4.22-4.32: f > 0 pulls the
 * points together; body i gets -f u, body j gets +f u. */
static int spring_damper(const struct model *m, struct run_data *d, const struct force *fe,
                         const double *c, const double *cd, double t, double *h,
                         double *potential)
{
	(void)m;
	double k = fe->param[0], length = fe->param[1], damping = fe->param[2];
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	vec2 si = v2_rotate(bi.phi, fe->si), sj = v2_rotate(bj.phi, fe->sj);
	vec2 dist = v2_sub(v2_add(bi.r, si), v2_add(bj.r, sj));
	vec2 dd = v2_sub(v2_add(bi.rd, v2_scale(bi.phid, v2_perp(si))),
	                 v2_add(bj.rd, v2_scale(bj.phid, v2_perp(sj))));
	double L = v2_norm(dist);
	if (L < 1e-12) {
		run_data_fail(d,
		              "%s: force '%s': its two points coincide (length 0 at t = %g), so "
		              "the direction of the spring is undefined",
		              fe->where, fe->name, t);
		return -1;
	}
	vec2 u = v2_scale(1 / L, dist);
	double act[3];
	if (model_fn(d, &fe->fn, t, act) != 0)
		return -1;
	double f = k * (L - length) + damping * v2_dot(u, dd) + fe->param[3] + act[0];
	force_at_point(h, fe->bi, si, v2_scale(-f, u));
	force_at_point(h, fe->bj, sj, v2_scale(f, u));
	*potential += 0.5 * k * (L - length) * (L - length);
	return 0;
}

/* Rotational spring-damper-actuator, Eqs. 4.33-4.38: θ = φ_i - φ_j;
 * body i gets -T, body j gets +T. */
static int rot_spring_damper(const struct model *m, struct run_data *d, const struct force *fe,
                             const double *c, const double *cd, double t, double *h,
                             double *potential)
{
	(void)m;
	double k = fe->param[0], angle = fe->param[1], damping = fe->param[2];
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	double theta = bi.phi - bj.phi, thetad = bi.phid - bj.phid, act[3];
	if (model_fn(d, &fe->fn, t, act) != 0)
		return -1;
	double T = k * (theta - angle) + damping * thetad + fe->param[3] + act[0];
	if (fe->bi >= 0)
		h[3 * fe->bi + 2] -= T;
	if (fe->bj >= 0)
		h[3 * fe->bj + 2] += T;
	*potential += 0.5 * k * (theta - angle) * (theta - angle);
	return 0;
}

/* Viscous friction in a sliding joint (Eq. 4.41): a force -c v along the
 * axis u_j, v the speed of P_i sliding along it relative to body j, acting
 * on body i at P_i and, opposite, on body j at the same place. */
static int slide_friction(const struct model *m, struct run_data *d, const struct force *fe,
                          const double *c, const double *cd, double t, double *h,
                          double *potential)
{
	(void)m, (void)d, (void)t, (void)potential;
	struct body_state bi = model_body_state(c, cd, fe->bi),
	                  bj = model_body_state(c, cd, fe->bj);
	vec2 si = v2_rotate(bi.phi, fe->si), uj = v2_rotate(bj.phi, v2(fe->param[1], fe->param[2]));
	vec2 p = v2_add(bi.r, si); /* P_i, where both forces act */
	vec2 sj = v2_sub(p, bj.r); /* the same place from body j */
	vec2 vi = v2_add(bi.rd, v2_scale(bi.phid, v2_perp(si)));
	vec2 vj = v2_add(bj.rd, v2_scale(bj.phid, v2_perp(sj)));
	vec2 f = v2_scale(-fe->param[0] * v2_dot(uj, v2_sub(vi, vj)), uj);
	force_at_point(h, fe->bi, si, f);
	force_at_point(h, fe->bj, sj, v2_scale(-1, f));
	return 0;
}

/* A constant force at a point, fixed in the global frame, or in the body's
 * own frame (it turns with the body, and has no potential). */
static int point_force(const struct model *m, struct run_data *d, const struct force *fe,
                       const double *c, const double *cd, double t, double *h,
                       double *potential)
{
	(void)m, (void)d, (void)t;
	int local = fe->param[2] != 0;
	struct body_state b = model_body_state(c, cd, fe->bi);
	vec2 value = v2(fe->param[0], fe->param[1]);
	vec2 f = local ? v2_rotate(b.phi, value) : value;
	vec2 s = v2_rotate(b.phi, fe->si);
	force_at_point(h, fe->bi, s, f);
	if (!local)
		*potential += potential_of_force(f, v2_add(b.r, s));
	return 0;
}

/* A torque on a body: the constant value, plus fn(t) when given. */
static int torque(const struct model *m, struct run_data *d, const struct force *fe,
                  const double *c, const double *cd, double t, double *h, double *potential)
{
	(void)m;
	double T[3];
	if (model_fn(d, &fe->fn, t, T) != 0)
		return -1;
	T[0] += fe->param[0];
	h[3 * fe->bi + 2] += T[0];
	if (!fe->fn.call)
		*potential -= T[0] * model_body_state(c, cd, fe->bi).phi;
	return 0;
}

/* Forces the host computes: the generalised forces of all bodies at once,
 * added to h. h was finite before, so whatever is not finite after is this
 * force's doing. */
static int user(const struct model *m, struct run_data *d, const struct force *fe,
                const double *c, const double *cd, double t, double *h, double *potential)
{
	(void)potential;
	char err[400] = "";
	if (fe->host.call(fe->host.ctx, t, c, cd, m->nbodies, h, err, sizeof err) != 0) {
		run_data_stop(d, "%s", err[0] ? err : "the user force failed");
		return -1;
	}
	for (int k = 0; k < 3 * m->nbodies; k++)
		if (!isfinite(h[k])) {
			run_data_fail(d,
			              "%s: force '%s': the user function gave a non-finite force at "
			              "t = %g",
			              fe->where, fe->name, t);
			return -1;
		}
	return 0;
}

static const struct force_kind spring_damper_kind = {
    "spring-damper", {"k", "length", "damping", "actuator", NULL}, spring_damper};
static const struct force_kind rot_spring_damper_kind = {
    "rot-spring-damper", {"k", "angle", "damping", "actuator", NULL}, rot_spring_damper};
static const struct force_kind point_force_kind = {"force", {"fx", "fy", "local", NULL},
                                                   point_force};
static const struct force_kind torque_kind = {"torque", {"value", NULL}, torque};
static const struct force_kind user_kind = {"user", {NULL}, user};
static const struct force_kind slide_friction_kind = {
    "slide-friction", {"damping", "axis_x", "axis_y", NULL}, slide_friction};

const struct force_kind *const force_kinds[] = {&spring_damper_kind, &rot_spring_damper_kind,
                                                &point_force_kind,   &torque_kind,
                                                &user_kind,          &slide_friction_kind,
                                                NULL};

const struct force_kind *force_kind_find(const char *name)
{
	for (int i = 0; force_kinds[i]; i++)
		if (strcmp(force_kinds[i]->name, name) == 0)
			return force_kinds[i];
	return NULL;
}

int forces_apply(const struct model *m, struct run_data *d, const double *c, const double *cd,
                 double t, double *h, double *potential)
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
		if (f->kind->apply(m, d, f, c, cd, t, h, potential) != 0)
			return -1;
	}
	contacts_apply(m, d, c, cd, h, potential);
	return 0;
}
