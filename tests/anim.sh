#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The animation and the comparison as a student sees them, in tmux: play,
# pause, step, resize, quit and Ctrl-C back to a working prompt; no busy
# loop while paused; colour only without NO_COLOR.
. tests/lib.sh
TERM_ENV="TERM=xterm-256color LANG=C.UTF-8"
. tests/tmux.sh

shown_time() { screen | grep -Eo 't = [0-9.]+/' | tail -n 1 | grep -Eo '[0-9.]+'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

start "$MB"
check_screen prompt '^mb> ?$'
line 'm = loadfile(mb.paths.examples .. "/slider_crank.lua")("model")() m:correct()' \
     'r = m:simulate{ tf = 8, dt = 0.02 }' 'r:animate()'
check_screen plays 't = [0-9.]+/8 s' 5
a=$(shown_time); sleep 0.6; b=$(shown_time)
if awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > a + 0.3) }'; then pass; else fail plays-in-real-time "t went from $a to $b in 0.6 s"; fi
check_screen slider-drawn '▣' 2
keys ' '; check_screen pause 'paused' 2
a=$(shown_time); sleep 0.5; b=$(shown_time)
expect_eq paused-time-stays "$b" "$a"
pid=$(pgrep -n -f "$MB" || true)
if [ -n "$pid" ]; then
  c0=$(cpu_ticks "$pid"); sleep 1; c1=$(cpu_ticks "$pid")
  if [ $((c1 - c0)) -le 2 ]; then pass; else fail idle-when-paused "$((c1 - c0)) CPU ticks in 1 s while paused"; fi
else
  fail idle-when-paused "no process found"
fi
keys Right; sleep 0.3; c=$(shown_time)
if awk -v a="$b" -v c="$c" 'BEGIN { exit !(c > a + 0.01 && c < a + 0.03) }'; then pass; else fail step-one-frame "t went from $b to $c"; fi
keys Left; sleep 0.3; expect_eq step-back "$(shown_time)" "$b"
# the key e: m:explain at the frame shown, over the animation; q quits
# (a student pressing q means to leave, not to go back), any other key
# goes back
keys e; check_screen explain-page 'slider-crank at t = [0-9.]+ in body coordinates' 3
check_screen explain-keys '^ explain \| up/down scroll  q quit  any other key: back to the animation$' 2
keys Down; sleep 0.3
expect_match explain-scrolls "$(screen | sed -n 1p)" '^  \(the state of the run at its sample [0-9]+\)'
keys x; check_screen explain-back 't = [0-9.]+/8 s' 2
expect_eq explain-keeps-time "$(shown_time)" "$b"
$T resize-window -t mb -x 60 -y 20; sleep 0.5
width=$(screen | LC_ALL=C.UTF-8 wc -L)
if [ "$width" -le 60 ]; then pass; else fail resize "lines of $width columns after resizing to 60"; fi
check_screen resize-redraws 't = [0-9.]+/8' 2
keys q; check_screen quit-to-prompt '^mb> ?$' 3
line '=#r.t'; check_screen result-intact '^401$'
line 'r:animate()'; check_screen plays-again 't = [0-9.]+/8' 3
keys C-c; check_screen ctrl-c-to-prompt '^mb> ?$' 3
line '=1+1'; check_screen prompt-works '^2$'

# colour, and none with NO_COLOR
line 'r:animate()'; sleep 0.8
if $T capture-pane -e -p -t mb | grep -Eq $'\e\\[(3[0-7]|38;)'; then pass; else fail colour "no colour codes on screen"; fi
keys q
keys C-d; check_screen exits 'EXITED=0'
start "env NO_COLOR=1 $MB"
line 'm = loadfile(mb.paths.examples .. "/pendulum.lua")("model")()' 'r = m:simulate{ tf = 2 }' 'r:animate()'
check_screen no-colour-plays 't = [0-9.]+/2' 3
if $T capture-pane -e -p -t mb | grep -Eq $'\e\\[(3[0-7]|38;)'; then fail no-colour "colour codes with NO_COLOR set"; else pass; fi
keys q
# a mode played: the pendulum's swing about its rest, three periods of 1.638 s
line 'md = m:modes{}' 'md:animate(1)'
check_screen mode-plays 'pendulum: mode 1, 0.6105 Hz' 3
check_screen mode-figures 'omega 3.836 1/s' 2
check_screen mode-time 't = [0-9.]+/4.91' 2
keys q; check_screen mode-quits '^mb> ?$' 3
# an unstable mode (the four-bar's start, near its balance upside down)
# falls away over three time constants, and its title says so (it said
# 'mode 1, 0 Hz' and swung at 1 Hz)
line 'up = mb.example("four_bar"):modes{}' 'up:animate(1)'
check_screen unstable-mode-title 'four-bar: mode 1, unstable: grows as exp\(9\.625 t\)' 3
check_screen unstable-mode-figures 'growth 9\.625 1/s +doubling 0\.07201 s' 2
check_screen unstable-mode-time 't = [0-9.]+/0\.312 s' 2
keys q; check_screen unstable-mode-quits '^mb> ?$' 3
keys C-d; check_screen no-colour-exit 'EXITED=0'

