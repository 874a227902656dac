-- SPDX-License-Identifier: GPL-3.0-or-later
-- Every registered formulation on every example model: its constraints
-- against finite differences in its own coordinates, and its motion,
-- reactions and energy against body coordinates'. A new formulation is
-- tested here by being registered. (Each formulation's own pieces have
-- their own files: test_body_coords, test_joint_coords, test_point_coords,
-- test_discrete; test_vector for the vector loops, which take kinematics
-- only and models with loops: they are checked there.) A formulation whose
-- joints are forces of its own (the discrete-time method:
-- mb.formulations(true)[k].can.joint_forces) has no constraint rows to
-- check, takes no impulse contact, and meets body coordinates less closely;
-- each of those is said where it is skipped.
local here = arg[0]:match("(.*/)")
local T = dofile(here .. "harness.lua")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

local models = {
  { "pendulum", function() return example("pendulum")() end },
  { "double pendulum", function() return example("double_pendulum")() end },
  { "sliding pendulum", function() return example("sliding_pendulum")() end },
  { "slider-crank, driven", function() return example("slider_crank")(1.5) end },
  { "slider-crank, free", function() return example("slider_crank")() end },
  { "four-bar (a loop)", function() return example("four_bar")() end },
  { "inverted slider-crank", function() return example("inverted_slider_crank")() end },
  { "Ex 9.3 (slide and torsion spring)", function() return example("variable_length_pendulum")() end },
  { "double A-arm", function() return example("aa")() end },
  { "MacPherson A", function() return example("macpherson")("A") end },
  { "MacPherson B", function() return example("macpherson")("B") end },
  { "MacPherson C", function() return example("macpherson")("C") end },
  { "cart A (discs rolling)", function() return example("cart")("A") end },
  { "cart B", function() return example("cart")("B") end },
  { "cart C", function() return example("cart")("C") end },
  { "cart D", function() return example("cart")("D") end },
  { "impacting pendulums (impacts)", function() return example("impacting_pendulums")() end, { scale = 0.01 },
    impulse = "hit1" },
}
-- runs with contact forces or stiff friction compared over a shorter time;
-- the discrete-time method's explicit steps must resolve the contacts
-- (the rod's, k = 1e11 N/m^1.5 on an end of some 20 g effective mass,
-- rings at about 2e5 rad/s at its deepest: omega h passes 2 at h = 1e-5,
-- and h = 1e-6 drifts over many bounces)
local short = {
  { "conveyor (stiff friction)", function() return example("conveyor")() end, { tf = 1 }, 1e-5 },
  { "rod (floating, contact forces)", function() return example("rod")() end, { tf = 0.5 }, nil,
    { tf = 0.2, h = 1e-7 } },
  { "two rods (contact forces)", function() return example("rod2")() end, { tf = 0.5 }, 1e-5, { tf = 0.5, h = 1e-6 } },
}

-- The discrete-time method against body coordinates: first order in h, its
-- reactions compared once its joints have taken their loads (a joint force
-- needs a gap, so at the start they carry nothing, and the slowest of the
-- joints' modes settles in some 0.05 s). Measured at h = 1e-5 over these
-- models: poses 1.2e-4, reactions 7.8e-4 of their scale from t = 0.2 s,
-- energies 1.5e-4 of theirs.
local loose = { pose = 1e-3, reactions = 5e-3, energy = 1.5e-3, settle = 0.2 }

for _, entry in ipairs(T.formulations("dynamics", true)) do
  local f = entry.name
  if entry.can.constraints then
    for _, case in ipairs(models) do T.fd_check(case[1], case[2](), f, case[3]) end
  else
    T.skip(f .. ": no constraint rows for finite differences to check: its joints are forces (test_discrete.lua)")
  end
  if f ~= "body" and entry.can.joint_forces then
    for _, case in ipairs(models) do
      if case.impulse then
        T.fails(function() case[2]():simulate{ formulation = f, tf = 0.1 } end,
          ("contact '%s' uses the impulse law"):format(case.impulse),
          case[1] .. ", " .. f .. ": the impulse law is refused, naming the contact and why")
      else
        T.agree(case[1], case[2](), f, nil, loose)
      end
    end
    for _, case in ipairs(short) do T.agree(case[1], case[2](), f, case[5] or case[3], loose) end
  elseif f ~= "body" then
    for _, case in ipairs(models) do T.agree(case[1], case[2](), f) end
    for _, case in ipairs(short) do T.agree(case[1], case[2](), f, case[3], case[4]) end
  end
end

T.finish()
