-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.loops: a model's vector loops (book Ch. 5) as equations.
--   L = m:loops()      L[k] = the joints around loop k, in the order walked;
--                      L[k].equation = "0.12 u(theta1) + 0.26 u(theta2) - theta3 u_x = 0"
--   L.coordinates      { {name = "theta1", what = "angle of crank", value, rate}, ... }
--   L.positions        body -> its mass centre as a sum of vectors (Sec. 5.2)
--   L.points           point -> the same for every point of the model (Eq. 5.26)
--   L.drivers          { {name = "motor", equation = "theta1 = fn(t)"}, ... }
--   L.unknowns         the coordinates no driver gives directly
-- The C side (formulation/vector_loops.c) finds the loops and their terms;
-- this file only writes them down.
local core = require "mechbench.core"

local M = {}
local Loops = {}
Loops.__index = Loops

local function num(x) return (("%.4g"):format(x):gsub("^%-0$", "0")) end

-- An angle in degrees, in (-180, 180], as text: "30 deg".
local function degrees(a)
  local d = math.deg(a) % 360
  if d > 180 + 1e-9 then d = d - 360 end
  if math.abs(d) < 5e-10 then d = 0 end
  return num(d) .. " deg"
end

-- The unit vector at a constant angle a: u_x, -u_y, or u(30 deg); and its
-- sign folded in where it is one of the axes.
local function constant_unit(a)
  local d = math.deg(a) % 360
  for _, axis in ipairs { { 0, "u_x", 1 }, { 90, "u_y", 1 }, { 180, "u_x", -1 }, { 270, "u_y", -1 }, { 360, "u_x", 1 } } do
    if math.abs(d - axis[1]) < 1e-9 then return axis[2], axis[3] end
  end
  return "u(" .. degrees(a) .. ")", 1
end

-- The unit vector of a body's angle plus a constant: u(theta2), u(theta2 + 30 deg).
-- and -1 when it reads better as minus u(theta2) than as u(theta2 + 180 deg).
local function turning_unit(coord, beta)
  local d = math.deg(beta) % 360
  if d > 180 + 1e-9 then d = d - 360 end
  if math.abs(d) < 1e-9 then return ("u(%s)"):format(coord), 1 end
  if math.abs(math.abs(d) - 180) < 1e-9 then return ("u(%s)"):format(coord), -1 end
  return ("u(%s %s %s deg)"):format(coord, d < 0 and "-" or "+", num(math.abs(d))), 1
end

-- One term as text with its sign: { sign = "+", text = "0.26 u(theta2)" }.
local function term_text(raw, t, names)
  local sign, text = t.sign, nil
  local angle_of = function(body) return body > 0 and raw.bodies[body].angle or 0 end
  local alpha_of = function(body) return body > 0 and raw.bodies[body].alpha or 0 end
  if t.kind == "body" or t.kind == "slide" then
    local length = math.sqrt(t.at[1] ^ 2 + t.at[2] ^ 2)
    local beta = alpha_of(t.body) + math.atan(t.at[2], t.at[1])
    local coord = angle_of(t.body)
    local unit, flip
    if coord == 0 then
      unit, flip = constant_unit(beta)
    else
      unit, flip = turning_unit(names[coord], beta)
    end
    sign = sign * flip
    if t.kind == "body" and coord == 0 and unit:find("^u%(") then
      -- a constant vector off the axes: its components read best
      local c, s = math.cos(beta) * length, math.sin(beta) * length
      unit, sign = nil, t.sign
      text = ("(%s, %s)"):format(num(c), num(s))
    else
      text = (t.kind == "slide" and names[t.coord] or num(length)) .. " " .. unit
    end
  elseif t.kind == "link" then
    text = num(t.at[1]) .. " u(" .. names[t.coord] .. ")"
  else
    text = ("(%s, %s)"):format(names[t.coord], names[t.coord + 1])
  end
  return { sign = sign < 0 and "-" or "+", text = text }
end

