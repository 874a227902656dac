#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# --sandbox, --cpu, --mem and grading several scripts: each forbidden thing
# refused at the script's line with exit 1 (and allowed without --sandbox),
# each limit reached in Lua code, in a run and in a callback with a clear
# message and exit 1, a graded folder's report and exit status.
. tests/lib.sh
cd "$SANDBOX"

# run_sb NAME CODE: CODE as line 2 of NAME.lua (line 1 is a comment), run
# under --sandbox --batch; sets out (stdout and stderr) and rc
run_sb() {
  printf -- '-- %s\n%s\n' "$1" "$2" > "$1.lua"
  out=$("$MB" --sandbox --batch "$1.lua" 2>&1); rc=$?
}
# refused NAME CODE WHAT: under --sandbox, "NAME.lua:2: WHAT is not allowed
# in the sandbox" and exit 1; without it the code runs (exit 0)
refused() {
  run_sb "$1" "$2"
  expect_eq "$1-rc" "$rc" 1
  expect_match "$1-msg" "$out" "^$1\\.lua:2: $3 is not allowed in the sandbox \\(.+\\)$"
  out=$("$MB" --batch "$1.lua" 2>&1); rc=$?
  expect_eq "$1-allowed-outside" "$rc" 0
}

printf 'return 1\n' > other.lua
refused io-open 'local f = io.open("written.txt", "w") f:write("x") f:close()' 'io\.open'
refused io-write 'io.write("hello\n")' 'io\.write'
refused io-stdout 'io.stdout:write("hello\n")' 'io\.stdout'
refused os-execute 'os.execute("true")' 'os\.execute'
refused os-getenv 'print(os.getenv("HOME"))' 'os\.getenv'
refused os-remove 'os.remove("nothing-here")' 'os\.remove'
refused require-core 'require "mechbench.core"' 'require "mechbench\.core"'
refused require-reference 'require "mechbench.reference"' 'require "mechbench\.reference"'
refused require-init 'require "mechbench.init"' 'require "mechbench\.init"'
refused require-io 'require "io"' 'require "io"'
refused package-loadlib 'print(package.loadlib("libc.so.6", "*"))' 'package\.loadlib'
refused package-searchpath 'print(package.searchpath("x", "./?.lua"))' 'package\.searchpath'
refused load-dump 'print(load(string.dump(function() return 1 end))())' 'load of a binary chunk \(string\.dump\)'
refused load-reader 'local s = string.dump(function() end) print(load(function() local p = s s = nil return p end))' 'load of a binary chunk \(string\.dump\)'
refused load-mode-b 'print(load("return 1", "x", "b"))' 'load in mode "b"'
refused loadfile 'print(loadfile("other.lua"))' 'loadfile'
refused dofile 'print(dofile("other.lua"))' 'dofile'
refused debug-sethook 'debug.sethook(print, "l")' 'debug\.sethook'
refused debug-getinfo 'print(debug.getinfo(1).source)' 'debug\.getinfo'
refused string-metatable 'getmetatable("").__index.upper = print' 'getmetatable of a string'
refused loaded-real-g 'package.loaded._G.io.write("x\n")' 'io\.write'
refused r-csv 'mb.example("pendulum"):simulate{ tf = 0.1 }:csv("run.csv")' 'r:csv: writing a file'
refused r-json 'mb.example("pendulum"):simulate{ tf = 0.1 }:json("run.json")' 'r:json: writing a file'
[ -e written.txt ] && [ -e run.csv ] && [ -e run.json ] && pass || fail files-written-outside "io.open, r:csv and r:json wrote nothing without --sandbox"
# standard output is no file: r:csv("-") and r:json("-") write there, as print does
rm -f run.csv run.json
run_sb csv-stdout 'local r = mb.example("pendulum"):simulate{ tf = 0.1, dt = 0.05 } r:csv("-") r:json("-")'
expect_eq csv-stdout-rc "$rc" 0
expect_match csv-stdout "$out" '^t,rod\.x,rod\.y,'
expect_match json-stdout "$out" '^"model":"pendulum",$'
[ -e run.csv ] || [ -e run.json ] || [ -e - ] && fail stdout-no-file "a file was written" || pass

