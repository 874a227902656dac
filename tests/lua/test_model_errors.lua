-- SPDX-License-Identifier: GPL-3.0-or-later
-- Bad models get messages that name the file, the line and the element;
-- a run that fails keeps what it computed.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local me = arg[0]:match("[^/]*$")

local function line_of(pattern)
  local n = 0
  for l in io.lines(arg[0]) do
    n = n + 1
    if l:find(pattern, 1, true) then return n end
  end
end

local m = mb.model{ name = "errors" }
T.fails(function() m:body{ name = "rod", mass = 0, inertia = 1 } end,
  me .. ":" .. line_of('name = "rod", mass = 0') .. ": body 'rod': mass must be positive (got 0)", "zero mass")
T.fails(function() m:body{ name = "disc", mass = 1 } end, "body 'disc': inertia must be a number, not nothing", "missing inertia")
m:body{ name = "rod", mass = 1, inertia = 1, pos = {0.5, 0} }
T.fails(function() m:body{ name = "rod", mass = 1, inertia = 1 } end, "the name is already used", "duplicate name")
T.fails(function() m:body{ name = "ground", mass = 1, inertia = 1 } end, "already used", "ground is reserved")
m:point{ name = "A", body = "rod", at = {-0.5, 0} }
m:point{ name = "O", body = "ground" }
T.fails(function() m:point{ name = "X", body = "nobody" } end, "unknown body 'nobody' (the bodies are: ground, rod)", "unknown body listed")
T.fails(function() m:joint{ name = "pin", type = "revolute", points = {"A", "Q"} } end,
  "joint 'pin': unknown point 'Q' (the points are: A, O)", "unknown point named")
T.fails(function() m:joint{ name = "pin", type = "hinge", points = {"A", "O"} } end, "unknown type 'hinge' (the types are:", "unknown joint type")
m:point{ name = "B", body = "rod", at = {0.5, 0} }
T.fails(function() m:joint{ name = "self", type = "revolute", points = {"A", "B"} } end, "joins body 'rod' to itself", "joint to itself")
T.fails(function() m:vector{ name = "u", body = "rod", dir = {0, 0} } end, "dir has zero length", "zero vector")
T.fails(function() m:force{ name = "f", type = "spring", points = {"A", "O"} } end, "unknown type 'spring'", "unknown force type")
m:joint{ name = "pin", type = "revolute", points = {"A", "O"} }

-- a value changed at the prompt is checked when the run starts
m.bodies.rod.inertia = -1
T.fails(function() m:simulate{ tf = 0.1 } end, "): inertia must be positive (got -1)", "change checked at run time")
m.bodies.rod.inertia = 1
T.fails(function() m:simulate{ tf = -1 } end, "tf must be a number from 1e-12 to 1e+12 (got -1)", "bad tf")
T.fails(function() m:simulate{ tf = 1, integrator = "euler" } end, "unknown integrator 'euler'", "bad integrator")
T.fails(function() m:simulate{ tf = 1, formulation = "magic" } end, "unknown formulation 'magic'", "unknown formulation")

-- redundant constraints: the second pin is named
local red = mb.model{ name = "redundant" }
red:body{ name = "rod", mass = 1, inertia = 1, pos = {0.5, 0} }
red:point{ name = "A", body = "rod", at = {-0.5, 0} }
red:point{ name = "O", body = "ground" }
red:joint{ name = "pin", type = "revolute", points = {"A", "O"} }
red:joint{ name = "second pin", type = "revolute", points = {"A", "O"} }
T.fails(function() red:simulate{ tf = 1 } end, "rank 2 for 4 constraint rows: the constraints of joint 'second pin' depend on the others", "redundant joint named")

-- a user force that turns NaN stops the run, keeps the samples before it
local u = mb.model{ name = "user" }
u:body{ name = "puck", mass = 1, inertia = 1 }
u:force{ name = "push", type = "user", fn = function(t)
  if t > 0.5 then return {{ body = "puck", force = {0 / 0, 0} }} end
  return {{ body = "puck", force = {1, 0}, at = {0, 0.1} }}
end }
T.fails(function() u:simulate{ tf = 1, dt = 0.1 } end, "force 'push': the user function gave a non-finite force", "NaN force named")
local kept = u.last and u.last.t[#u.last.t]
T.ok(kept and kept <= 0.5 and kept >= 0.1 and #u.last.t >= 2, "samples up to the last good step kept in m.last: " .. tostring(kept))
T.near(u.last:body("puck").vx[#u.last.t], kept, 1e-9, "the kept samples are right: v = F t / m")
-- the arm turns with the puck, so omega falls a little short of -F d t / J
T.near(u.last:body("puck").omega[#u.last.t], -0.1 * kept, 1e-5, "the force at a point makes its moment")
local bad = mb.model{ name = "user error" }
bad:body{ name = "puck", mass = 1, inertia = 1 }
bad:force{ name = "push", type = "user", fn = function(t, s) return {{ body = "puck", force = {s.bodies.puck.nope + 1, 0} }} end }
T.fails(function() bad:simulate{ tf = 1 } end, "attempt to perform arithmetic on a nil value (field 'nope')", "Lua error in a user force")

-- a driver whose function fails
local d = mb.model{ name = "driver" }
d:body{ name = "crank", mass = 1, inertia = 1 }
d:point{ name = "A", body = "crank" }
d:point{ name = "O", body = "ground" }
d:joint{ name = "pin", type = "revolute", points = {"A", "O"} }
d:joint{ name = "motor", type = "driver", joint = "pin", fn = function(t) return "fast" end }
T.fails(function() d:simulate{ tf = 1 } end, "joint 'motor': its function returned nothing usable", "driver returning a string, named")

-- a tolerance the integrator cannot meet: stopped with the time and the reason
local hard = mb.model{ name = "hammer" }
hard:body{ name = "b", mass = 1, inertia = 1 }
hard:force{ name = "blow", type = "user", fn = function(t)
  return {{ body = "b", force = {t > 0.3 and 1e12 or 0, 0} }} end }
T.fails(function() hard:simulate{ tf = 1, tol = 1e-14 } end, "tol = 1e-14 cannot be met here", "tolerance that cannot be met")
T.fails(function() hard:simulate{ tf = 1, tol = 1e-30 } end, me .. ":" .. line_of("tol = 1e-30") .. ": simulate: tol must be a number from 1e-14 to 1 (got 1e-30)", "tolerance below round-off refused, at the caller's line")

-- results: names, interpolation, CSV
local r = m:simulate{ tf = 0.2, dt = 0.1 }
T.fails(function() return r:body("nope") end, "the result has no body 'nope' (it has: rod)", "unknown body in a result")
T.near(r:at(0.05).bodies.rod.x, (r:body("rod").x[1] + r:body("rod").x[2]) / 2, 1e-15, "r:at interpolates")
local path = os.tmpname()
local wrote = r:csv(path)
T.eq(wrote.count, 3, "csv rows")
T.eq(tostring(wrote), "wrote 3 rows to " .. path, "r:csv says what it wrote, not a bare number")
local f = io.open(path)
local header = f:read("l")
f:close()
os.remove(path)
T.ok(header:find("^t,rod%.x,rod%.y,rod%.angle,") and header:find("pin%.fx") and header:find("energy%.total"), "csv header: " .. header)
T.ok(tostring(r):find("errors: body coordinates, ode45", 1, true), "a result prints its summary")

T.finish()
