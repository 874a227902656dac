-- conveyor.lua: a block on a belt running at 0.1 m/s, tied to a wall by a
-- spring (the book's CB model, Sec. 8.1.4 and App. B.4.4). The belt drags
-- the block by friction model A (Eq. 4.43) until the spring wins, then the
-- block slips back: stick-slip. The friction is a user force here; the
-- contact and friction issue will give it its own force element.
--   mechbench --batch examples/conveyor.lua [body|joint]
-- Friction model A (Eq. 4.43) as a coefficient: the static peak decays to
-- the sliding value past the Stribeck speed; tanh smooths the sign at v = 0.
local function friction_a(static, sliding, stribeck_speed, exponent, steepness, v)
  local peak = (static - sliding) * math.exp(-(math.abs(v) / stribeck_speed)^exponent)
  return (sliding + peak) * math.tanh(steepness * v)
end

local function build()
  local m = mb.model{ name = "conveyor belt" }
  m:body{ name = "block", mass = 1, inertia = 1, pos = {1, 0.2} }
  m:point{ name = "wall", body = "ground", at = {0, 0.2} }
  m:point{ name = "P", body = "block" }
  m:vector{ name = "belt", body = "ground", dir = {1, 0} }
  m:vector{ name = "u", body = "block", dir = {1, 0} }
  m:joint{ name = "on belt", type = "translational", points = {"P", "wall"}, vectors = {"u", "belt"} }
  m:force{ name = "spring", type = "spring-damper", points = {"P", "wall"}, k = 10, length = 0.8 }
  m:force{ name = "belt friction", type = "user", fn = function(t, s)
    local v = 0.1 - s.bodies.block.vx                  -- belt speed relative to the block
    return {{ body = "block", force = {9.81 * friction_a(0.2, 0.15, 0.001, 2, 10000, v), 0} }}
  end }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

print(build():simulate{ formulation = formulation, tf = 5, dt = 0.01 }:summary())
