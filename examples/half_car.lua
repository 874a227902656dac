-- half_car.lua: the half-car of the book's Sec. 15.8, front view: the
-- double A-arm of Sec. 15.6 (examples/aa.lua, App. B.4.1's points and
-- Table 15.5's data) on each side of a chassis that is now free to move
-- (floating: no joint to the ground). The right side is the left one
-- mirrored about the chassis's centre line x = 0. The book leaves the
-- chassis's mass and inertia to us: 680 kg (two of Table 15.5's quarter
-- chassis) and 300 kg m^2 about its mass centre, put at (0, 0.5).
-- The tires are radial spring-dampers that only push (free radius 0.35 m,
-- 50,000 N/m, 1,000 N s/m), on a road whose height under a wheel is
--   a sin(2 pi f t)
-- under the left wheel alone (excite = "left", the book's figure), under
-- both in phase ("in") or in opposite phase ("out"). The model starts at
-- rest on the flat road (m:equilibrium), so with a = 0 nothing moves.
-- Measured from small free swings about that rest (tests/lua/test_ch15.lua):
-- the chassis bounces at 1.09 Hz and rolls at 1.03 Hz (damped); the road
-- here shakes it near those (1.1 Hz) and well above them (4 Hz).
--   build(f, a, excite)  f in Hz (1 unless given), a in m (0.01), excite
--   mechbench --batch examples/half_car.lua [body|joint]
local R0, k_tire, c_tire = 0.35, 50000, 1000

local function build(f, a, excite)
  f, a, excite = f or 1, a or 0.01, excite or "left"
  local phase = ({ left = { 1, 0 }, ["in"] = { 1, 1 }, out = { 1, -1 } })[excite]
  if not phase then error(("excite must be \"left\", \"in\" or \"out\", not %s"):format(tostring(excite)), 2) end
  local yc = 0.5
  local m = mb.model{ name = ("half-car (Sec. 15.8), road %g Hz"):format(f) }
  m:body{ name = "chassis", mass = 680, inertia = 300, pos = { 0, yc } }
  for i, side in ipairs { { "left", 1 }, { "right", -1 } } do
    local s, tag = side[2], side[1]
    -- a body of examples/aa.lua mirrored for the right side: x -> s x,
    -- angle -> s angle, local points (xi, eta) -> (s xi, eta)
    local function body(name, mass, J, pos, angle)
      m:body{ name = name .. " " .. tag, mass = mass, inertia = J, pos = { s * pos[1], pos[2] }, angle = s * angle }
    end
    local function point(name, on, at)
      if on == "chassis" then
        m:point{ name = name .. " " .. tag, body = "chassis", at = { s * at[1], at[2] - yc } }
      else
        m:point{ name = name .. " " .. tag, body = on .. " " .. tag, at = { s * at[1], at[2] } }
      end
    end
    body("lower arm", 2, 0.5, { 0.4398, 0.2512 }, -0.0367)
    body("wheel", 30, 2.5, { 0.6817, 0.3498 }, 0.0783)
    body("upper arm", 1, 0.5, { 0.4463, 0.4308 }, 6.5222)
    point("Q1", "lower arm", { -0.24, 0 }); point("A1", "lower arm", { 0.18, 0 }); point("E1", "lower arm", { 0, 0 })
    point("A2", "wheel", { -0.07, -0.10 }); point("B2", "wheel", { -0.10, 0.12 })
    point("B3", "upper arm", { 0.13, 0 }); point("O3", "upper arm", { -0.13, 0 })
    point("O0", "chassis", { 0.32, 0.40 }); point("Q0", "chassis", { 0.20, 0.26 }); point("F0", "chassis", { 0.38, 0.43 })
    local function j(name, p, q) m:joint{ name = name .. " " .. tag, type = "revolute", points = { p .. " " .. tag, q .. " " .. tag } } end
    j("Q", "Q1", "Q0"); j("A", "A1", "A2"); j("B", "B2", "B3"); j("O", "O3", "O0")
    m:force{ name = "suspension " .. tag, type = "spring-damper", points = { "E1 " .. tag, "F0 " .. tag },
             k = 90000, length = 0.23, c = 1100 }
    local w, amp = 2 * math.pi * f, a * phase[i]
    m:force{ name = "tire " .. tag, type = "user", fn = function(t, state)
      local b = state.bodies["wheel " .. tag]
      local squeeze = b.y - R0 - amp * math.sin(w * t)
      if squeeze >= 0 then return {} end
      return { { body = "wheel " .. tag, force = { 0, -(k_tire * squeeze + c_tire * (b.vy - amp * w * math.cos(w * t))) } } }
    end }
  end
  -- start at rest on the flat road; the tires push only upwards, so the car
  -- could rest anywhere sideways: hold the chassis's x while looking
  m:joint{ name = "hold x", type = "simple", body = "chassis", coord = "x", value = 0 }
  m:correct() -- App. B.4.1's pose, to its 4 decimals, onto the joints
  local eq = m:equilibrium{}
  m.joints["hold x"].active = false
  for name, b in pairs(m.bodies) do
    local r = eq:body(name)
    b.pos, b.angle = { r.x[1], r.y[1] }, r.angle[1]
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

-- the chassis's swing, up and down, over the last 2 s of a 6 s run
local function swing(r)
  local y, lo, hi = r:body("chassis").y, math.huge, -math.huge
  for i = 1, #r.t do if r.t[i] >= 4 then lo, hi = math.min(lo, y[i]), math.max(hi, y[i]) end end
  return hi - lo
end
for _, f in ipairs { 1.1, 4 } do
  local r = build(f, 0.01, "in"):simulate{ formulation = formulation, tf = 6, dt = 0.01 }
  print(r:summary())
  print(("  the road moves both wheels 2 cm up and down at %g Hz: the chassis moves %.2f cm"):format(f, 100 * swing(r)))
end
