#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The REPL as a student meets it: driven in tmux with send-keys, read back
# with capture-pane.
. tests/lib.sh
. tests/tmux.sh

start "$MB"
check_screen greeting 'Type help for a tour'
check_screen prompt '^mb> ?$'
line '=1+1';               check_screen equals-expr '^2$'
line 'x = {b = 2, a = {1, 2}}' 'x'
check_screen table-printed '^\{a = \{1, 2\}, b = 2\}$'
line 'long = {}' 'for i = 1, 20 do long[i] = i end' 'long'
check_screen long-array-cut '^\{1, 2, 3, 4, 5, 6, 7, 8, 9, \.\.\. \(9 hidden, 20 in all\) \.\.\., 19, 20\}$'
# a top-level local at the prompt is gone at the next line: said once, in
# one line; a local inside a block, a string or a comment says nothing
line 'do local inner = 1 end' 's = "local x" -- local y'
line 'local m = mb.model{ name = "pasted" }'
check_screen local-note "^At the prompt each line is its own chunk: a local ends with it\. Drop 'local'\.$"
line '=m'; check_screen local-gone '^nil \(no variable m is set\)$'
# a misspelt name says it is not set (it printed a bare nil); nil itself and
# a nil field do not
line 'clear'; check_screen unset-name '^nil \(no variable clear is set\)$'
line 'nil'; check_screen nil-itself '^nil$'
line 'nf = {}' 'nf.y'; check_screen nil-field '^nil$'
line 'local again = 1' 'm = mb.model{ name = "kept" }' '=m.name'; check_screen global-kept '^kept$'
expect_eq local-note-once "$(screen | grep -c 'each line is its own chunk')" 1
line 'help "repl"'; check_screen local-in-help 'not local m: each line is its own chunk'
keys C-l
line 'function sq(v)';     check_screen continuation '^>> ?$'
line 'return v * v' 'end' 'sq(12)'
check_screen multi-line '^144$'
text 'mb.vec.ro'; keys Tab; sleep 0.1; keys Tab;        check_screen tab-completion 'mb\.vec\.rot\( +mb\.vec\.rotate\('
keys C-u; text 'mb.ma'; keys Tab;            check_screen tab-field 'mb> mb\.mat$'
# an error typed at the prompt is the prompt's (it said stdin:1:)
keys C-u; line 'error("boom")';  check_screen error-shown '^prompt:1: boom$'
# an expression's error is on the line typed (it said stdin:2), a trailing
# comment included
line 'nosuch.field'; check_screen expr-error-line "^prompt:1: attempt to index a nil value \(global 'nosuch'\)$"
line 'x.a.b.c -- deep'; check_screen expr-error-line-comment "^prompt:1: attempt to index a nil value \(field 'b'\)$"
# completion offers what a student may use, not the library's internals
# (__tostring, m:compile, mb.core were offered)
keys C-l; line 'm = mb.example("pendulum")'
text 'm:co'; keys Tab; sleep 0.1; keys Tab; check_screen tab-methods 'm:compare\( +m:contact\( +m:correct\('
if screen | grep -q 'm:compile'; then fail tab-no-internal-method "m:compile offered"; else pass; fi
keys C-u; text 'm:'; keys Tab; sleep 0.1; keys Tab; check_screen tab-all-methods 'm:simulate\('
if screen | grep -q '__tostring'; then fail tab-no-metamethods "__tostring offered"; else pass; fi
keys C-u; text 'mb.co'; keys Tab; sleep 0.1; keys Tab; check_screen tab-mb 'mb\.compare\( +mb\.contact_force\('
if screen | grep -q 'mb\.core'; then fail tab-no-core "mb.core offered"; else pass; fi
keys C-u
line '1 + 2 -- three'; check_screen expr-comment-prints '^3$'
line 'while true do end'; seen 'mb> while true do end'; sleep 0.3; keys C-c
check_screen ctrl-c-interrupts 'interrupted!'
line '=2*21';              check_screen alive-after-interrupt '^42$'
text 'half typed'; seen 'mb> half typed'; keys C-c; check_screen ctrl-c-clears 'half typed\^C'
keys C-c;                        check_screen ctrl-c-empty-warns 'press Ctrl-C again or Ctrl-D'
line 'help';               check_screen help 'lessons\(\) +list the lessons'
line 'lesson(2)';          check_screen lesson-opens 'Lesson 2, step 1 of'
check_screen lesson-prompt 'mb\[2\.1\]> ?$'
line 'next()' 'check(120)'
check_screen wrong-answer 'second quadrant'
line 'hint()';             check_screen hint 'Hint 1 of 3'
line 'check(240)';         check_screen right-answer '^Correct\.$'
line 'next()' 'run()'
check_screen run-code 'mb> math\.deg\(mb\.vec\.angle\(s\)\)'
keys C-d;                        check_screen ctrl-d-exits 'EXITED=0'
hist=$(cat "$XDG_STATE_HOME/mechbench/history" 2>/dev/null)
expect_match history-saved "$hist" 'sq\(12\)'
expect_match history-multiline "$hist" 'function sq'

