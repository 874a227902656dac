/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gif.c — animated GIFs with giflib (see gif.h). */
#include "view/gif.h"

#include <errno.h>
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/figure.h"

enum { KEY_BITS = 5 };

struct gif_writer {
	GifFileType *gif;
	int width, height, frames;
	GifColorType colors[256];
	int ncolors;
	int16_t lookup[1 << (3 * KEY_BITS)]; /* 15-bit colour -> palette index; -1 not yet */
	uint32_t *previous;                  /* the last frame's pixels */
	GifByteType *line;                   /* a row of palette indices */
};

static void make_palette(struct gif_writer *w)
{
	unsigned char rgb[256][3];
	figure_palette(rgb);
	for (int k = 0; k < 256; k++)
		w->colors[k] = (GifColorType){rgb[k][0], rgb[k][1], rgb[k][2]};
	w->ncolors = 256;
}

/* The palette entry nearest a colour (by squared distance, green counting
 * most, as the eye weighs it), found once per 15-bit colour. */
static int nearest(struct gif_writer *w, uint32_t pixel)
{
	int r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
	int key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
	if (w->lookup[key] >= 0)
		return w->lookup[key];
	int best = 0;
	long gap = -1;
	r = (r & ~7) | 4, g = (g & ~7) | 4, b = (b & ~7) | 4;
	for (int k = 0; k < w->ncolors; k++) {
		long dr = r - w->colors[k].Red, dg = g - w->colors[k].Green,
		     db = b - w->colors[k].Blue;
		long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
		if (gap < 0 || d < gap)
			best = k, gap = d;
	}
	w->lookup[key] = (int16_t)best;
	return best;
}

static int fail(char *err, size_t errlen, const char *what, int code)
{
	const char *why = GifErrorString(code);
	snprintf(err, errlen, "%s: %s", what, why ? why : "giflib failed");
	return -1;
}

struct gif_writer *gif_open(const char *path, int width, int height, char *err, size_t errlen)
{
	struct gif_writer *w = calloc(1, sizeof *w);
	size_t n = (size_t)width * (size_t)height;
	if (w)
		w->previous = malloc(n * sizeof *w->previous), w->line = malloc((size_t)width);
	if (!w || !w->previous || !w->line) {
		if (w)
			free(w->previous), free(w->line);
		free(w);
		snprintf(err, errlen, "out of memory for a GIF of %d x %d", width, height);
		return NULL;
	}
	w->width = width, w->height = height;
	memset(w->lookup, 0xFF, sizeof w->lookup);
	make_palette(w);
	int code = 0;
	errno = 0;
	w->gif = EGifOpenFileName(path, false, &code);
	if (!w->gif) {
		if (code == E_GIF_ERR_OPEN_FAILED && errno)
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		else
			fail(err, errlen, path, code);
		free(w->previous), free(w->line), free(w);
		return NULL;
	}
	EGifSetGifVersion(w->gif, true);
	ColorMapObject *map = GifMakeMapObject(256, w->colors);
	int ok = map && EGifPutScreenDesc(w->gif, width, height, 8, 0, map) == GIF_OK;
	GifFreeMapObject(map);
	/* loop for ever: the NETSCAPE2.0 application extension */
	static unsigned char loop[3] = {1, 0, 0};
	ok = ok && EGifPutExtensionLeader(w->gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
	     EGifPutExtensionBlock(w->gif, 11, "NETSCAPE2.0") == GIF_OK &&
	     EGifPutExtensionBlock(w->gif, 3, loop) == GIF_OK &&
	     EGifPutExtensionTrailer(w->gif) == GIF_OK;
	if (!ok) {
		fail(err, errlen, path, w->gif->Error);
		EGifCloseFile(w->gif, &code);
		free(w->previous), free(w->line), free(w);
		return NULL;
	}
	return w;
}

/* The rectangle of pixels that differ from the last frame (all of the
 * first), into x0..x1, y0..y1; x1 < 0 when none do. */
static void changed(const struct gif_writer *w, const unsigned char *argb, int stride, int *x0,
                    int *y0, int *x1, int *y1)
{
	*x0 = w->width, *y0 = w->height, *x1 = *y1 = -1;
	for (int y = 0; y < w->height; y++) {
		const uint32_t *row =
		    (const uint32_t *)(const void *)(argb + (size_t)y * (size_t)stride);
		const uint32_t *before = w->previous + (size_t)y * (size_t)w->width;
		int first = 0, last = w->width - 1;
		if (w->frames > 0) {
			while (first <= last && row[first] == before[first])
				first++;
			while (last >= first && row[last] == before[last])
				last--;
		}
		if (first > last)
			continue;
		*x0 = first < *x0 ? first : *x0, *x1 = last > *x1 ? last : *x1;
		*y0 = y < *y0 ? y : *y0, *y1 = y;
	}
}

int gif_add(struct gif_writer *w, const unsigned char *argb, int stride, int delay_cs, char *err,
            size_t errlen)
{
	int x0, y0, x1, y1;
	changed(w, argb, stride, &x0, &y0, &x1, &y1);
	if (x1 < 0) /* nothing changed: one pixel, to keep the frame's time */
		x0 = x1 = y0 = y1 = 0;
	GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, delay_cs, NO_TRANSPARENT_COLOR};
	GifByteType ext[4];
	EGifGCBToExtension(&gcb, ext);
	int ok = EGifPutExtension(w->gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
	         EGifPutImageDesc(w->gif, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, NULL) == GIF_OK;
	uint32_t last = 0;
	int last_index = nearest(w, last);
	for (int y = y0; ok && y <= y1; y++) {
		const uint32_t *row =
		    (const uint32_t *)(const void *)(argb + (size_t)y * (size_t)stride);
		for (int x = x0; x <= x1; x++) { /* most pixels repeat the one before (the paper) */
			if (row[x] != last)
				last = row[x], last_index = nearest(w, last);
			w->line[x - x0] = (GifByteType)last_index;
		}
		memcpy(w->previous + (size_t)y * (size_t)w->width + (size_t)x0, row + x0,
		       sizeof *row * (size_t)(x1 - x0 + 1));
		ok = EGifPutLine(w->gif, w->line, x1 - x0 + 1) == GIF_OK;
	}
	if (!ok)
		return fail(err, errlen, "a GIF frame", w->gif->Error);
	w->frames++;
	return 0;
}

int gif_close(struct gif_writer *w, char *err, size_t errlen)
{
	int code = 0, status = EGifCloseFile(w->gif, &code);
	free(w->previous), free(w->line), free(w);
	if (status != GIF_OK)
		return fail(err, errlen, "closing the GIF", code);
	return 0;
}