# a precompiled script is refused; its source would have run
"$MB" -e 'local f = io.open("binary.lua", "wb") f:write(string.dump(load("print(42)"))) f:close()'
out=$("$MB" --sandbox --batch binary.lua 2>&1); rc=$?
expect_eq binary-script-rc "$rc" 1
expect_match binary-script-msg "$out" '^binary\.lua: a precompiled \(binary\) chunk is not allowed in the sandbox'
expect_eq binary-script-outside "$("$MB" --batch binary.lua)" 42
# -e runs in the sandbox too
out=$("$MB" --sandbox --batch -e 'io.write("x")' 2>&1); rc=$?
expect_eq dash-e-rc "$rc" 1
expect_match dash-e-msg "$out" '^\(command line\):1: io\.write is not allowed in the sandbox'

# what the sandbox keeps: the library works, mb is there without mb.core,
# text chunks load with the sandbox's globals, os's clock, require of mb
run_sb allowed 'local m = mb.example("four_bar") local r = m:simulate{ tf = 0.5 }
print(#r.t, mb.core == nil, mb.sandbox, require("mechbench") == mb, require("mechbench.fn") == mb.fn)
x = 20 print(load("return x + 1")(), load("return y", "c", "t", { y = 3 })())
print(os.clock() >= 0, os.time() > 0, os.date("%Y") ~= nil, type(string.rep), #arg)
string.format = nil print(("%d"):format(7), mb.pretty.format({ 1, 2 }))
help "m:simulate"'
expect_eq allowed-rc "$rc" 0
expect_match allowed-library "$out" '^51	true	true	true	true$'
expect_match allowed-load "$out" '^21	3$'
expect_match allowed-os-clock "$out" '^true	true	true	function	0$'
expect_match allowed-copies "$out" '^7	\{1, 2\}$'
expect_match allowed-help "$out" 'Forward dynamics'
# lesson commands work; progress is not saved (no file left behind)
out=$("$MB" --sandbox --batch -e 'lesson(2, 2)' -e 'check(240)' 2>&1); rc=$?
expect_eq lesson-rc "$rc" 0; expect_match lesson-check "$out" 'Correct'
[ -e "$XDG_DATA_HOME/mechbench/progress.lua" ] && fail lesson-no-progress "progress saved in the sandbox" || pass
# lesson code falls back to the sandbox's globals, never the real ones
run_sb lesson-escape 'local p, f = mb.lesson.selftest({ steps = { { text = "x", code = "os.execute(\"touch pwned\")" } } })
print(p, f)'
expect_match lesson-escape-caught "$out" '^1	1$'
[ -e pwned ] && fail lesson-escape-contained "lesson code ran os.execute" || pass
# what one script changes in the shared libraries stays in its sandbox
run_sb shared 'table.insert = nil; math.max = nil; print(#mb.example("pendulum"):simulate{ tf = 0.1 }.t)'
expect_eq shared-copies "$out" 11
# ... and so does what it changes in mb's own tables: mb.paths pointed at
# the script's folder made mb.example, lesson() and problem() load the
# script itself with the library's globals (io, os), out of the sandbox
mkdir paths
cat > paths/evil.lua <<'LUA'
local function build() io.open("escaped", "w"):close() return mb.model{ name = "x" } end
if ... == "model" then return build end
return { chapter = 2, title = io.open("escaped", "w"):close() and "t", problems = {} }
LUA
cp paths/evil.lua paths/02-evil.lua
for which in examples lessons problems; do
  printf -- '-- %s\nmb.paths.%s = "paths"; require("mechbench.fn").forms = nil\nprint(pcall(mb.example, "evil")) print(pcall(lesson, 2)) print(pcall(problem, "2.1"))\nprint(#mb.paths.%s, #mb.example() > 1, (pcall(mb.fn.poly, { 1 })))\n' "$which" "$which" "$which" > "paths-$which.lua"
  out=$("$MB" --sandbox --batch "paths-$which.lua" 2>&1); rc=$?
  expect_eq "paths-$which-rc" "$rc" 0
  # the library still reads its own paths and its own mb.fn
  expect_match "paths-$which-library-own" "$out" '^5	true	true$'
  [ -e escaped ] && fail "paths-$which-contained" "mb.paths.$which reached the library" || pass
  rm -f escaped
done
# the library's record of mb.fn's forms (which the C core evaluates in
# place of the function) is not in the script's mb.fn: rawset put a form of
# the script's choosing in place of a function of its own
run_sb fn-forms 'local g = function() return 0, 0, 0 end
print(mb.fn.forms == nil, pcall(rawset, mb.fn.forms, g, { "poly", 0, 1, 0 }), type(mb.fn.poly{ 1 }))'
expect_eq fn-forms-withheld "$out" 'true	false	function'
# help is the sandbox's mb.help, not the library's own table
out=$("$MB" --sandbox --batch -e 'print(rawequal(help, mb.help), rawequal(help, require("mechbench.help")))')
expect_eq help-own-copy "$out" 'true	true'

# the C core's objects: a userdata's metatable is refused (a run's __gc
# called by hand freed the run its series then read: a crash), and a
# series' metatable is hidden, with or without --sandbox (setting its
# series or index made the C core read and call past its table)
refused userdata-metatable 'getmetatable(mb.mat{ { 1 } }).__index = print' 'getmetatable of a userdata'
run='local r = mb.example("pendulum"):simulate{ tf = 0.1 }'
for mode in --sandbox --batch; do
  out=$("$MB" $mode --batch -e "$run print(getmetatable(r.violation), pcall(setmetatable, r.violation, {}))" 2>&1)
  expect_eq "series-metatable-hidden$mode" "$out" "false	false	cannot change a protected metatable"
  out=$("$MB" $mode --batch -e "$run getmetatable(r.violation).series = 1e6 print(#r.violation)" 2>&1); rc=$?
  expect_eq "series-what-rc$mode" "$rc" 1
  out=$("$MB" $mode --batch -e "$run local x = r:body('rod').x getmetatable(x).index = 1e8 print(x[1])" 2>&1); rc=$?
  expect_eq "series-index-rc$mode" "$rc" 1
done
out=$("$MB" --batch -e "$run getmetatable(r._run).__gc(r._run) print(r.violation[1])" 2>&1); rc=$?
expect_eq run-gc-rc "$rc" 1
expect_eq run-series-intact "$("$MB" --sandbox --batch -e "$run print(#r.violation, #r:body('rod').x)")" "11	11"

# --- limits: a clear message, exit 3, with or without --sandbox, soon after
# the limit in CPU time
# The CPU time this shell's children have used, in milliseconds, into
# $cpu_ms (times' second line: their user and system time; times runs in
# this shell, not in a $(...) subshell, which has children of its own).
children_cpu_ms() {
  times > "$SANDBOX/times"
  cpu_ms=$(tail -n 1 "$SANDBOX/times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] } printf "%d", t * 1000 }')
}
# Stopped soon after the limit: within `within` seconds of CPU time (the
# processor time the limit counts; wall time on a loaded machine says
# little), and of wall time five times that.
limit() { # NAME WANT OPTIONS... (the script NAME.lua, written before)
  local name=$1 want=$2; shift 2
  local t0=$SECONDS c0
  children_cpu_ms; c0=$cpu_ms
  out=$("$MB" --batch "$@" "$name.lua" 2>&1); rc=$?
  children_cpu_ms
  local cpu=$((cpu_ms - c0)) wall=$((SECONDS - t0)) bound=${within:-4}
  expect_eq "$name-rc" "$rc" 3
  expect_match "$name-msg" "$out" "$want"
  if [ "$cpu" -le $((bound * 1000)) ] && [ "$wall" -le $((5 * bound)) ]; then pass
  else fail "$name-fast" "took $cpu ms of CPU time, $wall s in all"; fi
}
printf 'local x = 0\nwhile true do\n  x = x + 1\nend\n' > busy.lua
limit busy '^mechbench: the CPU limit of 1 s was reached at busy\.lua:[23]$' --cpu 1
limit busy '^mechbench: the CPU limit of 0\.5 s was reached at busy\.lua:[23]$' --sandbox --cpu 0.5
printf 'local m = mb.example("chain", 64)\nlocal r = m:simulate{ tf = 100 }\n' > chain.lua
limit chain '^mechbench: the CPU limit of 1 s was reached at chain\.lua:2, during a simulation at t = [0-9.e-]+$' --cpu 1
# a pcall cannot swallow the limit; nor a coroutine hide from it
printf 'while true do\n  pcall(function() while true do end end)\nend\n' > swallow.lua
limit swallow '^mechbench: the CPU limit of 0\.5 s was reached at swallow\.lua:[12]$' --cpu 0.5
printf 'local co = coroutine.wrap(function()\n  while true do end\nend)\nco()\n' > hidden.lua
limit hidden '^mechbench: the CPU limit of 0\.5 s was reached at hidden\.lua:2$' --cpu 0.5
# a user force that never returns, called from the C integrator
printf 'local m = mb.example("pendulum")\nm:force{ name = "stuck", type = "user", fn = function()\n  while true do end\nend }\nm:simulate{ tf = 1 }\n' > stuck.lua
limit stuck '^mechbench: the CPU limit of 0\.5 s was reached at stuck\.lua:3$' --cpu 0.5
printf 'local t = {}\nfor i = 1, 1e9 do\n  t[i] = { i }\nend\n' > fill.lua
limit fill '^mechbench: the memory limit of 50 MB was reached at fill\.lua:3$' --mem 50
printf 'local t = {}\nwhile true do\n  pcall(function() for i = 1, 1e9 do t[#t + 1] = { i } end end)\nend\n' > fill_swallow.lua
limit fill_swallow '^mechbench: the memory limit of 50 MB was reached at fill_swallow\.lua:3$' --mem 50 --cpu 3
printf 'local s = "x"\nwhile true do\n  s = s .. s\nend\n' > strings.lua
limit strings '^mechbench: the memory limit of 20 MB was reached at strings\.lua:3$' --sandbox --mem 20
# a huge run: 100 free bodies, 10001 samples. Its samples in C pass 40 MB
# during the run; with 100 MB the run ends, and reading its series into Lua
# (900 arrays of 10001 numbers, made when first read) passes the limit in
# Lua's allocator.
cat > huge.lua <<'LUA'
local m = mb.model{ name = "dust" }
for i = 1, 100 do m:body{ name = "b" .. i, mass = 1, inertia = 1, pos = {i, 0}, vel = {0, 1} } end
local r = m:simulate{ tf = 10, dt = 1e-3 }
local read = {}
for i = 1, 100 do for _, k in ipairs { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" } do read[#read + 1] = r:body("b" .. i)[k][1] end end
print(#r.t)
LUA
limit huge '^mechbench: the memory limit of 40 MB was reached at huge\.lua:3, during a simulation at t = [0-9.e-]+$' --mem 40
limit huge '^mechbench: the memory limit of 100 MB was reached at huge\.lua:5$' --mem 100
out=$("$MB" --batch --mem 400 --cpu 20 huge.lua 2>&1); rc=$?
expect_eq huge-fits-rc "$rc" 0; expect_eq huge-fits "$out" 10001
# a C function that never comes back to Lua (a pattern that backtracks for
# ever): RLIMIT_CPU's SIGXCPU, a second or so after the limit, says so
printf 'print(string.find(string.rep("a", 3000), ".-.-.-.-.-.-b"))\n' > backstop.lua
within=8 limit backstop '^mechbench: the CPU limit of 0\.5 s was reached \(in a computation that could not be stopped cleanly\)$' --cpu 0.5
out=$("$MB" --batch --cpu 0.5 -e 'while true do end' 2>&1)
expect_eq dash-e-limit "$out" 'mechbench: the CPU limit of 0.5 s was reached at (command line):1'
for bad in "--cpu 0" "--cpu x" "--mem -5" "--mem inf"; do
  out=$("$MB" $bad --batch busy.lua 2>&1); rc=$?
  expect_eq "bad-limit-rc $bad" "$rc" 2
  expect_match "bad-limit-msg $bad" "$out" "^mechbench: --(cpu|mem) takes a positive number"
done
out=$("$MB" --cpu 2>&1); expect_match limit-needs-value "$out" '--cpu needs an argument'

# --- grading a folder: one process per script, a line each, a summary
mkdir sub
printf 'leak = "from a"\nprint("a says", #mb.example("pendulum"):simulate{ tf = 0.5 }.t)\n' > sub/a.lua
printf 'print("b sees", leak)\nlocal t = nil\nprint(t.field)\n' > sub/b.lua
printf 'local n = 0\nwhile true do\n  n = n + 1\nend\n' > sub/c.lua
t0=$SECONDS
children_cpu_ms; c0=$cpu_ms
out=$("$MB" --sandbox --batch --cpu 1 --mem 200 sub/*.lua 2>/dev/null); rc=$?
children_cpu_ms
expect_eq grade-rc "$rc" 1
expect_eq grade-report "$out" "  | a says	51
sub/a.lua: OK
  | b sees	nil
sub/b.lua: FAILED: sub/b.lua:3: attempt to index a nil value (local 't')
sub/c.lua: FAILED: the CPU limit of 1 s was reached at sub/c.lua:3
3 scripts: 1 OK, 2 failed"
# the looping script stopped at its limit: judged in CPU time, as the limits
# above (wall time on a loaded machine says little: 6 s at a load of 10)
if [ $((cpu_ms - c0)) -le 4000 ] && [ $((SECONDS - t0)) -le 20 ]; then pass
else fail grade-fast "took $((cpu_ms - c0)) ms of CPU time, $((SECONDS - t0)) s in all"; fi
err=$("$MB" --sandbox --batch --cpu 1 sub/*.lua 2>&1 >/dev/null)
expect_match grade-stderr-passes "$err" "^  \\| sub/b\\.lua:3: attempt to index"
out=$("$MB" --sandbox --batch --cpu 5 sub/a.lua sub/a.lua 2>&1); rc=$?
expect_eq grade-all-ok-rc "$rc" 0
expect_match grade-all-ok "$out" '^2 scripts: 2 OK, 0 failed$'
# a missing file and a sandbox refusal are failures like any other
printf 'os.exit(0)\n' > sub/d.lua
out=$("$MB" --sandbox --batch sub/d.lua sub/none.lua 2>/dev/null); rc=$?
expect_eq grade-refusal-rc "$rc" 1
expect_match grade-refusal "$out" '^sub/d\.lua: FAILED: sub/d\.lua:1: os\.exit is not allowed in the sandbox'
expect_match grade-missing "$out" '^sub/none\.lua: FAILED: cannot open sub/none\.lua'
# a script's output is quoted, so it cannot pass for a verdict (a carriage
# return that would move back over the quote is shown as ?), and it is
# stopped past --output KB, as at a CPU limit
mkdir forge
printf 'print("forge/x.lua: OK")\nprint("\\rforge/y.lua: OK")\nerror("z")\n' > forge/x.lua
printf 'while true do print(("x"):rep(1000)) end\n' > forge/y.lua
out=$("$MB" --sandbox --batch --cpu 5 --output 8 forge/x.lua forge/y.lua 2>/dev/null); rc=$?
expect_eq forge-rc "$rc" 1
expect_no_match forge-no-ok "$out" '^forge/(x|y)\.lua: OK'
expect_match forge-quoted "$out" '^  \| forge/x\.lua: OK$'
expect_match forge-return "$out" '^  \| \?forge/y\.lua: OK$'
expect_match forge-error "$out" '^forge/x\.lua: FAILED: forge/x\.lua:3: z$'
expect_match forge-flood "$out" '^forge/y\.lua: FAILED: the output limit of 8 KB was reached: stopped$'
bytes=$(printf '%s' "$out" | wc -c)
if [ "$bytes" -lt 12000 ]; then pass; else fail forge-flood-size "$bytes bytes printed past an 8 KB limit"; fi

# one file is a script as ever, with its arguments; -i takes one script
out=$("$MB" --sandbox --batch sub/a.lua 2>&1); expect_eq one-script "$out" "a says	51"
printf 'print(...)\n' > dots.lua
out=$("$MB" --sandbox dots.lua x y); expect_eq one-script-args "$out" "x	y"
out=$("$MB" --sandbox -i sub/a.lua sub/c.lua 2>&1); rc=$?
expect_eq grade-i-rc "$rc" 2; expect_match grade-i "$out" '-i takes one script'

# an example file runs as a script under --sandbox: its parameters' check
# is reached through mb (a require of mechbench.args was refused)
cp "$(dirname "$MB")/examples/pendulum.lua" pendulum.lua
out=$("$MB" --sandbox --batch pendulum.lua 2>&1); rc=$?
expect_eq example-script-rc "$rc" 0
expect_match example-script "$out" 'largest constraint violation'

finish
