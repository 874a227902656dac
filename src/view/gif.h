/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gif.h — animated GIFs written with giflib from cairo's image pixels.
 *
 * Every frame is mapped to one fixed palette of 256 colours made for our
 * figures (greys, the tints of each series colour on white, a colour cube
 * for the rest), so nothing is quantised per frame and colours stay put
 * between frames. A frame after the first stores only the rectangle that
 * changed. The animation loops. */
#ifndef MB_GIF_H
#define MB_GIF_H

#include <stddef.h>

struct gif_writer;

/* NULL with a reason in err when the file cannot be written. */
struct gif_writer *gif_open(const char *path, int width, int height, char *err, size_t errlen);
/* A frame of cairo ARGB32 pixels (opaque), shown delay_cs hundredths of
 * a second. 0, or -1 with a reason in err. */
int gif_add(struct gif_writer *w, const unsigned char *argb, int stride, int delay_cs, char *err,
            size_t errlen);
/* Finish the file; 0, or -1 with a reason in err. Frees w. */
int gif_close(struct gif_writer *w, char *err, size_t errlen);

#endif
