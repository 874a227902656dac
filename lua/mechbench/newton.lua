-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.newton: Newton-Raphson as the book teaches it (Sec. 12.1.2),
-- for students to watch: every iteration is recorded.
--   x, h = mb.newton(f, x0, { derivative = df, tol = 1e-4, max_iterations = 15 })
-- Scalar (NR1): f(x) and df(x) return numbers; Δx = -f/f'.
-- Vector (NRn): f(q) returns Phi (a table) and D (a matrix or rows);
--   D Δq = -Phi, solved by LU.
-- h.history lists {n, x, f} (|Phi| for vectors) before each correction;
-- h.converged, h.evaluations. The test is on |f|, as in the book. A value
-- that is not finite (a residual, a derivative, a step) stops it with an
-- error at the caller's line: NaN never passes a test on |f| (NaN <= tol
-- is false), so it would run on and return NaN as an answer.
local mat = require("mechbench.core").mat
local args = require "mechbench.args"

local function copy(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for i, v in ipairs(t) do out[i] = v end
  return out
end

local function norm(v)
  local s = 0
  for _, x in ipairs(v) do s = s + x * x end
  return math.sqrt(s)
end

local function fail(fmt, ...) args.fail("mb.newton", fmt, ...) end

-- x (a number or a list of numbers) as a message shows it.
local function shown(x)
  if type(x) == "number" then return ("%.6g"):format(x) end
  local parts = {}
  for i, v in ipairs(x) do parts[i] = ("%.6g"):format(v) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- Nil when v (a number, or a list of numbers) is finite, else what it is:
-- "is NaN", "[2] is inf".
local function not_finite(v)
  local function of(x)
    if type(x) ~= "number" then return ("is %s, not a number"):format(type(x)) end
    if x ~= x then return "is NaN" end
    if x == math.huge or x == -math.huge then return "is " .. tostring(x) end
  end
  if type(v) ~= "table" then return of(v) end
  for i = 1, #v do
    local why = of(v[i])
    if why then return ("[%d] %s"):format(i, why) end
  end
end

return function(f, x0, opts)
  if type(f) ~= "function" then fail("takes the function f first, not %s", type(f)) end
  opts = args.options(opts, { "derivative", "tol", "max_iterations" }, "mb.newton")
  local why = not_finite(x0)
  if why then fail("the start x0 %s", why) end
  why = args.bad_number(opts.tol or 1e-4, { positive = true, smallest = 1e-300 })
  if why then fail("tol %s", why) end
  local max_it = opts.max_iterations or 15
  why = args.bad_whole(max_it, 1, 100000, "iterations")
  if why then fail("max_iterations %s", why) end
  local tol, x, history = opts.tol or 1e-4, copy(x0), {}
  local scalar = type(x) == "number"
  if scalar and type(opts.derivative) ~= "function" then fail("a scalar problem needs derivative = f'") end
  for n = 1, max_it + 1 do
    local value, jac
    if scalar then
      value = f(x)
      why = not_finite(value)
      if why then fail("f(x) %s at x = %s (iteration %d): Newton-Raphson cannot go on", why, shown(x), n) end
      jac = opts.derivative(x)
      why = not_finite(jac)
      if why then fail("f'(x) %s at x = %s (iteration %d)", why, shown(x), n) end
    else
      value, jac = f(x)
      why = not_finite(value)
      if why then fail("Phi%s at q = %s (iteration %d): Newton-Raphson cannot go on", (why:gsub("^is", " is")), shown(x), n) end
    end
    local size = scalar and math.abs(value) or norm(value)
    history[#history + 1] = { n = n, x = copy(x), f = scalar and value or size }
    if size <= tol then
      return x, { history = history, converged = true, evaluations = n }
    end
    if n > max_it then break end
    if scalar then
      if jac == 0 then fail("f'(x) = 0 at x = %g: the step is undefined", x) end
      x = x - value / jac
    else
      local minus = {}
      for i, v in ipairs(value) do minus[i] = -v end
      local ok, step = pcall(mat.solve, jac, minus)
      if not ok then fail("%s", (tostring(step):gsub("^[^:]*:%d+: ", ""))) end
      for i = 1, #x do x[i] = x[i] + step[i] end
    end
    why = not_finite(x)
    if why then fail("the step of iteration %d overflows (x%s): the derivative is too small there", n, (why:gsub("^is", " is"))) end
  end
  return x, { history = history, converged = false, evaluations = #history }
end
