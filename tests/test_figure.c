/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_figure.c — figures read back: a sixel stream decoded by libsixel's
 * own decoder shows the picture the PNG shows; kitty's protocol carries
 * the PNG's bytes; a GIF decoded by giflib has every frame, each pendulum
 * leaning the way its pose does; the terminal's answer is read right and
 * asking never hangs nor leaves the terminal changed. Never the bytes of
 * cairo's output. */
#include <cairo.h>
#include <gif_lib.h>
#include <pty.h>
#include <signal.h>
#include <sixel.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "check.h"
#include "util/clock.h"
#include "view/figure.h"
#include "view/gif.h"
#include "view/inline.h"
#include "view/picture.h"

/* ------------------------------------------------------------ helpers */

struct buffer {
	char *data;
	size_t len;
};

static int to_buffer(const char *data, size_t len, void *ctx)
{
	struct buffer *b = ctx;
	char *grown = realloc(b->data, b->len + len + 1);
	if (!grown)
		return -1;
	memcpy(grown + b->len, data, len);
	b->data = grown, b->len += len;
	b->data[b->len] = '\0';
	return 0;
}

/* A plot of sin and cos over a turn. */
static void known_plot(struct plot_spec *p, double *x, double *s, double *c, int n,
                       struct plot_series series[2])
{
	for (int i = 0; i < n; i++)
		x[i] = 2 * M_PI * i / (n - 1), s[i] = sin(x[i]), c[i] = cos(x[i]);
	series[0] = (struct plot_series){n, x, s, "sin", 0, 0};
	series[1] = (struct plot_series){n, x, c, "cos", 0, 0};
	*p = (struct plot_spec){2, series, "known", "t [s]", NULL};
}

/* Whether a pixel has ink: darker or more coloured than near-white. */
static int ink(const unsigned char *rgb) { return rgb[0] < 200 || rgb[1] < 200 || rgb[2] < 200; }

/* ------------------------------------------------------------ sixel */

static void sixel_round_trip(void)
{
	enum { W = 320, H = 200, N = 120 };
	double x[N], s[N], c[N];
	struct plot_series series[2];
	struct plot_spec p;
	known_plot(&p, x, s, c, N, series);
	char err[256];
	struct figure *f = figure_open(FIGURE_IMAGE, NULL, W, H, 0, err, sizeof err);
	ENSURE(f != NULL);
	if (!f)
		return;
	picture_plot(figure_canvas(f), &p);

	/* the PNG, written and decoded again */
	size_t len = 0;
	unsigned char *png = figure_png_bytes(f, &len);
	char path[] = "/tmp/mechbench-figure-XXXXXX";
	int fd = mkstemp(path);
	ENSURE(png && fd >= 0 && write(fd, png, len) == (ssize_t)len);
	close(fd);
	cairo_surface_t *decoded = cairo_image_surface_create_from_png(path);
	remove(path);
	ENSURE(cairo_surface_status(decoded) == CAIRO_STATUS_SUCCESS);
	ENSURE(cairo_image_surface_get_width(decoded) == W &&
	       cairo_image_surface_get_height(decoded) == H);

	/* the sixel stream of the same picture, decoded by libsixel */
	int fw, fh, stride;
	const unsigned char *argb = figure_pixels(f, &fw, &fh, &stride);
	struct buffer six = {0};
	ENSURE(inline_sixel(argb, fw, fh, stride, to_buffer, &six) == 0);
	ENSURE(six.len > 100 && six.data[0] == '\033' && six.data[1] == 'P');
	unsigned char *indices = NULL, *palette = NULL;
	int sw = 0, sh = 0, ncolors = 0;
	SIXELSTATUS st = sixel_decode_raw((unsigned char *)six.data, (int)six.len, &indices, &sw,
	                                  &sh, &palette, &ncolors, NULL);
	ENSURE(SIXEL_SUCCEEDED(st));
	ENSURE(sw == W && sh == H);
	if (SIXEL_SUCCEEDED(st) && sw == W && sh == H && cairo_surface_status(decoded) == 0) {
		const unsigned char *data = cairo_image_surface_get_data(decoded);
		int dstride = cairo_image_surface_get_stride(decoded);
		long total = 0, far = 0, ink_png = 0, ink_both = 0, ink_either = 0;
		for (int y = 0; y < H; y++)
			for (int xx = 0; xx < W; xx++) {
				uint32_t px =
				    ((const uint32_t *)(const void *)(data +
				                                      (size_t)y *
				                                          (size_t)dstride))[xx];
				unsigned char a[3] = {(unsigned char)(px >> 16),
				                      (unsigned char)(px >> 8), (unsigned char)px};
				const unsigned char *b = palette + 3 * indices[y * W + xx];
				int d = abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2]);
				total += d, far += d > 60;
				ink_png += ink(a), ink_both += ink(a) && ink(b),
				    ink_either += ink(a) || ink(b);
			}
		double mean = (double)total / (W * H),
		       agree = (double)ink_both / (double)ink_either;
		printf("sixel against PNG: mean difference %.2f of 765, %ld pixels far off, ink "
		       "%ld px, "
		       "ink agrees on %.4f\n",
		       mean, far, ink_png, agree);
		ENSURE(ink_png > W * H / 50); /* the plot has ink: axes, text, two curves */
		ENSURE(mean < 6);
		ENSURE(far < W * H / 200);
		ENSURE(agree > 0.97);
	}
	free(indices), free(palette), free(six.data), free(png);
	cairo_surface_destroy(decoded);
	figure_close(f, err, sizeof err);
}