# history and progress come back in a new session
start "$MB"
check_screen prompt-again '^mb> ?$'
keys Up;                         check_screen history-recalled 'mb> lesson\(2\)|mb> next\(\)|mb> run\(\)'
keys C-u; line 'lesson(2)';      check_screen progress-resumes 'Lesson 2, step 3 of'
keys C-c; sleep 0.2; keys C-c;                    check_screen double-ctrl-c-exits 'EXITED=0'

# a lesson at 80 x 24, as a student meets it: a near miss says how near in
# one line, next() past an open exercise says so, run() keeps the student's m
start "$MB --lesson 10" 80 24
check_screen lesson10-opens 'Lesson 10: Point coordinates'
line 'lesson(10, 9)' 'check(0.2893)'
check_screen near-miss-one-line '^Close: 0\.22% off; the check wants 0\.1%\. Keep more digits, or type hint\(\)\.$'
line 'check(0.2887)';          check_screen hint-digits-pass '^Correct\.$'
line 'lesson(10, 5)' 'next()'
check_screen next-unsolved '^Step 5 is not solved yet: back\(\) returns to it, or lesson\(10, 5\) later\.$'
line 'pc = "mine"' 'lesson(10, 8)' 'run()'
check_screen run-keeps-mine "^You have your own pc, so run\(\) left it alone; the lesson's pc is lesson\.pc\.$"
check_screen run-says-how '^Type `pc = lesson\.pc` to use it \(it replaces yours\)\.$'
line '=pc' ;                   check_screen own-pc-kept '^mine$'
keys C-d;                        check_screen lesson10-exit 'EXITED=0'

