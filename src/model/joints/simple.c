/* simple.c — one coordinate of a body held fixed, book Sec. 7.2.6, Eqs.
 * 7.38-7.39: x_i = c, y_i = c or φ_i = c; c is its value at t = 0 unless
 * given. */
#include <math.h>
#include <stdio.h>

#include "model/joints/joint.h"

static int prepare(const struct model *m, struct joint *j, char *err, size_t len)
{
	double coord = j->param[0];
	if (!(coord == 0 || coord == 1 || coord == 2)) {
		snprintf(err, len, "coord must be x, y or angle (0, 1 or 2; got %g)", coord);
		return -1;
	}
	if (j->bi < 0) {
		snprintf(err, len, "cannot hold the ground, which never moves");
		return -1;
	}
	if (isnan(j->param[1]))
		j->param[1] = m->bodies[j->bi].q0[(int)coord];
	return 0;
}

static int eval(const struct model *m, struct run_data *d, const struct joint *j,
                const struct body_state *bi, const struct body_state *bj, double t,
                struct joint_eval *out)
{
	(void)m, (void)d, (void)bj, (void)t;
	int coord = (int)j->param[0];
	double q[3] = {bi->r.x, bi->r.y, bi->phi};
	out->phi[0] = q[coord] - j->param[1];
	for (int k = 0; k < 3; k++)
		out->di[0][k] = k == coord, out->dj[0][k] = 0;
	out->gamma[0] = 0;
	return 0;
}

const struct joint_kind joint_simple = {
    "simple", "one coordinate of a body held at a value", 1, 0, {"coord", "value", NULL},
    prepare, eval};