/* ------------------------------------------------------------ kitty */

static int base64_value(char ch)
{
	const char *digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *at = strchr(digits, ch);
	return ch && at ? (int)(at - digits) : -1;
}

static void kitty_round_trip(void)
{
	unsigned char png[10000];
	for (size_t i = 0; i < sizeof png; i++)
		png[i] = (unsigned char)(i * 7 + i / 13);
	struct buffer out = {0};
	ENSURE(inline_kitty(png, sizeof png, to_buffer, &out) == 0);
	/* messages \033_G<keys>;<base64>\033\\ : m=1 on all but the last */
	unsigned char back[sizeof png + 8];
	size_t got = 0;
	int messages = 0, last_more = -1, first_has_format = 0, bad = 0;
	for (const char *p = out.data; (p = strstr(p, "\033_G")) != NULL; messages++) {
		const char *semi = strchr(p, ';'), *end = strstr(p, "\033\\");
		if (!semi || !end || semi > end) {
			bad = 1;
			break;
		}
		if (messages == 0)
			first_has_format = strstr(p, "f=100") && strstr(p, "f=100") < semi;
		last_more = strstr(p, "m=1") && strstr(p, "m=1") < semi;
		uint32_t acc = 0;
		int bits = 0;
		for (const char *q = semi + 1; q < end; q++) {
			if (*q == '=')
				break;
			int v = base64_value(*q);
			if (v < 0) {
				bad = 1;
				break;
			}
			acc = (acc << 6) | (uint32_t)v, bits += 6;
			if (bits >= 8 && got < sizeof back)
				back[got++] = (unsigned char)(acc >> (bits - 8)), bits -= 8;
		}
		p = end + 2;
	}
	ENSURE(!bad && first_has_format);
	ENSURE(messages == 4); /* 10000 bytes in pieces of 3072 */
	ENSURE(last_more == 0);
	ENSURE(got == sizeof png && memcmp(back, png, sizeof png) == 0);
	free(out.data);
}

/* ------------------------------------------------------------ GIF */

/* A pendulum: a rod of 1 m pinned at its end to the ground at the origin,
 * at angle a (from +x, counter-clockwise): its centre at 0.5 (cos a, sin a). */
static struct scene *pendulum(void)
{
	struct scene *s = calloc(1, sizeof *s);
	s->nbodies = 1, s->nlinks = 1;
	s->bodies = calloc(1, sizeof *s->bodies);
	s->bodies[0].name = strdup("rod");
	s->bodies[0].npoints = 2;
	s->bodies[0].points = calloc(2, sizeof(vec2));
	s->bodies[0].points[0] = v2(-0.5, 0), s->bodies[0].points[1] = v2(0.5, 0);
	s->links = calloc(1, sizeof *s->links);
	s->links[0] = (struct scene_link){LINK_PIN, 0, -1, v2(-0.5, 0), v2(0, 0), v2(0, 0), 0};
	s->trails = calloc(1, sizeof *s->trails);
	return s;
}