# errors and warnings at the prompt wrap at words to the terminal's width
# (tmux used to cut "joi|nt"), the first line's file:line: whole, the rest
# indented two spaces; piped, the same message is one line, as scripts and
# CI grep it. $(message CMD): what the screen shows after the prompt line CMD
message() {
  screen | awk -v cmd="mb> $1" '$0 == cmd { buf = ""; on = 1; next } /^mb>/ { on = 0 } on { buf = buf $0 "\n" } END { printf "%s", buf }'
}
# the message's lines joined back into one, as it was before wrapping
unwrapped() { printf '%s\n' "$1" | sed 's/^  //' | paste -sd ' '; }
check_wrapped() { # NAME SHOWN PLAIN
  local bad
  bad=$(printf '%s\n' "$2" | sed 1d | grep -vc '^  [^ ]')
  if [ "$bad" = 0 ] && [ "$(printf '%s\n' "$2" | wc -l)" -gt 1 ]; then pass; else fail "$1-indented" "continuation lines not indented by two spaces:
$2"; fi
  expect_eq "$1-at-words" "$(unwrapped "$2")" "$3"
  local widest; widest=$(printf '%s\n' "$2" | LC_ALL=C.UTF-8 wc -L)
  if [ "$widest" -lt 80 ]; then pass; else fail "$1-width" "a line of $widest columns"; fi
}
# piped lines are standard input's (stdin:1:), typed ones the prompt's
plain_error=$(printf 'mb.example("nosuch")\n' | "$MB" -i 2>&1 | sed 's/^stdin:/prompt:/')
expect_eq piped-error-one-line "$(printf '%s\n' "$plain_error" | wc -l)" 1
plain_warning=$(printf 'm = mb.example("four_bar")\nm.bodies.crank.omega = 2\nr = m:simulate{ tf = 0.1, correct = true }\n' | "$MB" -i 2>&1)
expect_match piped-warning-one-line "$plain_warning" '^stdin:1: warning: four-bar: correct = true moved the start onto the constraints: crank .*rocker .*[0-9]$'
start "$MB" 80 24
check_screen wrap-prompt '^mb> ?$'
line 'mb.example("nosuch")'; check_screen wrap-error-shown '[a-z_]+\)$'
check_wrapped wrap-error "$(message 'mb.example("nosuch")')" "$plain_error"
keys C-l; line 'm = mb.example("four_bar")' 'm.bodies.crank.omega = 2' 'r = m:simulate{ tf = 0.1, correct = true }'
check_screen wrap-warning-shown 'rocker .*[0-9]$'
check_wrapped wrap-warning "$(message 'r = m:simulate{ tf = 0.1, correct = true }')" "$(printf '%s' "$plain_warning" | sed 's/^stdin:/prompt:/')"
# a long string printed as a value (an error kept by pcall, as lesson 14
# shows one) wraps at words too; tmux cut "depend on t|he others"
keys C-l; line 'p = mb.example("pendulum")' 'p:joint{ name = "second pin", type = "revolute", points = {"A", "O"} }'
line 'ok, why = pcall(p.simulate, p, { tf = 1 })' 'why'
check_screen wrap-string-shown 'configuration$'
plain_string=$(printf 'p = mb.example("pendulum")\np:joint{ name = "second pin", type = "revolute", points = {"A", "O"} }\nok, why = pcall(p.simulate, p, { tf = 1 })\nprint(why)\n' | "$MB" -i 2>&1 | grep configuration | sed 's/^stdin:/prompt:/')
check_wrapped wrap-string "$(message 'why')" "$plain_string"
keys C-d; check_screen wrap-exit 'EXITED=0'
# a script's and --batch's messages are not wrapped, at a terminal too
for mode in script batch; do
  flag=; [ $mode = batch ] && flag=--batch
  start "$MB $flag -e 'mb.example(\"nosuch\")'" 80 24
  check_screen "unwrapped-$mode-exit" 'EXITED=1'
  joined=$($T capture-pane -p -J -t mb | grep -c "^(command line):1: mb.example: unknown example 'nosuch' .*[a-z_])$")
  expect_eq "unwrapped-$mode" "$joined" 1
done

# lesson 8 with an m of the student's own: the exercise says its m is the
# lesson's, the hint is typed as shown, and the last step says what is left
start "$MB --lesson 8" 80 24
check_screen lesson8-opens 'Lesson 8, step 1 of 8'
line 'm = mb.example("chain", 3)' 'run()'
check_screen own-m-run '^`m = lesson\.m` to use it \(it replaces yours\)\.$'
line 'next()'
check_screen own-m-step "^Your m is your own; this step means the lesson's, lesson\.m\. Type$"
line 'hint()';                 check_screen hint-code 'm:correct\(\)\.pendulum\.y`$'
line 'm = lesson.m' 'm:correct().pendulum.y'
check_screen hint-typed '^-0\.23301'
line 'check(-0.23301)';        check_screen hint-answer '^Correct\.$'
line 'lesson(8, 8)' 'check(0.62832)'
check_screen last-step-open '^That was the last step, but step 5 is still open: lesson\(8, 5\) goes there\.$'
line 'next()'
check_screen last-step-next '^This is the last step\. Exercises still open: step 5 \(lesson\(8, 5\) goes there\)\.$'
keys C-d;                        check_screen lesson8-exit 'EXITED=0'

# a tiny terminal still works
start "$MB" 20 5
check_screen tiny-prompt 'mb> ?$'
line '=6*7';               check_screen tiny-eval '^42'
line 'lesson(2)';          check_screen tiny-lesson 'next\(\)'
keys C-d;                        check_screen tiny-exit 'EXITED=0'

