#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A scripted REPL session and batch runs (figures too) under valgrind: no
# leak, no invalid access.
. tests/lib.sh
if ! command -v valgrind >/dev/null; then fail valgrind "valgrind is not installed"; finish; exit; fi
vg() { valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$@"; }
session='=1+1
A = mb.mat{{1, 2}, {3, 4}}
A:inv() * {1, 2}
mb.mat.solve({{1, 2}, {2, 4}}, {1, 1})
lesson(2)
next()
check(210)
check(240)
hint()
mb.pretty.format(_G)
error("x")
'
out=$(printf '%s' "$session" | vg "$MB" -i 2>&1); rc=$?
expect_eq valgrind-repl-rc "$rc" 0
expect_no_match valgrind-repl-clean "$out" 'Invalid|uninitialised|definitely lost'
out=$(vg "$MB" --batch -e 'local p, f = mb.lesson.selftest(2) assert(f == 0)' 2>&1); rc=$?
expect_eq valgrind-batch-rc "$rc" 0
out=$(vg "$MB" --batch examples/sliding_pendulum.lua 2>&1); rc=$?
expect_eq valgrind-simulation-rc "$rc" 0
expect_match valgrind-simulation-ran "$out" 'largest constraint violation'
out=$(vg "$MB" --batch examples/impacting_pendulums.lua joint 2>&1); rc=$?
expect_eq valgrind-impacts-rc "$rc" 0
expect_match valgrind-impacts-ran "$out" 'hit1  closing'
out=$(vg "$MB" --batch examples/rod2.lua joint 2>&1); rc=$?
expect_eq valgrind-contact-forces-rc "$rc" 0
printf 'local m = mb.model{}\nm:body{name = "b", mass = 1, inertia = 1, pos = {0, 1}}\nm:point{name = "C", body = "b"}\nm:contact{name = "floor", point = "C", e = 0}\nm:simulate{tf = 2}\n' > "$SANDBOX/rest.lua"
out=$(vg "$MB" --batch "$SANDBOX/rest.lua" 2>&1); rc=$?
expect_eq valgrind-lasting-contact-rc "$rc" 1
expect_match valgrind-lasting-contact-said "$out" 'come to rest on each other'
expect_no_match valgrind-lasting-contact-clean "$out" 'Invalid|uninitialised|definitely lost'
printf 'local m = mb.model{}\nm:body{name = "b", mass = 1, inertia = 1}\nm:force{name = "f", type = "user", fn = function() return {{body = "b", force = {0/0, 0}}} end}\nm:simulate{tf = 1}\n' > "$SANDBOX/nan.lua"
out=$(vg "$MB" --batch "$SANDBOX/nan.lua" 2>&1); rc=$?
expect_eq valgrind-failed-run-rc "$rc" 1
expect_no_match valgrind-failed-run-clean "$out" 'Invalid|uninitialised|definitely lost'
# every formulation through the constrained layer: each remedy, a dropped
# row, kinematics, and a run that fails part-way
cat > "$SANDBOX/layer.lua" <<'LUA'
local four_bar = loadfile("examples/four_bar.lua")("model")
for _, entry in ipairs(mb.formulations(true)) do
  local f = entry.name
  if entry.can.closed_form then -- no rows: a remedy refused; switching, kinematics, a redundant joint
    assert(not pcall(function() four_bar():simulate{ formulation = f, stabilization = "baumgarte", tf = 0.1 } end))
    loadfile("examples/triple_rocker.lua")("model")():simulate{ formulation = f, tf = 1, dt = 0.05, correct = true }
    loadfile("examples/slider_crank.lua")("model")(1.5):kinematics{ formulation = f, tf = 0.1, dt = 0.05 }
    local p = loadfile("examples/pendulum.lua")("model")()
    p:joint{ name = "again", type = "revolute", points = { "A", "O" } }
    assert(not pcall(p.simulate, p, { formulation = f, tf = 0.1 }))
  elseif entry.can.constraints then
    if entry.can.dynamics then
      for _, stab in ipairs { "none", "baumgarte", "penalty", "momentum", "partitioning" } do
        four_bar():simulate{ formulation = f, stabilization = stab, integrator = "rk4", h = 0.01, tf = 0.1, dt = 0.05 }
      end
      local p = loadfile("examples/pendulum.lua")("model")()
      p:joint{ name = "again", type = "revolute", points = { "A", "O" } }
      p:simulate{ formulation = f, redundant = "drop", stabilization = "partitioning", tf = 0.1, dt = 0.05 }
      assert(not pcall(p.simulate, p, { formulation = f, tf = 0.1 }))
    end
    loadfile("examples/slider_crank.lua")("model")(1.5):kinematics{ formulation = f, tf = 0.1, dt = 0.05 }
    loadfile("examples/slider_crank.lua")("model")(1.5):inverse_dynamics{ formulation = f, tf = 0.1, dt = 0.05 }
  else -- its own loop, the generic step, events, and a model it refuses
    local m = four_bar()
    m:simulate{ formulation = f, h = 1e-3, tf = 0.1, dt = 0.05, events = { { t = 0.05, set = "crank", mass = 2 } } }
    m:simulate{ formulation = f, integrator = "rk4", h = 1e-3, tf = 0.1, dt = 0.05 }
    loadfile("examples/rod2.lua")("model")():simulate{ formulation = f, h = 1e-4, tf = 0.1, dt = 0.05 }
    assert(not pcall(function() loadfile("examples/impacting_pendulums.lua")("model")():simulate{ formulation = f, tf = 0.1 } end))
  end
end
print(loadfile("examples/quick_return.lua")("model")():loops())
assert(not pcall(function() loadfile("examples/cart.lua")("model")("A"):loops() end))
local id = loadfile("examples/slider_crank.lua")("model")(1.5):inverse_dynamics{ formulation = "fbd", tf = 0.1, dt = 0.05 }
print(id:fbd("rod", 0.05):picture(78, 20))
print("layer ok")
LUA
out=$(vg "$MB" --batch "$SANDBOX/layer.lua" 2>&1); rc=$?
expect_eq valgrind-layer-rc "$rc" 0
expect_match valgrind-layer-ran "$out" 'layer ok'
expect_no_match valgrind-layer-clean "$out" 'Invalid|uninitialised|definitely lost'
# the sandbox, and the limits stopping Lua code, a run in C, a callback the
# run made, and Lua's allocator: each unwinds without a leak
cat > "$SANDBOX/sandboxed.lua" <<'LUA'
for _, code in ipairs { "io.open('x')", "os.execute('true')", "require 'mechbench.core'", "load(string.dump(function() end))" } do
  assert(not pcall(load(code)))
end
print("sandbox", #mb.example("four_bar"):simulate{ tf = 0.2 }.t)
LUA
out=$(vg "$MB" --sandbox --batch "$SANDBOX/sandboxed.lua" 2>&1); rc=$?
expect_eq valgrind-sandbox-rc "$rc" 0
expect_eq valgrind-sandbox "$out" "sandbox	21"
# figures: every format, the GIF, the report, a problem's sheet, sixel and kitty on standard
# output (cairo's and fontconfig's caches given back at the end)
cat > "$SANDBOX/figures.lua" <<EOF
local r = mb.example("pendulum"):simulate{ tf = 0.2, dt = 0.02 }
r:plot("rod.angle", { file = "$SANDBOX/a.svg" })
r:plot("rod.angle", { file = "$SANDBOX/a.pdf" })
r:frame(0.1, { file = "$SANDBOX/a.png" })
r:fbd("rod", 0.1, { file = "$SANDBOX/fbd.png" })
r:animate{ file = "$SANDBOX/a.gif", width = 160, height = 120 }
r:report{ file = "$SANDBOX/report.pdf" }
problem("4.6", { seed = "jdoe" }):sheet{ file = "$SANDBOX/sheet.pdf" }
mb.options{ graphics = "sixel" }
r:plot("rod.angle", { width = 200, height = 100 })
mb.options{ graphics = "kitty" }
r:frame(0.1)
print("figures written")
EOF
out=$(vg "$MB" --batch "$SANDBOX/figures.lua" 2>&1); rc=$?
expect_eq valgrind-figures-rc "$rc" 0
expect_match valgrind-figures-ran "$out" 'figures written'
expect_no_match valgrind-figures-clean "$out" 'Invalid|uninitialised|definitely lost|indirectly lost'
printf 'local m = mb.example("chain", 16)\nm:simulate{ tf = 100 }\n' > "$SANDBOX/chain.lua"
printf 'local m = mb.example("pendulum")\nm:force{ name = "stuck", type = "user", fn = function()\n  while true do end\nend }\nm:simulate{ tf = 1 }\n' > "$SANDBOX/stuck.lua"
printf 'local t = {}\nfor i = 1, 1e9 do\n  t[i] = { i }\nend\n' > "$SANDBOX/fill.lua"
for case in "chain:--cpu 4:CPU limit of 4 s was reached at .*chain\.lua:2, during a simulation" \
            "stuck:--cpu 2:CPU limit of 2 s was reached at .*stuck\.lua:3$" \
            "fill:--mem 30:memory limit of 30 MB was reached at .*fill\.lua:3$"; do
  name=${case%%:*} rest=${case#*:}; limit=${rest%%:*} want=${rest#*:}
  out=$(vg "$MB" --batch $limit "$SANDBOX/$name.lua" 2>&1); rc=$?
  expect_eq "valgrind-limit-$name-rc" "$rc" 3
  expect_match "valgrind-limit-$name" "$out" "^mechbench: the $want"
  expect_no_match "valgrind-limit-$name-clean" "$out" 'Invalid|uninitialised|definitely lost|indirectly lost'
done
# the grader (its processes, pipes and logs, the answers read back) and a
# graded script handing back its answers, one flooding: each under valgrind
mkdir "$SANDBOX/class"
printf 'return { hidden = 1, { problem = "2.5", points = 1 } }\n' > "$SANDBOX/checks.lua"
printf 'local d = problem("2.5").data\nanswers = { ["2.5"] = { a_cw = { d.a[2], -d.a[1] } } }\n' > "$SANDBOX/class/a.lua"
printf 'while true do print(("x"):rep(100)) end\n' > "$SANDBOX/class/b.lua"
out=$(cd "$SANDBOX" && vg "$MB" --grade checks.lua --jobs 2 --output 4 --cpu 5 class/a.lua class/b.lua 2>&1); rc=$?
expect_eq valgrind-grade-rc "$rc" 0
expect_match valgrind-grade "$out" '"points":1,"runs"'
expect_no_match valgrind-grade-clean "$out" 'Invalid|uninitialised|definitely lost|indirectly lost'
out=$(cd "$SANDBOX" && MECHBENCH_ANSWERS_FD=3 vg "$MB" --sandbox --batch --seed x class/a.lua 3>&1 >/dev/null 2>&1); rc=$?
expect_eq valgrind-graded-rc "$rc" 0
expect_match valgrind-graded "$out" '^\{"answers":\{"2\.5":\{"a_cw":\[.*"status":"ok"\}$'
finish