/* The covariance of the x and y of the rod's pixels (its colour, blue),
 * y down: positive when it falls to the right, negative to the left. */
static double lean(const unsigned char *rgb, int w, int h, long *count)
{
	double sx = 0, sy = 0, sxy = 0;
	long n = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			const unsigned char *p = rgb + 3 * ((size_t)y * (size_t)w + (size_t)x);
			if (p[2] > 120 && p[0] < 80 && p[2] > p[1] + 30) /* Okabe and Ito's blue */
				sx += x, sy += y, sxy += (double)x * y, n++;
		}
	*count = n;
	return n ? sxy / n - (sx / n) * (sy / n) : 0;
}

static void gif_frames(void)
{
	enum { W = 200, H = 160, N = 12 };
	struct scene *s = pendulum();
	double poses[3 * N], angles[N];
	for (int k = 0; k < N; k++) { /* from 60 degrees below the right to 60 below the left */
		double a = -M_PI / 6 - (2 * M_PI / 3) * k / (N - 1);
		angles[k] = a;
		poses[3 * k] = 0.5 * cos(a), poses[3 * k + 1] = 0.5 * sin(a), poses[3 * k + 2] = a;
	}
	struct picture_frame pf = {s, poses, 0, scene_fit(s, poses, N), 0, 0, "pendulum", NULL};
	char path[] = "/tmp/mechbench-gif-XXXXXX", err[256];
	int fd = mkstemp(path);
	close(fd);
	struct figure *f = figure_open(FIGURE_IMAGE, NULL, W, H, 0, err, sizeof err);
	struct gif_writer *g = gif_open(path, W, H, err, sizeof err);
	ENSURE(f && g);
	if (!f || !g)
		return;
	for (int k = 0; k < N; k++) {
		pf.frame = k;
		figure_clear(f);
		picture_frame(figure_canvas(f), &pf);
		int fw, fh, stride;
		const unsigned char *px = figure_pixels(f, &fw, &fh, &stride);
		ENSURE(gif_add(g, px, stride, 4 + k % 3, err, sizeof err) == 0);
	}
	ENSURE(gif_close(g, err, sizeof err) == 0);
	figure_close(f, err, sizeof err);

	int code = 0;
	GifFileType *in = DGifOpenFileName(path, &code);
	ENSURE(in != NULL);
	if (!in)
		return;
	ENSURE(DGifSlurp(in) == GIF_OK);
	ENSURE(in->ImageCount == N);
	ENSURE(in->SWidth == W && in->SHeight == H);
	/* compose the frames as a viewer does, each over the last, and read
	 * each one's pendulum and delay */
	unsigned char *rgb = calloc((size_t)W * H * 3, 1);
	int leaning_right = 0, leaning_left = 0, delays_right = 0;
	for (int k = 0; k < in->ImageCount && k < N; k++) {
		SavedImage *im = &in->SavedImages[k];
		ColorMapObject *map =
		    im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : in->SColorMap;
		for (int y = 0; y < im->ImageDesc.Height; y++)
			for (int x = 0; x < im->ImageDesc.Width; x++) {
				GifColorType c =
				    map->Colors[im->RasterBits[y * im->ImageDesc.Width + x]];
				unsigned char *p = rgb + 3 * ((size_t)(y + im->ImageDesc.Top) * W +
				                              (size_t)(x + im->ImageDesc.Left));
				p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
			}
		GraphicsControlBlock gcb;
		delays_right +=
		    DGifSavedExtensionToGCB(in, k, &gcb) == GIF_OK && gcb.DelayTime == 4 + k % 3;
		long n;
		double cov = lean(rgb, W, H, &n);
		double horizontal = cos(angles[k]); /* > 0: the rod's free end right of the pin */
		if (fabs(horizontal) > 0.3) {
			int right = cov > 0 && n > 50, left = cov < 0 && n > 50;
			leaning_right += horizontal > 0 && right,
			    leaning_left += horizontal < 0 && left;
			if (!(horizontal > 0 ? right : left))
				printf(
				    "frame %d: angle %.1f deg, %ld rod pixels, covariance %.1f\n",
				    k, angles[k] * 180 / M_PI, n, cov);
		}
	}
	int expect_right = 0, expect_left = 0;
	for (int k = 0; k < N; k++)
		expect_right += cos(angles[k]) > 0.3, expect_left += cos(angles[k]) < -0.3;
	ENSURE(expect_right >= 3 && expect_left >= 3);
	ENSURE(leaning_right == expect_right);
	ENSURE(leaning_left == expect_left);
	ENSURE(delays_right == N);
	free(rgb);
	DGifCloseFile(in, &code);
	remove(path);
	scene_free(s);
}

