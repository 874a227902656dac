/* SPDX-License-Identifier: GPL-3.0-or-later */
/* terminal.c — what the terminal can do (see terminal.h). */
#include "view/terminal.h"

#include <curses.h>
#include <term.h>
#include <unistd.h>

/* Asked of terminfo alone, before ncurses writes anything to the terminal;
 * the terminal ncurses may have set up already is left as it was. */
int terminal_addressable(void)
{
	int status = 0;
	TERMINAL *saved = cur_term;
	if (setupterm(NULL, STDOUT_FILENO, &status) != OK)
		return 0;
	const char *cup = tigetstr("cup");
	int ok = cup != NULL && cup != (char *)-1 && *cup != '\0';
	del_curterm(cur_term);
	set_curterm(saved);
	return ok;
}
