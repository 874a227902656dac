-- SPDX-License-Identifier: GPL-3.0-or-later
-- The joint kinds' geometry as the Lua side reads it from C (the kinds
-- table): each kind declares, in the closed vocabulary of
-- src/model/joints/geometry.h, what it relates, its tie, the coordinate it
-- offers and how its rows write Φ, its numbers named by its parameters;
-- and minimal coordinates take as independent the coordinates the kinds
-- offer, read from there rather than from a list of kind names.
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local kinds = require "mechbench.kinds"

local words = {
  term = { offset = true, slide = true, link = true, driven = true, roll = true },
  row = { ["gap x"] = true, ["gap y"] = true, across = true, along = true, length = true, tie = true },
  tie = { none = true, fixed = true, driven = true, geared = true },
  form = { angle = true, parallel = true },
  offer = { none = true, angle = true, slide = true },
  base = { axis = true, u = true, u_perp = true, pair = true },
}

-- Every reference to a number names one of the kind's parameters; need:
-- the declaration must have one there.
local function refers(kind, ref, what, need)
  if ref == nil then
    if need then T.ok(false, ("%s: %s names no parameter"):format(kind.name, what)) end
    return not need
  end
  for _, p in ipairs(kind.params) do
    if p.name == ref.param then return ref.index == 1 or (ref.index == 2 and p.type == "pair") end
  end
  T.ok(false, ("%s: %s names '%s', no parameter of it"):format(kind.name, what, tostring(ref.param)))
  return false
end

local offered = {}
for _, kind in ipairs(kinds.joints) do
  local choices = 1
  for _, p in ipairs(kind.params) do if p.choices then choices = #p.choices end end
  T.eq(#kind.geometry, choices, kind.name .. ": one declaration, or one per choice")
  for c, g in ipairs(kind.geometry) do
    local label = ("%s (declaration %d)"):format(kind.name, c)
    T.eq(#g.rows, kind.rows, label .. ": a row form per row")
    local ok = (g.on == "i" or g.on == "j") and words.offer[g.offers] and words.tie[g.tie.kind]
      and (g.tie.form == nil or words.form[g.tie.form])
    for _, r in ipairs(g.rows) do ok = ok and words.row[r] end
    for t, term in ipairs(g.terms) do
      ok = ok and words.term[term.kind]
      if term.vector then
        ok = ok and words.base[term.vector.base] and refers(kind, term.vector.scale, "term " .. t .. "'s scale")
          and refers(kind, term.vector.pair, "term " .. t .. "'s pair", term.vector.base == "pair")
      end
      ok = ok and refers(kind, term.length, "a link's length", term.kind == "link")
      for _, number in ipairs { "radius", "x0", "phi0" } do
        ok = ok and refers(kind, term[number], "a roll's " .. number, term.kind == "roll")
      end
    end
    ok = ok and refers(kind, g.tie.value, "the tie's value")
    for _, number in ipairs { "radius_i", "radius_j", "phi0_i", "phi0_j" } do
      ok = ok and refers(kind, g.tie[number], "a gear's " .. number, g.tie.kind == "geared")
    end
    T.ok(ok, label .. ": in the vocabulary's words, its numbers its parameters")
  end
  local g = kind.geometry[1]
  T.eq(kind.offers, g and g.offers ~= "none" and g.offers or nil, kind.name .. ": offers what it declares")
  if kind.offers then offered[kind.name] = kind.offers end
end
-- the book's joints as their files declare them
T.eq(offered.revolute, "angle", "a pin offers its angle")
T.eq(offered.translational, "slide", "a slider offers its slide")
local by_name = {}
for _, kind in ipairs(kinds.joints) do by_name[kind.name] = kind end
local slider = by_name.translational.geometry[1]
T.ok(slider.terms[1].kind == "slide" and slider.terms[1].on == "j" and slider.terms[1].vector.base == "u"
  and slider.tie.kind == "fixed" and slider.tie.form == "parallel" and table.concat(slider.rows, ",") == "across,tie",
  "translational: a slide along u_j, u_i kept parallel, its rows across and the sine")
local disc = by_name.disc.geometry[1]
T.ok(disc.terms[2].kind == "roll" and disc.terms[2].radius.param == "radius" and disc.terms[2].x0.param == "x0"
  and disc.terms[1].vector.scale.param == "radius", "disc: its centre a radius up, its roll named by its numbers")
T.eq(by_name.simple.geometry[3].tie.value.param, "value", "simple on the angle: a tie to its value")

-- minimal coordinates: the candidates are what the kinds offer
local m = mb.example("sliding_pendulum")
local p = m:minimal_coords{ independent = { "track.slide", "pin.angle" } }
T.eq(table.concat(p.independent, ", "), "track.slide, pin.angle", "a slider's slide and a pin's angle are candidates")
T.fails(function() m:minimal_coords{ independent = { "pin.slide", "track.slide" } } end,
  "'pin.slide' is no coordinate minimal coordinates take", "a pin offers no slide")
T.fails(function() m:minimal_coords{ independent = { "track.angle", "pin.angle" } } end,
  "'track.angle' is no coordinate minimal coordinates take", "a slider offers no angle")
T.finish()
