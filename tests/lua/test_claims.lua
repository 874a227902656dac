-- SPDX-License-Identifier: GPL-3.0-or-later
-- Numbers and claims the man page and the lessons state, against the
-- program (issue 25: man/mechbench.7 said the four-bar has 24 state
-- variables in point coordinates, the program 8; lesson 10 said the other
-- formulations "solve a dense system"; lesson 16 concluded a minimal
-- evaluation "costs less than a body-coordinate one" under a measurement
-- that said otherwise). Each claim is read from the text where it stands,
-- so an edit of either side that leaves them apart fails here.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

local function file(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end
local man = file(mb.paths.lua .. "/../man/mechbench.7"):gsub("\\%(mu", "x"):gsub("\\%-", "-"):gsub("\n", " ")
-- A lesson's step by its title (steps are added between others)
local function step_titled(n, title)
  for _, s in ipairs(mb.lesson.load(n).steps) do
    if s.title == title then return s end
  end
  error(("lesson %d has no step '%s'"):format(n, title))
end
local function lesson_text(n, title)
  local s = step_titled(n, title)
  return ((s.title or "") .. " " .. s.text):gsub("%s+", " ")
end
local function state_size(formulation)
  return mb.example("four_bar"):simulate{ formulation = formulation, tf = 0.01 }.state_size
end

---------------------------------------------------------------- the man page

-- r.state_size: "(18 for the four-bar in body coordinates, 6 in joint coordinates, 8 in point coordinates)"
local body, joint, point = man:match("%((%d+) for the four%-bar in body coordinates, (%d+) in joint coordinates, (%d+) in point coordinates%)")
T.ok(body ~= nil, "the man page states the four-bar's state sizes")
T.eq(tonumber(body), state_size("body"), "man: the four-bar's state in body coordinates")
T.eq(tonumber(joint), state_size("joint"), "man: in joint coordinates")
T.eq(tonumber(point), state_size("point"), "man: in point coordinates")

-- where the tree and the sparse system take over, said twice
local tree_rows = mb.core.model.tree_rows
local sparse_rows = mb.core.model.sparse_rows
local n = 0
for rows in man:gmatch("coordinates from (%d+) rows on") do
  n = n + 1
  T.ok(tonumber(rows) == tree_rows or tonumber(rows) == sparse_rows,
    ("man: 'coordinates from %s rows on' is the tree's %d or the sparse system's %d"):format(rows, tree_rows, sparse_rows))
end
T.ok(n >= 1, "the man page says from how many rows the tree and the sparse system take over")
T.ok(man:find("through the joints' tree %(" .. tree_rows .. " rows or more%)"), "man: the tree from " .. tree_rows .. " rows")
T.ok(man:find("coordinates solving sparse %(" .. sparse_rows .. " rows or more%)"), "man: sparse from " .. sparse_rows .. " rows")

-- dense = false: "(500 steps for 5 s at dt = 0.01)": a step at least at every report
do
  local r = mb.example("pendulum"):simulate{ tf = 5, dt = 0.01, dense = false }
  T.ok(man:find("%(500 steps for 5 s at dt = 0%.01%)") and r.stats.steps >= 500 and r.stats.fevals >= 6 * 500,
    ("man: dense = false ends a step at every report: %d steps, %d evaluations"):format(r.stats.steps, r.stats.fevals))
end

---------------------------------------------------------------- the lessons

-- 5.5: "the loop needs 3 coordinates, body coordinates 9 (the table's states count their rates too: 6 and 18)"
do
  local text = lesson_text(5, "Newton-Raphson on the loop")
  local loop, bodyc, loop_states, body_states = text:match(
    "the loop needs (%d+) coordinates, body coordinates (%d+) %(the table's states count their rates too: (%d+) and (%d+)%)")
  T.ok(loop ~= nil, "5.5 states the coordinates of each")
  local sc = mb.example("slider_crank", 1.6, { L1 = 0.12, L2 = 0.26, theta = 65 })
  local c = mb.compare(sc, { "body", "vector" }, { tf = 0.1, dt = 0.05, show = false })
  T.eq(tonumber(loop_states), c.results.vector.state_size, "5.5: the vector loops' states")
  T.eq(tonumber(body_states), c.results.body.state_size, "5.5: body coordinates' states")
  T.eq(2 * tonumber(loop), tonumber(loop_states), "5.5: coordinates and their rates")
  T.eq(2 * tonumber(bodyc), tonumber(body_states), "5.5: the same in body coordinates")
end

-- 10.15: the growth of an evaluation's cost, by the thresholds the program uses
do
  local text = lesson_text(10, "Five formulations, one model")
  T.ok(not text:find("dense system", 1, true) or text:find("Free%-body diagrams factor their whole square system densely"),
    "10.15 says only the free-body diagrams solve densely")
  T.ok(text:find("tree from " .. tree_rows .. " rows on", 1, true), "10.15: the tree from " .. tree_rows .. " rows")
  T.ok(text:find("sparse from " .. sparse_rows .. " rows", 1, true), "10.15: sparse from " .. sparse_rows .. " rows")
end

-- 16: "The state shrank ninefold, the evaluations far less"
do
  local wrap = mb.lesson.load(16).wrap_up:gsub("%s+", " ")
  T.ok(wrap:find("The state shrank ninefold, the evaluations far less", 1, true), "16's wrap-up says so")
  T.eq(state_size("body") / state_size("minimal"), 9, "16: body coordinates' state is nine minimal ones")
  local fevals = {}
  for _, f in ipairs { "body", "joint", "minimal" } do
    fevals[f] = mb.example("four_bar"):simulate{ formulation = f, tf = 5, dt = 0.01, tol = 1e-10 }.stats.fevals
  end
  T.ok(fevals.minimal > 0.5 * fevals.body,
    ("16: the evaluations shrank by less than half, against the state's ninefold: minimal %d, body %d"):format(
    fevals.minimal, fevals.body))
  T.ok(not wrap:find("costs less than a body", 1, true), "16 no longer says a minimal evaluation costs less")
  T.ok(step_titled(16, "The cost").text:find("median", 1, true), "16.7 takes the median of repeated timings")
end

-- 1: "saw five formulations agree"
do
  local wrap = mb.lesson.load(1).wrap_up:gsub("%s+", " ")
  local code = step_titled(1, "Many ways to write it").code
  local names = {}
  for list in code:gmatch("mb%.compare%(%w+, (%b{})") do
    for f in list:gmatch('"([%w-]+)"') do names[f] = true end
  end
  local count = 0
  for _ in pairs(names) do count = count + 1 end
  T.ok(wrap:find("saw five formulations agree", 1, true) and count == 5,
    ("1: the wrap-up's five formulations are the ones step 10 compares (%d)"):format(count))
end

T.finish()
