-- conveyor.lua: a block on a belt running at 0.1 m/s, tied to a wall by a
-- spring (the book's CB model, Sec. 8.1.4 and App. B.4.4). The belt drags
-- the block by friction model A (Eq. 4.43) until the spring wins, then the
-- block slips back: stick-slip. The friction is a user force here; the
-- contact and friction issue will give it its own force element.
--   mechbench --batch examples/conveyor.lua
local function friction_a(mu_s, mu_d, v_s, p, k_t, v)   -- a coefficient (Eq. 4.43)
  return (mu_d + (mu_s - mu_d) * math.exp(-(math.abs(v) / v_s)^p)) * math.tanh(k_t * v)
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

print(build():simulate{ tf = 5, dt = 0.01 }:summary())
