/* SPDX-License-Identifier: GPL-3.0-or-later */
/* paths.c — locating data and per-user files (see paths.h). */
#include "lua/paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Candidate layouts, tried in order: the source tree, then an install rooted
 * at exe/.., then the compiled-in PREFIX. */
struct layout {
	const char *lua, *lessons, *problems, *examples;
};

static int try_layout(struct mb_paths *p, const char *root, const struct layout *l)
{
	char probe[MB_PATH_MAX + 32];
	snprintf(p->lua, MB_PATH_MAX, "%s/%s", root, l->lua);
	snprintf(probe, sizeof probe, "%s/mechbench/init.lua", p->lua);
	if (!is_file(probe))
		return 0;
	snprintf(p->lessons, MB_PATH_MAX, "%s/%s", root, l->lessons);
	snprintf(p->problems, MB_PATH_MAX, "%s/%s", root, l->problems);
	snprintf(p->examples, MB_PATH_MAX, "%s/%s", root, l->examples);
	return 1;
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
	static const struct layout source = {"lua", "lessons", "problems", "examples"};
	static const struct layout installed = {"share/lua/5.4", "share/mechbench/lessons",
	                                        "share/mechbench/problems",
	                                        "share/doc/mechbench/examples"};
	char here[MB_PATH_MAX], up[MB_PATH_MAX + 4];
	const char *home = getenv("MECHBENCH_HOME");

	exe_dir(here, sizeof here);
	snprintf(up, sizeof up, "%s/..", here);
	int found = (home && try_layout(p, home, &source)) || try_layout(p, here, &source) ||
	            try_layout(p, up, &installed) || try_layout(p, MB_PREFIX, &installed);
	user_dir(p->state, "XDG_STATE_HOME", ".local/state");
	user_dir(p->data, "XDG_DATA_HOME", ".local/share");
	if (!found) {
		snprintf(err, errlen,
		         "cannot find the Lua library (mechbench/init.lua) beside %s or under %s; "
		         "set MECHBENCH_HOME to the source tree",
		         here, MB_PREFIX);
		return -1;
	}
	if (!is_dir(p->lessons))
		p->lessons[0] = '\0';
	if (!is_dir(p->problems))
		p->problems[0] = '\0';
	return 0;
}
