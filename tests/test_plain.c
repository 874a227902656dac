/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_plain.c — escape sequences taken out of a graded script's log
 * (util/plain): whole, and fed a byte at a time as a pipe may split them. */
#include <string.h>

#include "check.h"
#include "util/plain.h"

/* in, through plain_text in pieces of `piece` bytes, equals want */
static int plain_is(const char *in, size_t piece, const char *want)
{
	struct plain p = {0};
	char out[256];
	size_t n = strlen(in), kept = 0;
	for (size_t at = 0; at < n; at += piece)
		kept += plain_text(&p, in + at, n - at < piece ? n - at : piece, out + kept);
	out[kept] = '\0';
	if (strcmp(out, want) != 0)
		printf("  got \"%s\", want \"%s\" (pieces of %zu)\n", out, want, piece);
	return strcmp(out, want) == 0;
}

int main(void)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
	    /* colours and a cursor move (CSI) */
	    {"\033[1;31mred\033[0m and \033[2J\033[Hplain", "red and plain"},
	    /* a window title ended by a bell, and by ST */
	    {"a\033]0;title\007b\033]2;other\033\\c", "abc"},
	    /* a sixel picture (DCS) and a kitty one (APC) */
	    {"before\033Pq#0;2;0;0;0#0~~@@~~\033\\after", "beforeafter"},
	    {"x\033_Gf=100,a=T;iVBORw0KGgo=\033\\y", "xy"},
	    /* the short ones: a character set, save and restore the cursor */
	    {"\033(B\0337one\0338\033=two", "onetwo"},
	    /* newline and tab kept; carriage return, backspace, bell, DEL dropped */
	    {"50%\r100%\tdone\010\007\177\n", "50%100%\tdone\n"},
	    /* UTF-8 is text */
	    {"\316\273 = 0.5 \303\251t\303\251", "\316\273 = 0.5 \303\251t\303\251"},
	    /* an ESC inside a string that is not ST does not end it */
	    {"\033]0;a\033bc\007z", "z"},
	    /* a sequence left unfinished ends at the line, which is kept */
	    {"\033]0;no end\nnext\033[31", "\nnext"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		ENSURE(plain_is(cases[k].in, 1000, cases[k].want));
		ENSURE(plain_is(cases[k].in, 1, cases[k].want));
		ENSURE(plain_is(cases[k].in, 3, cases[k].want));
	}
	return finish();
}
