/* SPDX-License-Identifier: GPL-3.0-or-later */
/* paths.h — where mechbench finds its Lua library, lessons, problems and
 * examples, and where it keeps a user's history and progress.
 *
 * The data are found relative to the running program first, so the same
 * binary works from the source tree, from a staged or moved install (make
 * install DESTDIR=...) and from where it was installed: the first of
 * $MECHBENCH_HOME, the program's own folder (a source tree), the install's
 * PKGDATADIR reached from the program's folder as BINDIR reaches it, and
 * PKGDATADIR itself (both compiled in by the Makefile) that holds
 * lua/mechbench/init.lua. An install mirrors the source tree:
 * PKGDATADIR/{lua,lessons,problems,examples}. */
#ifndef MB_PATHS_H
#define MB_PATHS_H

#include <stddef.h>

#define MB_PATH_MAX 4096

struct mb_paths {
	char lua[MB_PATH_MAX];      /* folder holding mechbench/init.lua */
	char lessons[MB_PATH_MAX];  /* lessons/NN-topic.lua */
	char problems[MB_PATH_MAX]; /* problems/NN-topic.lua: the book's problems, a chapter each */
	char examples[MB_PATH_MAX]; /* examples/NAME.lua */
	char state[MB_PATH_MAX];    /* $XDG_STATE_HOME/mechbench: history */
	char data[MB_PATH_MAX];     /* $XDG_DATA_HOME/mechbench: lesson progress */
};

/* Fill every path; returns 0, or -1 with a message in err when the Lua
 * library cannot be found anywhere. */
int mb_paths_find(struct mb_paths *p, char *err, size_t errlen);

/* The path that leads from folder `from` to `to`, both absolute ("/usr/bin",
 * "/usr/share/mechbench" -> "../share/mechbench"; "." for the same folder),
 * into out; 0, or -1 when either is relative or out is too short. */
int mb_relative_path(const char *from, const char *to, char *out, size_t len);

/* mkdir -p; returns 0 on success (or if it exists). */
int mb_mkdir_p(const char *path);

#endif
