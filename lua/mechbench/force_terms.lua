-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.force_terms: the applied forces h of M c̈ = h + D'λ in body
-- coordinates (3 per body: fx, fy and the moment about the mass centre,
-- Eq. 4.11), as expressions (mechbench.algebra) in whatever the bodies'
-- poses are written in. The weights and each force by the form of law its
-- kind declares in C (book Sec. 4.4-4.5: a spring-damper-actuator along a
-- line between points, a rotational one between bodies, a constant force,
-- a torque, viscous friction along a slide), never by the kind's name; a
-- force whose law the algebra cannot write (a user's Lua function, a
-- contact that switches on at touch) is a named term per coordinate, its
-- value computed when asked.
local A = require "mechbench.algebra"
local G = require "mechbench.joint_geometry"
local kinds = require "mechbench.kinds"

local M = {}

local point, turned = G.point, G.turned
local function vsub(a, b) return { a[1] - b[1], a[2] - b[2] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] end
local function cross(a, b) return a[1] * b[2] - a[2] * b[1] end -- s̆'f

-- The force f at the global offset s from body b's mass centre, into h.
local function at_point(h, b, s, f)
  if b < 0 then return end -- the ground takes it
  local k = 3 * b
  h[k + 1] = h[k + 1] + f[1]
  h[k + 2] = h[k + 2] + f[2]
  h[k + 3] = h[k + 3] + cross(s, f)
end

local function torque(h, b, n)
  if b >= 0 then h[3 * b + 3] = h[3 * b + 3] + n end
end

-- Each form of law (the closed vocabulary of the force kinds' entries in C,
-- kinds.of.force[kind].law): form(h, force, law, ctx) adds the force's
-- share. force: the compiled element with its prepared numbers (params);
-- law: the names of the parameters playing each part (law.stiffness = "k");
-- ctx: pose(b), rate(e) (the time derivative), const(symbol, force, value)
-- (a named constant, nil for 0), fn(force) (its function of time, or nil),
-- difference(force, d) (d named), length(force, d) (|d| as a labelled square
-- root), named(force) (the named terms).
local forms = {}

-- The parameter playing a part, or nil (no such part, or the kind has none).
local function part(f, law, role) return law[role] and f.params[law[role]] end

-- The spring, damper and actuator of a line or a turn: k (x - x0) + c x' +
-- actuator, with x the length or the angle (symbol rest for x0).
local function spring_damper(f, law, ctx, x, rest)
  local value = A.number(part(f, law, "actuator") or 0)
  local k, c = ctx.const("k", f, part(f, law, "stiffness")), ctx.const("c", f, part(f, law, "damping"))
  if k then value = value + k * (x - (ctx.const(rest, f, part(f, law, "rest")) or 0)) end
  if c then value = value + c * ctx.rate(x) end
  local act = ctx.fn(f)
  if act then value = value + act end
  return value
end

-- along the line P_i P_j, a pull positive (Eqs. 4.22-4.32)
function forms.line(h, f, law, ctx)
  local pi, pj = ctx.pose(f.bi), ctx.pose(f.bj)
  local si, sj = turned(pi, f.si), turned(pj, f.sj)
  local d = ctx.difference(f, vsub({ pi.x + si[1], pi.y + si[2] }, { pj.x + sj[1], pj.y + sj[2] }))
  local len = ctx.length(f, d)
  local inv = A.power(len, -1)
  local tension = spring_damper(f, law, ctx, len, "L0")
  local u = { d[1] * inv, d[2] * inv }
  local on_i = { -tension * u[1], -tension * u[2] }
  at_point(h, f.bi, si, on_i)
  at_point(h, f.bj, sj, { -on_i[1], -on_i[2] })
end

-- between two bodies, θ = φ_i - φ_j (Eqs. 4.33-4.38)
function forms.turn(h, f, law, ctx)
  local T = spring_damper(f, law, ctx, ctx.pose(f.bi).phi - ctx.pose(f.bj).phi, "θ0")
  torque(h, f.bi, -T)
  torque(h, f.bj, T)
end

-- a constant vector at a point, in the global frame or turning with the body
function forms.at_point(h, f, law, ctx)
  local pose = ctx.pose(f.bi)
  local value = part(f, law, "value")
  local force = part(f, law, "frame") == "local" and turned(pose, value)
    or { A.number(value[1]), A.number(value[2]) }
  at_point(h, f.bi, turned(pose, f.si), force)
end

function forms.torque(h, f, law, ctx)
  local value = part(f, law, "value")
  local T = A.number(type(value) == "number" and value or 0)
  local fn = ctx.fn(f)
  if fn then T = T + fn end
  torque(h, f.bi, T)
end

-- -c (u_j'(v_i - v_j)) u_j at P_i on body i, the opposite on body j at the
-- same place (Eq. 4.41)
function forms.slip(h, f, law, ctx)
  local pi, pj = ctx.pose(f.bi), ctx.pose(f.bj)
  local si = turned(pi, f.si)
  local P = { pi.x + si[1], pi.y + si[2] }
  local sj = vsub(P, { pj.x, pj.y })
  local u = turned(pj, part(f, law, "axis"))
  local function velocity(pose, s) -- ṙ + φ̇ s̆
    local w = ctx.rate(pose.phi)
    return { ctx.rate(pose.x) - w * s[2], ctx.rate(pose.y) + w * s[1] }
  end
  local slip = dot(u, vsub(velocity(pi, si), velocity(pj, sj)))
  local c = ctx.const("c", f, part(f, law, "damping"))
  if not c then return end
  local force = { -c * slip * u[1], -c * slip * u[2] }
  at_point(h, f.bi, si, force)
  at_point(h, f.bj, sj, { -force[1], -force[2] })
end

-- The applied forces on nb bodies: h (3 per body, expressions). gravity:
-- { x, y } expressions (the named g), masses: per body an expression.
function M.applied(desc, prepared, masses, gravity, ctx)
  local nb = #desc.bodies
  local h = {}
  for b = 1, nb do
    h[3 * b - 2] = masses[b] * gravity[1] -- the weight at the mass centre (Eq. 4.20)
    h[3 * b - 1] = masses[b] * gravity[2]
    h[3 * b] = A.number(0)
  end
  for k, f in ipairs(desc.forces) do
    local law = kinds.of.force[f.kind].law
    local element = setmetatable({ params = prepared.forces[k], index = k }, { __index = f })
    if forms[law.form] then
      forms[law.form](h, element, law, ctx)
    else -- a user force: its generalised force on every coordinate, by name
      local named = ctx.named(element)
      for i = 1, 3 * nb do h[i] = h[i] + named[i] end
    end
  end
  if ctx.contacts then
    local named = ctx.contacts()
    for i = 1, 3 * nb do h[i] = h[i] + named[i] end
  end
  return h
end

M.point = point
return M
