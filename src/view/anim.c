/* SPDX-License-Identifier: GPL-3.0-or-later */
/* anim.c — full-screen views on ncurses (see anim.h). */
#include "view/anim.h"

#include <curses.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/interrupt.h"
#include "view/canvas_grid.h"
#include "view/terminal.h"

static int colors_on;
static SCREEN *screen;

/* SIGWINCH while a view is open. The prompt has a handler of its own (so
 * ncurses, which only catches signals left at their default, never sees
 * one): ours stands in for it while the screen is open, and the loop
 * hands the new size to ncurses with resizeterm, which queues KEY_RESIZE. */
static volatile sig_atomic_t resized;
static struct sigaction previous_winch;

static void on_winch(int sig)
{
	(void)sig;
	resized = 1;
}

/* The terminal's new size to ncurses; 1 if it changed. */
static int take_resize(void)
{
	if (!resized)
		return 0;
	resized = 0;
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row < 1 || ws.ws_col < 1)
		return 0;
	if (ws.ws_row == LINES && ws.ws_col == COLS)
		return 0;
	resizeterm(ws.ws_row, ws.ws_col);
	return 1;
}

static int screen_open(char *err, size_t errlen)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errlen, "no terminal to draw on");
		return -1;
	}
	if (!terminal_addressable()) {
		snprintf(err, errlen, "the terminal (TERM=%s) cannot move its cursor",
		         getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	/* The size from the terminal itself, never from LINES and COLUMNS: a
	 * shell or readline may have exported them at an older size. */
	use_env(FALSE);
	use_tioctl(TRUE);
	screen = newterm(NULL, stdout, stdin);
	if (screen == NULL) {
		snprintf(err, errlen, "cannot open the terminal (TERM=%s)",
		         getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	struct sigaction sa = {0};
	sa.sa_handler = on_winch; /* no SA_RESTART: a paused getch returns at once */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, &previous_winch);
	resized = 0;
	mb_waiting = 1; /* SIGTERM, SIGHUP, SIGQUIT: close the screen, then end (interrupt.h) */
	cbreak();       /* Ctrl-C still raises SIGINT, which we watch, and Ctrl-\ SIGQUIT */
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
	sigaction(SIGWINCH, &previous_winch, NULL);
	mb_waiting = 0;
	interrupt_quit(); /* a quit signal came while the screen was open: now it may end us */
}

/* A key, or ERR: the view is to close (interrupt_pending), the terminal
 * was resized, or ms went by (ms < 0: no limit). A wait without a limit
 * goes in slices, so a signal that comes just before getch starts to wait
 * is seen within a slice; a slice that ends with nothing is not redrawn. */
static int wait_key(int ms)
{
	for (;;) {
		if (interrupt_pending() || resized)
			return ERR;
		timeout(ms < 0 ? 250 : ms);
		int ch = getch();
		if (ch != ERR || ms >= 0)
			return ch;
	}
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

/* Display columns of the first len bytes of UTF-8 text (continuation bytes
 * take none), and the bytes that fill at most cols columns. */
static int text_columns(const char *s, size_t len)
{
	int cols = 0;
	for (size_t i = 0; i < len && s[i]; i++)
		cols += ((unsigned char)s[i] & 0xC0) != 0x80;
	return cols;
}

static int bytes_for_columns(const char *s, size_t len, int cols)
{
	size_t i = 0;
	for (int c = 0; i < len && s[i]; i++) {
		if (((unsigned char)s[i] & 0xC0) != 0x80 && c++ == cols)
			break;
	}
	return (int)i;
}

/* Text at (row, col), cut to at most cols columns. */
static void put_text(int row, int col, const char *s, size_t len, int cols)
{
	if (cols > 0)
		mvaddnstr(row, col, s, bytes_for_columns(s, len, cols));
}

/* The bottom line: where the animation is, then the keys that fit. Keys
 * drop out least needed first; "q quit" always stays. */
struct key_help {
	const char *text;
	int keep; /* higher stays longer */
};

static void status_line(const char *where, const struct key_help *keys, int nkeys)
{
	char line[512];
	int width = COLS, keep_at_least = 0;
	for (;;) {
		snprintf(line, sizeof line, "%s", where);
		const char *sep = where[0] ? " | " : " ";
		for (int k = 0; k < nkeys; k++) {
			if (keys[k].keep < keep_at_least)
				continue;
			size_t used = strlen(line);
			snprintf(line + used, sizeof line - used, "%s%s", sep, keys[k].text);
			sep = "  ";
		}
		int fits = text_columns(line, strlen(line)) <= width;
		if (fits || keep_at_least > 100)
			break;
		keep_at_least++;
	}
	if (text_columns(line, strlen(line)) > width) /* very narrow: "q quit" alone */
		snprintf(line, sizeof line, " q quit");
	move(LINES - 1, 0);
	clrtoeol();
	attron(A_REVERSE);
	put_text(LINES - 1, 0, line, strlen(line), width);
	attroff(A_REVERSE);
}

/* A pane's figures are items separated by '\n', put side by side two
 * spaces apart as many as fit in `width`, on as many rows as they need. An
 * item may end in '\t' and a shorter form, used where the long one does
 * not fit. Returns the rows; draws them from (row0, col) when draw is set. */
static int figure_rows(const char *fig, int width, int row0, int col, int draw)
{
	int rows = 0, used = -1; /* used: columns of the current row; -1 before the first */
	while (fig && *fig) {
		const char *nl = strchr(fig, '\n');
		size_t len = nl ? (size_t)(nl - fig) : strlen(fig);
		const char *tab = memchr(fig, '\t', len), *text = fig;
		size_t long_len = tab ? (size_t)(tab - fig) : len;
		int w = text_columns(fig, long_len);
		size_t text_len = long_len;
		int room = used < 0 ? width : width - used - 2;
		if (tab && w > room && w > width) { /* the short form */
			text = tab + 1, text_len = len - long_len - 1;
			w = text_columns(text, text_len);
		}
		if (w > 0) {
			if (used < 0 || used + 2 + w > width) {
				rows++, used = 0;
			} else {
				used += 2;
			}
			if (draw)
				put_text(row0 + rows - 1, col + used, text, text_len, width - used);
			used += w;
		}
		fig = nl ? nl + 1 : fig + len;
	}
	return rows;
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

/* The pane's last note at or before the frame's time, reversed for the few
 * frames after it (a switch is seen as it happens). */
static void draw_note(const struct anim_options *o, const struct pane *p, int frame, int row,
                      int col, int width)
{
	int last = -1;
	for (int i = 0; i < p->nnotes && p->note_times[i] <= o->times[frame] + 1e-12; i++)
		last = i;
	if (last < 0)
		return;
	int fresh = last > 0 && frame - frame_at(o->times, o->nframes, p->note_times[last]) < 8;
	if (fresh)
		attron(A_REVERSE);
	put_text(row, col, p->notes[last], strlen(p->notes[last]), width);
	if (fresh)
		attroff(A_REVERSE);
}

/* The narrowest a pane may be: its figures' longest item ("max |Phi|
 * 3.8e-12", "1000000 evals") fits whole. Fewer columns than the panes
 * need side by side puts them in rows. */
#define PANE_MIN_WIDTH 18

/* Lay out and draw one frame: the panes side by side, or in rows of as
 * many as fit PANE_MIN_WIDTH each; in each its title, its figures under it
 * and its picture; the plot (if any) across the bottom third. Where the
 * height runs short the plot goes first, then the pictures, so the
 * figures stay whole. Everything follows LINES and COLS, so a resize re-lays
 * out on the next pass. */
static void draw_all(const struct anim_options *o, int frame, int labels, int trails,
                     struct grid **panes, struct grid **plot)
{
	int n = o->npanes, rows = LINES - 1; /* the last row is the status line */
	int per_row = (COLS + 1) / (PANE_MIN_WIDTH + 1);
	per_row = per_row < 1 ? 1 : per_row > n ? n : per_row;
	int pane_rows = (n + per_row - 1) / per_row;
	per_row = (n + pane_rows - 1) / pane_rows; /* rows of even length: 4 and 3, not 6 and 1 */
	int width = (COLS - (per_row - 1)) / per_row;
	int fig_rows = 0;
	for (int k = 0; k < n; k++) {
		int r = figure_rows(o->panes[k].figures, width, 0, 0, 0);
		fig_rows = r > fig_rows ? r : fig_rows;
	}
	int note_row = 1 + fig_rows; /* a row for the notes when a pane has any */
	for (int k = 0; k < n; k++)
		if (o->panes[k].nnotes > 0) {
			fig_rows++;
			break;
		}
	int head = 1 + fig_rows; /* title and figures */
	int plot_rows = o->plot ? rows / 3 : 0;
	if (plot_rows < 5)
		plot_rows = 0; /* too small to read: the pictures get the room */
	int height = (rows - plot_rows) / pane_rows - head;
	if (height < 3 && plot_rows > 0) {
		plot_rows = 0;
		height = rows / pane_rows - head;
	}
	if (height < 3)
		height = 0; /* no room for pictures: the figures alone */
	erase();
	if (width < 6 || head * pane_rows > rows) {
		put_text(0, 0, "(enlarge the terminal)", 22, COLS);
		return;
	}
	for (int k = 0; k < n; k++) {
		const struct pane *p = &o->panes[k];
		int col = (k % per_row) * (width + 1), row0 = (k / per_row) * (head + height);
		const char *title = p->title ? p->title : "";
		attron(A_BOLD);
		put_text(row0, col, title, strlen(title), width);
		attroff(A_BOLD);
		figure_rows(p->figures, width, row0 + 1, col, 1);
		draw_note(o, p, frame, row0 + note_row, col, width);
		if (height > 0) {
			if (!panes[k] || panes[k]->width != width || panes[k]->height != height) {
				grid_free(panes[k]);
				panes[k] = grid_new(width, height, o->unicode);
			}
			struct draw_options d = {labels, trails, p->poses, frame};
			struct canvas c = canvas_grid(panes[k]);
			grid_clear(panes[k]);
			scene_draw(p->scene,
			           p->poses + (size_t)frame * 3 * (size_t)p->scene->nbodies,
			           &p->view, &c, &d);
			blit(panes[k], row0 + head, col);
		}
		if (k % per_row > 0)
			for (int r = row0; r < row0 + head + height; r++)
				mvaddstr(r, col - 1, o->unicode ? "\u2502" : "|");
	}
	if (plot_rows > 0) {
		if (!*plot || (*plot)->width != COLS || (*plot)->height != plot_rows) {
			grid_free(*plot);
			*plot = grid_new(COLS, plot_rows, o->unicode);
		}
		struct canvas c = canvas_grid(*plot);
		grid_clear(*plot);
		plot_draw(o->plot, &c);
		blit(*plot, rows - plot_rows, 0);
	}
}

/* A page of text over the animation, a line wider than the screen going on
 * in the next row, scrolled by the arrows and the page keys, until another
 * key (or Ctrl-C). Returns 1 when that key was q, which quits the
 * animation as it does there: a student pressing q means to leave. */
static int show_page(const char *text)
{
	int top = 0;
	for (;;) {
		erase();
		int rows = LINES - 1, row = 0, width = COLS > 0 ? COLS : 1;
		for (const char *s = text; *s;) {
			const char *end = strchr(s, '\n');
			size_t len = end ? (size_t)(end - s) : strlen(s);
			do { /* the line in pieces of the screen's width */
				size_t piece = (size_t)bytes_for_columns(s, len, width);
				if (row >= top && row - top < rows)
					put_text(row - top, 0, s, piece, width);
				row++, s += piece, len -= piece;
			} while (len > 0);
			s += end ? 1 : 0;
		}
		static const struct key_help keys[] = {{"up/down scroll", 1},
		                                       {"q quit", 1000},
		                                       {"any other key: back to the animation", 2}};
		status_line(" explain", keys, 3);
		refresh();
		int ch = wait_key(-1);
		take_resize();
		int step = ch == KEY_DOWN || ch == KEY_UP ? 1 : rows;
		if (ch == KEY_DOWN || ch == KEY_NPAGE)
			top = top + step < row ? top + step : top;
		else if (ch == KEY_UP || ch == KEY_PPAGE)
			top = top > step ? top - step : 0;
		else if (interrupt_pending() || (ch != ERR && ch != KEY_RESIZE))
			return ch == 'q' || ch == 'Q';
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
	int playing = 1, labels = o->labels, trails = o->trails, frame = 0, quit = 0;
	while (!quit) {
		if (interrupt_pending()) {
			mb_sigint_seen =
			    0; /* Ctrl-C is taken here; a limit or a quit signal stays */
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
		char where[128], pace[32] = "";
		if (speed != 1) /* "x1" says nothing */
			snprintf(pace, sizeof pace, "  x%g", speed);
		snprintf(where, sizeof where, " t = %.3f/%.3g s%s%s", times[frame], t_end, pace,
		         playing ? "" : "  paused");
		struct key_help keys[8];
		int nkeys = 0;
		keys[nkeys++] = (struct key_help){playing ? "space pause" : "space play", 5};
		keys[nkeys++] = (struct key_help){"<- -> step", 4};
		keys[nkeys++] = (struct key_help){"+- speed", 3};
		keys[nkeys++] = (struct key_help){"r restart", 1};
		keys[nkeys++] = (struct key_help){"t trails", 2};
		keys[nkeys++] = (struct key_help){"l labels", 2};
		if (o->explain)
			keys[nkeys++] = (struct key_help){"e explain", 1};
		keys[nkeys++] = (struct key_help){"q quit", 1000};
		status_line(where, keys, nkeys);
		refresh();
		int ch = wait_key(playing ? 33 : -1); /* sleep to the next frame, or until a key */
		if (ch == 'q' || ch == 'Q' || ch == 27)
			break;
		take_resize(); /* the next pass re-lays out at the new size */
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
		case 'e':
			if (o->explain) {
				playing = 0;
				const char *text = o->explain(o->explain_ctx, frame);
				quit = show_page(text ? text : "(nothing to explain here)");
			}
			break;
		default: /* KEY_RESIZE, an interrupted wait, a timeout: the next pass redraws */
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
		if (interrupt_pending()) {
			mb_sigint_seen = 0;
			break;
		}
		if (!g || g->width != COLS || g->height != LINES - 1) {
			grid_free(g);
			g = grid_new(COLS, LINES - 1, unicode);
		}
		erase();
		struct canvas c = canvas_grid(g);
		grid_clear(g);
		plot_draw(p, &c);
		blit(g, 0, 0);
		static const struct key_help keys[] = {{"q back to the prompt", 1}};
		status_line("", keys, 1);
		refresh();
		int ch = wait_key(-1);
		if (ch == 'q' || ch == 'Q' || ch == 27)
			break;
		take_resize(); /* the next pass draws at the new size */
	}
	grid_free(g);
	mb_c_busy--;
	screen_close();
	return 0;
}