-- A sum of terms as text: "0.12 u(theta1) - theta3 u_x"; "0" when empty.
local function sum_text(raw, terms, names)
  local out = {}
  for _, t in ipairs(terms) do
    if t.kind == "body" and t.at[1] == 0 and t.at[2] == 0 then goto continue end
    local tt = term_text(raw, t, names)
    if #out == 0 then out[1] = (tt.sign == "-" and "-" or "") .. tt.text
    else out[#out + 1] = tt.sign .. " " .. tt.text end
    ::continue::
  end
  return #out > 0 and table.concat(out, " ") or "0"
end

function M.of(model, here)
  local desc = model:compile()
  local ok, raw = pcall(core.model.loops, desc)
  if not ok then error(("%s: m:loops: %s"):format(here, raw), 0) end
  local bodies, joints = model._order.bodies, {}
  for _, j in ipairs(model._order.joints) do if j.active ~= false then joints[#joints + 1] = j end end
  local L = setmetatable({ model_name = model.name, coordinates = {}, positions = {}, points = {},
    drivers = {}, unknowns = {}, body_order = {} }, Loops)
  for i, b in ipairs(bodies) do L.body_order[i] = b.name end
  local names = {}
  for k, c in ipairs(raw.coords) do
    names[k] = "theta" .. k
    local what
    if c.kind == "angle" then
      local set = {}
      for b, info in ipairs(raw.bodies) do if info.angle == k then set[#set + 1] = bodies[b].name end end
      what = "angle of " .. table.concat(set, " and ")
    elseif c.kind == "slide" then what = "slide of " .. joints[c.joint].name
    elseif c.kind == "link" then what = "angle of link " .. joints[c.joint].name
    else what = c.kind .. " of " .. bodies[c.body].name end
    L.coordinates[k] = { name = names[k], what = what, kind = c.kind, value = raw.q[k], rate = raw.qd[k] }
  end
  for k, loop in ipairs(raw.loops) do
    local entry = { equation = sum_text(raw, loop.terms, names) .. " = 0", terms = loop.terms,
      start = loop.start > 0 and bodies[loop.start].name or "ground", residual = loop.phi }
    for i, j in ipairs(loop.joints) do entry[i] = joints[j].name end
    L[k] = entry
  end
  for b, info in ipairs(raw.bodies) do L.positions[bodies[b].name] = sum_text(raw, info.path, names) end
  -- a point: its body's chain to the mass centre, the last vector moved on to the point
  for _, p in ipairs(model._order.points) do
    local body = type(p.body) == "table" and p.body.name or p.body
    local at = p.at or { 0, 0 }
    if body == "ground" then
      L.points[p.name] = sum_text(raw, { { kind = "body", sign = 1, body = 0, at = at } }, names)
    else
      local index
      for b, e in ipairs(bodies) do if e.name == body then index = b end end
      local path, last = {}, nil
      for i, t in ipairs(raw.bodies[index].path) do path[i] = t end
      last = path[#path]
      if last and last.kind == "body" and last.body == index then
        path[#path] = { kind = "body", sign = 1, body = index, at = { last.at[1] + at[1], last.at[2] + at[2] } }
      else
        path[#path + 1] = { kind = "body", sign = 1, body = index, at = at }
      end
      L.points[p.name] = sum_text(raw, path, names)
    end
  end
  -- drivers: an angle driver of a body against the ground gives its coordinate
  local given = {}
  for _, k in ipairs(raw.drivers) do
    local j = joints[k]
    local eq
    local refs = model:resolved("joint")
    local kind
    for _, item in ipairs(refs) do if item.element == j then kind = item end end
    if kind and kind.kind.name == "driver-angle" then
      local a, b = kind.refs.bodies[1], kind.refs.bodies[2]
      local function angle_text(ref)
        local name = type(ref) == "table" and ref.name or ref
        if name == "ground" then return nil end
        for i, e in ipairs(bodies) do
          if e.name == name then
            local info = raw.bodies[i]
            if info.angle == 0 then return num(info.alpha) end
            local alpha = info.alpha
            if math.abs(alpha) < 1e-12 then return names[info.angle], info.angle end
            return ("%s %s %s"):format(names[info.angle], alpha < 0 and "-" or "+", num(math.abs(alpha)))
          end
        end
      end
      local ta, ca = angle_text(a)
      local tb = angle_text(b)
      eq = (ta or "0") .. (tb and (" - " .. (tb:find(" ") and "(" .. tb .. ")" or tb)) or "") .. " = fn(t)"
      if ca and not tb then given[ca] = true end
    else
      local p = kind and kind.refs.points
      eq = p and ("|%s - %s| = fn(t)"):format(p[1].name, p[2].name) or "fn(t)"
    end
    L.drivers[#L.drivers + 1] = { name = j.name, equation = eq }
  end
  for k = 1, #raw.coords do if not given[k] then L.unknowns[#L.unknowns + 1] = names[k] end end
  return L
end

local function count(n, one, many) return ("%d %s"):format(n, n == 1 and one or many) end

function Loops:__tostring()
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  add("vector loops of '%s': %s, %s, %s", self.model_name,
    #self == 0 and "no loop (an open chain)" or count(#self, "loop", "loops"),
    count(#self.coordinates, "vector coordinate", "vector coordinates"), count(#self.drivers, "driver", "drivers"))
  for k, loop in ipairs(self) do
    add("  loop %d (%s):", k, table.concat(loop, ", "))
    add("    %s", loop.equation)
  end
  if #self.coordinates > 0 then add("  vector coordinates at the start:") end
  local width = 8
  for _, c in ipairs(self.coordinates) do width = math.max(width, #c.what) end
  for _, c in ipairs(self.coordinates) do
    local turns = c.kind == "angle" or c.kind == "link"
    local value = turns and ("%.6g rad (%s)"):format(c.value, degrees(c.value)) or ("%.6g m"):format(c.value)
    add("    %-8s %-" .. width .. "s  %s", c.name, c.what, value)
  end
  if #self == 0 then
    add("  mass centres as sums of vectors (Sec. 5.2):")
    for _, name in ipairs(self.body_order) do add("    r(%s) = %s", name, self.positions[name]) end
  end
  if #self.drivers > 0 then
    add("  drivers:")
    for _, d in ipairs(self.drivers) do add("    %-8s %s", d.name, d.equation) end
  end
  if #self > 0 then
    add("  unknowns: %s (%s, %s)", #self.unknowns > 0 and table.concat(self.unknowns, ", ") or "none",
      count(#self.unknowns, "unknown", "unknowns"), count(2 * #self, "loop equation", "loop equations"))
  end
  return table.concat(lines, "\n")
end

return M
