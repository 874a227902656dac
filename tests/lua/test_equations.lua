-- SPDX-License-Identifier: GPL-3.0-or-later
-- m:equations: the equations derived symbolically, checked through their
-- Lua form (each entry loaded as a Lua expression and evaluated in the
-- names eq:values gives) against m:pieces at 100 random states: for every
-- registered joint kind in every formulation shown (Φ, D, γ), and for the
-- examples of up to 4 bodies (Φ, D, γ, M, h). Then the text's layout, the
-- selections, the sizes, the errors and the speed's order.
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local kinds = require "mechbench.kinds"

math.randomseed(2828)
local function rnd(a, b) return a + (b - a) * math.random() end
local FORMULATIONS = { "body", "joint", "point" }

-- A model for each joint kind: the kind in a small mechanism, its points
-- and vectors off the bodies' axes, the bodies turned, so that no term of
-- its equations is zero by accident.
local function base(name)
  local m = mb.model { name = name }
  m:point { name = "O", body = "ground", at = { 0.05, -0.02 } }
  return m
end
local makers = {}
makers["revolute"] = function()
  local m = base("revolute")
  m:body { name = "arm", mass = 1.2, inertia = 0.03, pos = { 0.2, 0.1 }, angle = 0.4 }
  m:body { name = "tip", mass = 0.7, inertia = 0.01, pos = { 0.45, 0.3 }, angle = -0.3 }
  m:point { name = "A", body = "arm", at = { -0.2, 0.03 } }
  m:point { name = "B", body = "arm", at = { 0.15, -0.02 } }
  m:point { name = "C", body = "tip", at = { -0.12, 0.04 } }
  m:joint { name = "pin", type = "revolute", points = { "A", "O" } }
  m:joint { name = "knee", type = "revolute", points = { "C", "B" } }
  return m
end
makers["translational"] = function()
  local m = base("translational")
  m:body { name = "slider", mass = 2, inertia = 0.02, pos = { 0.3, 0.1 }, angle = 0.5 }
  m:body { name = "arm", mass = 0.5, inertia = 0.01, pos = { 0.4, -0.1 }, angle = 0.2 }
  m:point { name = "P", body = "slider", at = { 0.02, -0.01 } }
  m:point { name = "Q", body = "slider", at = { -0.05, 0.03 } }
  m:point { name = "R", body = "arm", at = { 0.1, 0.02 } }
  m:vector { name = "u", body = "slider", dir = { math.cos(0.1), math.sin(0.1) } }
  m:vector { name = "g", body = "ground", dir = { math.cos(0.6), math.sin(0.6) } }
  m:vector { name = "w", body = "arm", dir = { 1, 0.3 } }
  m:vector { name = "v", body = "slider", dir = { 0.2, 1 } }
  m:joint { name = "guide", type = "translational", points = { "P", "O" }, vectors = { "u", "g" } }
  m:joint { name = "rail", type = "translational", points = { "R", "Q" }, vectors = { "w", "v" } }
  return m
end
makers["rev-rev"] = function()
  local m = base("rev-rev")
  m:body { name = "bob", mass = 1, inertia = 0.01, pos = { 0.3, -0.4 }, angle = 0.7 }
  m:point { name = "B", body = "bob", at = { 0.03, 0.05 } }
  m:joint { name = "link", type = "rev-rev", points = { "B", "O" }, length = 0.5 }
  return m
end
makers["rev-tran"] = function()
  local m = base("rev-tran")
  m:body { name = "slotted", mass = 1, inertia = 0.05, pos = { 0.1, 0.2 }, angle = 0.3 }
  m:body { name = "pin", mass = 0.4, inertia = 0.002, pos = { 0.3, 0.5 }, angle = -0.2 }
  m:point { name = "S", body = "slotted", at = { -0.1, 0.02 } }
  m:point { name = "P", body = "pin", at = { 0.01, -0.02 } }
  m:vector { name = "slot", body = "slotted", dir = { math.cos(0.2), math.sin(0.2) } }
  m:joint { name = "hold", type = "revolute", points = { "S", "O" } }
  m:joint { name = "inslot", type = "rev-tran", points = { "S", "P" }, vectors = { "slot" }, length = 0.03 }
  return m
