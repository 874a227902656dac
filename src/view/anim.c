/* anim.c — full-screen views on ncurses (see anim.h). */
#include "view/anim.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/interrupt.h"

static int colors_on;
static SCREEN *screen;

static int screen_open(char *err, size_t errlen)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errlen, "no terminal to draw on");
		return -1;
	}
	screen = newterm(NULL, stdout, stdin);
	if (screen == NULL) {
		snprintf(err, errlen, "cannot open the terminal (TERM=%s)",
		         getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	cbreak(); /* Ctrl-C still raises SIGINT, which we watch */
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	const char *no_color = getenv("NO_COLOR");
	colors_on = has_colors() && !(no_color && *no_color);
	if (colors_on) {
		start_color();
		use_default_colors();
		static const short palette[] = {COLOR_CYAN,    COLOR_YELLOW, COLOR_GREEN,
		                                COLOR_MAGENTA, COLOR_RED,    COLOR_BLUE,
		                                COLOR_WHITE};
		for (short k = 0; k < 7; k++)
			init_pair((short)(k + 1), palette[k], -1);
	}
	return 0;
}

static void screen_close(void)
{
	endwin();
	delscreen(screen);
	screen = NULL;
	fflush(stdout);
}

/* Copy a grid onto the screen at (row0, col0). */
static void blit(const struct grid *g, int row0, int col0)
{
	char utf8[8];
	for (int r = 0; r < g->height; r++) {
		move(row0 + r, col0);
		for (int c = 0; c < g->width; c++) {
			int color = g->color[(size_t)r * (size_t)g->width + (size_t)c];
			int n = utf8_encode(grid_cell(g, c, r), utf8);
			utf8[n] = '\0';
			if (colors_on && color)
				attron(COLOR_PAIR(color));
			addstr(utf8);
			if (colors_on && color)
				attroff(COLOR_PAIR(color));
		}
	}
}

static void status_line(const char *text)
{
	move(LINES - 1, 0);
	clrtoeol();
	attron(A_REVERSE);
	addnstr(text, COLS);
	attroff(A_REVERSE);
}

static int frame_at(const double *times, int n, double t)
{
	int lo = 0, hi = n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (times[mid] <= t + 1e-12)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

static void draw_all(const struct anim_options *o, int frame, int labels, int trails,
                     struct grid **panes, struct grid **plot)
{
	int plot_rows = o->plot ? (LINES - 1) / 3 : 0;
	int height = LINES - 1 - plot_rows - 3, n = o->npanes; /* title, two lines of figures */
	int width = (COLS - (n - 1)) / n;
	erase();
	for (int k = 0; k < n; k++) {
		const struct pane *p = &o->panes[k];
		if (!panes[k] || panes[k]->width != width || panes[k]->height != height) {
			grid_free(panes[k]);
			panes[k] = grid_new(width, height > 1 ? height : 1, o->unicode);
		}
		struct draw_options d = {labels, trails, p->poses, frame};
		scene_draw(p->scene, p->poses + (size_t)frame * 3 * (size_t)p->scene->nbodies,
		           &p->view, panes[k], &d);
		int col = k * (width + 1);
		attron(A_BOLD);
		mvaddnstr(0, col, p->title ? p->title : "", width);
		attroff(A_BOLD);
		/* figures: up to two lines, split at '\n' */
		const char *fig = p->figures ? p->figures : "", *nl = strchr(fig, '\n');
		mvaddnstr(1, col, fig, nl ? (int)fmin(width, (double)(nl - fig)) : width);
		if (nl)
			mvaddnstr(2, col, nl + 1, width);
		blit(panes[k], 3, col);
		if (k > 0)
			for (int r = 0; r < LINES - 1 - plot_rows; r++)
				mvaddstr(r, col - 1, o->unicode ? "\u2502" : "|");
	}
	if (o->plot && plot_rows > 3) {
		if (!*plot || (*plot)->width != COLS || (*plot)->height != plot_rows) {
			grid_free(*plot);
			*plot = grid_new(COLS, plot_rows, o->unicode);
		}
		plot_draw(o->plot, *plot);
		blit(*plot, LINES - 1 - plot_rows, 0);
	}
}

int anim_run(const struct anim_options *o, char *err, size_t errlen)
{
	if (o->nframes < 1 || o->npanes < 1) {
		snprintf(err, errlen, "nothing to animate");
		return -1;
	}
	if (screen_open(err, errlen) != 0)
		return -1;
	mb_c_busy++;
	struct grid **panes = calloc((size_t)o->npanes, sizeof *panes), *plot = NULL;

	const double *times = o->times;
	double t0 = times[0], t_end = times[o->nframes - 1];
	double t = t0, speed = o->speed > 0 ? o->speed : 1, last = clock_seconds();
	int playing = 1, labels = o->labels, trails = o->trails, frame = 0;
	for (;;) {
		if (mb_sigint_seen) {
			mb_sigint_seen = 0;
			break;
		}
		double tick = clock_seconds();
		if (playing) {
			t += (tick - last) * speed;
			if (t >= t_end)
				t = t_end, playing = 0;
		}
		last = tick;
		frame = frame_at(times, o->nframes, t);
		draw_all(o, frame, labels, trails, panes, &plot);
		char status[256];
		snprintf(status, sizeof status,
		         " t = %.3f/%.3g s  x%g%s | space pause  <- -> step  +- speed  r restart  "
		         "t trails  l labels  q quit",
		         times[frame], t_end, speed, playing ? "" : " paused");
		status_line(status);
		refresh();
		timeout(playing ? 33 : -1); /* sleep to the next frame, or until a key */
		int ch = getch();
		if (ch == 'q' || ch == 'Q' || ch == 27)
			break;
		switch (ch) {
		case ' ':
			if (!playing && t >= t_end)
				t = t0;
			playing = !playing;
			break;
		case KEY_RIGHT:
			playing = 0;
			t = times[frame < o->nframes - 1 ? frame + 1 : frame];
			break;
		case KEY_LEFT:
			playing = 0;
			t = times[frame > 0 ? frame - 1 : 0];
			break;
		case '+':
		case '=':
			speed = fmin(speed * 2, 64);
			break;
		case '-':
			speed = fmax(speed / 2, 1.0 / 64);
			break;
		case 'r':
			t = t0, playing = 1;
			break;
		case 't':
			trails = !trails;
			break;
		case 'l':
			labels = !labels;
			break;
		default: /* KEY_RESIZE and timeouts: the next pass redraws */
			break;
		}
		last = clock_seconds() - (playing ? fmin(clock_seconds() - tick, 0.1) : 0);
	}
	for (int k = 0; k < o->npanes; k++)
		grid_free(panes[k]);
	free(panes);
	grid_free(plot);
	mb_c_busy--;
	screen_close();
	return 0;
}

int anim_show_plot(const struct plot_spec *p, int unicode, char *err, size_t errlen)
{
	if (screen_open(err, errlen) != 0)
		return -1;
	mb_c_busy++;
	struct grid *g = NULL;
	for (;;) {
		if (mb_sigint_seen) {
			mb_sigint_seen = 0;
			break;
		}
		if (!g || g->width != COLS || g->height != LINES - 1) {
			grid_free(g);
			g = grid_new(COLS, LINES - 1, unicode);
		}
		erase();
		plot_draw(p, g);
		blit(g, 0, 0);
		status_line(" q back to the prompt");
		refresh();
		timeout(-1);
		int ch = getch();
		if (ch == 'q' || ch == 'Q' || ch == 27)
			break;
	}
	grid_free(g);
	mb_c_busy--;
	screen_close();
	return 0;
}
