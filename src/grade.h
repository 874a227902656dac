/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grade.h — several scripts under --sandbox, each run on its own:
 *
 *   mechbench --sandbox --batch --cpu 5 --mem 200 [--output KB] sub/NAME.lua ...
 *
 * Each script runs in a process of its own (this very program with the same
 * options and the one file, util/jobs.h): a fresh Lua state, fresh limits
 * (RLIMIT_CPU counts a process's own time), and nothing one script does (a
 * crash, a leak, a changed global, SIGKILL from a backstop) reaches the next
 * or the grader. A script's output is shown quoted, each line after "  | "
 * (stderr's on stderr), so that nothing it prints can pass for a verdict;
 * past --output KB (1024 unless given) it is stopped, as at a CPU limit.
 * After it, one line says "FILE: OK" or "FILE: FAILED: why" (the last line
 * it wrote on stderr: its error with file:line, or the limit it reached),
 * and a last line counts them. A script that still runs three times its
 * CPU limit plus ten seconds after it started (waiting, not computing) is
 * stopped with SIGKILL. Points, answers and reports: mechbench --grade
 * (lua/mechbench/grading.lua). */
#ifndef MB_GRADE_H
#define MB_GRADE_H

/* Run files[0..nfiles) one after another, each as
 * `self options... -- file`; batch: their stdin is /dev/null. Returns the
 * program's exit status: 0 when every script passed, else 1. */
int grade_scripts(const char *self, char **options, int noptions, char **files, int nfiles,
                  double cpu_seconds, double output_kb, int batch);

#endif