end
makers["rigid"] = function()
  local m = base("rigid")
  m:body { name = "a", mass = 1, inertia = 0.02, pos = { 0.2, 0.1 }, angle = 0.3 }
  m:body { name = "b", mass = 0.5, inertia = 0.01, pos = { 0.4, 0.25 }, angle = 1.1 }
  m:point { name = "A", body = "a", at = { -0.2, 0 } }
  m:joint { name = "pin", type = "revolute", points = { "A", "O" } }
  m:joint { name = "weld", type = "rigid", bodies = { "b", "a" } }
  return m
end
makers["simple"] = function()
  local m = base("simple")
  m:body { name = "block", mass = 1, inertia = 0.02, pos = { 0.2, 0.1 }, angle = 0.3 }
  m:joint { name = "level", type = "simple", body = "block", coord = "y" }
  m:joint { name = "straight", type = "simple", body = "block", coord = "angle", value = 0.25 }
  return m
end
makers["disc"] = function()
  local m = base("disc")
  m:body { name = "wheel", mass = 2, inertia = 0.04, pos = { 0.3, 0.2 }, angle = 0.4 }
  m:joint { name = "roll", type = "disc", body = "wheel", radius = 0.2 }
  return m
end
makers["disc-disc"] = function()
  local m = base("disc-disc")
  m:body { name = "pinion", mass = 1, inertia = 0.01, pos = { 0.05, -0.02 }, angle = 0.2 }
  m:body { name = "gear", mass = 4, inertia = 0.16, pos = { 0.35, -0.02 }, angle = -0.4 }
  m:point { name = "P", body = "pinion" }
  m:point { name = "G", body = "gear" }
  m:point { name = "O2", body = "ground", at = { 0.35, -0.02 } }
  m:joint { name = "p1", type = "revolute", points = { "P", "O" } }
  m:joint { name = "p2", type = "revolute", points = { "G", "O2" } }
  m:joint { name = "mesh", type = "disc-disc", bodies = { "pinion", "gear" }, radii = { 0.1, 0.2 } }
  return m
end
makers["driver-angle"] = function()
  local m = makers["revolute"]()
  m.name = "driver-angle"
  m:joint { name = "motor", type = "driver", joint = "knee", fn = mb.fn.poly { -0.7, 1.5, 0.3 } }
  return m
end
makers["driver-distance"] = function()
  local m = base("driver-distance")
  m:body { name = "boom", mass = 1, inertia = 0.05, pos = { 0.3, 0.2 }, angle = 0.6 }
  m:point { name = "B", body = "boom", at = { -0.3, -0.05 } }
  m:point { name = "C", body = "boom", at = { 0.2, 0.02 } }
  m:point { name = "D", body = "ground", at = { 0.5, -0.1 } }
  m:joint { name = "hinge", type = "revolute", points = { "B", "O" } }
  -- a user's function of time: f' and f'' come from differences
  m:joint { name = "ram", type = "driver", points = { "C", "D" }, fn = function(t) return 0.45 + 0.1 * math.sin(2 * t) end }
  return m
end

-- Each entry of eq (format "lua") loaded once; evaluated at a state in
-- the names eq:values(y, t) gives.
local function compile(eq)
  local state = {}
  local env = setmetatable({}, { __index = function(_, k) return state[k] end })
  local function load_entry(s, what)
    return assert(load("return " .. s, "=" .. what, "t", env))
  end
  local c = { phi = {}, D = {}, gamma = {}, M = {}, h = {} }
  for i in pairs(eq.phi) do
    c.phi[i], c.gamma[i] = load_entry(eq.phi[i], "phi"), load_entry(eq.gamma[i], "gamma")
    c.D[i] = {}
    for j = 1, #eq.q do c.D[i][j] = load_entry(eq.D[i][j], "D") end
  end
  for i in pairs(eq.h or {}) do
    c.h[i] = load_entry(eq.h[i], "h")
    c.M[i] = {}
    for j = 1, #eq.q do c.M[i][j] = load_entry(eq.M[i][j], "M") end
  end
  function c.at(y, t)
    local values = eq:values(y, t)
    for k in pairs(state) do state[k] = nil end
    for k, v in pairs(values) do state[k] = v end
  end
  return c
