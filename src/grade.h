/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grade.h — several scripts under --sandbox, each graded on its own:
 *
 *   mechbench --sandbox --batch --cpu 5 --mem 200 sub/NAME.lua ...
 *
 * Each script runs in a process of its own (fork and exec of this very
 * program with the same options and the one file): a fresh Lua state,
 * fresh limits (RLIMIT_CPU counts a process's own time), and nothing one
 * script does (a crash, a leak, a changed global, SIGKILL from a backstop)
 * reaches the next or the grader. A script's output passes through; after
 * it, one line says "FILE: OK" or "FILE: FAILED: why" (the last line it
 * wrote on stderr: its error with file:line, or the limit it reached), and
 * a last line counts them. A script that still runs three times its CPU
 * limit plus ten seconds after it started (waiting, not computing) is
 * stopped with SIGKILL. */
#ifndef MB_GRADE_H
#define MB_GRADE_H

/* Run files[0..nfiles) one after another, each as
 * `self options... -- file`; batch: their stdin is /dev/null. Returns the
 * program's exit status: 0 when every script passed, else 1. */
int grade_scripts(const char *self, char **options, int noptions, char **files, int nfiles,
                  double cpu_seconds, int batch);

#endif
