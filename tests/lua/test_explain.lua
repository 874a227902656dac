-- SPDX-License-Identifier: GPL-3.0-or-later
-- test_explain.lua: m:dof() (Gruebler's count beside the Jacobian's rank,
-- the redundant joints named), m:explain{} (one evaluation step by step in
-- each formulation, its numbers those of m:pieces) and the warning a run
-- gives once near a toggle.
--   mechbench --batch tests/lua/test_explain.lua
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model")() end

-- What f prints, then what it returns.
local function said(f)
  local results
  local text = T.capture(function() results = table.pack(f()) end)
  return text, table.unpack(results, 1, results.n)
end

local function group(name, f)
  local ok, err = pcall(f)
  T.ok(ok, name .. " ran to its end" .. (ok and "" or (": " .. tostring(err))))
end

-- A parallelogram four-bar: cranks of a = 0.3 m from (0, 0) and (b, 0),
-- b = 0.5 m, the coupler between their ends, cranks at theta turning at
-- w. With middle = true a third crank from (b/2, 0) to the coupler's
-- middle: its joint repeats what the others impose (Gruebler: 0; it moves).
-- With long = true the model's name has 70 characters and every body's
-- and joint's name 40 or more.
local function parallelogram(theta, w, middle, long)
  local a, b = 0.3, 0.5
  local function named(short) return long and (short .. " of the parallelogram, named at length") or short end
  local m = mb.model{ name = long and ("a parallelogram four-bar whose name runs on for seventy characters %s"):format(
    "...") or "parallelogram", gravity = { 0, 0 } }
  local c, s = math.cos(theta), math.sin(theta)
  local function crank(name, x0)
    local body = named(name)
    m:body{ name = body, mass = 1, inertia = 0.01, pos = { x0 + a / 2 * c, a / 2 * s }, angle = theta,
      vel = { -a / 2 * s * w, a / 2 * c * w }, omega = w }
    m:point{ name = name .. "0", body = body, at = { -a / 2, 0 } }
    m:point{ name = name .. "1", body = body, at = { a / 2, 0 } }
    m:point{ name = name .. "G", body = "ground", at = { x0, 0 } }
  end
  crank("left", 0)
  crank("right", b)
  m:body{ name = named("coupler"), mass = 2, inertia = 0.05, pos = { a * c + b / 2, a * s },
    vel = { -a * s * w, a * c * w } }
  m:point{ name = "C0", body = named("coupler"), at = { -b / 2, 0 } }
  m:point{ name = "C1", body = named("coupler"), at = { b / 2, 0 } }
  m:joint{ name = named("A"), type = "revolute", points = { "left0", "leftG" } }
  m:joint{ name = named("B"), type = "revolute", points = { "left1", "C0" } }
  m:joint{ name = named("C"), type = "revolute", points = { "C1", "right1" } }
  m:joint{ name = named("D"), type = "revolute", points = { "right0", "rightG" } }
  if middle then
    crank("middle", b / 2)
    m:point{ name = "Cm", body = named("coupler") }
    m:joint{ name = named("E"), type = "revolute", points = { "middle0", "middleG" } }
    m:joint{ name = named("F"), type = "revolute", points = { "middle1", "Cm" } }
  end
  return m
end