end

-- The largest difference of eq's Lua forms from m:pieces at n random
-- states, each relative to the largest value of its field there (1 at
-- least): 1/5 of them at the assembled start (on the constraints) with
-- random rates and time, the rest with every coordinate moved too.
local function compare(m, formulation, n, with_mass, tree)
  local eq = m:equations { formulation = formulation, format = "lua", tree = tree }
  local c = compile(eq)
  local start = m:pieces { formulation = formulation, tree = tree }
  local nq = #start.q
  local worst = { phi = 0, D = 0, gamma = 0, M = 0, h = 0 }
  for k = 1, n do
    -- a state m:pieces can solve at (near a singular place it refuses:
    -- a nearer one is drawn)
    local y, move = {}, 0.15
    local t, p
    repeat
      for i = 1, nq do y[i] = start.q[i] + (k > n / 5 and rnd(-move, move) or 0) end
      for i = 1, nq do y[nq + i] = rnd(-3, 3) end
      t, move = rnd(0, 2), move / 2
      local ok, got = pcall(m.pieces, m, { formulation = formulation, y = y, t = t, tree = tree })
      p = ok and got or nil
    until p or move < 1e-3
    assert(p, "no state near the start that m:pieces solves")
    c.at(y, t)
    local function field(name, got, want)
      local scale = 1
      for _, v in ipairs(want) do scale = math.max(scale, math.abs(v)) end
      for i, g in ipairs(got) do worst[name] = math.max(worst[name], math.abs(g - want[i]) / scale) end
    end
    local phi, gamma, D, Dw = {}, {}, {}, {}
    for i = 1, #p.phi do
      phi[i], gamma[i] = c.phi[i](), c.gamma[i]()
      for j = 1, nq do D[#D + 1], Dw[#Dw + 1] = c.D[i][j](), p.D(i, j) end
    end
    field("phi", phi, p.phi)
    field("gamma", gamma, p.gamma)
    field("D", D, Dw)
    if with_mass then
      local h, M, Mw = {}, {}, {}
      for i = 1, nq do
        h[i] = c.h[i]()
        for j = 1, nq do M[#M + 1], Mw[#Mw + 1] = c.M[i][j](), p.M(i, j) end
      end
      field("h", h, p.h)
      field("M", M, Mw)
    end
  end
  return worst, eq
end

-- every registered joint kind, in every formulation shown
for _, kind in ipairs(kinds.joints) do
  local make = makers[kind.name]
  T.ok(make ~= nil, ("joint kind %s has a model in this test (add one for a new kind)"):format(kind.name))
  if make then
    for _, f in ipairs(FORMULATIONS) do
      local m = make()
      m:correct()
      local ok, worst = pcall(compare, m, f, 100, true)
      if not ok then
        T.ok(false, ("%s, %s: %s"):format(kind.name, f, tostring(worst)))
      else
        local bad = math.max(worst.phi, worst.D, worst.gamma)
        T.ok(bad < 1e-12, ("%s, %s: Φ, D, γ of the Lua form match m:pieces at 100 states (%.2g, %.2g, %.2g)"):format(
          kind.name, f, worst.phi, worst.D, worst.gamma))
        T.ok(math.max(worst.M, worst.h) < 1e-12, ("%s, %s: M and h match (%.2g, %.2g)"):format(kind.name, f,
          worst.M, worst.h))
      end
    end
    -- joint coordinates with no tree: every body floats, every joint is cut,
    -- so a pin's or a slider's rows are tested there too
    local m = make()
    m:correct()
    local ok, worst = pcall(compare, m, "joint", 100, true, {})
    local bad = ok and math.max(worst.phi, worst.D, worst.gamma, worst.M, worst.h) or tostring(worst)
    T.ok(ok and bad < 1e-12, ("%s, joint coordinates, tree = {} (every joint cut): match (%s)"):format(kind.name,
      tostring(bad)))
  end
end

-- every registered force kind, read through the form of law its C entry
-- declares: each part names one of the kind's parameters, every form but
-- "own" has a law written in mechbench.force_terms, and the kind's forces
-- on a two-body arm and a slider (off their axes, turned, moving) give M
-- and h as m:pieces does in every formulation shown. A kind whose law
-- names no parameter (or the wrong one) loses its term and fails here.
local force_makers = {
  ["spring-damper"] = function(m) m:force { name = "s", type = "spring-damper", points = { "B", "O" }, k = 40,
    length = 0.2, c = 3, actuator = function(t) return 2 * math.sin(3 * t) end } end,
  ["rot-spring-damper"] = function(m) m:force { name = "r", type = "rot-spring-damper", bodies = { "tip", "arm" },
    k = 5, angle = 0.3, c = 0.4, actuator = 0.7 } end,
  force = function(m)
    m:force { name = "f", type = "force", point = "C", value = { 1.5, -2 } }
    m:force { name = "fl", type = "force", point = "B", value = { -0.4, 0.9 }, frame = "local" }
  end,
  torque = function(m) m:force { name = "n", type = "torque", body = "arm", value = function(t) return 1 + t end } end,
  user = function(m) m:force { name = "u", type = "user", fn = function(t, s)
    return { { body = "tip", force = { 0.3 * s.bodies.tip.x, 0.1 }, at = { 0.02, 0.01 }, torque = 0.05 * t } } end } end,
  ["slide-friction"] = function(m) m:force { name = "d", type = "joint-friction", joint = "guide", c = 2.5 } end,
}
local law_parts = { "stiffness", "rest", "damping", "actuator", "value", "frame", "axis" }
for _, kind in ipairs(kinds.forces) do
  local params = {}
  for _, p in ipairs(kind.params) do params[p.name] = true end
  for _, part in ipairs(law_parts) do
    if kind.law[part] then
      T.ok(params[kind.law[part]], ("force kind %s: its law's %s is its parameter '%s'"):format(kind.name, part,
        kind.law[part]))
    end
  end
  local make = force_makers[kind.name]
  T.ok(make ~= nil, ("force kind %s has a model in this test (add one for a new kind)"):format(kind.name))
  if make then
    for _, f in ipairs(FORMULATIONS) do
      local m = makers["revolute"]()
      m:body { name = "slider", mass = 0.8, inertia = 0.02, pos = { -0.3, 0.2 }, angle = 0.25 }
      m:point { name = "S", body = "slider", at = { 0.03, -0.02 } }
      m:point { name = "G", body = "ground", at = { -0.2, 0.15 } }
      m:vector { name = "along", body = "slider", dir = { math.cos(0.1), math.sin(0.1) } }
      m:vector { name = "rail", body = "ground", dir = { math.cos(0.35), math.sin(0.35) } }
      m:joint { name = "guide", type = "translational", points = { "S", "G" }, vectors = { "along", "rail" } }
      make(m)
      m:correct()
      local ok, worst = pcall(compare, m, f, 100, true)
      T.ok(ok and math.max(worst.M, worst.h) < 1e-12, ("force kind %s (law %s), %s: M and h match m:pieces (%s)")
        :format(kind.name, kind.law.form, f, ok and ("%.2g, %.2g"):format(worst.M, worst.h) or tostring(worst)))
    end
  end
end

-- a tree of the user's: the four-bar cut at O4 instead
do
  local ok, worst = pcall(compare, mb.example("four_bar"), "joint", 100, true, { "O2", "A", "B" })
  local bad = ok and math.max(worst.phi, worst.D, worst.gamma, worst.M, worst.h) or tostring(worst)
  T.ok(ok and bad < 1e-12, ("four-bar, tree = {O2, A, B} (O4 cut): match (%s)"):format(tostring(bad)))
end

-- the examples of up to 4 bodies, M and h included
for _, name in ipairs(mb.example()) do
  local m = mb.example(name)
  if #m._order.bodies <= 4 then
    for _, f in ipairs(FORMULATIONS) do
      local ok, worst = pcall(compare, mb.example(name), f, 100, true)
      if not ok then
        T.ok(false, ("example %s, %s: %s"):format(name, f, tostring(worst)))
      else
        local bad = 0
        for _, v in pairs(worst) do bad = math.max(bad, v) end
        T.ok(bad < 1e-12, ("example %s, %s: Φ, D, γ, M, h match m:pieces at 100 states (%.2g)"):format(name, f, bad))
      end
    end
  end
end

---------------------------------------------------------------- the forms shown

local A = require "mechbench.algebra"
local function widest(text)
  local w = 0
  for line in (text .. "\n"):gmatch("(.-)\n") do w = math.max(w, A.width(line)) end
  return w
end

-- the book's small mechanisms: every printed line within 80 columns, every
-- entry of the four-bar short (no swell)
for _, name in ipairs { "four_bar", "slider_crank", "double_pendulum" } do
  for _, f in ipairs(FORMULATIONS) do
    local text = tostring(mb.example(name):equations { formulation = f })
    T.ok(widest(text) <= 80, ("%s, %s: the text fits 80 columns (%d)"):format(name, f, widest(text)))
  end
end
for _, f in ipairs(FORMULATIONS) do
  local d = require("mechbench.equations").derive(mb.example("four_bar"), { formulation = f })
  local largest = 0
  for _, row in ipairs(d.rows) do
    largest = math.max(largest, A.size(row.phi), A.size(row.gamma))
    for _, e in ipairs(row.D) do largest = math.max(largest, A.size(e)) end
  end
  for i, h in ipairs(d.h) do
    largest = math.max(largest, A.size(h))
    for _, e in ipairs(d.M[i]) do largest = math.max(largest, A.size(e)) end
  end
  T.ok(largest <= 8, ("four-bar, %s: every entry of Φ, D, γ, M, h has at most 8 terms (%d)"):format(f, largest))
end

-- the slider-crank as the book writes it (Sec. 7.2.1, Ex. 9.4's form)
do
  local m = mb.example("slider_crank")
  local text = tostring(m:equations {})
  for _, line in ipairs {
    "  Φ1 = x_crank - 0.1 cos φ_crank",
    "  Φ3 = x_rod - x_crank - 0.1 cos φ_crank - 0.2 cos φ_rod",
    "  Φ8 = sin φ_slider",
    "  Φ9 = φ_crank - f_motor",
    "  D[1, φ_crank] = 0.1 sin φ_crank",
    "  γ1 = -0.1 φ\u{307}_crank² cos φ_crank",
    "  γ9 = f\u{308}_motor",
    "  h[y_rod] = -m_rod g",
  } do
    T.ok(text:find(line .. "\n", 1, true) ~= nil, ("slider-crank, body coordinates, prints %q"):format(line))
  end
  T.ok(text:find("M = diag(m_crank, m_crank, J_crank,", 1, true) ~= nil, "body coordinates: M printed as a diagonal")
  T.ok(text:find("where m_crank = 1, J_crank = 0.00333333", 1, true) ~= nil, "the constants' values are listed")
  T.ok(text:find("f_motor(t) = 1.5 t + 0.523599", 1, true) ~= nil, "the driver's polynomial is written out")
  local joint = tostring(m:equations { formulation = "joint" })
  T.ok(joint:find("M[θ_main, θ_crank_pin] = 0.04 m_rod + 0.04 m_rod cos θ_crank_pin + J_rod", 1, true) ~= nil,
    "joint coordinates: M = B'MB written out, as Ex. 9.4 would")
  local latex = tostring(m:equations { format = "latex" })
  T.ok(latex:find("\\begin{align}", 1, true) == 1 or latex:find("\n\\begin{align}", 1, true) ~= nil,
    "latex: an align environment")
  T.ok(latex:find("\\Phi_{1} &= x_{\\mathrm{crank}} - 0.1\\,\\cos \\phi_{\\mathrm{crank}}", 1, true) ~= nil,
    "latex: Φ1 with \\phi_{\\mathrm{crank}}")
  T.ok(latex:find("\\dot{\\phi}_{\\mathrm{crank}}^{2}", 1, true) ~= nil, "latex: rates with \\dot")
  for _, f in ipairs(FORMULATIONS) do -- joint coordinates hold angle sums in parentheses
    local l = tostring(m:equations { format = "latex", formulation = f })
    local opens, closes = select(2, l:gsub("\\left", "")), select(2, l:gsub("\\right", ""))
    T.ok(opens == closes and (opens > 0 or f ~= "joint"), ("latex, %s: every \\left has its \\right (%d, %d)"):format(
      f, opens, closes))
    local braces = select(2, l:gsub("{", "")) - select(2, l:gsub("}", ""))
    T.eq(braces, 0, ("latex, %s: braces balance"):format(f))
  end
end

-- the Lua format printed is a chunk: with eq:values as its environment it
-- gives every entry's number, the same as each entry loaded alone
do
  local m = mb.example("slider_crank")
  local eq = m:equations { formulation = "joint", format = "lua" }
  local y = { 0.4, 0.45, -0.9, 1.2, -0.3, 0.8 }
  local env = eq:values(y, 0.2)
  local all = assert(load(tostring(eq), "=eq", "t", env))()
  local worst = 0
  for i = 1, #eq.q do
    worst = math.max(worst, math.abs(all.h[i] - load("return " .. eq.h[i], "h", "t", env)()))
    for j = 1, #eq.q do worst = math.max(worst, math.abs(all.M[i][j] - load("return " .. eq.M[i][j], "M", "t", env)())) end
  end
  for i in pairs(eq.phi) do
    worst = math.max(worst, math.abs(all.gamma[i] - load("return " .. eq.gamma[i], "g", "t", env)()))
  end
  T.ok(worst == 0 and #all.D[1] == #eq.q, ("format = 'lua' printed is a chunk giving every entry (%.2g)"):format(worst))
end

-- one joint, one body
do
  local m = mb.example("slider_crank")
  local eq = m:equations { joint = "crank pin" }
  T.ok(eq.phi[3] and eq.phi[4] and not eq.phi[1] and not eq.phi[5], "joint = 'crank pin': its rows 3 and 4 only")
  T.eq(eq.rows[3], "crank pin (1)", "its rows are labelled by the joint")
  T.ok(eq.M == nil and eq.h == nil, "joint = ...: no M, no h")
  local text = tostring(eq)
  T.ok(text:find("Φ3 =", 1, true) and not text:find("Φ1 =", 1, true), "joint = ...: the text shows its rows only")
  local rod = m:equations { body = "rod", format = "lua" }
  T.ok(rod.h[4] and rod.h[5] and rod.h[6] and not rod.h[1] and not rod.h[7], "body = 'rod': its three coordinates")
  T.ok(rod.phi[3] and rod.phi[5] and not rod.phi[1] and not rod.phi[7], "body = 'rod': the rows of its joints")
  local jrod = m:equations { formulation = "joint", body = "slider" }
  T.ok(jrod.h[2] and not jrod.h[1] and not jrod.h[3], "joint coordinates, body = 'slider': its slide only")
end

-- too big to read: said, with how to ask
do
  local m = mb.example("chain")
  local text = tostring(m:equations { formulation = "joint" })
  T.ok(text:find("too many to read at once", 1, true) and text:find('joint = "pin1"', 1, true)
    and text:find('body = "link1"', 1, true), "8 bodies: said, with how to ask for one joint or body")
  T.ok(not text:find("M%["), "8 bodies: no entry printed")
  local one = tostring(m:equations { formulation = "joint", body = "link1" })
  T.ok(one:find("terms: too long to read; see eq.M[1][1]", 1, true) ~= nil,
    "an entry of more than 60 terms: said, with where it is")
  T.ok(widest(one) <= 80, ("link1's rows fit 80 columns (%d)"):format(widest(one)))
  T.ok(m:equations { formulation = "joint", format = "lua" }.M[1][1]:find("math.cos", 1, true) ~= nil,
    "the fields hold every entry all the same")
end

-- named terms: a user force, its value given by eq:values
do
  local m = mb.example("aa")
  local eq = m:equations {}
  local text = tostring(eq)
  T.ok(text:find("Q_tire,y_wheel", 1, true) ~= nil, "a user force is a named term in h")
  local lua = m:equations { format = "lua" }
  local p = m:pieces {}
  local y = {}
  for i = 1, #p.q do y[i], y[#p.q + i] = p.q[i], 0 end
  local env = lua:values(y, 0)
  T.ok(env.Q_tire_y_wheel ~= nil and env.math == math, "eq:values gives the named terms and math")
end

-- errors at the user's line
T.fails(function() mb.example("four_bar"):equations { formulation = "minimal" } end,
  "not shown symbolically", "formulation = 'minimal' is refused, the three shown named")
T.fails(function() mb.example("four_bar"):equations { joint = "B2" } end, "unknown joint 'B2'",
  "an unknown joint is named")
T.fails(function() mb.example("four_bar"):equations { body = "crnk" } end, "did you mean 'crank'",
  "a misspelt body gets the nearest")
T.fails(function() mb.example("four_bar"):equations { body = "crnk" } end, "(the bodies are: crank, coupler, rocker)",
  "and the bodies' names (it said \"the bodys are\")")
T.fails(function() mb.example("four_bar"):equations { joint = "B2" } end, "(the joints are: ",
  "and an unknown joint the joints' names")
T.fails(function() mb.example("four_bar"):equations { format = "pdf" } end, 'format must be "text", "latex", "lua"',
  "an unknown format is refused")
T.fails(function() mb.example("four_bar"):equations { fromulation = "joint" } end, "unknown option 'fromulation'",
  "a misspelt option is refused")
T.fails(function() mb.example("four_bar"):equations { angles = "absolute" } end, 'formulation = "joint"',
  "angles without joint coordinates is refused")
do
  local ok, err = pcall(function() mb.example("four_bar"):equations { joint = "B2" } end)
  T.ok(not ok and tostring(err):find("test_equations.lua:%d+:") ~= nil, "errors name the user's file and line")
end
T.fails(function() mb.example("four_bar"):equations {}:values({ 1, 2 }) end, "y must be 18 numbers",
  "eq:values checks the state's size")
do -- each of the state's numbers: a NaN gave NaN values
  local eq, y = mb.example("four_bar"):equations {}, {}
  for i = 1, 18 do y[i] = 0 end
  y[4] = 0 / 0
  T.fails(function() eq:values(y) end, "eq:values: y[4] must be a number, not NaN", "eq:values refuses a NaN in y")
  y[4] = "1"
  T.fails(function() eq:values(y) end, "eq:values: y[4] must be a number, not string", "eq:values refuses a string in y")
  y[4] = 0
  T.ok(pcall(eq.values, eq, y), "and takes a state of numbers")
end

-- absolute angles (Sec. 9.2.1): the same pieces as m:pieces takes them
do
  local m = mb.example("double_pendulum")
  local eq = m:equations { formulation = "joint", angles = "absolute", format = "lua" }
  local y = { 0.3, -0.4, 1.1, 0.7 }
  local p = m:pieces { formulation = "joint", angles = "absolute", y = y }
  local env = eq:values(y, 0)
  local worst = 0
  for i = 1, 2 do
    worst = math.max(worst, math.abs(load("return " .. eq.h[i], "h", "t", env)() - p.h[i]))
    for j = 1, 2 do worst = math.max(worst, math.abs(load("return " .. eq.M[i][j], "M", "t", env)() - p.M(i, j))) end
  end
  T.ok(worst < 1e-12, ("absolute angles: M and h match m:pieces (%.2g)"):format(worst))
end

T.finish()
