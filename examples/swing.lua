-- SPDX-License-Identifier: GPL-3.0-or-later
-- swing.lua: a child pumping a swing, the book's Sec. 15.16. Five bodies,
-- six pins, three degrees of freedom: the swing (1: ropes and seat, with
-- the thighs), the torso (2) pinned at the seat, the upper arm (3) and
-- forearm (4) from the shoulder to the hands, which hold the rope, and the
-- lower legs (5) pinned at the knees. Masses, inertias and the two pump
-- angles' ranges are Table 15.14's: theta_A (our choice: the elbow's
-- inner angle) 20 to 175 degrees, theta_B (the knee's inner angle) 30 to
-- 175. The dimensions are in the book's Fig. 15.20b only, so ours are our
-- own: ropes 2 m from the pivot O = (0, 2.5) to the seat, hands 0.5 m up
-- the rope, torso 0.5 m from hip to shoulder, arm segments 0.28 m, thighs
-- 0.4 m, lower legs 0.45 m. The child faces -x, so swinging forwards is
-- phi1' < 0 as in the book.
-- The strategy is the book's: moving forwards, arms and legs straight (the
-- largest moment of inertia); moving backwards, bent. At each end of the
-- swing (phi1' = 0) two drivers start the change over 0.5 s (the DAP_BC
-- type b step, mb.fn.smooth_step). The times are events found from the
-- run itself: each run is simulated until phi1' changes sign, an event
-- { t = ..., set = "elbow", fn = ... } is added at the first report past
-- it (the knee's one report later: an event changes one element), and the
-- run is simulated again with it, until no more are found.
--   build(pump)  pump = false keeps arms and legs straight throughout
--   mechbench --batch examples/swing.lua [body|joint]
local rope, hands, torso, arm, thigh, shin = 2.0, 1.5, 0.5, 0.28, 0.4, 0.45
local straight, bent = { A = 175, B = 175 }, { A = 20, B = 30 }
local start_angle = math.rad(20) -- released at rest, 20 degrees back

local vec = mb.vec
-- the joints' relative angles (driver values) for inner angles theta_A, theta_B,
-- and the hanging pose's points, swing vertical
local function pose(A, B)
  local O, S = vec(0, 2.5), vec(0, 2.5 - rope)
  local Hd = vec(0, 2.5 - hands)
  -- the shoulder: torso from S, the hand at the arm's reach |Sh - Hd|
  local reach = 2 * arm * math.sin(math.rad(A) / 2)
  local d = vec.norm(Hd - S)
  local along = (torso ^ 2 - reach ^ 2 + d * d) / (2 * d)
  local u = vec.unit(Hd - S)
  local Sh = S + along * u - math.sqrt(torso ^ 2 - along ^ 2) * vec.rot(u) -- leaning back, to +x
  local w = vec.unit(Hd - Sh)
  local El = Sh + (reach / 2) * w - math.sqrt(arm ^ 2 - (reach / 2) ^ 2) * vec.rot(w) -- the elbow below the arm's line
  local K = S + vec(-thigh, 0)
  local foot = K + shin * vec.unit(math.rad(360 - B))
  return { O = O, S = S, Hd = Hd, Sh = Sh, El = El, K = K, foot = foot }
end
local function relative(A, B)
  local p = pose(A, B)
  local up, fore = vec.angle(p.El - p.Sh), vec.angle(p.Hd - p.El)
  local turn = (fore - up + math.pi) % (2 * math.pi) - math.pi -- in [-pi, pi): the elbow bends one way only
  return turn, math.rad(90 - B) -- elbow: forearm - upper arm; knee: lower leg - swing
end

local function build()
  local p = pose(straight.A, straight.B)
  local m = mb.model{ name = "swing (Sec. 15.16)" }
  -- every body turned by start_angle about O
  local function turned(r) return p.O + vec.rotate(start_angle, r - p.O) end
  local function segment(name, mass, J, P, R, centre)
    local a, b = turned(P), turned(R)
    m:body{ name = name, mass = mass, inertia = J, pos = a + (centre or 0.5) * (b - a), angle = vec.angle(b - a) }
  end
  local function at(name, body, where)
    local b, g = m.bodies[body], turned(where)
    m:point{ name = name, body = body, at = vec.rotate(-b.angle, vec(g[1] - b.pos[1], g[2] - b.pos[2])) }
  end
  segment("swing", 3.0, 0.50, p.O, p.S, 0.9)
  segment("torso", 30.0, 2.1, p.S, p.Sh, 0.6)
  segment("upper arm", 2.5, 0.04, p.Sh, p.El)
  segment("forearm", 1.8, 0.007, p.El, p.Hd)
  segment("lower legs", 1.4, 0.006, p.K, p.foot)
  at("swing.O", "swing", p.O); at("swing.S", "swing", p.S); at("swing.H", "swing", p.Hd); at("swing.K", "swing", p.K)
  at("torso.S", "torso", p.S); at("torso.Sh", "torso", p.Sh)
  at("upper arm.Sh", "upper arm", p.Sh); at("upper arm.El", "upper arm", p.El)
  at("forearm.El", "forearm", p.El); at("forearm.H", "forearm", p.Hd)
  at("lower legs.K", "lower legs", p.K)
  m:point{ name = "O", body = "ground", at = p.O }
  m:joint{ name = "O", type = "revolute", points = { "swing.O", "O" } }
  m:joint{ name = "hip", type = "revolute", points = { "torso.S", "swing.S" } }
  m:joint{ name = "shoulder", type = "revolute", points = { "upper arm.Sh", "torso.Sh" } }
  m:joint{ name = "elbow pin", type = "revolute", points = { "forearm.El", "upper arm.El" } }
  m:joint{ name = "hands", type = "revolute", points = { "forearm.H", "swing.H" } }
  m:joint{ name = "knee pin", type = "revolute", points = { "lower legs.K", "swing.K" } }
  local elbow, knee = relative(straight.A, straight.B)
  m:joint{ name = "elbow", type = "driver", joint = "elbow pin", fn = mb.fn.poly{ elbow, 0, 0 } }
  m:joint{ name = "knee", type = "driver", joint = "knee pin", fn = mb.fn.poly{ knee, 0, 0 } }
  return m
end

-- The pumping run: simulate, find where phi1' changes sign after the last
-- switch, add the two events there, simulate again; pump = false: no events.
local function pump_run(m, opts, pump)
  local events, dt, tf = {}, opts.dt, opts.tf
  local shape = { [true] = straight, [false] = bent } -- forwards (phi1' < 0): straight
  local last_switch = 0
  while true do
    local o = {}
    for k, v in pairs(opts) do o[k] = v end
    o.events = #events > 0 and events or nil
    local r = m:simulate(o)
    if not pump then return r, events end
    local w, found = r:body("swing").omega, nil
    for i = 2, #r.t do
      if r.t[i - 1] > last_switch + 0.3 and w[i - 1] * w[i] <= 0 and w[i] ~= 0 and r.t[i] + 2 * dt < tf then
        found = i
        break
      end
    end
    if not found then return r, events end
    local t = r.t[found]
    local from, to = shape[w[found] > 0], shape[w[found] < 0]
    local e0, k0 = relative(from.A, from.B)
    local e1, k1 = relative(to.A, to.B)
    events[#events + 1] = { t = t, set = "elbow", fn = mb.fn.smooth_step{ from = e0, to = e1, t0 = t, t1 = t + 0.5 } }
    local tk = t + dt -- the knee's event, one report later
    events[#events + 1] = { t = tk, set = "knee", fn = mb.fn.smooth_step{ from = k0, to = k1, t0 = tk, t1 = tk + 0.5 } }
    last_switch = t
  end
end

if ... == "model" then return build, { run = pump_run, relative = relative } end
local formulation = (...) or "body"    -- "joint" as the script argument

local function amplitude(r, from) -- half the swing's angle range after t = from, degrees
  local a, lo, hi = r:body("swing").angle, math.huge, -math.huge
  for i = 1, #r.t do if r.t[i] >= from then lo, hi = math.min(lo, a[i]), math.max(hi, a[i]) end end
  return math.deg(hi - lo) / 2
end
local opts = { formulation = formulation, tf = 12, dt = 0.01 }
local still = pump_run(build(), opts, false)
local pumped, events = pump_run(build(), opts, true)
print(pumped:summary())
print(("  %d switches; the swing's amplitude over the last 3 s: %.1f degrees pumping, %.1f without"):format(
  #events // 2, amplitude(pumped, 9), amplitude(still, 9)))