# --lesson opens the workbench at a lesson; -i keeps the prompt after a script
start "$MB --lesson 2"
check_screen lesson-flag 'Lesson 2: Preliminaries'
keys C-d;                        check_screen lesson-flag-exit 'EXITED=0'
printf 'y = 99\n' > "$SANDBOX/s.lua"
start "$MB -i $SANDBOX/s.lua"
line '=y';                 check_screen dash-i '^99$'
keys C-d;                        check_screen dash-i-exit 'EXITED=0'
# a script's top-level locals end with it: -i says which, and how to keep them
printf 'local m = mb.example("pendulum")\nlocal function f(x) return 2 * x end\nr = m:simulate{ tf = 0.1 }\n' > "$SANDBOX/l.lua"
start "$MB -i $SANDBOX/l.lua" 80 24
check_screen dash-i-locals "The script's locals \(m, f\) ended with it" 5
check_screen dash-i-locals-how "leave out 'local' in the script" 2
line '=#r.t';              check_screen dash-i-globals '^11$'
keys C-d;                        check_screen dash-i-locals-exit 'EXITED=0'

# the terminal is left sane: after exit the shell echoes again
start "bash --norc"
line "$MB";                check_screen nested-prompt '^mb> ?$'
line 'while true do end'; seen 'mb> while true do end'; sleep 0.3; keys C-c; sleep 0.2; keys C-d
sleep 0.3; line 'stty -a | tr " " "\n" | grep -E "^-?(echo|icanon)$" | tr "\n" " "; echo' 
check_screen stty-sane '^(echo icanon|icanon echo) ?$'

# Ctrl-C during a long simulation stops it and keeps what it computed
cat > "$SANDBOX/chain.lua" <<'LUA'
m = mb.model{ name = "chain" }
m:point{ name = "O", body = "ground" }
local prev = "O"
for i = 1, 40 do
  m:body{ name = "l" .. i, mass = 1, inertia = 0.02, pos = {(i - 0.5) * 0.5, 0} }
  m:point{ name = "a" .. i, body = "l" .. i, at = {-0.25, 0} }
  m:point{ name = "b" .. i, body = "l" .. i, at = {0.25, 0} }
  m:joint{ name = "p" .. i, type = "revolute", points = {"a" .. i, prev} }
  prev = "b" .. i
end
LUA
start "$MB" 120 30
check_screen sim-prompt '^mb> ?$'
line "dofile('$SANDBOX/chain.lua')" 'r = m:simulate{ tf = 60, dt = 0.01 }'
check_screen sim-progress 't = [0-9.]+ of 60' 10
keys C-c
check_screen sim-interrupted 'interrupted \(Ctrl-C\) at t = ' 10
line '#m.last.t > 10'
check_screen sim-kept '^true$'
# the discrete-time method's own loop heeds it too (on a cleared screen)
keys C-l; sleep 0.3
line 'm.last = nil; r = m:simulate{ formulation = "discrete", tf = 600, dt = 0.01 }'
check_screen sim-discrete-progress 't = [0-9.]+ of 600' 10
keys C-c
check_screen sim-discrete-interrupted 'interrupted \(Ctrl-C\) at t = ' 10
line '#m.last.t > 10'
check_screen sim-discrete-kept '^true$'
line '=1+1'; check_screen sim-prompt-clean '^2$'
keys C-d; check_screen sim-exit 'EXITED=0'

# a free-body diagram at the prompt of 80 x 24: the picture (arrows,
# labels, the resultant beside m a) short enough that its top stays on the
# screen above the table, and the diagram itself in one line
start "$MB" 80 24
check_screen fbd-prompt '^mb> ?$'
line 'id = mb.example("slider_crank", 1.5):inverse_dynamics{ formulation = "fbd", tf = 0.1 }'
line 'id:fbd("rod", 0)'
check_screen fbd-arrow-label 'wrist .*[0-9.]+ N'
check_screen fbd-picture-top 'crank pin .*[0-9.]+ N'
check_screen fbd-resultant '^  resultant \(.*\) N, moment'
check_screen fbd-table '^  m a, J alpha '
check_screen fbd-one-line "^<fbd of 'rod' at t = 0: 3 forces, summing to m a, J alpha within [0-9.e-]+>$"
keys C-d; check_screen fbd-exit 'EXITED=0'