# a comparison of body and joint coordinates on the four-bar: two panes,
# both moving, a difference plot, a tiny difference returned
start "$MB" 120 36
line 'm = loadfile(mb.paths.examples .. "/four_bar.lua")("model")()' \
     'c = mb.compare(m, {"body", "joint"}, {tf = 6, dt = 0.02, tol = 1e-10})'
check_screen compare-panes 'position difference from body' 5
check_screen compare-titles '^body +│joint' 2
left1=$(screen | sed -n '3,20p' | cut -c1-59 | md5sum); right1=$(screen | sed -n '3,20p' | cut -c61- | md5sum)
sleep 0.7
left2=$(screen | sed -n '3,20p' | cut -c1-59 | md5sum); right2=$(screen | sed -n '3,20p' | cut -c61- | md5sum)
if [ "$left1" != "$left2" ] && [ "$right1" != "$right2" ]; then pass; else fail panes-move "a pane did not change"; fi
keys ' '; keys e; check_screen compare-explain 'four-bar at t = [0-9.]+ in body coordinates' 3
keys NPage; keys NPage; keys NPage; sleep 0.3
expect_match compare-explain-joint "$(screen)" 'O2\.angle +[0-9.e+-]+'
keys x; check_screen compare-explain-back 'position difference from body' 3
keys q; check_screen compare-quits '^mb> ?$' 3
line '=c.maxdiff < 1e-6'; check_screen compare-agrees '^true$'
keys C-d; check_screen compare-exit 'EXITED=0'

# 80 x 24, the smallest terminal a student is likely to have: every screen
# fits (the key line ends with "q quit", pane titles and figures are whole,
# the plot's legend is all there, the table after q has no line over 80
# columns), and a resize re-lays out at once, playing or paused.
last_row() { screen | sed -n "${1}p"; }
# lines over 80 columns in the last table printed (tmux joins wrapped lines)
long_lines() {
  $T capture-pane -p -J -S -100 -t mb | tac | sed '/^four-bar: /q' | grep -v '^mb>' |
    LC_ALL=C.UTF-8 awk 'length($0) > 80' | wc -l
}
start "$MB" 80 24
line 'm = loadfile(mb.paths.examples .. "/four_bar.lua")("model")()' 'r = m:simulate{ tf = 6, dt = 0.02 }' 'r:animate()'
check_screen small-plays 't = [0-9.]+/6 s' 5
check_screen small-key-line 'l labels  q quit$' 2
expect_match small-status-last-row "$(last_row 24)" '^ t = .*q quit$'
expect_match small-figures "$(screen | sed -n 2p)" '^18 states  [0-9]+ evals  .* ms  max \|Phi\| [0-9.e+-]+  E change [0-9.e+-]+'
expect_match small-start-residual "$(screen | sed -n 2,3p)" '\|Phi\(0\)\| [0-9e.+-]+( |$)'
expect_match small-start-rate-residual "$(screen | sed -n 2,3p)" "\|Phi'\(0\)\| [0-9e.+-]+$"
$T resize-window -t mb -x 100 -y 30; sleep 0.5
expect_match grow-while-playing "$(last_row 30)" '^ t = .*r restart.*q quit$'
width=$(screen | LC_ALL=C.UTF-8 wc -L)
if [ "$width" -gt 80 ]; then pass; else fail grow-uses-width "the widest line has $width columns after growing to 100"; fi
keys ' '; check_screen small-paused 'paused' 2
$T resize-window -t mb -x 80 -y 24; sleep 0.5
expect_match shrink-while-paused "$(last_row 24)" '^ t = .*paused.*q quit$'
keys C-c; check_screen small-ctrl-c '^mb> ?$' 3
# q on the explain page quits the animation, its key line fitting 80 columns
line 'r:animate()'; check_screen small-replays 't = [0-9.]+/6 s' 5
keys e; check_screen small-explain 'four-bar at t = [0-9.]+ in body coordinates' 3
expect_match small-explain-keys "$(last_row 24)" '^ explain \| .*q quit  any other key: back to the animation$'
keys q; check_screen small-explain-quits '^mb> ?$' 3
line '=#r.t'; check_screen small-explain-result '^301$'

