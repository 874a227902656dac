/* SPDX-License-Identifier: GPL-3.0-or-later */
/* inline.c — pictures inline in a terminal (see inline.h). */
#include "view/inline.h"

#include <errno.h>
#include <poll.h>
#include <sixel.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "util/clock.h"
#include "view/figure.h"

/* kitty's query (a 1 x 1 picture it is only to check, never show), then
 * DA1; every terminal answers DA1, so its answer ends the wait. */
static const char query[] = "\033_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\033\\\033[c";

/* The first place `what` (n bytes) is in the len bytes at s, or NULL. */
static const char *find(const char *s, size_t len, const char *what, size_t n)
{
	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(s + i, what, n) == 0)
			return s + i;
	return NULL;
}

enum inline_kind inline_parse_answer(const char *answer, size_t len)
{
	if (find(answer, len, "\033_Gi=31;OK", 10))
		return INLINE_KITTY;
	const char *da = find(answer, len, "\033[?", 3);
	if (!da)
		return INLINE_NONE;
	const char *end = answer + len;
	for (const char *p = da + 3; p < end && *p != 'c';) {
		long attribute = strtol(p, NULL, 10);
		if (attribute == 4)
			return INLINE_SIXEL;
		while (p < end && *p != ';' && *p != 'c')
			p++;
		if (p < end && *p == ';')
			p++;
	}
	return INLINE_NONE;
}

/* Whether the answer so far holds the end of DA1's: ESC [ ? ... c. */
static int answered(const char *buf, size_t len)
{
	const char *da = find(buf, len, "\033[?", 3);
	return da && memchr(da, 'c', len - (size_t)(da - buf)) != NULL;
}

enum inline_kind inline_detect(int in_fd, int out_fd, int timeout_ms)
{
	struct termios saved, raw;
	if (!isatty(in_fd) || !isatty(out_fd) || tcgetattr(in_fd, &saved) != 0)
		return INLINE_NONE;
	raw = saved;
	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO); /* Ctrl-C still interrupts */
	raw.c_cc[VMIN] = 0, raw.c_cc[VTIME] = 0;
	if (tcsetattr(in_fd, TCSANOW, &raw) != 0)
		return INLINE_NONE;
	char buf[512];
	size_t len = 0;
	int done = 0;
	if (write(out_fd, query, sizeof query - 1) == (ssize_t)(sizeof query - 1)) {
		double deadline = clock_seconds() + timeout_ms / 1000.0;
		while (!done && len < sizeof buf) {
			int left = (int)((deadline - clock_seconds()) * 1000);
			if (left <= 0)
				break;
			struct pollfd pfd = {in_fd, POLLIN, 0};
			int ready = poll(&pfd, 1, left);
			if (ready < 0 && errno == EINTR)
				continue;
			if (ready <= 0)
				break;
			ssize_t got = read(in_fd, buf + len, sizeof buf - len);
			if (got <= 0)
				break;
			len += (size_t)got;
			done = answered(buf, len);
		}
	}
	/* a late answer must not reach the prompt as typed text */
	if (!done)
		tcflush(in_fd, TCIFLUSH);
	tcsetattr(in_fd, TCSANOW, &saved);
	return done ? inline_parse_answer(buf, len) : INLINE_NONE;
}

struct sink {
	inline_write out;
	void *ctx;
	int failed;
};

static int sixel_sink(char *data, int size, void *priv)
{
	struct sink *s = priv;
	if (!s->failed && s->out(data, (size_t)size, s->ctx) != 0)
		s->failed = 1;
	return size;
}

int inline_sixel(const unsigned char *argb, int width, int height, int stride, inline_write out,
                 void *ctx)
{
	unsigned char *rgb = malloc((size_t)width * (size_t)height * 3);
	if (!rgb)
		return -1;
	figure_rgb_bytes(argb, width, height, stride, rgb);
	struct sink sink = {out, ctx, 0};
	sixel_output_t *output = NULL;
	sixel_dither_t *dither = NULL;
	/* the figures' own palette (as a GIF's): the paper stays white, lines
	 * keep their colours, and no dithering speckles the flat areas */
	unsigned char palette[256][3];
	figure_palette(palette);
	SIXELSTATUS status = sixel_output_new(&output, sixel_sink, &sink, NULL);
	if (SIXEL_SUCCEEDED(status))
		status = sixel_dither_new(&dither, 256, NULL);
	if (SIXEL_SUCCEEDED(status)) {
		sixel_dither_set_palette(dither, &palette[0][0]);
		sixel_dither_set_pixelformat(dither, SIXEL_PIXELFORMAT_RGB888);
		sixel_dither_set_diffusion_type(dither, SIXEL_DIFFUSE_NONE);
	}
	if (SIXEL_SUCCEEDED(status))
		status = sixel_encode(rgb, width, height, 3, dither, output);
	if (dither)
		sixel_dither_unref(dither);
	if (output)
		sixel_output_unref(output);
	free(rgb);
	return SIXEL_SUCCEEDED(status) && !sink.failed ? 0 : -1;
}

int inline_kitty(const unsigned char *png, size_t len, inline_write out, void *ctx)
{
	static const char digits[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	enum { CHUNK = 3072 }; /* bytes of PNG a message: 4096 characters of base64 */
	char text[CHUNK / 3 * 4 + 64];
	for (size_t at = 0; at < len || at == 0; at += CHUNK) {
		size_t n = len - at < CHUNK ? len - at : CHUNK, k = 0;
		int more = at + n < len;
		const char *head = at == 0 ? "\033_Gf=100,a=T,m=" : "\033_Gm=";
		size_t hl = strlen(head);
		memcpy(text, head, hl), k = hl;
		text[k++] = more ? '1' : '0';
		text[k++] = ';';
		for (size_t i = 0; i < n; i += 3) {
			uint32_t v = (uint32_t)png[at + i] << 16;
			if (i + 1 < n)
				v |= (uint32_t)png[at + i + 1] << 8;
			if (i + 2 < n)
				v |= png[at + i + 2];
			text[k++] = digits[(v >> 18) & 63], text[k++] = digits[(v >> 12) & 63];
			text[k++] = i + 1 < n ? digits[(v >> 6) & 63] : '=';
			text[k++] = i + 2 < n ? digits[v & 63] : '=';
		}
		text[k++] = '\033', text[k++] = '\\';
		if (out(text, k, ctx) != 0)
			return -1;
		if (len == 0)
			break;
	}
	return out("\n", 1, ctx);
}
