/* SPDX-License-Identifier: GPL-3.0-or-later */
/* terminal.h — what the terminal on standard output can do. Apart from
 * anim.c because terminfo's <term.h> defines macros (lines, columns, ...)
 * that clash with ordinary names. */
#ifndef MB_TERMINAL_H
#define MB_TERMINAL_H

/* 1 when the terminal can put the cursor anywhere (terminfo's cup), 0 when
 * it cannot (TERM=dumb, an editor's shell) or is not known: a full-screen
 * view there comes out as one line written over and over. */
int terminal_addressable(void);

#endif
