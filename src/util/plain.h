/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plain.h — text with a terminal's escape sequences taken out, for a file.
 *
 * A graded script's output goes to its log as it comes, in pieces, and may
 * hold what only a terminal reads: a colour (ESC [ 31 m), a cursor move, a
 * window title (ESC ] ... BEL), a picture (ESC P ... ESC \ of sixel, ESC _
 * ... ESC \ of kitty). plain_text drops them, and every control character
 * but newline and tab (a carriage return that would write over a line, a
 * bell), so that the log reads as text in any viewer. A sequence may be
 * split between two pieces: its state is kept between calls. A newline
 * ends a sequence left unfinished (an unterminated title would otherwise
 * swallow the rest of the log). */
#ifndef MB_PLAIN_H
#define MB_PLAIN_H

#include <stddef.h>

struct plain {
	int state; /* 0 (text) at the start */
};

/* The bytes of in[0..n) that are text, into out (room for n bytes);
 * returns how many. */
size_t plain_text(struct plain *p, const char *in, size_t n, char *out);

#endif
