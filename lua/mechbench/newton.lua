-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.newton: Newton-Raphson as the book teaches it (Sec. 12.1.2),
-- for students to watch: every iteration is recorded.
--   x, h = mb.newton(f, x0, { derivative = df, tol = 1e-4, max_iterations = 15 })
-- Scalar (NR1): f(x) and df(x) return numbers; Δx = -f/f'.
-- Vector (NRn): f(q) returns Phi (a table) and D (a matrix or rows);
--   D Δq = -Phi, solved by LU.
-- h.history lists {n, x, f} (|Phi| for vectors) before each correction;
-- h.converged, h.evaluations. The test is on |f|, as in the book.
local mat = require("mechbench.core").mat

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

return function(f, x0, opts)
  opts = opts or {}
  local tol, max_it = opts.tol or 1e-4, opts.max_iterations or 15
  local x, history = copy(x0), {}
  for n = 1, max_it + 1 do
    local value, jac
    if type(x) == "number" then
      value = f(x)
      jac = opts.derivative and opts.derivative(x) or error("mb.newton: a scalar problem needs derivative = f'", 2)
    else
      value, jac = f(x)
    end
    local size = type(value) == "number" and math.abs(value) or norm(value)
    history[#history + 1] = { n = n, x = copy(x), f = type(value) == "number" and value or size }
    if size <= tol then
      return x, { history = history, converged = true, evaluations = n }
    end
    if n > max_it then break end
    if type(x) == "number" then
      if jac == 0 then error(string.format("mb.newton: f'(x) = 0 at x = %g: the step is undefined", x), 2) end
      x = x - value / jac
    else
      local minus = {}
      for i, v in ipairs(value) do minus[i] = -v end
      local ok, step = pcall(mat.solve, jac, minus)
      if not ok then error("mb.newton: " .. tostring(step), 2) end
      for i = 1, #x do x[i] = x[i] + step[i] end
    end
  end
  return x, { history = history, converged = false, evaluations = #history }
end
