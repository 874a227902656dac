-- SPDX-License-Identifier: GPL-3.0-or-later
-- Determinism: every example model, run with fixed steps in every formulation
-- (and through kinematics, statics and the remedies), is reduced to a
-- fingerprint that tests/lua/determinism.txt records. A number that changes
-- fails the test with the case's name, until the record is updated on purpose:
--   mechbench --batch tests/lua/test_determinism.lua            compare
--   mechbench --batch tests/lua/test_determinism.lua strict     ... bit for bit too
--   mechbench --batch tests/lua/test_determinism.lua update     rewrite the record
--   mechbench --batch tests/lua/test_determinism.lua dump DIR   every number, a file per case
--
-- A fingerprint holds, per group of quantities (poses, velocities, ...), the
-- sum of |x| and a sum of x under fixed pseudo-random weights, and the run's
-- evaluation and step counts. The sums must agree to 1e-9 of their scale
-- (with a floor of 1e-12 per number, so round-off noise such as a
-- violation of 1e-15 does not count): a change beyond round-off in any
-- number fails, while a CPU whose libm rounds a last bit differently
-- passes. The record also keeps a hash of the exact bits of every number,
-- which `strict` compares: an unchanged build on this machine must
-- reproduce it exactly.
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local mode, dump_dir = arg[1] or "compare", arg[2]
local record_path = here .. "determinism.txt"

local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

-- FNV-1a over the IEEE bits of each number (Lua integers wrap like uint64).
local function bits_of(x) return (string.unpack("<i8", string.pack("<d", x))) end