# Ctrl-C reaches a user force that never returns, called from the C
# integrator, and a loop that wraps its work in pcall
start "$MB" 100 30
check_screen cb-prompt '^mb> ?$'
line 'm = mb.example("pendulum")' 'm:force{ name = "stuck", type = "user", fn = function() while true do end end }' 'r = m:simulate{ tf = 1 }'
seen 'mb> r = m:simulate{ tf = 1 }'; sleep 0.5; keys C-c
# (the terminal may echo ^C on the same line before the message)
check_screen cb-interrupted "(^|\^C)prompt:1: simulation of 'pendulum' stopped: prompt:1: interrupted!" 5
line '=1+1'; check_screen cb-prompt-back '^2$'
keys C-l
line 'k = mb.example("slider_crank", false)' 'k:joint{ name = "spin", type = "driver", joint = "main", fn = function(t) while true do end end }' 'k:kinematics{ tf = 1 }'
seen 'mb> k:kinematics{ tf = 1 }'; sleep 0.5; keys C-c
check_screen driver-interrupted 'prompt:1: interrupted!' 5
line '=2+2'; check_screen driver-prompt-back '^4$'
line 'while true do pcall(function() while true do end end) end'
seen 'mb> while true do pcall'; sleep 0.3; keys C-c
check_screen pcall-interrupted '(^|\^C)prompt:1: interrupted!$' 5
line '=3*3'; check_screen pcall-prompt-back '^9$'
keys C-d; check_screen cb-exit 'EXITED=0'

# SIGTERM at the prompt: readline gives the terminal back, then the program
# ends by the signal
sane='stty -a | tr " ;" "\n\n" | grep -xE -- "-?(icanon|echo|isig)" | tr "\n" " "'
start "$MB; echo rc=\$?; $sane" 80 24
check_screen term-prompt '^mb> ?$'
text 'half typed'
kill -TERM "$(pgrep -n -f "^$MB\$")"
check_screen term-exit '^rc=143$' 3
check_screen term-sane '^isig icanon echo EXITED=0' 3

# a limit reached at the prompt ends the session with its message, exit 3
start "$MB --cpu 0.5; echo rc=\$?; $sane" 80 24
check_screen limit-prompt '^mb> ?$'
line 'while true do end'
check_screen limit-said '^mechbench: the CPU limit of 0\.5 s was reached at prompt:1$' 5
check_screen limit-exit '^rc=3$' 3
expect_eq limit-said-once "$(screen | grep -c "CPU limit")" 1
check_screen limit-sane '^isig icanon echo EXITED=0' 3

# --sandbox at the prompt: each line runs in the sandbox
start "$MB --sandbox"
check_screen sandbox-prompt '^mb> ?$'
line 'io.write("x")'; check_screen sandbox-refused '^prompt:1: io\.write is not allowed in the sandbox'
line '=mb.core == nil and #mb.example("pendulum"):simulate{ tf = 0.1 }.t'; check_screen sandbox-mb '^11$'
keys C-d; check_screen sandbox-exit 'EXITED=0'

# the readline path under valgrind: completion, an interrupt, a lesson
if command -v valgrind >/dev/null; then
  start "valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 $MB"
  check_screen vg-prompt '^mb> ?$' 20
  text 'mb.vec.ro'; keys Tab; sleep 0.3; keys Tab; check_screen vg-complete 'mb\.vec\.rotate\(' 10
  keys C-u; line 'for i = 1, 1e9 do end'; seen 'mb> for i = 1, 1e9 do end' 20; sleep 1; keys C-c; check_screen vg-interrupt 'interrupted!' 10
  line 'lesson(2, 2)' 'check(240)'; check_screen vg-lesson '^Correct' 10
  keys C-d; check_screen vg-clean 'EXITED=0' 20
fi

finish
