-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.force_terms: the applied forces h of M c̈ = h + D'λ in body
-- coordinates (3 per body: fx, fy and the moment about the mass centre,
-- Eq. 4.11), as expressions (mechbench.algebra) in whatever the bodies'
-- poses are written in. The weights and each force kind's law (book Sec.
-- 4.4-4.5: a spring-damper-actuator between points, a rotational one
-- between bodies, a constant force, a torque, viscous friction along a
-- slide); a force whose law the algebra cannot write (a user's Lua
-- function, a contact that switches on at touch) is a named term per
-- coordinate, its value computed when asked.
local A = require "mechbench.algebra"
local G = require "mechbench.joint_geometry"

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

-- Each law: law(h, force, ctx) adds the force's share. force: the compiled
-- element with its prepared numbers (params); ctx: pose(b), rate(e) (the
-- time derivative), const(name, value) (a named constant, nil for 0),
-- fn(force) (its function of time, or nil), difference(force, d) (d
-- named), length(force, d) (|d| as a labelled square root), named(force)
-- (the named terms).
local laws = {}

-- f = k (ℓ - ℓ0) + c ℓ̇ + actuator, pulling P_i towards P_j (Eqs. 4.22-4.32)
laws["spring-damper"] = function(h, f, ctx)
  local p = f.params
  local pi, pj = ctx.pose(f.bi), ctx.pose(f.bj)
  local si, sj = turned(pi, f.si), turned(pj, f.sj)
  local d = ctx.difference(f, vsub({ pi.x + si[1], pi.y + si[2] }, { pj.x + sj[1], pj.y + sj[2] }))
  local len = ctx.length(f, d)
  local inv = A.power(len, -1)
  local tension = A.number(p.actuator or 0)
  local k, c = ctx.const("k", f, p.k), ctx.const("c", f, p.c)
  if k then tension = tension + k * (len - (ctx.const("L0", f, p.length) or 0)) end
  if c then tension = tension + c * dot(d, { ctx.rate(d[1]), ctx.rate(d[2]) }) * inv end
  local act = ctx.fn(f)
  if act then tension = tension + act end
  local u = { d[1] * inv, d[2] * inv }
  local on_i = { -tension * u[1], -tension * u[2] }
  at_point(h, f.bi, si, on_i)
  at_point(h, f.bj, sj, { -on_i[1], -on_i[2] })
end

-- T = k (θ - θ0) + c θ̇ + actuator with θ = φ_i - φ_j (Eqs. 4.33-4.38)
laws["rot-spring-damper"] = function(h, f, ctx)
  local p = f.params
  local pi, pj = ctx.pose(f.bi), ctx.pose(f.bj)
  local theta = pi.phi - pj.phi
  local T = A.number(p.actuator or 0)
  local k, c = ctx.const("k", f, p.k), ctx.const("c", f, p.c)
  if k then T = T + k * (theta - (ctx.const("θ0", f, p.angle) or 0)) end
  if c then T = T + c * ctx.rate(theta) end
  local act = ctx.fn(f)
  if act then T = T + act end
  torque(h, f.bi, -T)
  torque(h, f.bj, T)
end

-- a constant force at a point, in the global frame or turning with the body
laws["force"] = function(h, f, ctx)
  local p = f.params
  local pose = ctx.pose(f.bi)
  local value = p.value
  local force = p.frame == "local" and turned(pose, value) or { A.number(value[1]), A.number(value[2]) }
  at_point(h, f.bi, turned(pose, f.si), force)
end

laws["torque"] = function(h, f, ctx)
  local T = A.number(type(f.params.value) == "number" and f.params.value or 0)
  local fn = ctx.fn(f)
  if fn then T = T + fn end
  torque(h, f.bi, T)
end

-- -c (u_j'(v_i - v_j)) u_j at P_i on body i, the opposite on body j at the
-- same place (Eq. 4.41)
laws["slide-friction"] = function(h, f, ctx)
  local p = f.params
  local pi, pj = ctx.pose(f.bi), ctx.pose(f.bj)
  local si = turned(pi, f.si)
  local P = { pi.x + si[1], pi.y + si[2] }
  local sj = vsub(P, { pj.x, pj.y })
  local u = turned(pj, p.axis)
  local function velocity(pose, s) -- ṙ + φ̇ s̆
    local w = ctx.rate(pose.phi)
    return { ctx.rate(pose.x) - w * s[2], ctx.rate(pose.y) + w * s[1] }
  end
  local slip = dot(u, vsub(velocity(pi, si), velocity(pj, sj)))
  local c = ctx.const("c", f, p.c)
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
    local law = laws[f.kind]
    local element = setmetatable({ params = prepared.forces[k], index = k }, { __index = f })
    if law then
      law(h, element, ctx)
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

-- Whether a kind's law is written here (else it is a named term).
function M.written(kind) return laws[kind] ~= nil end

M.point = point
return M
