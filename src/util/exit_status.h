/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exit_status.h — what mechbench's exit status tells a shell script apart
 * (mechbench(1), EXIT STATUS). */
#ifndef MB_EXIT_STATUS_H
#define MB_EXIT_STATUS_H

enum mb_exit_status {
	MB_EXIT_OK = 0,    /* success */
	MB_EXIT_ERROR = 1, /* an error in the script or the model, said with file:line */
	MB_EXIT_USAGE = 2, /* an unknown option, a bad argument, a script that cannot be read */
	MB_EXIT_LIMIT = 3, /* --cpu or --mem reached */
};

#endif
