/* SPDX-License-Identifier: GPL-3.0-or-later */
/* inline.h — pictures inline in a terminal that can show them.
 *
 * Whether it can is asked of the terminal itself: the kitty graphics
 * protocol's query and the primary device attributes (DA1) are sent
 * together, and a terminal that answers the first with OK speaks kitty's
 * protocol, one whose DA1 answer lists 4 shows sixel. The answer is waited
 * for a bounded time (a terminal that says nothing is a text terminal),
 * with the terminal's modes restored on every way out. Sixel is encoded by
 * libsixel; kitty's protocol carries a PNG in base64. */
#ifndef MB_INLINE_H
#define MB_INLINE_H

#include <stddef.h>

enum inline_kind { INLINE_NONE, INLINE_SIXEL, INLINE_KITTY };

/* Ask the terminal on in_fd/out_fd, waiting at most timeout_ms. */
enum inline_kind inline_detect(int in_fd, int out_fd, int timeout_ms);

/* What a terminal's answer to the two queries says (inline_detect's
 * reading of it, apart for tests). */
enum inline_kind inline_parse_answer(const char *answer, size_t len);

/* Writes the bytes of a picture; returns 0, or -1 to stop. */
typedef int (*inline_write)(const char *data, size_t len, void *ctx);

/* cairo ARGB32 pixels as a sixel stream. 0, or -1. */
int inline_sixel(const unsigned char *argb, int width, int height, int stride, inline_write out,
                 void *ctx);
/* PNG bytes in kitty's graphics protocol, shown at the cursor. 0, or -1. */
int inline_kitty(const unsigned char *png, size_t len, inline_write out, void *ctx);

#endif
