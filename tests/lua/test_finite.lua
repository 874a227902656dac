-- SPDX-License-Identifier: GPL-3.0-or-later
-- The public helpers given input that would make NaN or inf refuse it with
-- a message at the caller's line, never return it as an answer: the
-- friction laws (v_t = 0 printed -nan), Newton-Raphson (a NaN residual
-- came back as the root), mb.fn, mb.points, mb.vec, mb.mat,
-- mb.contact_force; and a model handed to the core by hand names the line
-- that handed it (it said "?: joint 'j': ...").
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local me = debug.getinfo(1, "S").short_src
local nan, inf = 0 / 0, math.huge

-- f must fail with a message "this file:the caller's line: ...pattern...".
-- Each f below keeps its call out of tail position (local r = ...), so its
-- own frame, on the same line as refused(...), is the caller's line.
local function refused(what, f, pattern)
  local line = debug.getinfo(2, "l").currentline
  local ok, err = pcall(f)
  err = tostring(err)
  local at = ("%s:%d: "):format(me, line)
  T.ok(not ok and err:sub(1, #at) == at and err:find(pattern, 1, true) ~= nil,
    ("%s: refused at its line with '%s' (%s)"):format(what, pattern, ok and "no error" or err))
end

---------------------------------------------------------------- the issue's two
refused("brown_mcphee v_t = 0", function() local r = mb.friction.brown_mcphee(1, { mu_s = 0.3, mu_d = 0.2, v_t = 0 }) return r end, "mb.friction.brown_mcphee: v_t must be positive (got 0)")
refused("newton, a NaN residual", function() local r = mb.newton(function() return 0 / 0 end, 1, { derivative = function() return 1 end }) return r end, "mb.newton: f(x) is NaN at x = 1 (iteration 1)")

---------------------------------------------------------------- friction
refused("brown_mcphee v_t < 0", function() local r = mb.friction.brown_mcphee(0, { mu_s = 0.3, mu_d = 0.2, v_t = -1e-3 }) return r end, "v_t must be positive")
refused("brown_mcphee v_t denormal", function() local r = mb.friction.brown_mcphee(1, { mu_s = 0.3, mu_d = 0.2, v_t = 1e-320 }) return r end, "v_t must be at least 1e-12")
refused("brown_mcphee mu inf", function() local r = mb.friction.brown_mcphee(1, { mu_s = inf, mu_d = 0.2 }) return r end, "mu_s must be finite, not inf")
refused("brown_mcphee v NaN", function() local r = mb.friction.brown_mcphee(nan, { mu_s = 0.3, mu_d = 0.2 }) return r end, "the slip speed v must be a number, not NaN")
refused("brown_mcphee misspelled", function() local r = mb.friction.brown_mcphee(1, { mu_s = 0.3, mu_d = 0.2, vt = 0.1 }) return r end, "unknown field 'vt': did you mean 'v_t'?")
refused("andersson v_s = 0", function() local r = mb.friction.andersson(0, { mu_s = 0.3, mu_d = 0.2, v_s = 0 }) return r end, "mb.friction.andersson: v_s must be positive (got 0)")
refused("andersson k_t inf", function() local r = mb.friction.andersson(0, { mu_s = 0.3, mu_d = 0.2, k_t = inf }) return r end, "k_t must be finite, not inf")
refused("andersson v inf", function() local r = mb.friction.andersson(inf, { mu_s = 0.3, mu_d = 0.2 }) return r end, "the slip speed v must be finite, not inf")
refused("andersson mu_d negative", function() local r = mb.friction.andersson(1, { mu_s = 0.3, mu_d = -0.2 }) return r end, "mu_d must be 0 or more")
T.near(mb.friction.brown_mcphee(1e15, { mu_s = 0.3, mu_d = 0.2, v_t = 1e-12 }), 0.2, 1e-15, "brown_mcphee at the largest speed over the smallest v_t: mu_d, finite")

---------------------------------------------------------------- Newton-Raphson
local function id(x) return x - 1 end
refused("newton, an infinite derivative", function() local r = mb.newton(id, 3, { derivative = function() return inf end }) return r end, "f'(x) is inf at x = 3 (iteration 1)")
refused("newton, a NaN derivative", function() local r = mb.newton(id, 3, { derivative = function() return nan end }) return r end, "f'(x) is NaN")
refused("newton, a NaN start", function() local r = mb.newton(id, nan, { derivative = function() return 1 end }) return r end, "the start x0 is NaN")
refused("newton, a NaN tolerance", function() local r = mb.newton(id, 3, { derivative = function() return 1 end, tol = nan }) return r end, "tol must be a number, not NaN")
refused("newton, a NaN in Phi", function() local r = mb.newton(function(q) return { q[1] - 1, 0 / 0 }, { { 1, 0 }, { 0, 1 } } end, { 3, 0 }) return r end, "Phi[2] is NaN at q = {3, 0} (iteration 1)")
refused("newton, a singular D", function() local r = mb.newton(function(q) return { q[1] - 1, q[1] - 1 }, { { 1, 0 }, { 1, 0 } } end, { 3, 0 }) return r end, "mb.newton: the 2 x 2 matrix is singular")
refused("newton, a step that overflows", function() local r = mb.newton(function(x) return 1 end, 1, { derivative = function() return 1e-320 end }) return r end, "the step of iteration 1 overflows")
refused("newton, a misspelled option", function() local r = mb.newton(id, 3, { derivitive = function() return 1 end }) return r end, "did you mean 'derivative'")
local root, h = mb.newton(id, 3, { derivative = function() return 1 end })
T.ok(root == 1 and h.converged, "newton still solves x - 1 = 0")

---------------------------------------------------------------- mb.fn
refused("fn.poly at t = NaN", function() local r = mb.fn.poly { 1, 2, 3 }(nan) return r end, "mb.fn.poly: t must be a number, not NaN")
refused("fn.smooth_step at t = inf", function() local r = mb.fn.smooth_step {}(inf) return r end, "mb.fn.smooth_step: t must be finite")
refused("fn.smooth_step over 1e-320 s", function() local r = mb.fn.smooth_step { t0 = 0, t1 = 1e-320 } return r end, "is too short for a change of 1")
refused("fn.ramp_rate over 1e-300 s", function() local r = mb.fn.ramp_rate { t0 = 0, t1 = 1e-300 } return r end, "is too short for a rate of 1")
refused("fn.ramp_rate at t = NaN", function() local r = mb.fn.ramp_rate {}(nan) return r end, "mb.fn.ramp_rate: t must be a number")

---------------------------------------------------------------- mb.points
refused("points.along, L tiny", function() local r = mb.points.along({ 0, 0 }, { 1, 0 }, { 1, 1 }, 1e-320) return r end, "mb.points.along: the points are too close together")
refused("points.along, L negative", function() local r = mb.points.along({ 0, 0 }, { 1, 0 }, { 1, 1 }, -1) return r end, "mb.points.along: L must be positive (got -1)")
refused("points.secondary, L tiny", function() local r = mb.points.secondary({ 0, 0 }, { 1, 0 }, 1, 1, 1e-320) return r end, "mb.points.secondary: the points are too close together")
refused("points.share, a rod's points 1e-320 apart", function() local r = mb.points.share({ 0, 1e-320 }, 0.5) return r end, "mb.points.share: the points are too close together")
refused("points.share, a plate's points in a line", function() local r = mb.points.share({ { 0, 0 }, { 1, 0 }, { 2, 0 } }, { 0.5, 0.5 }) return r end, "mb.points.share: the 3 x 3 matrix is singular")
refused("points.condense, points 1e-320 apart", function() local r = mb.points.condense(1, 1, 0, 1e-320) return r end, "mb.points.condense: the points are too close together")

---------------------------------------------------------------- mb.vec
refused("vec.new NaN", function() local r = mb.vec.new(nan, 1) return r end, "bad argument #1 to 'new' (a finite number expected, got NaN)")
refused("vec.add of inf", function() local r = mb.vec.add({ inf, 0 }, { 1, 1 }) return r end, "two finite numbers, not {inf, y}")
refused("vec.scale by inf", function() local r = mb.vec.scale(inf, { 1, 1 }) return r end, "a finite number expected, got inf")
refused("vec.dot overflows", function() local r = mb.vec.dot({ 1e308, 0 }, { 1e308, 0 }) return r end, "the result overflows")
refused("vec.A of NaN", function() local r = mb.vec.A(nan) return r end, "a finite number expected, got NaN")
refused("a vector divided by 0", function() local r = mb.vec.new(1, 1) / 0 return r end, "a vector divided by zero")
refused("vec.unit of zero", function() local r = mb.vec.unit({ 0, 0 }) return r end, "the zero vector has no direction")
local tiny = mb.vec.unit({ 1e-320, 1e-320 })
T.near_all(tiny, { math.sqrt(0.5), math.sqrt(0.5) }, 1e-15, "vec.unit of a vector 1e-320 long still has a direction")
T.near(mb.vec.norm({ 1e308, 1e308 }), math.sqrt(2) * 1e308, 1e293, "vec.norm near the largest number: finite")

---------------------------------------------------------------- mb.mat
refused("mat of NaN", function() local r = mb.mat { { nan } } return r end, "matrix entry [1][1] is NaN, not a finite number")
refused("mat.solve, b holds inf", function() local r = mb.mat.solve({ { 1, 0 }, { 0, 1 } }, { inf, 1 }) return r end, "matrix entry [1] is inf")
refused("mat:set NaN", function() local A = mb.mat { { 1 } } local r = A:set(1, 1, nan) return r end, "a finite number expected, got NaN")
refused("mat times inf", function() local r = mb.mat { { 1 } } * inf return r end, "a finite number expected, got inf")
refused("mat product overflows", function() local r = mb.mat { { 1e308 } } * mb.mat { { 1e308 } } return r end, "the product overflows")
refused("mat.det overflows", function() local r = mb.mat.det(mb.mat { { 1e200, 0 }, { 0, 1e200 } }) return r end, "det overflows")
refused("mat.diag of inf", function() local r = mb.mat.diag({ inf }) return r end, "is inf, not a finite number")
T.near(mb.mat.norm(mb.mat { { 1e308, 1e308 } }), math.sqrt(2) * 1e308, 1e293, "mat.norm near the largest number: finite")
T.eq(mb.mat.cond(mb.mat { { 1, 2 }, { 2, 4 } }), math.huge, "mat.cond of a singular matrix is infinite, its exact value")

---------------------------------------------------------------- mb.contact_force
refused("Flores at e = 1e-300", function() local r = mb.contact_force { law = "flores", k = 1e6, e = 1e-300, delta = 1e-3, rate = 1 } return r end, "the force comes out 5.05964e+301, past 1e+15")

---------------------------------------------------------------- the core, by hand
-- mechbench.core is internal (the sandbox refuses it), but a description
-- given to it without "where" names the line that gave it.
local desc = { name = "m", gravity = { 0, -9.81 }, forces = {}, contacts = {},
  bodies = { { name = "b", mass = 1, inertia = 1, q = { 0, 0, 0 }, v = { 0, 0, 0 } } },
  joints = { { kind = "revolute", name = "j", bi = 5, bj = -1, si = { 0, 0 }, sj = { 0, 0 } } } }
refused("the core, a body index out of range", function() local r = mb.core.model.simulate(desc, { tf = 1, dt = 0.1 }) return r end, "joint 'j': a body index is out of range")
refused("the core, no bodies", function() local r = mb.core.model.simulate({ name = "e", bodies = {}, joints = {}, forces = {}, contacts = {} }, { tf = 1 }) return r end, "the model has no bodies")

T.finish()
