-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 6 (Sec. 6.4): free-body diagrams, their equations
-- of motion, and the forces a prescribed motion takes (inverse dynamics,
-- Eq. 6.7). Answers use the free-body-diagram formulation (formulation =
-- "fbd": each body's forces gathered, the accelerations and reactions
-- solved whole); verify repeats them in body coordinates (Ch. 7) or by
-- hand. No gravity unless a problem states it, as the book says. Where the
-- book's figure holds a dimension or a direction, ours is on the sheet.
local vec = mb.vec
local tau = 2 * math.pi

-- whether a model's crank can stand where it starts: one kinematic step
local function assembles(build)
  return pcall(function() build():kinematics { tf = 1e-6, dt = 1e-6 } end)
end
local g = 9.81

-- one state's accelerations and multipliers in a formulation
local function solve(m, formulation) return m:pieces { formulation = formulation or "fbd" } end

-- a short run's first sample: the reactions as r:reaction reports them
local function reaction(m, joint, formulation)
  local r = m:simulate { formulation = formulation or "fbd", tf = 1e-4, dt = 1e-4 }
  local f = r:reaction(joint)
  return { f.fx[1], f.fy[1] }
end

-- inverse dynamics over one crank turn in 5 degree steps: the motor's torque
local function torque_turn(m, omega, formulation)
  local period = tau / math.abs(omega)
  local id = m:inverse_dynamics { formulation = formulation or "fbd", tf = period * 71 / 72, dt = period / 72 }
  local out = {}
  for i, T in ipairs(id:reaction("motor").torque) do out[i] = T end
  return out
end

-- A rod of length L pinned to the ground at its end O, at the angle phi
-- (our placement), turning at omega; forces added by the caller. The pin
-- lists the ground point first, so its reaction is the force on the rod.
local function pinned_rod(d, omega)
  local m = mb.model { name = "pinned rod", gravity = { 0, 0 } }
  local u = vec.unit(d.phi)
  m:body { name = "rod", mass = d.m, inertia = d.J, pos = vec.scale(d.L / 2, u), angle = d.phi,
    vel = vec.scale(omega * d.L / 2, vec.rot(u)), omega = omega }
  m:point { name = "O", body = "ground" }
  m:point { name = "rod.O", body = "rod", at = { -d.L / 2, 0 } }
  m:point { name = "rod.A", body = "rod", at = { d.L / 2, 0 } }
  m:point { name = "rod.C", body = "rod" }
  m:joint { name = "pin", type = "revolute", points = { "O", "rod.O" } }
  return m
end

-- the same rod by hand: forces { {at = global point, f = {fx, fy}} } and
-- the rate omega; returns phi'' and the pin's force on the rod
local function rod_by_hand(d, forces, omega)
  local u = vec.unit(d.phi)
  local rC = vec.scale(d.L / 2, u)
  local JO = d.J + d.m * (d.L / 2) ^ 2
  local n, F = 0, { 0, 0 }
  for _, f in ipairs(forces) do
    n = n + vec.cross(f.at, f.f)
    F = vec.add(F, f.f)
  end
  local alpha = n / JO
  local aC = vec.sub(vec.scale(alpha, vec.rot(rC)), vec.scale(omega ^ 2, rC))
  return alpha, vec.sub(vec.scale(d.m, aC), F)
end

------------------------------------------------------------------ 6.3: systems of ours

-- A block (1) held to a horizontal guide at x1 by a spring from the wall
-- (length x1), a pendulum (2) of length L2 pinned to the block's point
-- {c, -b}, and, in (b), a second pendulum (3) of length L3 at its end; in
-- (c) the pendulum's end slides on a vertical guide at x = a instead.
local function system_63(d, which)
  local m = mb.model { name = "Problem 6.3 (" .. which .. ")", gravity = { 0, -g } }
  local x1 = d.x1
  m:body { name = "block", mass = d.m1, inertia = d.J1, pos = { x1, 0 } }
  local pin = { x1 + d.c, -d.b }
  local u2 = vec.unit(d.phi2)
  m:body { name = "link2", mass = d.m2, inertia = d.J2, pos = vec.add(pin, vec.scale(d.L2 / 2, u2)), angle = d.phi2 }
  m:point { name = "wall", body = "ground", at = { 0, 0 } }
  m:point { name = "block.C", body = "block" }
  m:point { name = "block.P", body = "block", at = { d.c, -d.b } }
  m:point { name = "link2.P", body = "link2", at = { -d.L2 / 2, 0 } }
  m:point { name = "link2.E", body = "link2", at = { d.L2 / 2, 0 } }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:vector { name = "block.x", body = "block", dir = { 1, 0 } }
  m:joint { name = "guide", type = "translational", points = { "block.C", "wall" }, vectors = { "block.x", "x" } }
  m:joint { name = "pin", type = "revolute", points = { "link2.P", "block.P" } }
  m:force { name = "spring", type = "spring-damper", points = { "block.C", "wall" }, k = d.k, length = d.L0 }
  local tip = vec.add(pin, vec.scale(d.L2, u2))
  if which == "b" then
    local u3 = vec.unit(d.phi3)
    m:body { name = "link3", mass = d.m3, inertia = d.J3, pos = vec.add(tip, vec.scale(d.L3 / 2, u3)), angle = d.phi3 }
    m:point { name = "link3.P", body = "link3", at = { -d.L3 / 2, 0 } }
    m:joint { name = "knee", type = "revolute", points = { "link3.P", "link2.E" } }
  elseif which == "c" then
    -- a small block (3) on a vertical guide through the pendulum's end
    m:body { name = "block3", mass = d.m3, inertia = d.J3, pos = tip }
    m:point { name = "block3.C", body = "block3" }
    m:point { name = "rail", body = "ground", at = { tip[1], 0 } }
    m:vector { name = "y", body = "ground", dir = { 0, 1 } }
    m:vector { name = "block3.y", body = "block3", dir = { 0, 1 } }
    m:joint { name = "rail", type = "translational", points = { "block3.C", "rail" }, vectors = { "block3.y", "y" } }
    m:joint { name = "end", type = "revolute", points = { "block3.C", "link2.E" } }
  end
  return m
