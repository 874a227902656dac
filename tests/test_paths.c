/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_paths.c — mkdir -p and the data-directory search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "lua/paths.h"

int main(void)
{
	char dir[] = "/tmp/mb_paths_XXXXXX";
	ENSURE(mkdtemp(dir) != NULL);
	char deep[256];
	snprintf(deep, sizeof deep, "%s/a/b/c", dir);
	ENSURE(mb_mkdir_p(deep) == 0);
	struct stat st;
	ENSURE(stat(deep, &st) == 0 && S_ISDIR(st.st_mode));
	ENSURE(mb_mkdir_p(deep) == 0); /* exists already: still fine */

	/* XDG variables are honoured */
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("XDG_DATA_HOME", "/nonexistent-data", 1);
	struct mb_paths p;
	char err[512];
	setenv("MECHBENCH_HOME", ".", 1); /* tests run from the source tree */
	ENSURE(mb_paths_find(&p, err, sizeof err) == 0);
	char want[300];
	snprintf(want, sizeof want, "%s/mechbench", dir);
	ENSURE(strcmp(p.state, want) == 0);
	ENSURE(strcmp(p.data, "/nonexistent-data/mechbench") == 0);
	ENSURE(strstr(p.lessons, "lessons") != NULL);

	/* the way from BINDIR to PKGDATADIR, which an install is found by */
	static const char *const ways[][3] = {
	    {"/usr/bin", "/usr/share/mechbench", "../share/mechbench"},
	    {"/opt/mb/bin", "/opt/mb/share/mechbench", "../share/mechbench"},
	    {"/usr/games", "/usr/share/games/mechbench", "../share/games/mechbench"},
	    {"/usr/local/bin", "/srv/mb", "../../../srv/mb"},
	    {"/usr/bin", "/usr/bin", "."},
	    {"/usr", "/usrx/share", "../usrx/share"},
	    {"/", "/usr/share/mechbench", "usr/share/mechbench"},
	    {"/a/b", "/a", ".."},
	};
	for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
		char way[64];
		ENSURE(mb_relative_path(ways[i][0], ways[i][1], way, sizeof way) == 0);
		ENSURE(strcmp(way, ways[i][2]) == 0);
	}
	char tiny[4];
	ENSURE(mb_relative_path("/usr/bin", "/usr/share/mechbench", tiny, sizeof tiny) == -1);
	ENSURE(mb_relative_path("usr/bin", "/usr/share", want, sizeof want) == -1);

	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	ENSURE(system(cmd) == 0);
	return finish();
}
