-- SPDX-License-Identifier: GPL-3.0-or-later
-- Linear-time multipliers (src/util/tree_solve.c, Baraff's method): on
-- models with core.model.tree_rows rows or more (32), body coordinates
-- solve J M⁻¹ J' through the joints' tree, and every formulation's report
-- finds reactions through it.
-- redundant = "drop" keeps the dense path, so the two are compared on trees,
-- branches, floating parts and loops (whose cut rows join through the
-- tree), under the remedies; a redundant model still fails with the dense
-- path's words.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

-- n links pinned end to end (masses differ, so no symmetry hides a slip);
-- close: the end tied to the ground by one more link (a loop); float: no
-- ground pin, the chain flies and turns; branch: a second chain hangs from
-- the middle of the first link; spring: a spring from the last link's end to
-- the ground, so a floating chain feels forces through its joints.
local function build(n, o)
  local L = 0.5
  local m = mb.model{ name = "test chain" }
  m:point{ name = "O", body = "ground" }
  local previous = not o.float and "O" or nil
  for i = 1, n do
    local name = "link" .. i
    m:body{ name = name, mass = 1 + 0.1 * i, inertia = L * L / 12, pos = { (i - 0.5) * L, 0 },
      vel = o.float and { 0.3, 1 } or nil }
    m:point{ name = name .. ".a", body = name, at = { -L / 2, 0 } }
    m:point{ name = name .. ".b", body = name, at = { L / 2, 0 } }
    m:point{ name = name .. ".m", body = name, at = { 0, 0 } }
    if previous then m:joint{ name = "pin" .. i, type = "revolute", points = { name .. ".a", previous } } end
    previous = name .. ".b"
  end
  for i = 1, o.branch or 0 do
    local name = "br" .. i
    m:body{ name = name, mass = 1, inertia = L * L / 12, pos = { 0.5 * L, -(i - 0.5) * L }, angle = -math.pi / 2 }
    m:point{ name = name .. ".a", body = name, at = { -L / 2, 0 } }
    m:point{ name = name .. ".b", body = name, at = { L / 2, 0 } }
    m:joint{ name = "bpin" .. i, type = "revolute",
      points = { name .. ".a", i == 1 and "link1.m" or ("br" .. (i - 1) .. ".b") } }
  end
  if o.close then
    local off = o.off or 0 -- a start off the loop
    m:body{ name = "tie", mass = 1, inertia = 0.1, pos = { n * L + off, -0.25 - off }, angle = -math.pi / 2 }
    m:point{ name = "tie.a", body = "tie", at = { -0.25, 0 } }
    m:point{ name = "tie.b", body = "tie", at = { 0.25, 0 } }
    m:point{ name = "F", body = "ground", at = { n * L, -0.5 } }
    m:joint{ name = "t1", type = "revolute", points = { "tie.a", previous } }
    m:joint{ name = "t2", type = "revolute", points = { "tie.b", "F" } }
    if o.twice then m:joint{ name = "t2 again", type = "revolute", points = { "tie.b", "F" } } end
  end
  if o.spring then
    m:point{ name = "S", body = "ground", at = { n * L + 0.3, 0.4 } }
    m:force{ name = "spring", type = "spring-damper", points = { previous, "S" }, k = 50, length = 0.2, c = 0 }
  end
  return m
end

-- the largest gap between two runs' series, relative to each series' largest value
local function gap(ra, rb, kind, names, fields)
  local worst = 0
  for _, name in ipairs(names) do
    local a, b = ra[kind](ra, name), rb[kind](rb, name)
    for _, k in ipairs(fields) do
      local top = 1
      for _, x in ipairs(b[k]) do top = math.max(top, math.abs(x)) end
      for i = 1, #b[k] do worst = math.max(worst, math.abs(a[k][i] - b[k][i]) / top) end
    end
  end
  return worst
end

-- the smallest sizes that reach the tree: 2 rows a pin (a floating chain
-- has one pin fewer than links)
local tree_rows = mb.core.model.tree_rows
local half, quarter = tree_rows // 2, tree_rows // 4
local models = {
  { ("a %d-link chain"):format(half), half, {} },
  { ("a %d-link chain closed by a tie (a loop: cut rows)"):format(half), half, { close = true } },
  { ("a floating %d-link chain on a spring"):format(half + 1), half + 1, { float = true, spring = true } },
  { ("a %d-link chain with a %d-link branch"):format(quarter, quarter), quarter, { branch = quarter, spring = true } },
}
-- partitioning's split, fixed (chosen afresh at each state, a split could
-- differ between two runs in round-off and their answers by the method's
-- error): the links' angles, but the last link's when a tie closes the loop,
-- and the first link's place when the chain floats
local function split(n, o)
  local names = {}
  for i = 1, n - (o.close and 1 or 0) do names[#names + 1] = "link" .. i .. ".angle" end
  for i = 1, o.branch or 0 do names[#names + 1] = "br" .. i .. ".angle" end
  if o.float then names[#names + 1], names[#names + 2] = "link1.x", "link1.y" end
  return names
end
for _, spec in ipairs(models) do
  local label, m = spec[1], build(spec[2], spec[3])
  T.ok(#m:pieces{}.gamma >= tree_rows, ("%s: %d rows, solved through the tree"):format(label, #m:pieces{}.gamma))
  local base = { tf = 0.3, dt = 0.05, integrator = "rk4", h = 1e-3 }
  local function run(extra)
    local o = {}
    for k, v in pairs(base) do o[k] = v end
    for k, v in pairs(extra) do o[k] = v end
    return m:simulate(o)
  end
  local dense = run{ formulation = "body", redundant = "drop" }
  local tree = run{ formulation = "body" }
  -- round-off of 128 and more links: up to 1.1e-11 of the largest value
  local pose = gap(tree, dense, "body", dense.body_order, { "x", "y", "angle", "ax", "ay", "alpha" })
  T.ok(pose < 1e-10, ("%s: body coordinates through the tree move as the dense solve does (%.2g)"):format(label, pose))
  local force = gap(tree, dense, "reaction", dense.joint_order, { "fx", "fy" })
  T.ok(force < 1e-12, ("%s: and their multipliers agree (%.2g)"):format(label, force))
  -- joint coordinates' reactions come from the report's least squares
  local joint = run{ formulation = "joint" }
  force = gap(joint, dense, "reaction", dense.joint_order, { "fx", "fy" })
  -- (another formulation: the runs differ by the integrator's error too)
  T.ok(force < 1e-8, ("%s: the report's reactions through the tree (joint coordinates) (%.2g)"):format(label, force))
  for _, remedy in ipairs { "baumgarte", "momentum", "partitioning" } do
    local independent = remedy == "partitioning" and split(spec[2], spec[3]) or nil
    local a = run{ formulation = "body", stabilization = remedy, independent = independent }
    local b = run{ formulation = "body", stabilization = remedy, redundant = "drop", independent = independent }
    local g = gap(a, b, "body", b.body_order, { "x", "y", "angle", "ax", "ay", "alpha" })
    T.ok(g < 1e-10, ("%s, %s: tree and dense agree (%.2g)"):format(label, remedy, g))
  end
end

-- the correction moves a start off the loop onto it the same way
do
  local m = build(half, { close = true, off = 0.02 })
  local a = m:simulate{ formulation = "body", tf = 0.05, dt = 0.05, correct = true }
  local b = m:simulate{ formulation = "body", tf = 0.05, dt = 0.05, correct = true, redundant = "drop" }
  local g = gap(a, b, "body", b.body_order, { "x", "y", "angle" })
  T.ok(g < 1e-12 and a.violation[1] < 1e-10, ("correction through the tree: %.2g, violation %.2g"):format(g, a.violation[1]))
end

-- Point coordinates (Ch. 10) factor their whole system [M D'; D 0] sparse
-- on models of core.model.sparse_rows rows or more (12; src/util/sparse_kkt.h); redundant =
-- "drop" keeps the layer's dense path. A 40-link chain has 40 rows, one per
-- link's length (its pins share points).
local point_models = {
  { "a 40-link chain", 40, {} },
  { "a 40-link chain closed by a tie", 40, { close = true } },
  { "a floating 40-link chain on a spring", 40, { float = true, spring = true } },
  { "a 20-link chain with a 20-link branch", 20, { branch = 20, spring = true } },
}
for _, spec in ipairs(point_models) do
  local label, m = spec[1], build(spec[2], spec[3])
  local function run(extra)
    local o = { tf = 0.3, dt = 0.05, integrator = "rk4", h = 1e-3, formulation = "point" }
    for k, v in pairs(extra) do o[k] = v end
    return m:simulate(o)
  end
  local fields = { "x", "y", "angle", "ax", "ay", "alpha" }
  for _, remedy in ipairs { "none", "baumgarte", "momentum" } do
    local a, b = run{ stabilization = remedy }, run{ stabilization = remedy, redundant = "drop" }
    local g = gap(a, b, "body", b.body_order, fields)
    T.ok(g < 1e-11, ("%s, %s: point coordinates solved sparse move as the dense solve does (%.2g)"):format(label, remedy, g))
    if remedy == "none" then
      local force = gap(a, b, "reaction", b.joint_order, { "fx", "fy" })
      T.ok(force < 1e-10, ("%s: and their reactions agree (%.2g)"):format(label, force))
      local body = run{ formulation = "body" }
      g = gap(a, body, "body", b.body_order, fields)
      T.ok(g < 1e-8, ("%s: point and body coordinates agree (%.2g)"):format(label, g))
    end
  end
end

-- m:pieces' row ratios come from the layer's dense factor of S: where the
-- tree (body coordinates) or the sparse system (point coordinates) solved
-- instead, there are none to give, and never a NaN
do
  local m = build(half, {})
  for _, f in ipairs { "body", "point" } do
    local p = m:pieces{ formulation = f }
    local finite = true
    for _, x in ipairs(p.row_ratio or {}) do finite = finite and x == x and x < math.huge end
    T.ok(finite, ("%s coordinates' pieces on %d rows: row ratios %s"):format(f, #p.gamma,
      p.row_ratio and ("given, %s, %s"):format(tostring(p.row_ratio[1]), tostring(p.row_ratio[#p.gamma])) or "left out"))
  end
  local p = m:pieces{ formulation = "body", redundant = "drop" }
  T.ok(p.row_ratio and p.row_ratio[1] >= 1 and p.row_ratio[1] < 2,
    ("and the dense path still gives them (%s)"):format(tostring(p.row_ratio and p.row_ratio[1])))
end

-- a pin given twice: the tree's loop system is singular, and the dense
-- path names the joints as it always did
do
  local m = build(half, { close = true, twice = true })
  T.fails(function() m:simulate{ formulation = "body", tf = 0.01, dt = 0.01 } end, "t2 again",
    "a redundant loop is explained by name")
  T.fails(function() m:simulate{ formulation = "joint", tf = 0.01, dt = 0.01 } end, "t2 again",
    "and in joint coordinates")
  T.fails(function() build(40, { close = true, twice = true }):simulate{ formulation = "point", tf = 0.01, dt = 0.01 } end,
    "t2 again", "and in point coordinates, whose sparse solve declines it")
end

T.finish()