end

local function accelerations(p)
  local out = {}
  for i, a in ipairs(p.acc) do out[i] = a end
  return out
end

------------------------------------------------------------------ 6.4: the offset slider-crank

-- The crank angle that puts the slider x_B along its line y = -a (crank
-- above the line), and the model with the slider moving at xd.
local function offset_crank(d)
  -- |B - A| = L2 with A = L1 u(t): solve (xB - L1 c)^2 + (-a - L1 s)^2 = L2^2 for t by bisection on (0, pi)
  local function gap(t) return (d.xB - d.L1 * math.cos(t)) ^ 2 + (-d.a - d.L1 * math.sin(t)) ^ 2 - d.L2 ^ 2 end
  local lo, hi = 0, math.pi
  if gap(lo) * gap(hi) > 0 then return nil end
  for _ = 1, 80 do
    local mid = (lo + hi) / 2
    if gap(lo) * gap(mid) <= 0 then hi = mid else lo = mid end
  end
  return (lo + hi) / 2
end

local function offset_model(d)
  local t1 = offset_crank(d)
  local A = vec.scale(d.L1, vec.unit(t1))
  local B = { d.xB, -d.a }
  local t2 = vec.angle(vec.sub(B, A))
  -- rates from the slider's: x_B' = -L1 s1 w1 - L2 s2 w2, 0 = L1 c1 w1 + L2 c2 w2
  local w1 = d.xd / (-d.L1 * math.sin(t1) + d.L1 * math.cos(t1) * math.tan(t2))
  local w2 = -d.L1 * math.cos(t1) * w1 / (d.L2 * math.cos(t2))
  local m = mb.model { name = "offset slider-crank", gravity = { 0, 0 } }
  local vA = vec.scale(d.L1 * w1, vec.rot(vec.unit(t1)))
  m:body { name = "crank", mass = d.m[1], inertia = d.J[1], pos = vec.scale(0.5, A), angle = t1,
    vel = vec.scale(0.5, vA), omega = w1 }
  m:body { name = "rod", mass = d.m[2], inertia = d.J[2], pos = vec.scale(0.5, vec.add(A, B)), angle = t2,
    vel = vec.add(vA, vec.scale(0.5 * d.L2 * w2, vec.rot(vec.unit(t2)))), omega = w2 }
  m:body { name = "slider", mass = d.m[3], inertia = d.J[3], pos = B, vel = { d.xd, 0 } }
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = { 0, -d.a } }
  m:point { name = "crank.O", body = "crank", at = { -d.L1 / 2, 0 } }
  m:point { name = "crank.A", body = "crank", at = { d.L1 / 2, 0 } }
  m:point { name = "rod.A", body = "rod", at = { -d.L2 / 2, 0 } }
  m:point { name = "rod.B", body = "rod", at = { d.L2 / 2, 0 } }
  m:point { name = "slider.B", body = "slider" }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:vector { name = "slide", body = "slider", dir = { 1, 0 } }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "rod.A", "crank.A" } }
  m:joint { name = "B", type = "revolute", points = { "slider.B", "rod.B" } }
  m:joint { name = "guide", type = "translational", points = { "slider.B", "Q" }, vectors = { "slide", "x" } }
  m:force { name = "spring-damper", type = "spring-damper", points = { "slider.B", "Q" }, k = d.k, length = d.L0, c = d.dc }
  return m
end

------------------------------------------------------------------ the applications (Ch. 15)

local function four_bar_program() return loadfile(mb.core.paths.examples .. "/four_bar_program.lua")("model") end

-- the web cutter with the book's data and its cut, the crank at omega
local function web_cutter(d)
  return four_bar_program() {
    name = "web cutter", RQ = { 0.65, -0.1 }, L = { 0.1, 0.7, 1.0 }, LP = { 0, 1.0, 0.82 },
    beta = { 0, -36.87, -37.57 }, theta = { 30, 90, 140 }, omega1 = d.omega, m = { 1, 10, 10 },
    J = { 1.0, 5.0, 5.0 }, LG = { 0, 0.52, 0.68 }, gamma = { 0, -16.7, -17.1 }, g = 9.81,
    cut = { force = d.cut, gap = 0.005 } }
end

-- The six-bar quick-return started at theta0 (radians), given within
-- (-pi, pi]: the crank's body angle is placed there, so the motor's
-- fn(0) = theta0 meets it and no start is turned by a whole turn (a
-- warning the student would see for starts past 180 degrees).
local function quick_return(theta0)
  return mb.example("six_bar_quick_return", math.atan(math.sin(theta0), math.cos(theta0)))
end

local function film_strip(d)
  local _, data = loadfile(mb.core.paths.examples .. "/film_strip.lua")("model")
  local copy = {}
  for k, v in pairs(data) do copy[k] = v end
  copy.omega1 = d.omega
  return four_bar_program()(copy)
