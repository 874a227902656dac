-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.modes: small oscillations about a rest, constraints included.
--   md = m:modes{ stable, method, tol }
-- The rest is m:equilibrium's (the start when it already is one: Newton
-- stays there). About it the motion is linearised in body coordinates
-- (statics.linearise) and restricted to the directions the joints allow,
-- δc = N z with N an orthonormal basis of the null space of D:
--     M̃ z̈ + C̃ ż + K̃ z = 0,  M̃ = N'MN,  C̃ = N'CN,  K̃ = N'KN,
-- where K holds the applied forces' stiffness and the constraint forces'
-- geometric stiffness (λ times the constraints' second derivatives), and
-- C the dampers. Without damping K̃ x = ω² M̃ x (mb.mat.eig: GSL's
-- gensymmv); with it, the eigenvalues s of the first-order system
-- [0 I; -M̃⁻¹K̃ -M̃⁻¹C̃] (mb.mat.eig_nonsym: GSL's nonsymmv), each
-- oscillating pair giving ω = |s| and ζ = -Re s/|s|.
-- md.frequency[k] (Hz, ascending: ω/2π), md.omega[k] (rad/s),
-- md.omega2[k] (negative: unstable, falling away at md.growth[k] 1/s),
-- md.damping[k] (ζ), md.damped_frequency[k] (Hz), md.shape[k] (by body
-- name: {x, y, angle}, the largest entry 1), md.vector[k] (δc in body
-- coordinates), md.complex[k] (a damped oscillating mode: its eigenvalue
-- s = {re, im} and shape re + i im, so δc(t) = Re(shape e^{st}) is a free
-- motion), md.rest (the equilibrium's result), md.dof;
-- md:table() prints them, md:animate(k) plays mode k.
local core = require "mechbench.core"
local args = require "mechbench.args"
local statics = require "mechbench.statics"
local result = require "mechbench.result"
local mat = core.mat

local M = {}
local Modes = {}
Modes.__index = Modes
-- md[k] is no mode (md.frequency[k] is): said, not a nil that fails further
-- on with "attempt to index a nil value"
setmetatable(Modes, { __index = function(_, key)
  if math.type(key) == "integer" then
    args.fail(("md[%d]"):format(key), "the modes are read by field: md.frequency[%d], md.omega[%d], "
      .. "md.damping[%d], md.shape[%d] (help \"m:modes\")", key, key, key, key)
  end
end })
M.Modes = Modes -- for help: its methods are looked up here (mechbench.reference)


local function transpose_rows(N) -- N: a list of columns -> the matrix with them as columns
  return mat(N):t()
end

-- Scale a body-coordinate displacement so its largest entry is 1 and
-- positive (metres and radians alike: a shape, not an amplitude); the
-- second (a complex shape's imaginary part) by the same factor.
local function normalised(v, w)
  local big, at = 0, 1
  for i, x in ipairs(v) do if math.abs(x) > big then big, at = math.abs(x), i end end
  if big == 0 then return v, w end
  local k = (v[at] < 0 and -1 or 1) / big
  local out, out2 = {}, w and {}
  for i, x in ipairs(v) do out[i] = x * k end
  for i, x in ipairs(w or {}) do out2[i] = x * k end
  return out, out2
end

-- δc = N z as a list.
local function to_bodies(Nc, z)
  local out = {}
  local n, f = Nc:size()
  for i = 1, n do
    local s = 0
    for j = 1, f do s = s + Nc(i, j) * z[j] end
    out[i] = s
  end
  return out
end

local function any_damping(Cr)
  for _, row in ipairs(Cr or {}) do
    for _, x in ipairs(row) do if x ~= 0 then return true end end
  end
  return false
end

-- The modes of M̃ z̈ + K̃ z = 0: {omega2, omega, z, zeta = 0} per mode.
local function undamped(Ks, Mr)
  local ok, values, Z = pcall(mat.eig, Ks, Mr)
  if not ok then return nil, values end
  local out = {}
  for k, w2 in ipairs(values) do
    local z = {}
    for i = 1, #values do z[i] = Z(i, k) end
    out[k] = { omega2 = w2, z = z }
  end
  return out
end

-- The modes of M̃ z̈ + C̃ ż + K̃ z = 0 from the eigenvalues of the
-- first-order system. An oscillating pair s, s̄ is one mode; real
-- eigenvalues (overdamped, or a direction without stiffness) are paired in
-- order of size, ω² = s₁s₂ and 2ζω = -(s₁ + s₂).
local function damped(Kr, Cr, Mr)
  local f = #Mr
  local A = mat.zeros(2 * f)
  local MK, MC = mat.solve(Mr, mat(Kr)), mat.solve(Mr, mat(Cr))
  for i = 1, f do
    A:set(i, f + i, 1)
    for j = 1, f do
      A:set(f + i, j, -MK(i, j))
      A:set(f + i, f + j, -MC(i, j))
    end
  end
  local re, im, Vr, Vi = mat.eig_nonsym(A)
  local out, reals = {}, {}
  for k = 1, 2 * f do
    local size = math.sqrt(re[k]^2 + im[k]^2)
    if im[k] > 1e-9 * size then
      -- the shape: the position half of the eigenvector, turned so its
      -- largest entry is real (every body then moves in phase or against)
      local big, at = -1, 1
      for i = 1, f do
        local a = Vr(i, k)^2 + Vi(i, k)^2
        if a > big then big, at = a, i end
      end
      local c, s = Vr(at, k), -Vi(at, k)
      local r = math.sqrt(c * c + s * s)
      c, s = c / r, s / r
      local z, zi = {}, {}
      for i = 1, f do z[i], zi[i] = Vr(i, k) * c - Vi(i, k) * s, Vr(i, k) * s + Vi(i, k) * c end
      out[#out + 1] = { omega2 = size * size, omega = size, zeta = -re[k] / size,
        damped = im[k], z = z, zi = zi, s = { re[k], im[k] } }
    elseif math.abs(im[k]) <= 1e-9 * size or size == 0 then
      local z = {}
      for i = 1, f do z[i] = Vr(i, k) end
      reals[#reals + 1] = { s = re[k], z = z }
    end
  end
  table.sort(reals, function(a, b) return math.abs(a.s) < math.abs(b.s) end)
  for i = 1, #reals - 1, 2 do
    local s1, s2 = reals[i].s, reals[i + 1].s
    local w2 = s1 * s2
    local mode = { omega2 = w2, z = reals[i].z, damped = 0, growth = math.max(s1, s2) }
    if w2 > 0 and s1 + s2 < 0 then
      mode.omega = math.sqrt(w2)
      mode.zeta = -(s1 + s2) / (2 * mode.omega)
    end
    out[#out + 1] = mode
  end
  return out
end

-- method, stable and tol, as m:equilibrium declares them (statics.lua).
local OPTIONS = {}
for name, d in pairs(statics.options) do if d.analyses.modes then OPTIONS[name] = d end end

local function check_options(opts)
  return args.check_options(opts, OPTIONS, "modes")
end

function M.modes(m, opts, where)
  local o = check_options(opts)
  -- the rest's stability is in the modes' own summary: not said twice
  local eq = result.quietly(m.equilibrium, m, { method = o.method, stable = o.stable, tol = o.tol })
  local rest = eq._rest
  local lin = statics.linearise(m, rest.c, rest.lambda, where, true)
  local f = #lin.N
  if f == 0 then
    local drivers = 0
    for _, j in ipairs(m._order.joints) do if j.type == "driver" then drivers = drivers + 1 end end
    error(("%s: modes: nothing can move: the joints leave '%s' no free direction%s"):format(where, m.name,
      drivers > 0 and " (each driver is held at its value at t = 0, as a lock)" or ""), 0)
  end
  local Ks = {}
  for i = 1, f do
    Ks[i] = {}
    for j = 1, f do Ks[i][j] = (lin.Kr[i][j] + lin.Kr[j][i]) / 2 end
  end
  local list, why
  local with_damping = any_damping(lin.Cr)
  if with_damping then
    list = damped(lin.Kr, lin.Cr, lin.Mr)
  else
    list, why = undamped(Ks, lin.Mr)
    if not list then error(("%s: modes: %s"):format(where, tostring(why)), 0) end
    for _, mode in ipairs(list) do
      mode.zeta, mode.damped = 0, nil
      if mode.omega2 > 0 then mode.omega = math.sqrt(mode.omega2) end
    end
  end
  -- a direction nothing holds (a floating body's sideways slide) comes out
  -- of the differences as a stiffness of round-off size: zero it
  local top = 0
  for _, mode in ipairs(list) do top = math.max(top, math.abs(mode.omega2)) end
  for _, mode in ipairs(list) do
    if math.abs(mode.omega2) <= 1e-10 * top then
      mode.omega2, mode.omega, mode.zeta, mode.damped, mode.growth = 0, nil, nil, nil, nil
    end
  end
  table.sort(list, function(a, b) return a.omega2 < b.omega2 end)
  local Nc = transpose_rows(lin.N)
  local md = setmetatable({ frequency = {}, omega = {}, omega2 = {}, damping = {}, damped_frequency = {}, growth = {},
    shape = {}, vector = {}, complex = {}, rest = eq, dof = f, stable = eq.stable, model_name = m.name,
    damped = with_damping, body_order = {}, _model = m }, Modes)
  for i, b in ipairs(m._order.bodies) do md.body_order[i] = b.name end
  for k, mode in ipairs(list) do
    local v, vi = normalised(to_bodies(Nc, mode.z), mode.zi and to_bodies(Nc, mode.zi))
    if vi then md.complex[k] = { s = mode.s, re = v, im = vi } end
    md.omega2[k] = mode.omega2
    md.omega[k] = mode.omega or 0
    md.frequency[k] = (mode.omega or 0) / (2 * math.pi)
    md.damping[k] = mode.zeta
    md.damped_frequency[k] = (mode.damped or mode.omega or 0) / (2 * math.pi)
    -- the rate an unstable mode grows at: its positive eigenvalue
    md.growth[k] = mode.growth or (mode.omega2 < 0 and math.sqrt(-mode.omega2) or 0)
    md.vector[k] = v
    local shape = {}
    for i, b in ipairs(m._order.bodies) do
      shape[b.name] = { x = v[3 * i - 2], y = v[3 * i - 1], angle = v[3 * i] }
    end
    md.shape[k] = shape
  end
  return md
end

---------------------------------------------------------------- showing them
local function what_it_is(md, k)
  local w2 = md.omega2[k]
  if md.omega[k] > 0 then
    if md.damping[k] and md.damping[k] >= 1 then return "overdamped: no oscillation" end
    return nil
  end
  if w2 < 0 then
    return ("unstable: grows as exp(%.4g t)"):format(md.growth[k])
  end
  return "no stiffness: moves freely"
end

function Modes:table()
  if getmetatable(self) ~= Modes then args.fail("md:table", "is a method: call it as md:table()") end
  print(self:text()) -- and returns nothing, so the prompt does not print it twice
end

function Modes:text()
  if getmetatable(self) ~= Modes then args.fail("md:text", "is a method: call it as md:text()") end
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  local head = ("%d mode%s about its %s rest%s"):format(#self.frequency, #self.frequency == 1 and "" or "s",
    self.stable and "stable" or (self.rest.stability or "unstable"), self.damped and " (with damping)" or "")
  -- a long model name takes a line of its own, so the table fits 80 columns
  add(#self.model_name + #head + 2 <= 80 and "%s: %s" or "%s:\n  %s", self.model_name, head)
  add("  %-4s %12s %12s %10s %12s   %s", "mode", "freq (Hz)", "omega (1/s)", "damping", "damped (Hz)", "largest motion")
  for k = 1, #self.frequency do
    local v, big, at = self.vector[k], 0, 1
    for i, x in ipairs(v) do if math.abs(x) > big then big, at = math.abs(x), i end end
    local body = self.body_order[(at - 1) // 3 + 1]
    local coord = ({ "x", "y", "angle" })[(at - 1) % 3 + 1]
    local note = what_it_is(self, k)
    if note then
      add("  %-4d %12s   %s", k, "-", note) -- the note in place of the numbers: within 80 columns
    else
      add("  %-4d %12.6g %12.6g %10s %12.6g   %s.%s", k, self.frequency[k], self.omega[k],
        self.damping[k] and ("%.4g"):format(self.damping[k]) or "-", self.damped_frequency[k], body, coord)
    end
  end
  return table.concat(lines, "\n")
end
Modes.__tostring = Modes.text

-- How mode k moves from its rest, as a multiple of its shape: an
-- oscillating mode swings as sin(omega t) over `periods` periods; one that
-- does not oscillate moves as its eigenvalue says, over three time
-- constants: an unstable one falls away from near its rest, growing as
-- exp(s t) to its full amplitude; an overdamped one creeps back from it as
-- exp(s t), its slower decay; one without stiffness drifts at a steady rate.
-- Its label says which (a frequency of 0 Hz for a mode that falls away
-- said nothing true), with the figures shown over the picture.
local function motion(self, k, periods, a)
  local omega, s, note = self.omega[k], self.growth[k], what_it_is(self, k)
  if not note then
    local period = 2 * math.pi / omega
    local zeta = self.damping[k]
    return { label = ("%.4g Hz"):format(self.frequency[k]), duration = periods * period, frames = periods * 40,
      at = function(t) return math.sin(omega * t) end,
      shown = { { period / 4, "one extreme" }, { 3 * period / 4, "the other" } },
      figures = ("omega %.5g 1/s\nzeta %s\nperiod %.4g s\namplitude %.3g"):format(omega,
        zeta and ("%.3g"):format(zeta) or "-", period, a) }
  end
  local m = { label = note, frames = 120 }
  if s ~= 0 then
    m.duration = 3 / math.abs(s)
    m.at = s > 0 and function(t) return math.exp(s * (t - m.duration)) end or function(t) return math.exp(s * t) end
    m.figures = ("%s %.4g 1/s\n%s %.4g s\namplitude %.3g"):format(s > 0 and "growth" or "decay", math.abs(s),
      s > 0 and "doubling" or "halving", math.log(2) / math.abs(s), a)
    m.shown = s > 0 and { { 0, "near its rest" }, { m.duration, "fallen away" } }
      or { { 0, "displaced" }, { m.duration, "nearly back" } }
  else
    m.duration = 2
    m.at = function(t) return t / m.duration end
    m.figures = ("no stiffness\namplitude %.3g"):format(a)
    m.shown = { { 0, "at rest" }, { m.duration, "moved on" } }
  end
  return m
end

-- Mode k played about the rest: c(t) = c₀ + a f(t) δc (f as motion()
-- says), its largest motion a (opts.amplitude, 0.1 of the model's size
-- for a translation, 0.2 rad for a turn when left out). The motion is the
-- linear one: at a large amplitude the joints seem to stretch.
function Modes:animate(k, opts)
  if getmetatable(self) ~= Modes then args.fail("md:animate", "is a method: call it as md:animate(k)") end
  if math.type(k) ~= "integer" or k < 1 or k > #self.frequency then
    args.fail("md:animate", "k must be a mode's number, 1 to %d (got %s)", #self.frequency, args.shown(k))
  end
  local o = args.options(opts, { "amplitude", "periods", "speed", "text", "labels", "width", "height", "file" },
    "md:animate")
  for _, limit in ipairs { { "amplitude", { positive = true } }, { "periods", { positive = true, largest = 100 } } } do
    local why = o[limit[1]] ~= nil and args.bad_number(o[limit[1]], limit[2])
    if why then args.fail("md:animate", "%s %s", limit[1], why) end -- the name was left out
  end
  local eq, v = self.rest, self.vector[k]
  local big, at = 0, 1
  for i, x in ipairs(v) do if math.abs(x) > big then big, at = math.abs(x), i end end
  local size = 0
  for _, name in ipairs(self.body_order) do
    local b = eq.bodies[name]
    size = math.max(size, math.abs(b.x[1]), math.abs(b.y[1]))
  end
  local a = o.amplitude or (at % 3 == 0 and 0.2 or 0.1 * math.max(size, 0.1))
  local move = motion(self, k, o.periods or 3, a)
  local r = {}
  for key, val in pairs(eq) do r[key] = val end
  r.t, r.bodies = {}, {}
  local n = math.floor(move.frames + 0.5)
  for _, name in ipairs(self.body_order) do
    r.bodies[name] = { x = {}, y = {}, angle = {}, vx = {}, vy = {}, omega = {} }
  end
  for s = 0, n do
    local t = s * move.duration / n
    r.t[s + 1] = t
    local f = move.at(t)
    for i, name in ipairs(self.body_order) do
      local b0, b = eq.bodies[name], r.bodies[name]
      b.x[s + 1] = b0.x[1] + a * f * v[3 * i - 2]
      b.y[s + 1] = b0.y[1] + a * f * v[3 * i - 1]
      b.angle[s + 1] = b0.angle[1] + a * f * v[3 * i]
      b.vx[s + 1], b.vy[s + 1], b.omega[s + 1] = 0, 0, 0
    end
  end
  r._scene, r._poses, r._drawn_key = nil, nil, nil
  r.stats = { analysis = ("mode %d, %s"):format(k, move.label), formulation = "body",
    integrator = "linear mode", fevals = 0, steps = 0, wall = 0 }
  r.warnings = {}
  r.model_name = ("%s: mode %d, %s"):format(self.model_name, k, move.label)
  -- over the picture, the mode's numbers (a run's counts mean nothing here)
  r.figures_text = function() return move.figures end
  setmetatable(r, getmetatable(eq))
  if require("mechbench.view").quiet then return self end -- a lesson re-making its steps
  if o.file then -- a GIF (mechbench.figure), one frame per step
    return r:animate { file = o.file, width = o.width, height = o.height, labels = o.labels, speed = o.speed,
      title = r.model_name }
  end
  if require("mechbench.view").terminal() and not o.text then
    r:animate { speed = o.speed, labels = o.labels }
    return self
  end
  -- no terminal: the two extremes of the swing (or its start and end)
  print(self:text():match("^[^\n]*\n[^\n]*\n") .. self:text():match("\n(  " .. k .. " [^\n]*)"))
  local body, coord = self.body_order[(at - 1) // 3 + 1], ({ "x", "y", "angle" })[(at - 1) % 3 + 1]
  for _, shown in ipairs(move.shown) do
    local t = shown[1]
    print(("-- mode %d at t = %.4g s (%s: %s.%s moved %.4g %s)"):format(k, t, shown[2], body, coord,
      a * move.at(t) * v[at], coord == "angle" and "rad" or "m"))
    print(r:frame(t, { width = o.width or 72, height = o.height or 18, labels = o.labels ~= false }))
  end
  return self
end

return M
