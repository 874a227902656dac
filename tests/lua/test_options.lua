-- SPDX-License-Identifier: GPL-3.0-or-later
-- Every option with a range, at and past the bounds the man page documents
-- for it (its OPTIONS section, which test_help holds to the declarations),
-- through every analysis that takes it: the library's check (m:simulate{...}
-- and the others, and mb.compare) and the C core's own (core.model.*, which
-- scripts can reach) must give the same verdict. A value at a bound is taken
-- by both (the call may still stop for another reason, such as too many
-- reports, but not by refusing the option); a value past it is refused by
-- both, the library at this file's line, both in the words "NAME must be a
-- number from LO to HI (got V)".
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local core = mb.core
local kinds = require "mechbench.kinds"
local this_file = debug.getinfo(1, "S").short_src

-- The documented bounds: each item of the man page's OPTIONS section that
-- says "a [whole] number from LO to HI", with the choice it goes with.
local documented = {}
do
  local in_options, tag, body = false, nil, {}
  local function close()
    if not tag then return end
    local text = table.concat(body, " ")
    local with = text:match("^With (.-), a")
    local whole, lo, hi = text:match("(a w?h?o?l?e? ?)number from (%S+) to (%S-);")
    if lo then
      documented[#documented + 1] = { name = tag, with = with, whole = whole:find("whole") ~= nil,
        lo = tonumber(lo), hi = tonumber(hi), text = text }
    end
    tag, body = nil, {}
  end
  local after_tp = false
  for line in io.lines(here .. "../../man/mechbench.7") do
    if line:match("^%.SH") then close(); in_options = line == ".SH OPTIONS"
    elseif in_options and line == ".TP" then close(); after_tp = true
    elseif in_options and after_tp then tag, after_tp = line:match("^%.B (.+)$"), false
    elseif in_options and tag then body[#body + 1] = (line:gsub("\\%-", "-"):gsub("\\%(dq", '"')) end
  end
  close()
end
T.ok(#documented >= 15, ("the man page documents the ranges of %d options"):format(#documented))

-- The models: a pendulum for the runs and the looks at one state, a driven
-- crank for kinematics (a kinematic run needs its drivers).
local pendulum = mb.example("pendulum")
local crank = mb.example("slider_crank")

-- A small, cheap call of each analysis with opts, through the library
-- (lua) and through the C core (c, nil for an analysis written in Lua);
-- each returns the error, or nil.
local function quietly(f, ...)
  local ok, err = pcall(f, ...)
  return not ok and tostring(err) or nil
end
local run_base = { tf = 0.01, dt = 0.01 }
local function with_base(opts, base)
  local o = {}
  for k, v in pairs(base) do o[k] = v end
  for k, v in pairs(opts) do o[k] = v end
  return o
end
local analyses = {
  simulate = {
    lua = function(o) return quietly(function() return pendulum:simulate(with_base(o, run_base)) end) end,
    c = function(o) return quietly(core.model.simulate, pendulum:compile(), with_base(o, run_base)) end },
  compare = {
    lua = function(o)
      return quietly(function() return mb.compare(pendulum, { with_base(o, { label = "run" }) }, { tf = 0.01, dt = 0.01,
        show = false }) end)
    end },
  kinematics = {
    lua = function(o) return quietly(function() return crank:kinematics(with_base(o, run_base)) end) end,
    c = function(o) return quietly(core.model.kinematics, crank:compile(), with_base(o, run_base)) end },
  inverse_dynamics = {
    lua = function(o) return quietly(function() return crank:inverse_dynamics(with_base(o, run_base)) end) end },
  equilibrium = { lua = function(o) return quietly(function() return pendulum:equilibrium(o) end) end },
  modes = { lua = function(o) return quietly(function() return pendulum:modes(o) end) end },
}
-- which of these take an option the man page documents: those its
-- declaration names ("kinematics" covers inverse dynamics; mb.compare runs
-- m:simulate)
local function analyses_of(d)
  local out = {}
  for name in pairs(d.analyses) do out[#out + 1] = name end
  if d.analyses.kinematics then out[#out + 1] = "inverse_dynamics" end
  if d.analyses.simulate then out[#out + 1] = "compare" end
  table.sort(out)
  return out
end

-- The declaration the man page's item stands for: by name and the choice it
-- goes with.
local declared = require("mechbench.model").declared_options()
local function declaration(doc)
  for _, o in ipairs(declared) do
    if o.d.name == doc.name and kinds.describe_option(o.d, o.with) == doc.text then return o.d end
  end
end

-- The choices that make an option apply: its remedy or formulation, and a
-- fixed step for h; remedies are tried on one rk4 step.
local function context(doc, analysis)
  local o = {}
  local stab = doc.with and doc.with:match('^stabilization = "(.-)"')
  local form = doc.with and doc.with:match('^formulation = "(.-)"')
  if stab then o.stabilization, o.integrator, o.h = stab, "rk4", 0.01 end
  if form then o.formulation = form end
  if doc.name == "h" then o.integrator = "rk4" end
  if analysis == "equilibrium" and (doc.name == "damping" or doc.name == "max_chunks") then o.method = "dynamics" end
  return o
end

-- The values at and past the bounds.
local function values(doc)
  local below = doc.lo == 0 and -1e-300 or doc.lo - math.max(math.abs(doc.lo) * 1e-6, doc.whole and 1 or 0)
  local above = doc.hi + math.max(math.abs(doc.hi) * 1e-6, doc.whole and 1 or 0)
  local out = { { v = doc.lo, ok = true }, { v = doc.hi, ok = true }, { v = below, ok = false }, { v = above, ok = false },
    { v = 0 / 0, ok = false } }
  if doc.whole then out[#out + 1] = { v = doc.lo + 0.5, ok = false } end
  return out
end

local function shown(v) return v ~= v and "NaN" or ("%g"):format(v) end

local checked = 0
for _, doc in ipairs(documented) do
  local d = declaration(doc)
  T.ok(d ~= nil, ("%s%s: the man page's item is a declared option"):format(doc.name, doc.with and " (" .. doc.with .. ")" or ""))
  for _, analysis in ipairs(d and analyses_of(d) or {}) do
    local call = analyses[analysis]
    if call then
      for _, case in ipairs(values(doc)) do
        local opts = context(doc, analysis)
        opts[doc.name] = case.v
        local refusal = ("%s must be a %snumber from %g to %g (got %s)"):format(doc.name, doc.whole and "whole " or "",
          doc.lo, doc.hi, shown(case.v))
        local said = ("%s%s through %s, %s = %s"):format(doc.name, doc.with and " (" .. doc.with .. ")" or "", analysis,
          doc.name, shown(case.v))
        for _, layer in ipairs { "lua", "c" } do
          if call[layer] then
            local err = call[layer](opts)
            local refused = err ~= nil and err:find(refusal, 1, true) ~= nil
            if case.ok then
              T.ok(not refused, ("%s: taken by the %s layer%s"):format(said, layer, refused and ": " .. err or ""))
            else
              local at_line = layer == "c" or (err or ""):sub(1, #this_file + 1) == this_file .. ":"
              T.ok(refused and at_line, ("%s: refused by the %s layer, naming its range%s: %s"):format(said, layer,
                layer == "lua" and " at this file's line" or "", tostring(err)))
            end
            checked = checked + 1
          end
        end
      end
    end
  end
end
T.ok(checked >= 250, ("%d verdicts checked"):format(checked))

-- Every option with a range is documented with it, and so reached above.
for _, o in ipairs(declared) do
  if o.d.type == "number" or o.d.type == "whole" then
    local found = false
    local sentence = kinds.describe_option(o.d, o.with)
    for _, doc in ipairs(documented) do found = found or (doc.name == o.d.name and doc.text == sentence) end
    T.ok(found, ("%s%s: its range is in the man page's OPTIONS"):format(o.d.name, o.with and " (" .. o.with .. ")" or ""))
  end
end

-- A time, any finite number, through every look at one state that takes
-- it, and the C core's own reading of it.
for _, case in ipairs { { v = -1e300, ok = true }, { v = 1e300, ok = true }, { v = math.huge, ok = false },
  { v = -math.huge, ok = false }, { v = 0 / 0, ok = false } } do
  local refusal = ("t must be a finite number (got %s)"):format(shown(case.v))
  local looks = {
    { "m:pieces", function() return pendulum:pieces{ t = case.v } end,
      function() return core.model.pieces(pendulum:compile(), { formulation = "body" }, case.v) end },
    { "m:joint_coords", function() return pendulum:joint_coords{ t = case.v } end,
      function() return core.model.joint_pieces(pendulum:compile(), {}, case.v) end },
    { "m:point_coords", function() return pendulum:point_coords{ t = case.v } end,
      function() return core.model.point_pieces(pendulum:compile(), { formulation = "point" }, case.v) end },
    { "m:minimal_coords", function() return pendulum:minimal_coords{ t = case.v } end,
      function() return core.model.minimal_pieces(pendulum:compile(), {}, case.v) end },
    { "m:explain", function() return T.capture(pendulum.explain, pendulum, { t = case.v }) end },
  }
  for _, look in ipairs(looks) do
    for layer = 2, #look do
      local err = quietly(look[layer])
      local refused = err ~= nil and err:find(refusal, 1, true) ~= nil
      T.ok(refused ~= case.ok, ("%s, t = %s: %s by the %s layer%s"):format(look[1], shown(case.v),
        case.ok and "taken" or "refused", layer == 2 and "lua" or "c", err and ": " .. err or ""))
    end
  end
end

T.finish()
