/* SPDX-License-Identifier: GPL-3.0-or-later */
/* paths.c — locating data and per-user files (see paths.h). */
#include "lua/paths.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The installed folders (Makefile, INSTALL_DIRS): compiled into this file
 * alone, rebuilt when make install is given others. */
#ifndef MB_BINDIR
#define MB_BINDIR "/usr/local/bin"
#endif
#ifndef MB_PKGDATADIR
#define MB_PKGDATADIR "/usr/local/share/mechbench"
#endif

static int is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int mb_mkdir_p(const char *path)
{
	char buf[MB_PATH_MAX];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return -1;
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return (mkdir(buf, 0755) == 0 || errno == EEXIST) ? 0 : -1;
}

/* The folder of the running executable, or "." if /proc is missing. */
static void exe_dir(char *out, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", out, len - 1);
	if (n <= 0) {
		snprintf(out, len, ".");
		return;
	}
	out[n] = '\0';
	char *slash = strrchr(out, '/');
	if (slash)
		*slash = '\0';
}

int mb_relative_path(const char *from, const char *to, char *out, size_t len)
{
	if (from[0] != '/' || to[0] != '/')
		return -1;
	/* the longest common run of whole folders */
	size_t common = 0;
	for (size_t i = 0;; i++) {
		int end_from = from[i] == '\0' || from[i] == '/';
		int end_to = to[i] == '\0' || to[i] == '/';
		if (end_from && end_to)
			common = i;
		if (from[i] != to[i] || from[i] == '\0')
			break;
	}
	size_t used = 0;
	out[0] = '\0';
	for (const char *p = from + common; *p; p++) /* one ".." per folder left in from */
		if (*p == '/' && p[1] != '/' && p[1] != '\0') {
			int n = snprintf(out + used, len - used, "%s..", used ? "/" : "");
			if (n < 0 || (size_t)n >= len - used)
				return -1;
			used += (size_t)n;
		}
	const char *rest = to + common;
	while (*rest == '/')
		rest++;
	int n = snprintf(out + used, len - used, "%s%s", used && *rest ? "/" : "",
	                 used || *rest ? rest : ".");
	return n < 0 || (size_t)n >= len - used ? -1 : 0;
}

/* A root holding lua/mechbench/init.lua, lessons/, problems/ and examples/: a source
 * tree, or PKGDATADIR of an install (which mirrors it). Its canonical form
 * goes into p. */
static int try_root(struct mb_paths *p, const char *root)
{
	char probe[MB_PATH_MAX + 32], real[PATH_MAX];
	snprintf(probe, sizeof probe, "%s/lua/mechbench/init.lua", root);
	if (!is_file(probe))
		return 0;
	if (realpath(root, real) != NULL)
		root = real;
	return snprintf(p->lua, MB_PATH_MAX, "%s/lua", root) < MB_PATH_MAX &&
	       snprintf(p->lessons, MB_PATH_MAX, "%s/lessons", root) < MB_PATH_MAX &&
	       snprintf(p->problems, MB_PATH_MAX, "%s/problems", root) < MB_PATH_MAX &&
	       snprintf(p->examples, MB_PATH_MAX, "%s/examples", root) < MB_PATH_MAX;
}

static void user_dir(char *out, const char *xdg_var, const char *fallback)
{
	const char *xdg = getenv(xdg_var);
	const char *home = getenv("HOME");
	if (xdg && *xdg == '/')
		snprintf(out, MB_PATH_MAX, "%s/mechbench", xdg);
	else
		snprintf(out, MB_PATH_MAX, "%s/%s/mechbench", home ? home : "/tmp", fallback);
}

int mb_paths_find(struct mb_paths *p, char *err, size_t errlen)
{
	char here[MB_PATH_MAX], to_data[MB_PATH_MAX], installed[2 * MB_PATH_MAX + 2];
	const char *home = getenv("MECHBENCH_HOME");

	exe_dir(here, sizeof here);
	installed[0] = '\0';
	if (mb_relative_path(MB_BINDIR, MB_PKGDATADIR, to_data, sizeof to_data) == 0)
		snprintf(installed, sizeof installed, "%s/%s", here, to_data);
	int found = (home && try_root(p, home)) || try_root(p, here) ||
	            (installed[0] && try_root(p, installed)) || try_root(p, MB_PKGDATADIR);
	user_dir(p->state, "XDG_STATE_HOME", ".local/state");
	user_dir(p->data, "XDG_DATA_HOME", ".local/share");
	if (!found) {
		snprintf(
		    err, errlen,
		    "cannot find the Lua library (lua/mechbench/init.lua) beside %s or under %s; "
		    "set MECHBENCH_HOME to the source tree",
		    here, MB_PKGDATADIR);
		return -1;
	}
	if (!is_dir(p->lessons))
		p->lessons[0] = '\0';
	if (!is_dir(p->problems))
		p->problems[0] = '\0';
	return 0;
}