---------------------------------------------------------------- m:dof
group("degrees of freedom", function()
  local out, count, rows, info = said(function() return parallelogram(0.5, 0):dof() end)
  T.eq(count, 1, "four-bar parallelogram: Gruebler 3 x 3 - 8 = 1")
  T.eq(rows, 8, "four-bar parallelogram: 8 rows")
  T.eq(info.rank, 8, "four-bar parallelogram: D has full rank")
  T.eq(#info.redundant, 0, "four-bar parallelogram: nothing redundant")
  T.ok(out:find("the two agree", 1, true) ~= nil, "four-bar parallelogram: said to agree: " .. out)

  out, count, rows, info = said(function() return parallelogram(0.5, 0, true):dof() end)
  T.eq(count, 0, "parallelogram with a third crank: Gruebler 3 x 4 - 12 = 0")
  T.eq(info.rank, 11, "parallelogram with a third crank: rank 11")
  T.eq(info.dof, 1, "parallelogram with a third crank: it moves with one")
  T.eq(#info.redundant, 1, "one redundant joint")
  T.eq(info.redundant[1] and info.redundant[1].joint, "F", "the last joint that closes the third loop, F")
  T.eq(info.redundant[1] and info.redundant[1].independent, 1, "F adds one row of its two")
  T.ok(out:find("redundant: joint 'F'", 1, true) ~= nil, "F named in the text: " .. out)
  T.ok(out:find("Gruebler's count: 3 x 4 bodies - 12 constraint rows = 0", 1, true) ~= nil, "the count shown")
  T.ok(out:find("rank at the start: 11 of 12 rows", 1, true) ~= nil, "the rank shown")
  T.eq(mb.pretty.format(info), "<dof info: gruebler = 0, rank = 11 of 12 rows, dof = 1, redundant: F>",
    "its info prints as one line at the prompt, after the text")
  -- a long joint name wraps at words within 80 columns (lesson 14's 'second
  -- pin' put "joints b|efore it" past the edge)
  local twice = mb.example("pendulum")
  twice:joint{ name = "a second pin at the same place", type = "revolute", points = { "A", "O" } }
  out = said(function() return twice:dof() end)
  local widest = 0
  for line in out:gmatch("[^\n]+") do widest = math.max(widest, utf8.len(line)) end
  T.ok(widest <= 79 and out:find("  redundant: joint 'a second pin at the same place': all of its 2 rows", 1, true),
    ("a long redundant joint's line wraps within 79 columns (widest %d): %s"):format(widest, out))
  local three = parallelogram(0.5, 0, true)
  T.fails(function() three:pieces{} end, "depend on the others", "m:pieces of redundant joints: stops and says so")
  local p = three:pieces{ redundant = "drop" }
  local zero = 0
  for k = 1, #p.lambda do if p.lambda[k] == 0 and p.row_ratio[k] == 0 then zero = zero + 1 end end
  T.eq(zero, 1, "m:pieces{ redundant = \"drop\"}: one row dropped, its lambda and ratio zero")
  T.fails(function() three:pieces{ redundant = "keep" } end, "unknown redundant 'keep' (available: stop, drop)", "redundant = \"keep\": refused")

  local rod = mb.model{ name = "doubly pinned rod" }
  rod:body{ name = "rod", mass = 1, inertia = 0.1, pos = { 0.5, 0 } }
  rod:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  rod:point{ name = "B", body = "rod", at = { 0.5, 0 } }
  rod:point{ name = "O", body = "ground" }
  rod:point{ name = "Q", body = "ground", at = { 1, 0 } }
  rod:joint{ name = "left", type = "revolute", points = { "A", "O" } }
  rod:joint{ name = "right", type = "revolute", points = { "B", "Q" } }
  count, rows, info = rod:dof{ quiet = true }
  T.eq(count, -1, "doubly pinned rod: Gruebler 3 - 4 = -1")
  T.eq(info.dof, 0, "doubly pinned rod: the rank says 0")
  T.eq(info.redundant[1] and info.redundant[1].joint, "right", "doubly pinned rod: the second pin")
  T.eq(table.concat(info.involved, ","), "left,right", "doubly pinned rod: the pins depend on each other")
  T.eq(T.printed(function() rod:dof{ quiet = true } end), "", "quiet prints nothing")

  -- a toggle at the start shows the same way: the parallelogram laid flat
  info = select(3, parallelogram(0, 0):dof{ quiet = true })
  T.eq(info.rank, 7, "the parallelogram flat: rank 7 of 8")
end)

---------------------------------------------------------------- m:explain
group("explain", function()
  local m = example("four_bar")
  local titles = {}
  for _, f in ipairs(mb.formulations(true)) do titles[f.name] = f.title end
  for _, formulation in ipairs(mb.formulations()) do
    local out, p = said(function() return m:explain{ t = 0, formulation = formulation } end)
    local q = m:pieces{ formulation = formulation }
    T.ok(out:gsub("\n  ", " "):find("one evaluation of four-bar at t = 0 in " .. titles[formulation], 1, true) ~= nil,
      formulation .. ": the heading")
    local flat = out:gsub("\n +", " ")
    T.ok(flat:find(("%d coordinate%s q, %d constraint row"):format(#q.q, #q.q == 1 and "" or "s", #q.gamma), 1, true)
      ~= nil, formulation .. ": the sizes")
    -- no rows: springs in the discrete method, joints held by the
    -- coordinates elsewhere (minimal said "act through forces of its own")
    if #q.gamma == 0 then
      local springs
      for _, f in ipairs(mb.formulations(true)) do if f.name == formulation then springs = f.can.joint_forces end end
      T.ok(flat:find(springs and "act through forces of its own" or "closed by construction", 1, true) ~= nil,
        formulation .. ": why there are no rows")
    end
    if not q.M then -- a kinematic formulation: its rows only
      T.ok(out:find("a kinematic formulation: its rows only", 1, true) ~= nil, formulation .. ": said kinematic")
      T.ok(not out:find("mass matrix", 1, true), formulation .. ": no M shown")
    else
      T.near_all(p.acc, q.acc, 0, formulation .. ": q'' is m:pieces'")
      -- every acceleration printed, by its coordinate, to four digits
      local shown = out:match("\n  q''\n(.-)\n  lambda") or out:match("\n  q''\n(.*)$")
      local count = 0
      for _, v in (shown or ""):gmatch("  (%S+)%s+(%S+)") do
        count = count + 1
        local k = count
        if k <= #q.acc then
          T.near(tonumber(v), q.acc[k], 5e-4 * math.abs(q.acc[k]) + 1e-12, formulation .. ": q'' printed, " .. k)
        end
      end
      T.eq(count, #q.acc, formulation .. ": one line per coordinate")
    end
    if #q.gamma > 0 then
      local cond = mb.mat.cond(q.D)
      T.ok(out:find(("condition number: %.4g"):format(cond), 1, true) ~= nil,
        ("%s: cond(D) = %.4g shown"):format(formulation, cond))
    end
  end
  local out = T.capture(function() m:explain{} end)
  -- D's rows carry the joints' names, its columns the coordinates'
  T.ok(out:find("\n  O2 +1 +0 ", 1) ~= nil, "D: a row labelled O2: " .. out:sub(1, 200))
  T.ok(out:find("crank +crank +crank", 1) ~= nil and out:find("x +y +angle", 1) ~= nil, "D: columns crank x, y, angle")
  for line in out:gmatch("[^\n]+") do T.ok(utf8.len(line) <= 80, "fits 80 columns: " .. line) end
  local _, four = said(function() return m:explain{ t = 0 } end)
  T.near(four.acc[3], m:evaluate().acc[3], 1e-12, "the pieces returned are m:evaluate's")
  T.eq(tostring(four), "<pieces: 9 coordinates, 8 rows (q, D, gamma, M, h, acc, lambda)>",
    "at the prompt the pieces returned show as one line")
  T.ok(not out:find("do not watch", 1, true), "the four-bar's runs watch for toggles: no caveat")
  -- from core.model.sparse_rows rows on (point coordinates) and
  -- core.model.tree_rows (body coordinates) a run solves without S and
  -- watches otherwise: said, and not one row below
  local sparse, tree = mb.core.model.sparse_rows, mb.core.model.tree_rows
  local point_said = "its whole system sparse,\n   and watches that factor's pivots"
  local chain = T.capture(function() mb.example("chain", sparse):explain{ formulation = "point" } end)
  T.ok(chain:find(point_said, 1, true) ~= nil, ("a %d-link chain (%d rows): what its point coordinates' runs watch, said")
    :format(sparse, sparse))
  chain = T.capture(function() mb.example("chain", sparse - 1):explain{ formulation = "point" } end)
  T.ok(chain:find(point_said, 1, true) == nil, "one row fewer: not said")
  local body_said = "through the joints' tree,\n   and watches its loops' cut rows alone"
  chain = T.capture(function() mb.example("chain", tree // 2):explain{} end)
  T.ok(chain:find(body_said, 1, true) ~= nil, ("a %d-link chain (%d rows): what its body coordinates' runs watch, said")
    :format(tree // 2, tree))
  chain = T.capture(function() mb.example("chain", tree // 2 - 1):explain{} end)
  T.ok(chain:find(body_said, 1, true) == nil, "two rows fewer: not said")
end)

---------------------------------------------------------------- long names
-- A model named with 70 characters, its bodies and joints with 40 and
-- more: every line of m:explain in every formulation, and of m:dof with a
-- redundant joint, within 80 columns (the heading was 137 and more, the
-- sizes line of point coordinates 85, the row of the largest ratio 107).
group("long names fit 80 columns", function()
  local m = parallelogram(0.5, 3, false, true)
  T.eq(utf8.len(m.name), 70, "the model's name has 70 characters")
  local function over(text)
    local long = {}
    for line in text:gmatch("[^\n]+") do if utf8.len(line) > 80 then long[#long + 1] = line end end
    return long
  end
  for _, formulation in ipairs(mb.formulations()) do
    local out = T.capture(function() m:explain{ formulation = formulation } end)
    local long = over(out)
    T.eq(#long, 0, formulation .. ": every line of m:explain within 80 columns: " .. table.concat(long, " | "))
    T.ok(out:gsub("\n  ", " "):find("^one evaluation of " .. m.name:gsub("%p", "%%%0") .. " at t = 0 in ") ~= nil,
      formulation .. ": the heading names the model whole")
  end
  local body = T.capture(function() m:explain{} end)
  T.ok(body:find("\n  left of the~.x ", 1, true) ~= nil and body:find("\n  left of~.angle ", 1, true) ~= nil,
    "a coordinate's label cut keeps which coordinate it is: " .. body:sub(1, 400))
  local dof = T.capture(function() parallelogram(0.5, 0, true, true):dof() end)
  T.eq(#over(dof), 0, "every line of m:dof within 80 columns: " .. table.concat(over(dof), " | "))
  T.ok(dof:find("redundant: joint 'F of the parallelogram,", 1, true) ~= nil, "m:dof: the redundant joint named: " .. dof)
  -- a body named with 150 two-byte letters: its coordinates' names come
  -- from C cut to a buffer, inside a letter (the column heads of M and D
  -- were passed whole: 299 columns, broken letters)
  local wide = mb.model{ name = "wide" }
  local name = ("\u{e4}"):rep(150)
  wide:body{ name = name, mass = 1, inertia = 0.1, pos = { 0.5, 0 } }
  wide:point{ name = "O", body = "ground" }
  wide:point{ name = "A", body = name, at = { -0.5, 0 } }
  wide:joint{ name = "pin", type = "revolute", points = { "O", "A" } }
  for _, formulation in ipairs { "body", "fbd", "discrete" } do
    local out = T.capture(function() wide:explain{ formulation = formulation } end)
    local bad = {}
    for line in out:gmatch("[^\n]+") do
      if not utf8.len(line) or utf8.len(line) > 80 then bad[#bad + 1] = line end
    end
    T.eq(#bad, 0, formulation .. ": a body's name of 150 two-byte letters: every line whole letters within 80 "
      .. "columns: " .. table.concat(bad, " | "):sub(1, 300))
  end
end)

-- n links hanging in a chain from a ground point away from the rest
local function with_chain(m, n)
  m:point{ name = "hook", body = "ground", at = { 5, 0 } }
  local previous = "hook"
  for i = 1, n do
    local name = "hang" .. i
    m:body{ name = name, mass = 1, inertia = 0.01, pos = { 5, -0.25 - 0.5 * (i - 1) }, angle = -math.pi / 2 }
    m:point{ name = name .. ".a", body = name, at = { -0.25, 0 } }
    m:point{ name = name .. ".b", body = name, at = { 0.25, 0 } }
    m:joint{ name = "hang pin " .. i, type = "revolute", points = { name .. ".a", previous } }
    previous = name .. ".b"
  end
  return m
end

---------------------------------------------------------------- near a toggle
-- Spun at 3 rad/s from 0.5 rad with no gravity, the parallelogram's cranks
-- pass pi at t = (pi - 0.5)/3 = 0.880, where all its links line up: its
-- joints' rows nearly repeat one another there, or shrink (at the sample
-- t = 0.88 the ratio is 437 in body, 572 in joint, 628 in point
-- coordinates; the examples stay below 27).
group("near a toggle", function()
  local m = parallelogram(0.5, 3)
  local r
  local _, err = T.printed(function() r = m:simulate{ tf = 1.5, dt = 0.01 } end)
  T.eq(#r.warnings, 1, "one warning, once")
  local w = r.warnings[1] or ""
  local t = tonumber(w:match("near a toggle at t = ([%d.e+-]+)"))
  T.near(t or 0, (math.pi - 0.5) / 3, 0.01, "at the time the links line up: " .. w)
  T.ok(w:find("joint '[ABCD]'") ~= nil, "naming a joint of the loop")
  local _ = err
  for _, formulation in ipairs { "joint", "point" } do
    local rf
    T.capture(function() rf = parallelogram(0.5, 3):simulate{ tf = 1.5, dt = 0.01, formulation = formulation } end)
    T.eq(#rf.warnings, 1, formulation .. " coordinates: warned once too: " .. tostring(rf.warnings[1]))
  end
  -- with links enough hanging apart to reach core.model.tree_rows (8 rows
  -- and 2 a link) body coordinates solve through the joints' tree, and
  -- watch the loop's cut rows: the same warning at the same ratio
  local rt, tree_links = nil, (mb.core.model.tree_rows - 8) // 2
  T.eq(#with_chain(parallelogram(0.5, 3), tree_links):pieces{}.gamma, mb.core.model.tree_rows,
    "the parallelogram and its chain: just at the tree's rows")
  T.capture(function() rt = with_chain(parallelogram(0.5, 3), tree_links):simulate{ tf = 1.5, dt = 0.01 } end)
  T.eq(#rt.warnings, 1, "through the tree: warned once too: " .. tostring(rt.warnings[1]))
  local wt = rt.warnings[1] or ""
  T.near(tonumber(wt:match("near a toggle at t = ([%d.e+-]+)")) or 0, (math.pi - 0.5) / 3, 0.01,
    "through the tree: at the time the links line up")
  T.near(tonumber(wt:match("ratio ([%d.e+-]+),")) or 0, tonumber(w:match("ratio ([%d.e+-]+),")) or -1, 1,
    "through the tree: the dense path's ratio")
  T.ok(wt:find("joint '[ABCD]'") ~= nil, "through the tree: naming a joint of the loop")
  -- point coordinates with links enough to reach core.model.sparse_rows
  -- (1 row a link) solve sparse and watch their factor's pivots (ratio 532,
  -- as with 30 links; 628 on the dense path); the parallelogram alone is below
  local rp, base = nil, #parallelogram(0.5, 3):pieces{ formulation = "point" }.gamma
  local point_links = mb.core.model.sparse_rows - base
  T.ok(point_links > 0, ("the parallelogram alone (%d rows) below the sparse path's rows"):format(base))
  T.capture(function()
    rp = with_chain(parallelogram(0.5, 3), point_links):simulate{ tf = 1.5, dt = 0.01, formulation = "point" }
  end)
  T.eq(#rp.warnings, 1, "point coordinates solved sparse: warned once: " .. tostring(rp.warnings[1]))
  local wp = rp.warnings[1] or ""
  T.near(tonumber(wp:match("near a toggle at t = ([%d.e+-]+)")) or 0, (math.pi - 0.5) / 3, 0.01,
    "solved sparse: at the time the links line up")
  T.ok(wp:find("joint 'coupler (its points)'", 1, true) ~= nil or wp:find("joint '[ABCD]'") ~= nil,
    "solved sparse: naming a row of the loop")
  local calm_sparse = with_chain(parallelogram(0.5, 3), point_links):simulate{ tf = 0.5, dt = 0.01, formulation = "point" }
  T.eq(#calm_sparse.warnings, 0, "solved sparse, away from the toggle: no warning")
  local calm = parallelogram(0.5, 3):simulate{ tf = 0.5, dt = 0.01 }
  T.eq(#calm.warnings, 0, "away from it: no warning")
  local four = example("four_bar"):simulate{ tf = 2, dt = 0.01 }
  T.eq(#four.warnings, 0, "the example four-bar: no warning")
  -- and m:explain at the run's state there shows the ratio past 100
  local out = T.capture(function() m:explain{ t = 0.88, result = r } end)
  local ratio = tonumber(out:match("largest ([%d.e+-]+), at row"))
  T.ok(ratio and ratio > 100, "m:explain at t = 0.88 of the run: the ratio past 100: " .. tostring(ratio))
  T.ok(out:find("the state of the run at its sample 89", 1, true) ~= nil, "the run's sample nearest 0.88")
end)


-- result must be a run's record: a number, or a table that is not one, is
-- refused at the caller's line (explain reads r.t and r.bodies)
do
  local m = example("four_bar")
  T.fails(function() m:explain{ result = 5 } end, "result must be a result (r = m:simulate{...}), not number",
    "result = 5: refused")
  T.fails(function() m:explain{ result = { t = { 0 } } } end, "result must be a result", "a table without bodies: refused")
end

T.finish()
