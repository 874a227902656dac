-- SPDX-License-Identifier: GPL-3.0-or-later
-- The small algebra of the symbolic equations (mechbench.algebra):
-- derivatives against central differences at random points, the total
-- time derivative against a difference along a path, the identities its
-- canonical form must make hold, and its three printed forms (the Lua one
-- evaluates to the expression's value).
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local A = require "mechbench.algebra"

math.randomseed(28)
local function rnd(a, b) return a + (b - a) * math.random() end

-- a few coordinates with their rates, t and a named constant
local function coordinate(name, text, index)
  local qdd = A.symbol { name = "dd" .. name, kind = "qdd", index = index, text = text .. "\u{308}" }
  local qd = A.symbol { name = "d" .. name, kind = "qd", index = index, text = text .. "\u{307}", rate = A.atom(qdd) }
  local q = A.symbol { name = name, kind = "q", index = index, text = text, rate = A.atom(qd) }
  return A.atom(q), q, A.atom(qd), qd
end
local x, xs, xd = coordinate("x", "x", 1)
local phi, phis, phid = coordinate("phi", "φ", 2)
local psi, psis, psid = coordinate("psi", "ψ", 3)
local t = A.var { name = "t", kind = "t", rate = 1 }
local L = A.var { name = "L", kind = "const", value = 0.35, text = "L" }
local f2 = A.var { name = "ddf", kind = "fn", text = "f̈" }
local f1 = A.var { name = "df", kind = "fn", text = "ḟ", rate = f2 }
local f = A.var { name = "f", kind = "fn", text = "f", rate = f1 }

-- A set of expressions that use every kind of atom.
local cases = {
  { "a pin's row", x + L * A.cos(phi) - 0.2 * A.sin(phi) - 0.1 },
  { "a link's row", ((x + 0.3 * A.cos(phi) - 0.5 * A.cos(psi)) ^ 2 + (0.3 * A.sin(phi) - 0.5 * A.sin(psi) + 0.1) ^ 2
    - L * L) / (2 * L) },
  { "an angle sum", A.sin(phi + psi) * A.cos(phi - 2 * psi) * x },
  { "a square root", A.power(x * x + A.sin(phi) + 2, 0.5) },
  { "a reciprocal", (x - 0.2) * A.power(x * x + 1 + A.cos(psi) * 0.5, -1) },
  { "atan2", A.atan2(x + 0.1 * A.sin(psi), 0.5 + x * x) },
  { "a driven length", (x * x + 0.3 * A.cos(phi) - f * f) * A.power(f, -1) * 0.5 },
  { "sin of an atan2", A.sin(A.atan2(x, 1 + 0.1 * x * x) - phi) * x },
  { "a power of a sum", (x + A.cos(phi) + t) ^ 3 },
}

-- values at a random point: coordinates, rates, t, f and its rates
local function point()
  local v = { x = rnd(-1, 1), phi = rnd(-3, 3), psi = rnd(-3, 3), dx = rnd(-2, 2), dphi = rnd(-2, 2),
    dpsi = rnd(-2, 2), ddx = 0, ddphi = 0, ddpsi = 0, t = rnd(0, 2) }
  v.f, v.df, v.ddf = 1 + v.t * v.t, 2 * v.t, 2 -- f = 1 + t² (its rates given alike)
  return v
end
local function with(v, key, delta)
  local w = {}
  for k, val in pairs(v) do w[k] = val end
  w[key] = w[key] + delta
  return w
end

-- the partial derivatives against central differences, 10 random points each
for _, case in ipairs(cases) do
  local name, e = case[1], case[2]
  local worst = 0
  for _ = 1, 10 do
    local v = point()
    for _, s in ipairs { { "x", xs }, { "phi", phis }, { "psi", psis } } do
      local h = 1e-6
      local fd = (A.eval(e, with(v, s[1], h)) - A.eval(e, with(v, s[1], -h))) / (2 * h)
      local got = A.eval(A.diff(e, s[2]), v)
      worst = math.max(worst, math.abs(got - fd) / math.max(1, math.abs(fd)))
    end
  end
  T.ok(worst < 1e-7, ("%s: ∂e/∂q against central differences (%.2g)"):format(name, worst))
end

-- the total time derivative along the path q + q̇ τ, t + τ (f moving with t):
-- d/dt by a difference, and d²/dt² with q̈ = 0 (what γ takes) by a second one
for _, case in ipairs(cases) do
  local name, e = case[1], case[2]
  local worst1, worst2 = 0, 0
  for _ = 1, 10 do
    local v = point()
    local function along(tau)
      local w = {}
      for k, val in pairs(v) do w[k] = val end
      w.x, w.phi, w.psi, w.t = v.x + v.dx * tau, v.phi + v.dphi * tau, v.psi + v.dpsi * tau, v.t + tau
      w.f, w.df = 1 + w.t * w.t, 2 * w.t
      return A.eval(e, w)
    end
    local h, k = 1e-6, 1e-4
    local d1 = (along(h) - along(-h)) / (2 * h)
    local d2 = (along(k) - 2 * along(0) + along(-k)) / (k * k)
    local first = A.dt(e)
    worst1 = math.max(worst1, math.abs(A.eval(first, v) - d1) / math.max(1, math.abs(d1)))
    worst2 = math.max(worst2, math.abs(A.eval(A.dt(first, true), v) - d2) / math.max(1, math.abs(d2)))
  end
  T.ok(worst1 < 1e-7, ("%s: de/dt along a path (%.2g)"):format(name, worst1))
  T.ok(worst2 < 1e-5, ("%s: d²e/dt² with q̈ = 0 along a straight path (%.2g)"):format(name, worst2))
end

-- γ two ways: -(D q̇)_q q̇ - 2 Φ_qt q̇ - Φ_tt (the book's Eq. 7.x form) and
-- the total derivative with q̈ = 0
do
  local e = cases[7][2] + t * x * A.sin(phi) -- depends on t directly and through f
  local syms = { { xs, xd }, { phis, phid }, { psis, psid } }
  local Dqd = A.number(0)
  for _, s in ipairs(syms) do Dqd = Dqd + A.diff(e, s[1]) * s[2] end
  local phit = A.dt(e) - Dqd -- Φ_t: the part of dΦ/dt not through q
  local gamma = A.number(0)
  for _, s in ipairs(syms) do
    gamma = gamma - A.diff(Dqd, s[1]) * s[2] - 2 * A.diff(phit, s[1]) * s[2]
  end
  -- Φ_tt: the time derivative of Φ_t with q and q̇ held
  local held = A.dt(phit)
  for _, s in ipairs(syms) do held = held - A.diff(phit, s[1]) * s[2] end
  gamma = gamma - held
  local other = -A.dt(A.dt(e), true)
  T.eq(A.text(A.sub(gamma, other)), "0", "γ = -(Dq̇)_q q̇ - 2Φ_qt q̇ - Φ_tt equals -Φ̈ with q̈ = 0, term by term")
end

-- the canonical form: identities hold and print equal
T.eq(A.text(A.sin(phi) ^ 2 + A.cos(phi) ^ 2), "1", "sin² + cos² = 1")
T.eq(A.text(A.cos(phi) * A.cos(psi) + A.sin(phi) * A.sin(psi)), A.text(A.cos(phi - psi)),
  "cos φ cos ψ + sin φ sin ψ = cos(φ - ψ)")
T.eq(A.text(A.sin(psi - phi)), A.text(-A.sin(phi - psi)), "sin(ψ - φ) = -sin(φ - ψ)")
T.eq(A.text(A.cos(psi - phi)), A.text(A.cos(phi - psi)), "cos(ψ - φ) = cos(φ - ψ)")
T.eq(A.text(2 * A.sin(phi) * A.cos(phi)), A.text(A.sin(2 * phi)), "2 sin φ cos φ = sin 2φ")
T.eq(A.text(A.cos(phi + math.pi / 2)), A.text(-A.sin(phi)), "cos(φ + π/2) = -sin φ, the numbers folded")
T.eq(A.text(A.sin(phi + psi) - A.sin(phi) * A.cos(psi) - A.cos(phi) * A.sin(psi)), "0",
  "sin(φ + ψ) expanded cancels")
T.eq(A.text((x + 1) ^ 2 - x * x - 2 * x), "1", "like terms collected")
T.eq(A.text(0.1 * x + 0.2 * x - 0.3 * x), "0", "round-off of cancelling numbers is 0")
T.eq(A.text(A.power(x * x + 1, 0.5) * A.power(x * x + 1, 0.5)), A.text(x * x + 1), "√a √a = a, multiplied out")
T.eq(A.text(A.power(x * x + 1, -1) * (x * x + 1)), "1", "a / a = 1")
T.eq(A.text(A.diff(A.sin(phi) ^ 2 + A.cos(phi) ^ 2, phis)), "0", "the derivative of 1 is 0")
T.eq(A.text(A.dt(t)), "1", "dt/dt = 1")
T.eq(A.text(A.dt(f)), "ḟ", "df/dt = ḟ")
T.eq(A.text(A.dt(L * x)), "L x\u{307}", "a constant's derivative is 0")

-- printing
T.eq(A.text(x + 0.05 * A.cos(phi) * phid ^ 2), "x + 0.05 φ̇² cos φ", "text: the book's notation")
T.eq(A.text(A.sin(phi - psi)), "sin(φ - ψ)", "text: a difference of angles")
T.eq(A.text(-x + phi), "φ - x", "text: a positive term first")
T.eq(A.latex(A.var { name = "a", kind = "q", latex = "\\phi_{1}" } * 2), "2\\,\\phi_{1}", "latex: a product")
T.eq(A.width("φ̇²_x"), 4, "a combining dot takes no column")
do
  local long = A.number(0)
  for k = 1, 30 do long = long + x ^ k * k end
  local wrapped = A.wrap("  h = ", long, 80)
  local widest = 0
  for line in wrapped:gmatch("[^\n]+") do widest = math.max(widest, A.width(line)) end
  T.ok(widest <= 80 and select(2, wrapped:gsub("\n", "")) >= 2,
    ("a long entry wraps within 80 columns (%d wide)"):format(widest))
end

-- the Lua form evaluates to the expression's value (load in the names)
do
  local worst = 0
  for _, case in ipairs(cases) do
    local chunk = assert(load("return " .. A.lua(case[2]), "=case", "t", setmetatable({ math = math }, {
      __index = function(_, k) return _G.current[k] end })))
    for _ = 1, 10 do
      _G.current = point()
      _G.current.L = 0.35
      local want, got = A.eval(case[2], _G.current), chunk()
      worst = math.max(worst, math.abs(got - want) / math.max(1, math.abs(want)))
    end
  end
  _G.current = nil
  T.ok(worst < 1e-14, ("the Lua form of every case evaluates to its value (%.2g)"):format(worst))
end

-- sin and cos take an angle: a linear form, not a product
T.fails(function() return A.sin(x * phi) end, "linear form", "sin of a product is refused")
T.fails(function() return A.power(A.number(-2), 0.5) end, "negative number to a fractional power",
  "a negative number to a fractional power is refused")
T.fails(function() return x / 0 end, "division by zero", "division by zero is refused")

T.finish()
