/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mujoco_peer.c — the benchmark's peer (make bench builds it when MuJoCo is
 * installed): the same planar mechanisms as bench/chain.lua, in MuJoCo,
 * stepped by its RK4 at the same h, timed the same way (the steps and the
 * reports at every dt, not the model's compilation). Never a test.
 *
 *   mujoco_peer chain N tf dt h      an N-link chain of 0.5 m, 1 kg rods
 *   mujoco_peer four_bar tf dt h     examples/four_bar.lua, its loop closed by
 *                                    MuJoCo's (soft) connect constraint
 *
 * Prints one line: wall seconds, steps, the energy drift (largest |E - E0|
 * over the largest kinetic energy, at the reports), the largest loop gap in
 * metres (four-bar; 0 for the chain), the peak resident memory in kB and
 * the processor seconds of the steps and reports.
 * The plane is MuJoCo's x-z (its gravity is -z); the hinges turn about -y,
 * so an angle counts as ours does. */
#include <math.h>
#include <mujoco/mujoco.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

struct link {
	double p[2], q[2], mass; /* from p (its hinge) to q, a slender rod */
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long peak_kb(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "VmHWM:", 6) == 0)
			kb = strtol(line + 6, NULL, 10);
	if (f)
		fclose(f);
	return kb;
}

/* The model as MJCF in folder dir (main.xml): a serial chain of links, each
 * body's frame at its hinge; `close` adds a connect constraint from the
 * last link's end to the ground point where it starts, as stiff as MuJoCo
 * takes at this h (time constant 2h). The XML reader refuses elements
 * nested beyond 100, so every 40 bodies the chain goes on in a file of its
 * own, included where it hangs (each file is read apart). */
static int write_model(const char *dir, const struct link *l, int n, double h, int close)
{
	const int per_file = 40;
	char path[512];
	for (int first = 0; first < n; first += per_file) {
		int last = first + per_file < n ? first + per_file : n;
		if (first == 0)
			snprintf(path, sizeof path, "%s/main.xml", dir);
		else
			snprintf(path, sizeof path, "%s/part%d.xml", dir, first / per_file);
		FILE *f = fopen(path, "w");
		if (!f)
			return -1;
		fprintf(f, "<mujoco>\n");
		if (first == 0)
			fprintf(f,
			        " <option timestep=\"%.17g\" integrator=\"RK4\" gravity=\"0 0 "
			        "-9.81\">\n"
			        "  <flag contact=\"disable\" energy=\"enable\"/>\n </option>\n"
			        " <worldbody>\n",
			        h);
		for (int k = first; k < last; k++) {
			double px = k ? l[k].p[0] - l[k - 1].p[0] : l[k].p[0];
			double pz = k ? l[k].p[1] - l[k - 1].p[1] : l[k].p[1];
			double dx = l[k].q[0] - l[k].p[0], dz = l[k].q[1] - l[k].p[1];
			double inertia = l[k].mass * (dx * dx + dz * dz) / 12;
			fprintf(f,
			        "<body name=\"link%d\" pos=\"%.17g 0 %.17g\">"
			        "<joint type=\"hinge\" axis=\"0 -1 0\"/>"
			        "<inertial pos=\"%.17g 0 %.17g\" mass=\"%.17g\" "
			        "diaginertia=\"%.17g %.17g "
			        "%.17g\"/>\n",
			        k + 1, px, pz, dx / 2, dz / 2, l[k].mass, inertia, inertia,
			        inertia);
			if (k == n - 1 && close)
				fprintf(f, "<site name=\"end\" pos=\"%.17g 0 %.17g\"/>\n", dx, dz);
		}
		if (last < n)
			fprintf(f, "<include file=\"part%d.xml\"/>\n", last / per_file);
		for (int k = first; k < last; k++)
			fprintf(f, "</body>");
		if (first == 0)
			fprintf(f, "\n </worldbody>\n");
		if (first == 0 &&
		    close) /* body1's point, where the model as written meets the ground */
			fprintf(f,
			        " <equality><connect body1=\"link%d\" body2=\"world\" "
			        "solref=\"%.17g 1\" "
			        "anchor=\"%.17g 0 %.17g\"/></equality>\n",
			        n, 2 * h, l[n - 1].q[0] - l[n - 1].p[0],
			        l[n - 1].q[1] - l[n - 1].p[1]);
		fprintf(f, "</mujoco>\n");
		fclose(f);
	}
	return 0;
}