/* A run's animation through the program: one frame per sample. */
static void gif_of_a_run(void)
{
	char path[] = "/tmp/mechbench-run-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	char command[512];
	snprintf(command, sizeof command,
	         "./mechbench --batch -e 'mb.example(\"pendulum\"):simulate{ tf = 1, dt = 0.02 }"
	         ":animate{ file = \"%s.gif\", width = 160, height = 120 }' >/dev/null",
	         path);
	ENSURE(system(command) == 0);
	char gif[600];
	snprintf(gif, sizeof gif, "%s.gif", path);
	int code = 0;
	GifFileType *in = DGifOpenFileName(gif, &code);
	ENSURE(in && DGifSlurp(in) == GIF_OK);
	if (in) {
		ENSURE(in->ImageCount == 51); /* t = 0, 0.02, ..., 1 */
		ENSURE(in->SWidth == 160 && in->SHeight == 120);
		DGifCloseFile(in, &code);
	}
	remove(gif), remove(path);
}

/* ------------------------------------------------------------ the terminal */

static void answers(void)
{
	ENSURE(inline_parse_answer("\033[?62;4;6;22c", 14) == INLINE_SIXEL);
	ENSURE(inline_parse_answer("\033[?4;22c", 8) == INLINE_SIXEL);
	ENSURE(inline_parse_answer("\033[?1;2c", 7) == INLINE_NONE); /* tmux, xterm without sixel */
	ENSURE(inline_parse_answer("\033[?62;44;6c", 11) == INLINE_NONE); /* 44 is not 4 */
	const char kitty[] = "\033_Gi=31;OK\033\\\033[?62;c";
	ENSURE(inline_parse_answer(kitty, sizeof kitty - 1) == INLINE_KITTY);
	ENSURE(inline_parse_answer("", 0) == INLINE_NONE);
}

/* A terminal on a pseudo-terminal: reads the query, then says `reply`
 * (or nothing when it is NULL). */
static void terminal_says(const char *reply, enum inline_kind want, int timeout_ms)
{
	int master, slave;
	if (openpty(&master, &slave, NULL, NULL, NULL) != 0) {
		printf("skip: no pseudo-terminal\n");
		return;
	}
	struct termios before, after;
	tcgetattr(slave, &before);
	pid_t child = fork();
	if (child == 0) {
		char buf[256];
		ssize_t n = read(master, buf, sizeof buf); /* the query */
		if (n > 0 && reply)
			ENSURE(write(master, reply, strlen(reply)) >= 0);
		sleep(2); /* keep the master open: the parent's wait is the test */
		_exit(0);
	}
	double t0 = clock_seconds();
	enum inline_kind got = inline_detect(slave, slave, timeout_ms);
	double waited = clock_seconds() - t0;
	tcgetattr(slave, &after);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	ENSURE(got == want);
	ENSURE(after.c_lflag == before.c_lflag && after.c_cc[VMIN] == before.c_cc[VMIN]);
	if (reply)
		ENSURE(waited < timeout_ms / 1000.0); /* an answer ends the wait */
	else
		ENSURE(waited >= timeout_ms / 1000.0 - 0.01 && waited < timeout_ms / 1000.0 + 0.5);
	close(master), close(slave);
}

int main(void)
{
	sixel_round_trip();
	kitty_round_trip();
	gif_frames();
	gif_of_a_run();
	answers();
	terminal_says("\033[?62;4;22c", INLINE_SIXEL, 2000);
	terminal_says("\033_Gi=31;OK\033\\\033[?62;22c", INLINE_KITTY, 2000);
	terminal_says("\033[?1;2c", INLINE_NONE, 2000);
	terminal_says(NULL, INLINE_NONE, 300); /* a terminal that never answers */
	return finish();
}
