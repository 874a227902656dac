-- Every registered formulation on every example model: its constraints
-- against finite differences in its own coordinates, and its motion,
-- reactions and energy against body coordinates'. A new formulation is
-- tested here by being registered. (Each formulation's own pieces have
-- their own files: test_body_coords, test_joint_coords, test_point_coords,
-- test_vector for the vector loops, which take kinematics only and models
-- with loops: they are checked there.)
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
  { "impacting pendulums (impacts)", function() return example("impacting_pendulums")() end, { scale = 0.01 } },
}
-- runs with contact forces or stiff friction compared over a shorter time
local short = {
  { "conveyor (stiff friction)", function() return example("conveyor")() end, { tf = 1 }, 1e-5 },
  { "rod (floating, contact forces)", function() return example("rod")() end, { tf = 0.5 } },
  { "two rods (contact forces)", function() return example("rod2")() end, { tf = 0.5 }, 1e-5 },
}

for _, f in ipairs(T.formulations("dynamics")) do
  for _, case in ipairs(models) do T.fd_check(case[1], case[2](), f, case[3]) end
  if f ~= "body" then
    for _, case in ipairs(models) do T.agree(case[1], case[2](), f) end
    for _, case in ipairs(short) do T.agree(case[1], case[2](), f, case[3], case[4]) end
  end
end

T.finish()
