# SPDX-License-Identifier: GPL-3.0-or-later
# tmux.sh — driving mechbench in tmux as a student would: sourced by the
# REPL and animation tests after lib.sh. Set TERM_ENV before start() to
# choose the terminal (default: TERM=xterm).
SOCK="mbtmux$$"
T="tmux -L $SOCK"
trap '$T kill-server 2>/dev/null; rm -rf "$SANDBOX"' EXIT
TERM_ENV=${TERM_ENV:-TERM=xterm}

screen() { $T capture-pane -p -t mb; }
# poll E|F PATTERN [SECONDS]: poll the screen until PATTERN shows, as an
# extended regular expression (E) or literal text (F)
poll() {
  local i
  for ((i = 0; i < ${3:-5} * 20; i++)); do
    screen | grep -q"$1" -- "$2" && return 0
    sleep 0.05
  done
  return 1
}
wait_for() { poll E "$1" "${2:-5}"; }
# seen TEXT [SECONDS]: until TEXT shows, taken literally. Text shown has
# reached mechbench's readline (which echoes it, not the terminal), so a
# Ctrl-C sent next cannot flush it from the terminal's queue unread: on a
# loaded machine a Ctrl-C right after send-keys met 'half typed' still
# queued, found an empty line and, pressed again, left mechbench.
seen() { poll F "$1" "${2:-5}"; }
check_screen() { if wait_for "$2" "${3:-5}"; then pass; else fail "$1" "no /$2/ on screen:
$(screen | grep -v '^$' | tail -n 10)"; fi; }
keys() { $T send-keys -t mb "$@"; }
# text is sent literally (tmux would read a bare "end" as the End key)
text() { $T send-keys -t mb -l "$1"; }
line() { local l; for l in "$@"; do text "$l"; keys Enter; done; }
# start COMMAND [COLS ROWS]: a fresh session running COMMAND, then its exit status
start() {
  $T kill-server 2>/dev/null; sleep 0.3
  $T new-session -d -s mb -x "${2:-100}" -y "${3:-30}" \
    "env HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME XDG_DATA_HOME=$XDG_DATA_HOME $TERM_ENV $1; echo EXITED=\$?; sleep 30"
}