# a plot: its legend wraps rather than losing a series; resizing re-lays out
line 'r:plot("crank.omega", "coupler.omega", "rocker.omega", "energy.total")'
check_screen plot-legend-whole 'energy.total \[J\]' 3
expect_match plot-key-line "$(last_row 24)" 'q back to the prompt'
# the x label ends the x axis instead of lying on the curves; each curve
# carries its legend's mark, so they are told apart without colour
check_screen plot-xlabel-on-axis '^ +└[─┬]+ t \[s\]$' 2
check_screen plot-legend-marks '━●━ crank\.omega.*━■━ coupler\.omega' 2
check_screen plot-legend-marks-2 '^━▲━ rocker\.omega.*━◆━ energy\.total' 2
for mark in ● ■ ▲ ◆; do
  if screen | sed -n '3,22p' | grep -q "$mark"; then pass; else fail "plot-curve-marked-$mark" "no $mark on the curves"; fi
done
$T resize-window -t mb -x 120 -y 30; sleep 0.5
expect_match plot-relayout "$(last_row 30)" 'q back to the prompt'
expect_match plot-legend-one-row "$(screen | sed -n 1p)" 'coupler.*rocker.*energy'
keys q; check_screen plot-quits '^mb> ?$' 3
$T resize-window -t mb -x 80 -y 24; sleep 0.3

# two formulations: titles, figures with the state size and the start's
# residual, the difference plot, "q quit"; the table after q
line 'c = mb.compare(m, {"body", "joint"}, { tf = 4, dt = 0.02 })'
check_screen two-panes '^body +│joint' 5
check_screen two-state-sizes '^18 states .*│6 states ' 2
check_screen two-start-residual "\|Phi\(0\)\| [0-9e.+-]+ .*\|Phi'\(0\)\| [0-9e.+-]+ +│.*\|Phi\(0\)\| [0-9e.+-]+ .*\|Phi'\(0\)\|" 2
check_screen two-plot 'position difference from body \[m\] +━ joint' 2
expect_match two-key-line "$(last_row 24)" 'q quit$'
keys q; check_screen two-table 'largest difference from body: .* m in position, .* rad in angle' 3
expect_eq two-table-fits "$(long_lines)" 0
# three, from one corrected start, with the crank spun up by hand
line 'm.bodies.crank.omega = 2' \
     'c = mb.compare(m, {"body", "joint", "point"}, { tf = 4, dt = 0.02, correct = true })'
check_screen three-panes '^body +│joint +│point' 5
check_screen three-legend-marks 'position difference from body \[m\] +━●━ joint +━■━ point$' 2
# the four-bar in points: its pins A and B move (O and Q are stationary)
check_screen three-state-sizes '^18 states .*│6 states .*│8 states ' 2
check_screen three-start-residual "^(.*\|Phi'\(0\)\| [0-9e.+-]+ *│){2}.*\|Phi'\(0\)\| [0-9e.+-]+$" 2
expect_match three-key-line "$(last_row 24)" 'q quit$'
$T resize-window -t mb -x 100 -y 30; sleep 0.5
expect_match three-relayout "$(last_row 30)" '^ t = .*q quit$'
$T resize-window -t mb -x 80 -y 24; sleep 0.5
expect_match three-relayout-back "$(last_row 24)" '^ t = .*q quit$'
keys q; check_screen three-table 'first samples .* agree to' 3
check_screen three-correction-shown 'crank +.*omega 2 -> 1\.824 rad/s' 1
check_screen three-table-columns "^  run +\\|Phi\\| +\\|Phi'\\| +position \\[m\\] +angle \\[rad\\]$" 1
expect_eq three-table-fits "$(long_lines)" 0
line '=c.start_difference < 1e-12 and m.bodies.crank.omega == 2'; check_screen three-one-start '^true$' 2
# minimal coordinates on the triple rocker: its pane names the coordinates
# in use under its figures: each switch as it comes (number, new
# coordinates, time); the other panes have no such row
line 'tr = mb.example("triple_rocker") tr:correct()' \
     'c = mb.compare(tr, {"body", "minimal", {label = "partitioning", stabilization = "partitioning"}}, { tf = 6, dt = 0.02 })'