end

-- a suspension at rest: its height, its spring's force and a pin's reaction
-- The example's suspension (aa or macpherson) with the wheel's (knuckle's)
-- mass m2 and the suspension spring ks of the data.
local function suspension(name, d)
  local m = mb.example(name)
  m.bodies[name == "aa" and "wheel" or "knuckle"].mass = d.m2
  m.forces.suspension.k = d.ks
  return m
end

local function at_rest(m, body, method, pin)
  local eq = m:equilibrium { method = method, tol = method == "dynamics" and 1e-10 or nil }
  local b = eq:body(body)
  local R = eq:reaction(pin)
  return { height = b.y[1], reaction = { R.fx[1], R.fy[1] } }
end

return {
  chapter = 6,
  title = "Free-body diagrams and the forces of a motion",
  problems = {
    ------------------------------------------------------------------ 6.1
    { number = "6.1",
      title = "A pinned rod under two forces",
      text = [[
A rod of length L is pinned to the ground at its end O and at rest, at the angle phi (our
placement of the book's figure). A horizontal force f1 acts at its mass centre, the force
f2 at its free end A. Draw its free-body diagram, write the equations of motion, and find
its angular acceleration and the pin's force on the rod.]],
      build = "a model with a pin and two forces (m:pieces{ formulation = \"fbd\" }), or the diagram by hand",
      data = {
        { name = "L", value = 0.3, unit = "m", what = "the rod's length", vary = 0.2 },
        { name = "m", value = 4.0, unit = "kg", what = "mass", vary = 0.3 },
        { name = "J", value = 0.03, unit = "kg m^2", what = "moment of inertia", vary = 0.3 },
        { name = "phi", value = 30, unit = "deg", what = "the rod's angle from x", ours = true, vary = { abs = 30, step = 1 } },
        { name = "f1", value = 1.5, unit = "N", what = "the horizontal force at the mass centre", vary = 0.4 },
        { name = "f2", value = { -2.0, -1.0 }, unit = "N", what = "the force at A", vary = 0.4 },
      },
      asks = {
        { name = "phidd", what = "the angular acceleration", unit = "rad/s^2" },
        { name = "pin", what = "the pin's force on the rod, {fx, fy}", unit = "N" },
      },
      answers = function(d)
        local m = pinned_rod(d, 0)
        m:force { name = "f1", type = "force", point = "rod.C", value = { d.f1, 0 } }
        m:force { name = "f2", type = "force", point = "rod.A", value = d.f2 }
        return { phidd = solve(m).acc[3], pin = reaction(m, "pin") }
      end,
      verify = function(d)
        local u = vec.unit(d.phi)
        local alpha, pin = rod_by_hand(d, { { at = vec.scale(d.L / 2, u), f = { d.f1, 0 } }, { at = vec.scale(d.L, u), f = d.f2 } }, 0)
        return { phidd = alpha, pin = pin }
      end,
      mistakes = {
        phidd = { { value = function(d)
            local u = vec.unit(d.phi)
            local n = vec.cross(vec.scale(d.L / 2, u), { d.f1, 0 }) + vec.cross(vec.scale(d.L, u), d.f2)
            return n / d.J
          end, say = "about the fixed pin the moment of inertia is J + m (L/2)^2, not J." } },
      },
      hints = {
        "Three equations: m a_C = f1 + f2 + the pin's force, J phi'' = the moments about the mass centre.",
        "With the rod at rest, a_C = phi'' (r_C turned): the pin's force drops out of the moment about O.",
      } },

    ------------------------------------------------------------------ 6.2
    { number = "6.2",
      title = "A pinned rod on a spring-damper",
      text = [[
The rod of Problem 6.1 has a spring-damper from its free end A to the ground point R at
the height a above the pin (our reading of the figure), and turns clockwise at the rate
below. Draw its free-body diagram, write its equations of motion, and find the element's
force (tension positive), the angular acceleration, and the pin's force on the rod.]],
      build = "a model with a pin and a spring-damper, formulation = \"fbd\"",
      data = {
        { name = "L", value = 0.3, unit = "m", what = "the rod's length", vary = 0.2 },
        { name = "m", value = 4.0, unit = "kg", what = "mass", vary = 0.3 },
        { name = "J", value = 0.03, unit = "kg m^2", what = "moment of inertia", vary = 0.3 },
        { name = "phi", value = 0, unit = "deg", what = "the rod's angle from x", ours = true, vary = { abs = 20, step = 1 } },
        { name = "a", value = 0.6, unit = "m", what = "R's height above the pin", vary = 0.2 },
        { name = "k", value = 100, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.8, unit = "m", what = "free length", vary = 0.2 },
        { name = "dc", value = 20, unit = "N s/m", what = "damping", vary = 0.3 },
        { name = "omega", value = -1.0, unit = "rad/s", what = "the rod's rate (clockwise)", vary = 0.4 },
      },
      asks = {
        { name = "f", what = "the spring-damper's force, tension positive", unit = "N" },
        { name = "phidd", what = "the angular acceleration", unit = "rad/s^2" },
        { name = "pin", what = "the pin's force on the rod, {fx, fy}", unit = "N" },
      },
      answers = function(d)
        local m = pinned_rod(d, d.omega)
        m:point { name = "R", body = "ground", at = { 0, d.a } }
        m:force { name = "sd", type = "spring-damper", points = { "rod.A", "R" }, k = d.k, length = d.L0, c = d.dc }
        local A = vec.scale(d.L, vec.unit(d.phi))
        local vA = vec.scale(d.omega, vec.rot(A))
        local u = vec.unit(vec.sub(A, { 0, d.a }))
        local f = d.k * (vec.norm(vec.sub(A, { 0, d.a })) - d.L0) + d.dc * vec.dot(u, vA)
        return { f = f, phidd = solve(m).acc[3], pin = reaction(m, "pin") }
      end,
      verify = function(d)
        local c, s = math.cos(d.phi), math.sin(d.phi)
        local A = { d.L * c, d.L * s }
        local dx, dy = A[1], A[2] - d.a
        local len = math.sqrt(dx * dx + dy * dy)
        local vA = { -d.omega * d.L * s, d.omega * d.L * c }
        local f = d.k * (len - d.L0) + d.dc * (dx * vA[1] + dy * vA[2]) / len
        local alpha, pin = rod_by_hand(d, { { at = A, f = { -f * dx / len, -f * dy / len } } }, d.omega)
        return { f = f, phidd = alpha, pin = pin }
      end,
      hints = {
        "L = |r_A - r_R|; L' = u'(v_A), with v_A = (r_A turned) omega.",
        "Tension pulls A towards R: the force on the rod is -f u, u from R to A.",
        "The pin's force also carries the centripetal part: m a_C includes -m (L/2) omega^2 along the rod.",
      } },

    ------------------------------------------------------------------ 6.3
    { number = "6.3",
      title = "Diagrams and equations of three small systems",
      text = [[
For each system of the book's figure, with gravity, construct the free-body diagrams and
the equations of motion (the errata put body 1 at x1 = 0.07 m, the spring's length). We
cannot show the figure: the same data go into three systems of ours, each at rest. (a) A
block on a horizontal guide, held by a spring from the wall along the guide, with a
pendulum of length L2 pinned to the block's point {c, -b}; (b) the same with a second
pendulum of length L3 hung from the first's end; (c) the first pendulum's end held in a
small block (body 3) sliding on a vertical guide. Give each system's accelerations.]],
      build = "three models and m:pieces{ formulation = \"fbd\" }",
      data = {
        { name = "a", value = 0.01, unit = "m", what = "(not used by our systems)" },
        { name = "b", value = 0.03, unit = "m", what = "the pin below the block's centre", vary = 0.3 },
        { name = "c", value = 0.02, unit = "m", what = "the pin along the block", vary = 0.3 },
        { name = "L2", value = 0.06, unit = "m", what = "pendulum 2", vary = 0.2 },
        { name = "L3", value = 0.04, unit = "m", what = "pendulum 3", vary = 0.2 },
        { name = "k", value = 100, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.08, unit = "m", what = "the spring's free length", vary = 0.1 },
        { name = "x1", value = 0.07, unit = "m", what = "the block's place: the spring's length", vary = 0.1 },
        { name = "m1", value = 0.3, unit = "kg", what = "", vary = 0.3 },
        { name = "m2", value = 0.2, unit = "kg", what = "", vary = 0.3 },
        { name = "m3", value = 0.15, unit = "kg", what = "", vary = 0.3 },
        { name = "J1", value = 0.05, unit = "kg m^2", what = "", vary = 0.3 },
        { name = "J2", value = 0.001, unit = "kg m^2", what = "", vary = 0.3 },
        { name = "J3", value = 0.0008, unit = "kg m^2", what = "", vary = 0.3 },
        { name = "phi2", value = -60, unit = "deg", what = "pendulum 2's angle", ours = true, vary = { abs = 15, step = 1 } },
        { name = "phi3", value = -100, unit = "deg", what = "pendulum 3's angle, (b)", ours = true, vary = { abs = 15, step = 1 } },
      },
      asks = {
        { name = "acc_a", what = "(a): {x1'', y1'', phi1'', x2'', y2'', phi2''}", unit = "m/s^2, rad/s^2" },
        { name = "acc_b", what = "(b): the same for bodies 1 to 3 (nine)", unit = "m/s^2, rad/s^2" },
        { name = "acc_c", what = "(c): the same for bodies 1 to 3 (nine)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        return { acc_a = accelerations(solve(system_63(d, "a"))), acc_b = accelerations(solve(system_63(d, "b"))),
          acc_c = accelerations(solve(system_63(d, "c"))) }
      end,
      verify = function(d)
        return { acc_a = accelerations(solve(system_63(d, "a"), "body")), acc_b = accelerations(solve(system_63(d, "b"), "body")),
          acc_c = accelerations(solve(system_63(d, "c"), "body")) }
      end,
      model = function(d, which) return system_63(d, which or "b") end,
      written = [[
For each body: its weight at the mass centre, the spring's force where it acts (on body 1
only, along the guide), and at each joint the reaction's components as unknowns, equal and
opposite on the two bodies: two per pin, two for a slide (a normal force and a torque).
Each body gives m x'' = sum fx, m y'' = sum fy, J phi'' = sum of moments about its mass
centre; the joints' acceleration constraints close the system.]],
      hints = {
        "Count: three equations per body, and the joints' reaction components as unknowns beside the accelerations.",
        "`m = p:model()` is system (b); `m:pieces{ formulation = \"fbd\" }.acc` gives its accelerations.",
      } },

    ------------------------------------------------------------------ 6.4
    { number = "6.4",
      title = "An offset slider-crank with a spring-damper",
      text = [[
An offset slider-crank (the slider's line a below the crank's pivot) has a spring-damper
from the slider's pin B to the ground point Q below the pivot; its length gives the
slider's place, and the slider moves to the left at the speed below (we put the crank
above the line). No motor, no gravity. Construct the free-body diagrams and the equations
of motion; give the element's force and all nine accelerations. The errata correct k to
80 N/m.]],
      build = "a model of the three bodies with a spring-damper; formulation = \"fbd\"",
      data = {
        { name = "a", value = 0.05, unit = "m", what = "the offset", vary = 0.2 },
        { name = "L1", value = 0.12, unit = "m", what = "the crank", vary = 0.1 },
        { name = "L2", value = 0.26, unit = "m", what = "the rod", vary = 0.1 },
        { name = "m", value = { 1.0, 2.0, 4.0 }, unit = "kg", what = "masses", vary = 0.3 },
        { name = "J", value = { 0.001, 0.01, 0.02 }, unit = "kg m^2", what = "moments of inertia", vary = 0.3 },
        { name = "xB", value = 0.25, unit = "m", what = "the element's length: B's x", vary = 0.1 },
        { name = "k", value = 80, unit = "N/m", what = "stiffness (errata)", vary = 0.3 },
        { name = "L0", value = 0.2, unit = "m", what = "free length", vary = 0.2 },
        { name = "dc", value = 5, unit = "N s/m", what = "damping", vary = 0.3 },
        { name = "xd", value = -2.4, unit = "m/s", what = "the slider's velocity", vary = 0.3 },
      },
      valid = function(d) return offset_crank(d) ~= nil and offset_crank(d) > 0.2 and offset_crank(d) < math.pi - 0.2 end,
      asks = {
        { name = "f", what = "the spring-damper's force, tension positive", unit = "N" },
        { name = "acc", what = "the nine accelerations (crank, rod, slider)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        return { f = d.k * (d.xB - d.L0) + d.dc * d.xd, acc = accelerations(solve(offset_model(d))) }
      end,
      verify = function(d)
        -- the element's force as the model evaluates it: the slider carries
        -- it alone (no gravity, no motor), -f along +x, in h's slider row
        local p = solve(offset_model(d), "body")
        return { f = -p.h[7], acc = accelerations(p) }
      end,
      model = offset_model,
      mistakes = {
        f = { { value = function(d) return d.k * (d.xB - d.L0) - d.dc * d.xd end,
          say = "the slider moves left, towards Q: the element shortens, and its damper pushes (L' < 0)." } },
      },
      hints = {
        "The element lies along the slider's line: its length is B's x, its rate the slider's velocity.",
        "`m = p:model()`; `m:pieces{ formulation = \"fbd\" }.acc` (and `.lambda`) solve the diagrams whole.",
      } },

    ------------------------------------------------------------------ 6.5
    { number = "6.5",
      title = "Example 6.6's crank torque over a revolution",
      text = [[
Take Example 6.6's slider-crank (Example 6.4's data: a 50 N force on the slider, gravity)
with the crank turning at omega, and sweep the crank through a revolution from 0 in 5
degree steps. Give the torque the crank needs at each step, and at 65 degrees with 1.6
rad/s (Example 6.6 itself). Plot the torque against the crank angle.]],
      build = "mb.example(\"slider_crank\", omega, data):inverse_dynamics{ formulation = \"fbd\" }",
      data = {
        { name = "L1", value = 0.12, unit = "m", what = "the crank", vary = 0.1 },
        { name = "L2", value = 0.26, unit = "m", what = "the rod", vary = 0.1 },
        { name = "m", value = { 1, 2, 4 }, unit = "kg", what = "masses", vary = 0.3 },
        { name = "J", value = { 0.001, 0.01, 0.02 }, unit = "kg m^2", what = "moments of inertia", vary = 0.3 },
        { name = "force", value = 50, unit = "N", what = "the force on the slider", vary = 0.3 },
        { name = "omega", value = 1.6, unit = "rad/s", what = "the crank's rate", vary = 0.3 },
      },
      asks = {
        { name = "T", what = "the crank's torque at 0, 5, ..., 355 degrees", unit = "N m", kind = "series" },
        { name = "T65", what = "the torque at 65 degrees (Example 6.6)", unit = "N m" },
      },
      answers = function(d)
        local function data(theta) return { L1 = d.L1, L2 = d.L2, theta = theta, m = d.m, J = d.J, force = d.force } end
        local at65 = mb.example("slider_crank", d.omega, data(65)):inverse_dynamics { formulation = "fbd", tf = 0.01, dt = 0.01 }
        return { T = torque_turn(mb.example("slider_crank", d.omega, data(0)), d.omega),
          T65 = at65:reaction("motor").torque[1] }
      end,
      verify = function(d)
        local function data(theta) return { L1 = d.L1, L2 = d.L2, theta = theta, m = d.m, J = d.J, force = d.force } end
        local at65 = mb.example("slider_crank", d.omega, data(65)):inverse_dynamics { formulation = "body", tf = 0.01, dt = 0.01 }
        return { T = torque_turn(mb.example("slider_crank", d.omega, data(0)), d.omega, "body"),
          T65 = at65:reaction("motor").torque[1] }
      end,
      book = { { ask = "T65", value = 7.3810, where = "Ex. 6.6 (O-6.6)" } },
      model = function(d)
        return mb.example("slider_crank", d.omega, { L1 = d.L1, L2 = d.L2, theta = 0, m = d.m, J = d.J, force = d.force })
      end,
      hints = {
        "Eq. 6.7: with the motion known, [D' e]{lambda; T} = M c'' - h; inverse dynamics does it at each step.",
        "`p:model():inverse_dynamics{ formulation = \"fbd\", tf = T * 71/72, dt = T/72 }` with T = 2 pi/omega; `:reaction(\"motor\").torque`.",
      } },

    ------------------------------------------------------------------ 6.6
    { number = "6.6",
      title = "Example 6.7's motor torque over a revolution",
      text = [[
Take Example 6.7's four-bar (its damper, gravity) with the crank at a constant 2 pi rad/s,
and sweep it through a revolution from 45 degrees in 5 degree steps. Give the motor's
torque at each step, and Example 6.7's own torque (45 degrees, 1.5 rad/s, -1.2 rad/s^2).
The book prints 6.6577 N m there: two digits are swapped.]],
      build = "mb.example(\"four_bar_ch5\", { damper = true, omega = 2*math.pi }):inverse_dynamics{ formulation = \"fbd\" }",
      data = {
        { name = "L", value = { 0.1, 0.3, 0.22 }, unit = "m", what = "crank, coupler, rocker", vary = 0.05 },
        { name = "ground", value = 0.2, unit = "m", what = "the ground link", vary = 0.05 },
      },
      valid = function(d)
        local L = { d.ground, d.L[1], d.L[2], d.L[3] }
        table.sort(L)
        return d.L[1] == L[1] and L[1] + L[4] < L[2] + L[3] - 0.01
      end,
      asks = {
        { name = "T", what = "the motor's torque at 45, 50, ..., 400 degrees", unit = "N m", kind = "series" },
        { name = "T_ex67", what = "Example 6.7's torque", unit = "N m" },
      },
      answers = function(d)
        local o = { damper = true, L = d.L, ground = d.ground }
        local ex = mb.example("four_bar_ch5", o):inverse_dynamics { formulation = "fbd", tf = 0.01, dt = 0.01 }
        o.omega = tau
        return { T = torque_turn(mb.example("four_bar_ch5", o), tau), T_ex67 = ex:reaction("motor").torque[1] }
      end,
      verify = function(d)
        local o = { damper = true, L = d.L, ground = d.ground }
        local ex = mb.example("four_bar_ch5", o):inverse_dynamics { formulation = "body", tf = 0.01, dt = 0.01 }
        o.omega = tau
        return { T = torque_turn(mb.example("four_bar_ch5", o), tau, "body"), T_ex67 = ex:reaction("motor").torque[1] }
      end,
      book = { { ask = "T_ex67", value = 6.6577, misprint = "O-6.7: two digits transposed; the book's own listing gives 6.6757" } },
      model = function(d) return mb.example("four_bar_ch5", { damper = true, L = d.L, ground = d.ground, omega = tau }) end,
      hints = {
        "`p:model()` turns at 2 pi rad/s from 45 degrees: one revolution is 1 s.",
        "`m:inverse_dynamics{ formulation = \"fbd\", tf = 71/72, dt = 1/72 }:reaction(\"motor\").torque`.",
      } },

    ------------------------------------------------------------------ 6.7
    { number = "6.7",
      title = "The film-strip advancer's diagrams",
      text = [[
Construct the free-body diagrams of the film-strip advancer (Sec. 15.1) at an instant when
its claw P2 is engaged with the film. Taking the film's pull out (no load beyond the links'
inertia), give the motor's torque over a revolution in 5 degree steps from the crank's 30
degrees, at the rate below (the book: 1800 rpm clockwise), and the largest in size.]],
      build = "the example's four-bar with the crank at omega; inverse_dynamics{ formulation = \"fbd\" }",
      data = {
        { name = "omega", value = -60 * math.pi, unit = "rad/s", what = "the crank's rate", vary = { rel = 0.3, step = 0.1 } },
      },
      asks = {
        { name = "T", what = "the motor's torque at each step", unit = "N cm", kind = "series" },
        { name = "Tmax", what = "its largest size", unit = "N cm" },
      },
      answers = function(d)
        local T = torque_turn(film_strip(d), d.omega)
        local top = 0
        for _, x in ipairs(T) do top = math.max(top, math.abs(x)) end
        return { T = T, Tmax = top }
      end,
      verify = function(d)
        local T = torque_turn(film_strip(d), d.omega, "body")
        local top = 0
        for _, x in ipairs(T) do top = math.max(top, math.abs(x)) end
        return { T = T, Tmax = top }
      end,
      model = film_strip,
      written = [[
Each of the three links carries its weight (none here: the figure is horizontal) and its
inertia; the crank the motor's torque at O and the pin forces at O and A; the coupler the
pin forces at A and B and, when engaged, the film's pull at P2 against its motion; the
rocker the pin forces at B and Q. Equal and opposite pin forces on the two links they join.]],
      hints = {
        "Each pin: two unknown components, equal and opposite on its two links; the motor's torque on the crank.",
        "`p:model():inverse_dynamics{ formulation = \"fbd\", tf = T * 71/72, dt = T/72 }`, T = 2 pi/|omega|.",
      } },

    ------------------------------------------------------------------ 6.8
    { number = "6.8",
      title = "The web cutter's diagrams while it cuts",
      text = [[
Construct the free-body diagrams of the web cutter (Sec. 15.2) while its blades cut the
web, with gravity. The workbench's model applies the cutting force between the blades
while they are within 5 mm of each other. Give the motor's torque over a revolution in 5
degree steps from the crank's 30 degrees, the crank at 2 pi rad/s, with the cutting force
below, and its largest size.]],
      build = "the four-bar program's web cutter with its cut; inverse_dynamics{ formulation = \"fbd\" }",
      data = {
        { name = "omega", value = 2 * math.pi, unit = "rad/s", what = "the crank's rate" },
        { name = "cut", value = 1000, unit = "N", what = "the cutting force", vary = 0.3 },
      },
      asks = {
        { name = "T", what = "the motor's torque at each step", unit = "N m", kind = "series" },
        { name = "Tmax", what = "its largest size", unit = "N m" },
      },
      answers = function(d)
        local T = torque_turn(web_cutter(d), d.omega)
        local top = 0
        for _, x in ipairs(T) do top = math.max(top, math.abs(x)) end
        return { T = T, Tmax = top }
      end,
      verify = function(d)
        local T = torque_turn(web_cutter(d), d.omega, "body")
        local top = 0
        for _, x in ipairs(T) do top = math.max(top, math.abs(x)) end
        return { T = T, Tmax = top }
      end,
      model = web_cutter,
      written = [[
Crank: the motor's torque, its weight, the pins at O and A. Coupler: its weight, the pins at
A and B, and the web's cutting force on its blade C. Rocker: its weight, the pins at B and
Q, and the cutting force, opposite, on its blade D. While the blades cut, the torque must
also supply the cutting force's work; away from the cut, only gravity and inertia.]],
      hints = {
        "The cut adds equal and opposite forces on the two blades, coupler and rocker.",
        "`p:model():inverse_dynamics{ formulation = \"fbd\", tf = 71/72, dt = 1/72 }:reaction(\"motor\").torque`.",
      } },

    ------------------------------------------------------------------ 6.9
    { number = "6.9",
      title = "The double A-arm suspension at rest",
      text = [[
Construct the free-body diagrams of the double A-arm suspension (Sec. 15.6, the example aa:
chassis held, the tire a radial spring that only pushes) resting on the ground, with
gravity. Find where it rests: the wheel's height, and the force of pin A on the wheel.]],
      build = "mb.example(\"aa\"), the wheel's mass and the spring below; m:equilibrium{}",
      data = {
        { name = "k_tire", value = 50000, unit = "N/m", what = "(the example's tire; fixed)" },
        { name = "m2", value = 30, unit = "kg", what = "the wheel's mass", vary = 0.3, step = 1 },
        { name = "ks", value = 90000, unit = "N/m", what = "the suspension spring", vary = 0.2, step = 1000 },
      },
      asks = {
        { name = "height", what = "the wheel's height at rest", unit = "m" },
        { name = "pin_A", what = "pin A's force on the wheel, {fx, fy}", unit = "N" },
      },
      answers = function(d) local r = at_rest(suspension("aa", d), "wheel", "newton", "A"); return { height = r.height, pin_A = r.reaction } end,
      verify = function(d) local r = at_rest(suspension("aa", d), "wheel", "dynamics", "A"); return { height = r.height, pin_A = r.reaction } end,
      book = { { ask = "height", value = 0.32, where = "Ex. 8.1 (about 0.32 m)", tol = 1e-3 } },
      model = function(d) return suspension("aa", d) end,
      written = [[
Lower arm: pins at Q (chassis) and A, the spring-damper at E, its weight. Wheel: pins at A
and B, the tire's radial force at the ground, its weight. Upper arm: pins at B and O, its
weight. At rest the pin forces balance the weights, the spring and the tire.]],
      hints = {
        "At rest every acceleration is zero: the diagrams balance.",
        "`eq = p:model():equilibrium{}`; `eq:body(\"wheel\").y[1]`, `eq:reaction(\"A\")`.",
      } },

    ------------------------------------------------------------------ 6.10
    { number = "6.10",
      title = "The MacPherson suspension at rest",
      text = [[
Construct the free-body diagrams of the MacPherson suspension (Sec. 15.7, the example
macpherson, model A: chassis held, the tire a radial spring that only pushes) resting on
the ground, with gravity. Find the knuckle's height at rest and the force of pin A on the
knuckle.]],
      build = "mb.example(\"macpherson\"), the knuckle's mass and the spring below; m:equilibrium{}",
      data = {
        { name = "k_tire", value = 100000, unit = "N/m", what = "(the example's tire; fixed)" },
        { name = "m2", value = 20, unit = "kg", what = "the knuckle's mass", vary = 0.3, step = 1 },
        { name = "ks", value = 20000, unit = "N/m", what = "the suspension spring", vary = 0.2, step = 1000 },
      },
      asks = {
        { name = "height", what = "the knuckle's height at rest", unit = "m" },
        { name = "pin_A", what = "pin A's force, {fx, fy}", unit = "N" },
      },
      answers = function(d) local r = at_rest(suspension("macpherson", d), "knuckle", "newton", "A"); return { height = r.height, pin_A = r.reaction } end,
      verify = function(d) local r = at_rest(suspension("macpherson", d), "knuckle", "dynamics", "A"); return { height = r.height, pin_A = r.reaction } end,
      model = function(d) return suspension("macpherson", d) end,
      written = [[
Knuckle: the pin at A (lower arm), the strut's slide (a normal force and a torque) and the
suspension spring at B, the tire's force at C, its weight. Lower arm: pins at Q and A, its
weight. Strut rod: the pin at O, the slide, the spring's other end.]],
      hints = {
        "At rest the diagrams balance; the slide in the strut carries a force across it and a torque.",
        "`eq = p:model():equilibrium{}`; `eq:body(\"knuckle\").y[1]`, `eq:reaction(\"A\")`.",
      } },

    ------------------------------------------------------------------ 6.11
    { number = "6.11",
      title = "The six-bar quick-return's diagrams",
      text = [[
Construct the free-body diagrams of the six-bar quick-return (Sec. 15.3; the example
six_bar_quick_return has our dimensions, Table 15.3's masses), with gravity, and give the
motor's torque over a revolution in 5 degree steps from theta0 at 2 pi rad/s.]],
      build = "mb.example(\"six_bar_quick_return\", theta0):inverse_dynamics{ formulation = \"fbd\" }",
      data = {
        { name = "theta0", value = 90, unit = "deg", what = "the crank's start", vary = { range = { 0, 355 }, step = 5 } },
      },
      valid = function(d) return assembles(function() return quick_return(d.theta0) end) end,
      asks = {
        { name = "T", what = "the motor's torque at each step", unit = "N m", kind = "series" },
      },
      answers = function(d) return { T = torque_turn(quick_return(d.theta0), tau) } end,
      verify = function(d) return { T = torque_turn(quick_return(d.theta0), tau, "body") } end,
      model = function(d) return quick_return(d.theta0) end,
      written = [[
Crank: the motor's torque, pins at O and A. Block: the pin at A, and the slot's normal force
and torque from the rocker. Rocker: the slot's reactions, pins at Q and C. Link: pins at C
and D. Slider: the pin at D, the rail's normal force and torque. Each with its weight.]],
      hints = {
        "A block sliding in a slot: the slot pushes across it and twists it (two reaction components).",
        "`p:model():inverse_dynamics{ formulation = \"fbd\", tf = 71/72, dt = 1/72 }:reaction(\"motor\").torque`.",
      } },

    ------------------------------------------------------------------ 6.12
    { number = "6.12",
      title = "The six-bar dwell mechanism's diagrams",
      text = [[
Construct the free-body diagrams of the six-bar dwell mechanism (Sec. 15.4; the example
six_bar_dwell has our design, Table 15.4's masses), with gravity, and give the motor's
torque over a revolution in 5 degree steps from theta0 at 2 pi rad/s.]],
      build = "mb.example(\"six_bar_dwell\", theta0):inverse_dynamics{ formulation = \"fbd\" }",
      data = {
        { name = "theta0", value = 180, unit = "deg", what = "the crank's start", vary = { range = { 0, 355 }, step = 5 } },
      },
      valid = function(d) return assembles(function() return mb.example("six_bar_dwell", d.theta0) end) end,
      asks = {
        { name = "T", what = "the motor's torque at each step", unit = "N m", kind = "series" },
      },
      answers = function(d) return { T = torque_turn(mb.example("six_bar_dwell", d.theta0), tau) } end,
      verify = function(d) return { T = torque_turn(mb.example("six_bar_dwell", d.theta0), tau, "body") } end,
      model = function(d) return mb.example("six_bar_dwell", d.theta0) end,
      written = [[
Crank, coupler and rocker: pins at O, A, B, Q and their weights, the motor's torque on the
crank. Block at P: the pin on the coupler and the slot's two reactions from the output
link. Output link: the slot's reactions, its pin at G, its weight.]],
      hints = {
        "Five moving bodies, six pins and a slot: count the unknowns before solving.",
        "`p:model():inverse_dynamics{ formulation = \"fbd\", tf = 71/72, dt = 1/72 }:reaction(\"motor\").torque`.",
      } },

    ------------------------------------------------------------------ 6.13
    { number = "6.13",
      title = "A six-bar with a motor and a force at D",
      text = [[
In a six-bar mechanism a motor turns link 1 and a force acts at D on link 4 (the book's
figure). Construct the free-body diagrams of its links with gravity. We take the six-bar
quick-return of Problem 6.11 for it, with the force below on its output slider's pin D:
give the motor's torque over a revolution in 5 degree steps from 90 degrees at 2 pi rad/s.]],
      build = "mb.example(\"six_bar_quick_return\") with a force at slider.D; inverse_dynamics",
      data = {
        { name = "fD", value = { -50, 0 }, unit = "N", what = "the force at D", ours = true, vary = { abs = 30, step = 1 } },
      },
      asks = {
        { name = "T", what = "the motor's torque at each step", unit = "N m", kind = "series" },
      },
      answers = function(d)
        local m = mb.example("six_bar_quick_return")
        m:force { name = "fD", type = "force", point = "slider.D", value = d.fD }
        return { T = torque_turn(m, tau) }
      end,
      verify = function(d)
        local m = mb.example("six_bar_quick_return")
        m:force { name = "fD", type = "force", point = "slider.D", value = d.fD }
        return { T = torque_turn(m, tau, "body") }
      end,
      model = function(d)
        local m = mb.example("six_bar_quick_return")
        m:force { name = "fD", type = "force", point = "slider.D", value = d.fD }
        return m
      end,
      written = [[
As in Problem 6.11, with the force f_D added to the diagram of the link that carries D, at
D: it enters that link's force sums and its moment about the link's mass centre. The motor's
torque must also balance f_D's work, through every pin between them.]],
      hints = {
        "The force at D appears once, on its own link; its moment is taken about that link's mass centre.",
        "`m = p:model()`; `m:inverse_dynamics{ formulation = \"fbd\", tf = 71/72, dt = 1/72 }`.",
      } },
  },
}
