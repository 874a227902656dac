/* SPDX-License-Identifier: GPL-3.0-or-later */
/* figure.h — pictures as files and images: cairo behind the drawing
 * interface (canvas.h).
 *
 * A figure is a cairo surface (SVG, PDF, PNG, or an image in memory for a
 * GIF's frames and inline pictures) with a canvas on it, in pixels of
 * 1/96 in: a PDF page is the same picture at 72 points to the inch. Text is
 * DejaVu Sans (fontconfig finds it), 13 px at 640 x 400 and larger on a
 * larger figure; colours are Okabe and Ito's, told apart by people who see
 * colours differently, and every series also has its own dashes and marks
 * for grey print. The file is opened when the figure is, so a path that
 * cannot be written is said before anything is drawn. */
#ifndef MB_FIGURE_H
#define MB_FIGURE_H

#include <stddef.h>

#include "view/canvas.h"

enum figure_format { FIGURE_SVG, FIGURE_PDF, FIGURE_PNG, FIGURE_IMAGE };

/* The format a file name's extension asks for (.svg .pdf .png, any case),
 * or -1. */
int figure_format_of(const char *path);

/* A palette colour (canvas.h) as 8-bit red, green and blue. */
void figure_rgb(int color, unsigned char rgb[3]);

/* The 256 colours of a figure's indexed pictures (GIF frames, sixel):
 * greys, each series colour's tints on white (the edges of lines drawn on
 * the paper), and a coarse cube for whatever else mixes; red, green, blue
 * of each into rgb. Fixed, so colours stay put between frames. */
void figure_palette(unsigned char rgb[256][3]);

/* Sizes a figure may have, in pixels. */
enum { FIGURE_SMALLEST = 64, FIGURE_LARGEST = 8000 };

struct figure;

/* A white figure of width x height pixels, its file opened (path unused
 * for FIGURE_IMAGE); text and lines scaled by `scale` (0: from the size).
 * NULL with a reason in err. */
struct figure *figure_open(enum figure_format format, const char *path, int width, int height,
                           double scale, char *err, size_t errlen);
struct canvas *figure_canvas(struct figure *f);
/* Paint it white again (an animation's next frame). */
void figure_clear(struct figure *f);
/* A PDF's next page, white (the pages are the figure's size); -1 for a
 * format of one page. */
int figure_next_page(struct figure *f);
/* An image figure's pixels: cairo's ARGB32, native-endian words, `stride`
 * bytes a row. */
const unsigned char *figure_pixels(struct figure *f, int *width, int *height, int *stride);
/* cairo ARGB32 pixels (opaque) as red, green, blue bytes, row by row. */
void figure_rgb_bytes(const unsigned char *argb, int width, int height, int stride,
                      unsigned char *rgb);
/* The figure as PNG bytes, into a buffer the caller frees; NULL if it
 * could not be encoded. */
unsigned char *figure_png_bytes(struct figure *f, size_t *len);
/* Write the file and close it; 0, or -1 with a reason in err. Frees f. */
int figure_close(struct figure *f, char *err, size_t errlen);

#endif