check_screen minimal-pane '^body +│minimal +│partitioning' 5
check_screen minimal-switch-note '│#[0-9]+: [a-z]+\.angle, [0-9.]+ s +│' 4
expect_match minimal-note-fits "$(last_row 24)" 'q quit$'
keys q; check_screen minimal-table 'first samples .* agree to' 3
keys C-d; check_screen small-exit 'EXITED=0'

# a resize at the prompt, another while a plot shows: later views are drawn
# at the terminal's real size (readline used to export COLUMNS=120, which
# ncurses then trusted), COLUMNS is not left stale, and readline edits a long
# line at the real width
start "env -u LINES -u COLUMNS $MB" 80 24
check_screen stale-prompt '^mb> ?$'
$T resize-window -t mb -x 120 -y 40; sleep 0.5
line 'm = mb.example("four_bar"); r = m:simulate{ tf = 2 }' 'r:plot("crank.angle")'
check_screen stale-plot-wide 'q back to the prompt' 3
expect_match stale-plot-uses-120 "$(last_row 40)" 'q back to the prompt'
$T resize-window -t mb -x 80 -y 24; sleep 0.5
keys q; check_screen stale-back '^mb> ?$' 3
keys C-l; sleep 0.2
line 'r:plot("crank.angle")'
check_screen stale-plot-again 'q back to the prompt' 3
expect_match stale-plot-80x24 "$(last_row 24)" '^ q back to the prompt$'
expect_match stale-plot-ticks "$(screen)" '^ +0 +0\.5 +1 +1\.5 +2$'
keys q; check_screen stale-back-again '^mb> ?$' 3
line 'r:animate()'; check_screen stale-anim 't = [0-9.]+/2' 3
expect_match stale-anim-80x24 "$(last_row 24)" '^ t = .*q quit$'
keys q; check_screen stale-anim-back '^mb> ?$' 3
keys C-l; sleep 0.2
line '=os.getenv("COLUMNS") or "unset"'; check_screen stale-columns-env '^unset$'
# readline knows the width too: a long line edited from its start
text "x = '$(printf 'a%.0s' $(seq 1 90))'"; keys C-a; text 'y = 1 '
check_screen stale-readline-width "^mb> y = 1 x = 'aaa" 2
keys C-e C-u; keys C-d; check_screen stale-exit 'EXITED=0'

# the terminal is sane after every way out of a script's animation
for way in q C-c explain-q; do
  start "$MB -e 'loadfile(mb.paths.examples .. \"/pendulum.lua\")(\"model\")():simulate{ tf = 4 }:animate()'; stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(icanon|echo|isig)' | tr '\n' ' '" 80 24
  check_screen "script-plays-$way" 't = [0-9.]+/4 s' 5
  keys ' '; sleep 0.2
  if [ "$way" = explain-q ]; then
    keys e; check_screen script-explains 'pendulum at t = [0-9.]+ in body' 3; keys q
  else
    keys "$way"
  fi
  check_screen "sane-after-$way" '^isig icanon echo EXITED=0' 3
done

