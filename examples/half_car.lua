-- SPDX-License-Identifier: GPL-3.0-or-later
-- half_car.lua: the half-car of the book's Sec. 15.8, front view: a
-- quarter-car suspension on each side of a chassis that is now free to
-- move (floating: no joint to the ground), the right side the left one
-- mirrored about the chassis's centre line x = 0. suspension = "AA": the
-- double A-arm of Sec. 15.6 (examples/aa.lua: App. B.4.1's points, Table
-- 15.5's data; tires of free radius 0.35 m, 50,000 N/m, 1,000 N s/m);
-- "MP": the MacPherson strut of Sec. 15.7 (examples/macpherson.lua, model
-- A: App. B.4.2, Table 15.6; tires 0.30 m, 100,000 N/m, 1,000 N s/m). The
-- book leaves the chassis's mass and inertia to us: two of its quarter
-- chassis, 680 kg (AA) or 600 kg (MP), and 300 or 250 kg m^2 (our
-- choice), the mass centre at (0, 0.5). The tires push only, on a road
-- whose height under a wheel is
--   a sin(2 pi f t)
-- under the left wheel alone (excite = "left", the book's figure), under
-- both in phase ("in") or in opposite phase ("out"). The model starts at
-- rest on the flat road (m:equilibrium), so with a = 0 nothing moves.
-- Measured from small free swings about that rest (tests/lua/test_ch15.lua):
-- the AA chassis bounces at 1.09 Hz and rolls at 1.03 Hz (damped), the MP
-- one bounces at 1.18 Hz; the script shakes the AA car near those (1.1 Hz)
-- and well above them (4 Hz).
--   build(f, a, excite, suspension)  f in Hz (1 unless given), a in m
--   (0.01), excite ("left"), suspension ("AA")
--   mechbench --batch examples/half_car.lua [body|joint]
-- Each suspension as the quarter-car examples have it, for the left side:
-- its bodies, points, joints and spring, its wheel body, and its tire
-- (free radius, stiffness, damping, and where on the wheel body it pushes).
local suspensions = {
  AA = { chassis = { 680, 300 }, wheel = "wheel", tire = { 0.35, 50000, 1000 },
    build = function(body, point, vector, joint, spring)
      body("lower arm", 2, 0.5, { 0.4398, 0.2512 }, -0.0367)
      body("wheel", 30, 2.5, { 0.6817, 0.3498 }, 0.0783)
      body("upper arm", 1, 0.5, { 0.4463, 0.4308 }, 6.5222)
      point("Q1", "lower arm", { -0.24, 0 }); point("A1", "lower arm", { 0.18, 0 }); point("E1", "lower arm", { 0, 0 })
      point("A2", "wheel", { -0.07, -0.10 }); point("B2", "wheel", { -0.10, 0.12 })
      point("B3", "upper arm", { 0.13, 0 }); point("O3", "upper arm", { -0.13, 0 })
      point("O0", "chassis", { 0.32, 0.40 }); point("Q0", "chassis", { 0.20, 0.26 }); point("F0", "chassis", { 0.38, 0.43 })
      joint("Q", "Q1", "Q0"); joint("A", "A1", "A2"); joint("B", "B2", "B3"); joint("O", "O3", "O0")
      spring("E1", "F0", 90000, 0.23, 1100)
    end },
  -- Table 15.6 and examples/macpherson.lua's model A: the 20 kg body
  -- carries the strut (see the book-map note on Sec. 15.7's body roles)
  MP = { chassis = { 600, 250 }, wheel = "knuckle", tire = { 0.30, 100000, 1000, { 0.11, -0.02 } },
    build = function(body, point, vector, joint, spring, slider)
      body("knuckle", 20, 2.5, { 0.5840, 0.3586 }, 6.0819)
      body("lower arm", 2, 0.5, { 0.3450, 0.2900 }, 0)
      body("strut rod", 0.5, 0.2, { 0.4528, 0.6862 }, 5.0019)
      point("A1", "knuckle", { 0, -0.07 }); point("B1", "knuckle", { -0.17, 0.25 })
      vector("strut", "knuckle", { 0.47, -0.88 })
      point("Q2", "lower arm", { -0.225, 0 }); point("A2", "lower arm", { 0.225, 0 })
      point("O3", "strut rod", { -0.15, 0 }); vector("rod axis", "strut rod", { 1, 0 })
      point("O0", "chassis", { 0.41, 0.83 }); point("Q0", "chassis", { 0.12, 0.29 })
      joint("A", "A1", "A2"); joint("Q", "Q0", "Q2"); joint("O", "O0", "O3")
      slider("strut", "B1", "O3", "strut", "rod axis")
      spring("B1", "O0", 20000, 0.34, 1100)
    end },
}

local parameter = mb.parameter
local function build(f, a, excite, suspension)
  f = parameter(f, { "the road's frequency f (Hz)", number = { 0, 20 }, default = 1 })
  a = parameter(a, { "the road's amplitude a (m)", number = { -0.1, 0.1 }, default = 0.01 })
  excite = parameter(excite, { "excite", choices = { "left", "in", "out" }, default = "left" })
  suspension = parameter(suspension, { "the suspension", choices = { "AA", "MP" }, default = "AA" })
  local phase = ({ left = { 1, 0 }, ["in"] = { 1, 1 }, out = { 1, -1 } })[excite]
  local kind = suspensions[suspension]
  local yc = 0.5
  local m = mb.model{ name = ("half-car %s (Sec. 15.8), road %g Hz"):format(suspension, f) }
  m:body{ name = "chassis", mass = kind.chassis[1], inertia = kind.chassis[2], pos = { 0, yc } }
  for i, side in ipairs { { "left", 1 }, { "right", -1 } } do
    local s, tag = side[2], side[1]
    -- the left side mirrored for the right: x -> s x, angle -> s angle,
    -- local points and vectors (xi, eta) -> (s xi, eta)
    local function named(name) return name .. " " .. tag end
    local function body(name, mass, J, pos, angle)
      m:body{ name = named(name), mass = mass, inertia = J, pos = { s * pos[1], pos[2] }, angle = s * angle }
    end
    local function point(name, on, at)
      if on == "chassis" then
        m:point{ name = named(name), body = "chassis", at = { s * at[1], at[2] - yc } }
      else
        m:point{ name = named(name), body = named(on), at = { s * at[1], at[2] } }
      end
    end
    local function vector(name, on, dir) m:vector{ name = named(name), body = named(on), dir = { s * dir[1], dir[2] } } end
    local function joint(name, p, q) m:joint{ name = named(name), type = "revolute", points = { named(p), named(q) } } end
    local function slider(name, p, q, u, v)
      m:joint{ name = named(name), type = "translational", points = { named(p), named(q) }, vectors = { named(u), named(v) } }
    end
    local function spring(p, q, k, length, c)
      m:force{ name = named("suspension"), type = "spring-damper", points = { named(p), named(q) }, k = k, length = length, c = c }
    end
    kind.build(body, point, vector, joint, spring, slider)
    local R0, k_tire, c_tire, at = table.unpack(kind.tire)
    at = at and { s * at[1], at[2] }
    local w, amp, wheel = 2 * math.pi * f, a * phase[i], named(kind.wheel)
    m:force{ name = named("tire"), type = "user", fn = function(t, state)
      local b = state.bodies[wheel]
      local squeeze = b.y - R0 - amp * math.sin(w * t)
      if squeeze >= 0 then return {} end
      return { { body = wheel, force = { 0, -(k_tire * squeeze + c_tire * (b.vy - amp * w * math.cos(w * t))) }, at = at } }
    end }
  end
  -- start at rest on the flat road; the tires push only upwards, so the car
  -- could rest anywhere sideways: hold the chassis's x while looking
  m:joint{ name = "hold x", type = "simple", body = "chassis", coord = "x", value = 0 }
  m:correct() -- App. B.4's poses, to their 4 decimals, onto the joints
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