/* Remove the model's files and folder. */
static void remove_model(const char *dir, int n)
{
	char path[512];
	for (int part = 0; part * 40 < n; part++) {
		if (part == 0)
			snprintf(path, sizeof path, "%s/main.xml", dir);
		else
			snprintf(path, sizeof path, "%s/part%d.xml", dir, part);
		unlink(path);
	}
	rmdir(dir);
}

int main(int argc, char **argv)
{
	int four_bar = argc == 5 && strcmp(argv[1], "four_bar") == 0;
	if (!(four_bar || (argc == 6 && strcmp(argv[1], "chain") == 0))) {
		fprintf(stderr, "usage: mujoco_peer chain N tf dt h | four_bar tf dt h\n");
		return 2;
	}
	int a = four_bar ? 2 : 3;
	double tf = atof(argv[a]), dt = atof(argv[a + 1]), h = atof(argv[a + 2]);
	int n = four_bar ? 3 : atoi(argv[2]);
	struct link *l = calloc((size_t)n, sizeof *l);
	if (four_bar) { /* examples/four_bar.lua at 60 degrees, the rocker from B to O4 */
		double ca = 0.1, cb = 0.35, cc = 0.25, g = 0.4, th = M_PI / 3;
		double A[2] = {ca * cos(th), ca * sin(th)};
		double dx = g - A[0], dy = -A[1], d = sqrt(dx * dx + dy * dy);
		double along = (cb * cb - cc * cc + d * d) / (2 * d),
		       up = sqrt(cb * cb - along * along);
		double B[2] = {A[0] + along * dx / d - up * dy / d,
		               A[1] + along * dy / d + up * dx / d};
		l[0] = (struct link){{0, 0}, {A[0], A[1]}, 0.5};
		l[1] = (struct link){{A[0], A[1]}, {B[0], B[1]}, 1.5};
		l[2] = (struct link){{B[0], B[1]}, {g, 0}, 1.0};
	} else {
		for (int k = 0; k < n; k++)
			l[k] = (struct link){{0.5 * k, 0}, {0.5 * (k + 1), 0}, 1};
	}
	char dir[] = "/tmp/mujoco_peer_XXXXXX", path[512];
	if (!mkdtemp(dir) || write_model(dir, l, n, h, four_bar) != 0) {
		perror("mujoco_peer");
		return 1;
	}
	snprintf(path, sizeof path, "%s/main.xml", dir);
	char error[1000] = "";
	mjModel *m = mj_loadXML(path, NULL, error, sizeof error);
	remove_model(dir, n);
	if (!m) {
		fprintf(stderr, "mujoco_peer: %s\n", error);
		return 1;
	}
	mjData *d = mj_makeData(m);
	double start = now();
	clock_t cpu = clock();
	mj_forward(m, d);
	long steps = 0, per_report = lround(dt / h), reports = lround(tf / dt);
	double e0 = d->energy[0] + d->energy[1], drift = 0, kinetic = d->energy[1], gap = 0;
	for (long r = 0; r < reports; r++) {
		for (long k = 0; k < per_report; k++, steps++)
			mj_step(m, d);
		mj_forward(m, d); /* the report: energy and the site at the state reached */
		double e = d->energy[0] + d->energy[1];
		drift = fmax(drift, fabs(e - e0)), kinetic = fmax(kinetic, d->energy[1]);
		if (four_bar) {
			double gx = d->site_xpos[0] - l[n - 1].q[0],
			       gz = d->site_xpos[2] - l[n - 1].q[1];
			gap = fmax(gap, sqrt(gx * gx + gz * gz));
		}
	}
	double wall = now() - start, cpu_s = (double)(clock() - cpu) / CLOCKS_PER_SEC;
	printf("%.6f %ld %.3g %.3g %ld %.6f\n", wall, steps, drift / kinetic, gap, peak_kb(),
	       cpu_s);
	mj_deleteData(d);
	mj_deleteModel(m);
	free(l);
	return 0;
}