# SIGHUP, SIGTERM and Ctrl-\ (SIGQUIT) while a view is open: the alternate
# screen is left, the cursor shown and the terminal sane before the end
sane='stty -a | tr " ;" "\n\n" | grep -xE -- "-?(icanon|echo|isig)" | tr "\n" " "'
for case in HUP:animate TERM:plot QUIT:animate QUIT:plot; do
  sig=${case%%:*} view=${case#*:}
  call='animate()'; [ "$view" = plot ] && call='plot("rod.angle")'
  start "$MB -e 'r = mb.example(\"pendulum\"):simulate{ tf = 4 }' -e 'r:$call'; echo rc=\$?; $sane" 80 24
  check_screen "$case-open" 'q (quit|back to the prompt)$' 5
  expect_eq "$case-alternate-screen" "$($T display -p -t mb '#{alternate_on} #{cursor_flag}')" "1 0"
  if [ "$sig" = QUIT ]; then keys 'C-\'; else kill -"$sig" "$(pgrep -n -f "^$MB -e")"; fi
  check_screen "$case-ends" '^rc=(129|143|131)$' 3
  check_screen "$case-sane" '^isig icanon echo EXITED=0' 3
  expect_eq "$case-screen-left" "$($T display -p -t mb '#{alternate_on} #{cursor_flag}')" "0 1"
done

# seven panes at 80 x 24 (issue 25): in rows, each figure whole ("|Phi|
# 3.3e" and "200000 eva" were cut at a tenth of the width each)
start "$MB" 80 24
check_screen seven-prompt '^mb> ?$'
line 'c = mb.compare(mb.example("four_bar"), "all", { tf = 1 })'
check_screen seven-plays 't = [0-9.]+/1 s' 10
keys ' '; sleep 0.3
titles=0
for name in body joint point point-recursive minimal fbd discrete; do
  screen | grep -Eq "(^|│)$name *(│|\$)" && titles=$((titles + 1))
done
expect_eq seven-titles "$titles" 7
expect_eq seven-evals-whole "$(screen | grep -Eo '[0-9]+ evals' | wc -l)" 7
expect_eq seven-phi-whole "$(screen | grep -Eo 'max \|Phi\| [0-9.]+e-[0-9]{2}' | wc -l)" 7
# the energy's books, each pane: its change, the work put in, the drift
# (a driven run's "dE 4.3e+00" was its motor's work)
expect_eq seven-energy "$(screen | grep -Eo '(E change|work|drift) [0-9.]+e[-+][0-9]{2}' | wc -l)" 21
width=$(screen | LC_ALL=C.UTF-8 wc -L)
if [ "$width" -le 80 ]; then pass; else fail seven-width "lines of $width columns at 80"; fi
keys q; check_screen seven-table 'not run \(they cannot do this analysis here\):' 5
check_screen seven-skipped '^    vector +kinematics only' 2
keys C-d; check_screen seven-exits 'EXITED=0'

# TERM=dumb, a terminal that cannot move its cursor (issue 25): the
# animation, a plot and a comparison come out as the text --batch prints,
# with a word on why, instead of one line written over and over
TERM_ENV="TERM=dumb LANG=C.UTF-8"
start "$MB" 80 24
check_screen dumb-prompt '^mb> ?$'
line 'r = mb.example("pendulum"):simulate{ tf = 2 }' 'r:animate()'
check_screen dumb-animate-text '^-- t = 2$' 5
if $T capture-pane -p -S -100 -t mb | grep -q 'TERM=dumb) cannot move its cursor; showing text instead'; then pass
else fail dumb-animate-says "no word on why the text"; fi
line 'r:plot("rod.angle")'
check_screen dumb-plot-text '━ rod.angle \[rad\]' 5
line 'c = mb.compare(mb.example("pendulum"), {"body", "joint"}, { tf = 1 })'
check_screen dumb-compare-table '^  largest difference from body' 5
line '=1+1'; check_screen dumb-prompt-works '^2$'
keys C-d; check_screen dumb-exits 'EXITED=0'
TERM_ENV="TERM=xterm-256color LANG=C.UTF-8"

# the ncurses path under valgrind: animate, pause, resize, explain, quit
if command -v valgrind >/dev/null; then
  start "valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 $MB"
  check_screen vg-prompt '^mb> ?$' 20
  line 'r = loadfile(mb.paths.examples .. "/pendulum.lua")("model")():simulate{ tf = 2 }' 'r:animate()'
  check_screen vg-plays 't = [0-9.]+/2' 20
  keys ' '; sleep 0.3; $T resize-window -t mb -x 70 -y 22; sleep 0.5
  keys e; check_screen vg-explain 'pendulum at t = [0-9.]+ in body' 20
  keys Down; sleep 0.5; keys x; check_screen vg-explain-back 't = [0-9.]+/2' 10
  keys e; check_screen vg-explain-again 'pendulum at t = [0-9.]+ in body' 20
  keys q; check_screen vg-back '^mb> ?$' 10
  line 'r:plot("rod.angle")'; check_screen vg-plot 'q back to the prompt' 10
  keys q; check_screen vg-plot-back '^mb> ?$' 10
  keys C-d; check_screen vg-clean 'EXITED=0' 30
fi

finish
