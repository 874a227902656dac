#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The command line: options, batch exit codes, error messages, piped input.
. tests/lib.sh
cd "$SANDBOX"

out=$("$MB" --version); expect_match version "$out" '^mechbench [0-9]+\.[0-9]+\.[0-9]+ \(Lua 5\.4'
expect_match "version names the licence" "$out" 'GPL-3\.0-or-later'
out=$("$MB" --help); expect_match help "$out" '--batch' ; expect_match help-lesson "$out" '--lesson N'
out=$("$MB" --frobnicate 2>&1); rc=$?
expect_eq unknown-option-rc "$rc" 2; expect_match unknown-option-msg "$out" "unknown option '--frobnicate'"

out=$("$MB" -e 'print(1 + 2)'); expect_eq dash-e "$out" 3
out=$("$MB" -e 'x = 5' -e 'print(x * 2)'); expect_eq dash-e-twice "$out" 10

printf 'print(arg[0], arg[1], arg[2], #arg)\n' > args.lua
out=$("$MB" args.lua one two); expect_eq script-args "$out" "$(printf 'args.lua\tone\ttwo\t2')"

printf 'print("fine")\n' > ok.lua
out=$("$MB" --batch ok.lua); rc=$?
expect_eq batch-ok-rc "$rc" 0; expect_eq batch-ok-out "$out" fine
out=$("$MB" --batch ok.lua </dev/null); expect_eq batch-closed-stdin "$out" fine

printf 'local x = 1\nlocal y = = 2\n' > syntax.lua
err=$("$MB" --batch syntax.lua 2>&1 >/dev/null); rc=$?
expect_eq syntax-rc "$rc" 1; expect_match syntax-msg "$err" '^syntax\.lua:2: '

printf 'local t = nil\n\nprint(t.field)\n' > runtime.lua
err=$("$MB" --batch runtime.lua 2>&1 >/dev/null); rc=$?
expect_eq runtime-rc "$rc" 1; expect_match runtime-msg "$err" "^runtime\.lua:3: attempt to index a nil value \(local 't'\)"

printf 'error("the model is wrong")\n' > raise.lua
err=$("$MB" --batch raise.lua 2>&1 >/dev/null); rc=$?
expect_eq error-rc "$rc" 1; expect_eq error-msg "$err" "raise.lua:1: the model is wrong"

err=$("$MB" --batch nosuch.lua 2>&1); rc=$?
expect_eq missing-rc "$rc" 2; expect_match missing-msg "$err" 'cannot open nosuch\.lua'

err=$("$MB" --lesson 99 </dev/null 2>&1); rc=$?
expect_eq unknown-lesson-rc "$rc" 2; expect_match unknown-lesson-msg "$err" 'there is no lesson 99; the lessons are 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14'
err=$("$MB" --lesson two </dev/null 2>&1); rc=$?
expect_eq lesson-not-number-rc "$rc" 2; expect_match lesson-not-number "$err" "takes a number"

# --batch never starts a prompt, even with -i
out=$(printf 'print("from stdin")\n' | "$MB" --batch ok.lua); expect_eq batch-no-repl "$out" fine
# the batch flag is visible to scripts
out=$("$MB" --batch -e 'print(mb.batch)' ); expect_eq batch-flag "$out" true

# -i reads piped lines as at the prompt: expressions print, statements do
# not, errors do not end it
out=$(printf '=1+1\nx = 3\nx * 2\nerror("oops")\nfunction f(a)\n  return a + 1\nend\nf(41)\n' | "$MB" -i 2>&1); rc=$?
expect_eq piped-rc "$rc" 0
expect_eq piped-out "$out" "$(printf '2\n6\nstdin:1: oops\n42')"
out=$("$MB" </dev/null); expect_eq closed-stdin "$?" 0

# standard input that is not a terminal is the script, as in lua(1), and
# so is "-"; an error in it is exit 1 with stdin:line
err=$(printf 'error("x")\n' | "$MB" --batch 2>&1); rc=$?
expect_eq stdin-batch-error-rc "$rc" 1; expect_eq stdin-batch-error "$err" "stdin:1: x"
err=$(printf 'print("a")\nerror("x")\n' | "$MB" 2>&1); rc=$?
expect_eq stdin-error-rc "$rc" 1; expect_eq stdin-error "$err" "$(printf 'a\nstdin:2: x')"
out=$(printf 'print(select("#", ...), arg[0], ...)\n' | "$MB" - one two); rc=$?
expect_eq stdin-dash-rc "$rc" 0; expect_eq stdin-dash "$out" "$(printf '2\t-\tone\ttwo')"
out=$(printf 'print("piped")\n' | "$MB" --batch -); expect_eq stdin-dash-batch "$out" piped
out=$(printf 'x = 1\nx + 1\n' | "$MB" 2>&1); rc=$?   # a script: an expression is an error
expect_eq stdin-is-a-script-rc "$rc" 1; expect_match stdin-is-a-script "$out" '^stdin:2: '
printf 'print("a file named -")\n' > ./-
out=$("$MB" -- - </dev/null); expect_eq dash-after-options-is-a-file "$out" "a file named -"
rm ./-
# --batch with nothing to run, at a terminal (script(1) gives it one)
if command -v script >/dev/null; then
  out=$(script -qec "$MB --batch" /dev/null </dev/null 2>&1); rc=$?
  expect_eq batch-nothing-rc "$rc" 2; expect_match batch-nothing "$out" '--batch has nothing to run'
