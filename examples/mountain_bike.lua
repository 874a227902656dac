-- SPDX-License-Identifier: GPL-3.0-or-later
-- mountain_bike.lua: mountain bike 1 of the book's Sec. 15.9, riding over
-- a bump. Table 15.7's data: frame (1) 3.2 kg, rear swing arm (2) 1.8 kg,
-- wheels 1.5 kg; front suspension 10,000 N/m and 1,350 N s/m, rear
-- 120,000 and 5,300; tires of radius 0.33 m, 60,000 N/m and 2,700 N s/m.
-- The front wheel's centre slides along the fork's axis on the frame (a
-- rev-tran joint) with the front spring-damper from it to the frame on
-- that axis, as the book suggests. What the table leaves blank and the
-- dimensions (Fig. 15.9b) are our own: wheels as hoops (m R^2); the rear
-- arm 0.1 kg m^2; the frame 0.3 kg m^2; a 70 kg rider fixed to the frame
-- (build(rider), 0 for the bare bike), mass centre (0.55, 1.25), 8 kg m^2;
-- rear axle (0, 0.33), front axle (1.1, 0.33), the arm's pivot on the frame
-- at (0.45, 0.45), the shock from the arm's middle to (0.5, 0.85), the
-- fork's axis through the head (1.0, 0.95); free lengths 0.03 m (front)
-- and 0.01 m (rear) longer than at the start. The tires push only, on a
-- road with a smooth bump, 0.08 m high and 1 m long, from x = 2 m. Only
-- vertical forces act (no drive, no rolling resistance), so the bike
-- keeps its speed, 5 m/s; it starts at rest on its springs
-- (m:equilibrium) and rolling.
--   mechbench --batch examples/mountain_bike.lua [body|joint]
local R0, k_tire, c_tire, speed = 0.33, 60000, 2700, 5
local bump_at, bump_length, bump_height = 2, 1.0, 0.08

local function road(x) -- the road's height and slope under x
  local s = (x - bump_at) / bump_length
  if s <= 0 or s >= 1 then return 0, 0 end
  return bump_height * 0.5 * (1 - math.cos(2 * math.pi * s)), bump_height * math.pi / bump_length * math.sin(2 * math.pi * s)
end

local parameter = mb.parameter
local function build(rider)
  rider = parameter(rider, { "the rider's mass (kg)", number = { 0, 500 }, default = 70 })
  local vec = mb.vec
  local m = mb.model{ name = "mountain bike 1 (Sec. 15.9)" }
  local rear, front, pivot, head = vec(0, R0), vec(1.1, R0), vec(0.45, 0.45), vec(1.0, 0.95)
  -- the frame with the rider: one body
  local frame_c, frame_m = vec(0.55, 0.75), 3.2
  local c = (1 / (frame_m + rider)) * (frame_m * frame_c + rider * vec(0.55, 1.25))
  local J = 0.3 + frame_m * vec.norm(frame_c - c) ^ 2 + (rider > 0 and 8 + rider * vec.norm(vec(0.55, 1.25) - c) ^ 2 or 0)
  m:body{ name = "frame", mass = frame_m + rider, inertia = J, pos = c, angle = 0 }
  m:body{ name = "rear arm", mass = 1.8, inertia = 0.1, pos = 0.5 * (pivot + rear), angle = vec.angle(rear - pivot) }
  m:body{ name = "rear wheel", mass = 1.5, inertia = 1.5 * R0 ^ 2, pos = rear, angle = 0 }
  m:body{ name = "front wheel", mass = 1.5, inertia = 1.5 * R0 ^ 2, pos = front, angle = 0 }
  local function at(name, body, where)
    local b = m.bodies[body]
    m:point{ name = name, body = body, at = vec.rotate(-b.angle, vec(where[1] - b.pos[1], where[2] - b.pos[2])) }
  end
  local shock_arm, shock_frame = 0.5 * (pivot + rear), vec(0.5, 0.85)
  at("frame.pivot", "frame", pivot); at("arm.pivot", "rear arm", pivot)
  at("arm.axle", "rear arm", rear); at("rear.axle", "rear wheel", rear)
  at("arm.shock", "rear arm", shock_arm); at("frame.shock", "frame", shock_frame)
  at("frame.head", "frame", head); at("front.axle", "front wheel", front)
  m:vector{ name = "fork", body = "frame", dir = vec.unit(front - head) }
  m:joint{ name = "pivot", type = "revolute", points = { "arm.pivot", "frame.pivot" } }
  m:joint{ name = "rear axle", type = "revolute", points = { "rear.axle", "arm.axle" } }
  m:joint{ name = "fork", type = "rev-tran", points = { "frame.head", "front.axle" }, vectors = { "fork" } }
  m:force{ name = "front shock", type = "spring-damper", points = { "front.axle", "frame.head" },
           k = 10000, c = 1350, length = vec.norm(front - head) + 0.03 }
  m:force{ name = "rear shock", type = "spring-damper", points = { "arm.shock", "frame.shock" },
           k = 120000, c = 5300, length = vec.norm(shock_frame - shock_arm) + 0.01 }
  m:force{ name = "tires", type = "user", fn = function(t, s)
    local out = {}
    for _, name in ipairs { "rear wheel", "front wheel" } do
      local b = s.bodies[name]
      local h, slope = road(b.x)
      local squeeze = b.y - R0 - h
      if squeeze < 0 then
        local f = -(k_tire * squeeze + c_tire * (b.vy - slope * b.vx))
        if f > 0 then out[#out + 1] = { body = name, force = { 0, f } } end
      end
    end
    return out
  end }
  -- at rest on the flat road: the bike could rest anywhere along it, its
  -- wheels at any angle, so hold those while looking; then set it rolling
  m:joint{ name = "hold x", type = "simple", body = "frame", coord = "x" }
  m:joint{ name = "hold rear", type = "simple", body = "rear wheel", coord = "angle" }
  m:joint{ name = "hold front", type = "simple", body = "front wheel", coord = "angle" }
  local eq = m:equilibrium{}
  for _, hold in ipairs { "hold x", "hold rear", "hold front" } do m.joints[hold].active = false end
  for name, b in pairs(m.bodies) do
    local r = eq:body(name)
    b.pos, b.angle, b.vel = { r.x[1], r.y[1] }, r.angle[1], { speed, 0 }
    b.omega = name:find("wheel") and -speed / R0 or 0
  end
  return m
end
if ... == "model" then return build, road end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 1, dt = 0.002 }
print(r:summary())
for _, name in ipairs { "front wheel", "rear wheel", "frame" } do
  local y, lo, hi = r:body(name).y, math.huge, -math.huge
  for i = 1, #r.t do lo, hi = math.min(lo, y[i]), math.max(hi, y[i]) end
  print(("  %-12s rises %.1f mm above its start and dips %.1f mm below it"):format(name, 1000 * (hi - y[1]), 1000 * (y[1] - lo)))
end