local Print = {}
Print.__index = Print
local function fingerprint() return setmetatable({ groups = {}, order = {}, hash = -3750763034362895579 }, Print) end
function Print:add(group, x)
  local g = self.groups[group]
  if not g then
    g = { sum = 0, weighted = 0, count = 0, seed = #self.order + 1 }
    self.groups[group] = g
    self.order[#self.order + 1] = group
  end
  g.count = g.count + 1
  -- weights in [-1, 1) from a linear congruential sequence, fixed per position
  g.seed = (g.seed * 6364136223846793005 + 1442695040888963407)
  local w = ((g.seed >> 11) / (1 << 53)) * 2 - 1
  g.sum = g.sum + math.abs(x)
  g.weighted = g.weighted + w * x
  self.hash = (self.hash ~ bits_of(x)) * 1099511628211
  if self.dump then self.dump:write(group, " ", string.format("%.17g", x), "\n") end
end
function Print:series(group, array) for _, x in ipairs(array) do self:add(group, x) end end

-- Everything a result reports, in a fixed order.
local function take(p, r)
  p:series("t", r.t)
  for _, name in ipairs(r.body_order) do
    local b = r:body(name)
    for _, k in ipairs { "x", "y", "angle" } do p:series("pose", b[k]) end
    for _, k in ipairs { "vx", "vy", "omega" } do p:series("velocity", b[k]) end
    for _, k in ipairs { "ax", "ay", "alpha" } do p:series("acceleration", b[k]) end
  end
  for _, name in ipairs(r.joint_order) do
    local j = r:reaction(name)
    for _, k in ipairs { "fx", "fy", "torque", "local_fx", "local_fy" } do p:series("reaction", j[k]) end
    for _, row in ipairs(j.lambda) do p:series("lambda", row) end
  end
  for _, name in ipairs(r.contact_order) do
    local k = r:contact(name)
    for _, f in ipairs { "penetration", "rate", "normal", "friction" } do p:series("contact", k[f]) end
  end
  for _, e in ipairs(r.impacts or {}) do
    for _, f in ipairs { "t", "closing", "opening", "impulse", "friction_impulse" } do p:add("impacts", e[f]) end
  end
  for _, k in ipairs { "kinetic", "potential" } do p:series("energy", r.energy[k]) end
  p:series("violation", r.violation)
  p:series("violation", r.velocity_violation)
  for _, sw in ipairs(r.switches or {}) do p:add("switches", sw.t) p:add("switches", sw.condition) end
  p.counts = string.format("%d %d", r.stats.fevals, r.stats.steps)
end

local cases, case_order = {}, {}
local function case(name, run)
  cases[name] = run
  case_order[#case_order + 1] = name
end

local formulations = { "body", "joint", "point", "point-recursive", "minimal", "fbd" }
local closed = T.closed_form() -- no rows: no remedy, nothing redundant to drop
-- kinematics takes the vector loops too (they have no dynamics)
local kinematic = { "body", "joint", "point", "point-recursive", "minimal", "fbd", "vector" }
local fixed = { integrator = "rk4", h = 1e-3, tf = 0.3, dt = 0.01 }
local function with(base, extra)
  local o = {}
  for k, v in pairs(base) do o[k] = v end
  for k, v in pairs(extra or {}) do o[k] = v end
  return o
end

-- Forward runs of every example model that moves; its variants too.
local models = {
  { "pendulum" }, { "double_pendulum" }, { "triple_pendulum" }, { "sliding_pendulum" },
  { "four_bar" }, { "slider_crank" }, { "inverted_slider_crank" }, { "variable_length_pendulum" },
  { "aa" }, { "macpherson", "A" }, { "macpherson", "B" }, { "macpherson", "C" },
  { "cart", "A" }, { "cart", "B" }, { "cart", "C" }, { "cart", "D" },
  { "conveyor", "A" }, { "conveyor", "B" }, { "conveyor", "B-stick" },
  { "impacting_pendulums" }, { "rod" }, { "rod2" }, { "slider_crank_ch12" },
}
for _, spec in ipairs(models) do
  for _, f in ipairs(formulations) do
    local label = spec[2] and (spec[1] .. "." .. spec[2]) or spec[1]
    case(label .. " " .. f, function()
      return example(spec[1])(spec[2]):simulate(with(fixed, { formulation = f, correct = true }))
    end)
  end
end

-- The discrete-time method on the same models: its own loop at its default
-- step (the impulse law's model is refused, and recorded as failing); the
-- generic steps under it (rk4) and the symplectic step in body coordinates;
-- and values changed during a run.
for _, spec in ipairs(models) do
  local label = spec[2] and (spec[1] .. "." .. spec[2]) or spec[1]
  case(label .. " discrete", function()
    return example(spec[1])(spec[2]):simulate{ formulation = "discrete", tf = 0.1, dt = 0.01, correct = true }
  end)
end
case("four_bar discrete rk4", function()
  return example("four_bar")():simulate{ formulation = "discrete", integrator = "rk4", h = 1e-4, tf = 0.1, dt = 0.01 }
end)
case("four_bar symplectic body", function()
  return example("four_bar")():simulate{ integrator = "symplectic", h = 1e-4, tf = 0.3, dt = 0.01 }
end)
case("slider_crank discrete events", function()
  local m = example("slider_crank")(1.5)
  m:correct()
  return m:simulate{ formulation = "discrete", tf = 0.2, dt = 0.01,
    events = { { t = 0.1, set = "motor", fn = function(t) return 2 + 3 * t end }, { t = 0.15, remove = "guide" } } }
end)

-- Kinematics and inverse dynamics of the driven examples.
for _, f in ipairs(kinematic) do
  case("slider_crank_ch12 inverse dynamics " .. f, function()
    return example("slider_crank_ch12")():inverse_dynamics{ formulation = f, tf = 0.5, dt = 0.01 }
  end)
  case("four_bar_program kinematics " .. f, function()
    return example("four_bar_program")():kinematics{ formulation = f, tf = 0.2, dt = 0.005 }
  end)
  case("film_strip kinematics " .. f, function()
    return example("film_strip")():kinematics{ formulation = f, tf = 1 / 30, dt = 1 / 1800 }
  end)
  case("quick_return inverse dynamics " .. f, function()
    return example("quick_return")():inverse_dynamics{ formulation = f, tf = 0.2, dt = 0.005 }
  end)
end

-- Statics: Ex 14.1 and 14.2.
case("structure equilibrium", function() return example("structure")():equilibrium{} end)
case("variable_length_pendulum equilibrium", function() return example("variable_length_pendulum")():equilibrium{} end)
case("variable_length_pendulum equilibrium by dynamics", function()
  return example("variable_length_pendulum")():equilibrium{ method = "dynamics" }
end)

-- The remedies on the four-bar, RK4 at h = 10 ms.
for _, stab in ipairs { "none", "baumgarte", "penalty", "momentum", "partitioning" } do
  for _, f in ipairs(formulations) do
    if closed[f] then goto next end
    case("four_bar " .. stab .. " " .. f, function()
      return example("four_bar")():simulate{ formulation = f, stabilization = stab, integrator = "rk4",
        h = 0.01, tf = 2, dt = 0.01 }
    end)
    ::next::
  end
end

-- Minimal coordinates switching: the triple rocker through its first
-- limit positions, with the coordinates chosen and with the paper's two.
case("triple_rocker minimal switching", function()
  return example("triple_rocker")():simulate(with(fixed, { formulation = "minimal", correct = true, tf = 1.5 }))
end)
case("triple_rocker minimal cases a and b", function()
  return example("triple_rocker")():simulate(with(fixed, { formulation = "minimal", correct = true, tf = 1.5,
    independent = { { "crank.angle" }, { "B.angle" } } }))
end)

-- A redundant model: a rod pinned at both ends, carried on by dropping a
-- row or by the penalty method.
local function doubly_pinned()
  local m = mb.model{ name = "doubly pinned rod" }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0.5, 0 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  m:joint{ name = "pin2", type = "revolute", points = { "A", "O" } }
  return m
end
for _, f in ipairs(formulations) do
  if closed[f] then goto next end
  for _, how in ipairs { { redundant = "drop" }, { stabilization = "penalty" } } do
    local label = how.redundant and "drop" or "penalty"
    case("doubly pinned rod " .. label .. " " .. f, function()
      return doubly_pinned():simulate(with(fixed, with(how, { formulation = f })))
    end)
  end
  ::next::
end

------------------------------------------------------------------ running

local function read_record()
  local out = {}
  local f = io.open(record_path)
  if not f then return out end
  for line in f:lines() do
    if not line:match("^#") and line:match("%S") then
      local name, rest = line:match("^(.-)\t(.*)$")
      local fields = {}
      for x in rest:gmatch("[^\t]+") do fields[#fields + 1] = x end
      out[name] = fields
    end
  end
  f:close()
  return out
end

local function encode(p)
  if p.failed then return { "fails" } end
  local fields = { string.format("%016x", p.hash), p.counts }
  for _, g in ipairs(p.order) do
    local s = p.groups[g]
    fields[#fields + 1] = string.format("%s:%d:%.15e:%.15e", g, s.count, s.sum, s.weighted)
  end
  return fields
end

-- Agreement of a fresh fingerprint with the recorded one; nil, or what differs.
local function differs(fresh, old, strict)
  if fresh[1] == "fails" or old[1] == "fails" then
    return fresh[1] ~= old[1] and ("it " .. (fresh[1] == "fails" and "fails now" or "runs now, and failed before")) or nil
  end
  if fresh[2] ~= old[2] then return "evaluations and steps " .. old[2] .. " became " .. fresh[2] end
  if #fresh ~= #old then return "the quantities reported changed" end
  for i = 3, #fresh do
    local g, n, s, w = fresh[i]:match("^(.-):(%d+):(.-):(.-)$")
    local g0, n0, s0, w0 = old[i]:match("^(.-):(%d+):(.-):(.-)$")
    s, w, s0, w0 = tonumber(s), tonumber(w), tonumber(s0), tonumber(w0)
    local tol = 1e-9 * s0 + 1e-12 * tonumber(n0)
    if g ~= g0 or n ~= n0 then return "the quantities reported changed (" .. g0 .. " -> " .. g .. ")" end
    if math.abs(s - s0) > tol or math.abs(w - w0) > tol then
      return string.format("%s changed: sum |x| %.12g -> %.12g, weighted %.12g -> %.12g", g, s0, s, w0, w)
    end
  end
  if strict and fresh[1] ~= old[1] then return "same to round-off, but not bit for bit" end
end

local record = read_record()
local fresh_record = {}
for _, name in ipairs(case_order) do
  local p = fingerprint()
  if mode == "dump" then p.dump = assert(io.open(dump_dir .. "/" .. name:gsub("[^%w%.%-]", "_") .. ".txt", "w")) end
  local ok, r = pcall(cases[name])
  if ok then take(p, r) else p.failed = true end
  if p.dump then p.dump:write(ok and ("counts " .. p.counts) or ("fails " .. tostring(r)), "\n"); p.dump:close() end
  fresh_record[name] = encode(p)
  if mode == "compare" or mode == "strict" then
    local old = record[name]
    if not old then
      T.ok(false, name .. ": not in " .. record_path .. " (run the test with `update` and commit the record)")
    else
      local why = differs(fresh_record[name], old, mode == "strict")
      T.ok(why == nil, name .. (why and (": " .. why .. " (if intended, run with `update` and say why in the commit)") or ""))
    end
  end
end

if mode == "update" then
  local f = assert(io.open(record_path, "w"))
  f:write("# written by: mechbench --batch tests/lua/test_determinism.lua update\n")
  f:write("# case\tbits hash\tevaluations steps\tgroup:count:sum|x|:weighted sum ...\n")
  for _, name in ipairs(case_order) do f:write(name, "\t", table.concat(fresh_record[name], "\t"), "\n") end
  f:close()
  print(("%d cases recorded in %s"):format(#case_order, record_path))
  T.ok(true, "recorded")
end
T.finish()