fi

# exit status: 0 success, 1 an error in the script or model, 2 a usage
# error, 3 a limit reached
printf 'local m = mb.model{ name = "m" }\nm:body{ name = "b", mass = -1 }\n' > badmodel.lua
err=$("$MB" --batch badmodel.lua 2>&1); rc=$?
expect_eq model-error-rc "$rc" 1; expect_match model-error "$err" '^badmodel\.lua:2: '
for bad in "--cpu" "--cpu x" "--mem 0" "-e" "--lesson" "--lesson 1.5" "-x"; do
  "$MB" --batch $bad </dev/null >/dev/null 2>&1; expect_eq "usage-rc $bad" "$?" 2
done
"$MB" --batch --cpu 0.3 -e 'while true do end' 2>/dev/null; expect_eq cpu-limit-rc "$?" 3
"$MB" --batch --mem 30 -e 'local t = {} for i = 1, 1e9 do t[i] = { i } end' 2>/dev/null; expect_eq mem-limit-rc "$?" 3
out=$("$MB" --help); expect_match help-exit-status "$out" '0 success, 1 an error in the script or model'
expect_eq help-80-columns "$(printf '%s\n' "$out" | awk 'length > 80' | wc -l)" 0
man1=$(MANWIDTH=200 man -l "$OLDPWD/man/mechbench.1" 2>/dev/null | sed 's/.\x08//g' | sed -n '/^EXIT STATUS/,/^[A-Z]/p')
for n in 0 1 2 3; do expect_match "man exit status $n" "$man1" "^ +$n +[A-Za-z]"; done

# lesson progress survives a restart
"$MB" -e 'lesson(2, 2)' -e 'check(240)' >/dev/null
# (a long title puts the progress on the line below, to fit 80 columns)
out=$("$MB" -e 'lessons()' | tr '\n' ' ')
expect_match progress-kept "$out" '2  Preliminaries[^[]*\[step [0-9]+ of [0-9]+, 1/9 exercises\]'
expect_match progress-file "$(cat "$XDG_DATA_HOME/mechbench/progress.lua")" 'done = \{ \[2\] = true \}'

# the lesson self-test through the program (what make check feeds in)
out=$("$MB" --batch -e 'local p, f = mb.lesson.selftest(2); print(p, f)'); expect_match lesson2-selftest "$out" '^[0-9]+	0$'

# every example runs in batch mode, in both formulations, and prints its summary
for ex in "$OLDPWD"/examples/*.lua; do
  out=$("$MB" --batch "$ex" 2>&1); rc=$?
  expect_eq "example $(basename "$ex") rc" "$rc" 0
  expect_match "example $(basename "$ex") prints" "$out" '[0-9]'
  if grep -q 'local formulation = (...)' "$ex"; then
    out=$("$MB" --batch "$ex" joint 2>&1); rc=$?
    expect_eq "example $(basename "$ex") joint rc" "$rc" 0
    expect_match "example $(basename "$ex") joint coordinates" "$out" 'joint coordinates'
  fi
done
# r:csv("-") and r:json("-") write to standard output (no file named "-")
out=$("$MB" --batch -e 'mb.example("pendulum"):simulate{ tf = 0.1, dt = 0.05 }:csv("-")')
expect_eq csv-stdout "$(printf '%s\n' "$out" | head -n 1)" 't,rod.x,rod.y,rod.angle,rod.vx,rod.vy,rod.omega,rod.ax,rod.ay,rod.alpha,pin.fx,pin.fy,pin.torque,energy.kinetic,energy.potential,energy.total,energy.work,violation'
expect_eq csv-stdout-rows "$(printf '%s\n' "$out" | wc -l)" 4
out=$("$MB" --batch -e 'mb.example("pendulum"):simulate{ tf = 0.1, dt = 0.05 }:json("-")')
expect_match json-stdout "$out" '^"t":\[0,0\.050000000000000003,0\.10000000000000001\],$'
if [ -e ./- ]; then fail no-file-named-dash "r:csv(\"-\") made a file"; else pass; fi
# the issue's helpers that printed NaN: an error at the line, exit 1
err=$("$MB" --batch -e 'print(mb.friction.brown_mcphee(1, { mu_s = 0.3, mu_d = 0.2, v_t = 0 }))' 2>&1); rc=$?
expect_eq brown-mcphee-vt0-rc "$rc" 1
expect_eq brown-mcphee-vt0 "$err" "(command line):1: mb.friction.brown_mcphee: v_t must be positive (got 0)"
err=$("$MB" --batch -e 'print(mb.newton(function(x) return 0/0 end, 1, { derivative = function() return 1 end }))' 2>&1); rc=$?
expect_eq newton-nan-rc "$rc" 1
expect_eq newton-nan "$err" "(command line):1: mb.newton: f(x) is NaN at x = 1 (iteration 1): Newton-Raphson cannot go on"
printf 'print(...)\n' > dots.lua
out=$("$MB" dots.lua a b); expect_eq script-varargs "$out" "$(printf 'a\tb')"

finish
