/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plain.c — escape sequences taken out of text (see plain.h). The
 * sequences are ECMA-48's: CSI (ESC [, parameters, a final byte from @ to
 * ~), the strings (ESC ] an OSC, ESC P a DCS, ESC _ an APC, ESC ^ a PM,
 * ESC X an SOS, each ended by ST, ESC \, or a bell) and the short ones
 * (ESC, intermediate bytes from space to /, a final byte). */
#include "util/plain.h"

enum { TEXT, ESCAPE, CSI, STRING, STRING_ESCAPE, SHORT };

size_t plain_text(struct plain *p, const char *in, size_t n, char *out)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)in[i];
		if (c == '\n' && p->state != TEXT)
			p->state = TEXT; /* an unfinished sequence ends at the line */
		switch (p->state) {
		case TEXT:
			if (c == 0x1b)
				p->state = ESCAPE;
			else if (c >= 0x20 ? c != 0x7f : c == '\n' || c == '\t')
				out[kept++] = (char)c;
			break;
		case ESCAPE:
			if (c == '[')
				p->state = CSI;
			else if (c == ']' || c == 'P' || c == '_' || c == '^' || c == 'X')
				p->state = STRING;
			else if (c >= 0x20 && c <= 0x2f)
				p->state = SHORT;
			else if (c != 0x1b)
				p->state = TEXT; /* ESC and one byte: 7, 8, c, =, > ... */
			break;
		case CSI:
			if (c >= 0x40 && c <= 0x7e)
				p->state = TEXT;
			break;
		case STRING:
			if (c == 0x07)
				p->state = TEXT;
			else if (c == 0x1b)
				p->state = STRING_ESCAPE;
			break;
		case STRING_ESCAPE: /* ESC \ ends it; another ESC may be the one */
			p->state = c == '\\' ? TEXT : c == 0x1b ? STRING_ESCAPE : STRING;
			break;
		case SHORT:
			if (c >= 0x30 && c <= 0x7e)
				p->state = TEXT;
			break;
		}
	}
	return kept;
}
