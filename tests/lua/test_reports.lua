-- SPDX-License-Identifier: GPL-3.0-or-later
-- test_reports.lua: a run's reports on demand. A run records the state and
-- its accelerations at each reporting time; reactions, multipliers,
-- energies and violations are computed when first read, the same numbers
-- as computed at once (test_determinism fingerprints every one), and the
-- result keeps what that needs after the model is changed or collected.
local T = dofile("tests/lua/harness.lua")

-- A pendulum whose only force is a user force that counts its calls: the
-- completion of the reports calls it once per sample, and only when a
-- quantity that needs it is read.
local calls = 0
local function pendulum(g)
  local m = mb.model{ name = "counted pendulum", gravity = { 0, 0 } }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0.5, 0 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  m:force{ name = "weight", type = "user", fn = function(t, s)
    calls = calls + 1
    return { { body = "rod", force = { 0, -2 * g } } }
  end }
  return m
end

-- A run whose forces are all the engine's own completes its reports only
-- when one is read: the same pendulum under gravity, no user force.
local function plain_pendulum()
  local m = mb.model{ name = "plain pendulum" }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0.5, 0 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  return m
end
local completed = mb.core.model.completed
do
  local r = plain_pendulum():simulate{ tf = 1, dt = 0.01, integrator = "rk4", h = 0.01 }
  T.eq(completed(r._run), 1, "a run of the engine's own forces completes its first report only")
  T.eq(#r:body("rod").x, 101, "positions: 101 samples")
  T.ok(r:body("rod").ax[50] ~= nil, "accelerations read (recorded with the state)")
  T.eq(completed(r._run), 1, "reading positions and accelerations completes no report")
  local fy = r:reaction("pin").fy
  T.eq(completed(r._run), 1, "a series is made when first read, not when named")
  T.ok(fy[1] ~= nil, "a reaction read")
  T.eq(completed(r._run), 101, "reading a reaction completes every sample")
  -- m a_y = f_pin,y + weight, the pin's force on the rod being -fy
  local worst = 0
  for i = 1, #r.t do
    worst = math.max(worst, math.abs(2 * r:body("rod").ay[i] - (-fy[i] - 2 * 9.81)))
  end
  T.ok(worst < 1e-9, ("m a_y = f_pin,y + weight at every sample (%.3g)"):format(worst))
end

-- A user force is the host's code, which may answer otherwise once the run
-- is over: such a run completes its reports before it returns.
local m = pendulum(9.81)
calls = 0
local r = m:simulate{ tf = 1, dt = 0.01, integrator = "rk4", h = 0.01 }
-- each report's accelerations are the next step's first stage (one call
-- each, 101), the steps' other three stages 300, the completion of the
-- 101 reports 101 more
T.eq(calls, 101 + 3 * 100 + 101, "a run with a user force calls it 3 times a step, once per report, and once per report to complete it")
T.eq(completed(r._run), 101, "and its reports are complete when it returns")
local during = calls
local fx = r:reaction("pin").fy
T.ok(fx[1] ~= nil and calls == during, "reading a reaction then calls the force no more")
local worst = 0
for i = 1, #r.t do
  worst = math.max(worst, math.abs(2 * r:body("rod").ay[i] - (-fx[i] - 2 * 9.81)))
end
T.ok(worst < 1e-9, ("m a_y = f_pin,y + weight at every sample (%.3g)"):format(worst))

-- a user force whose upvalue changes after the run: its reactions are those
-- of the run, as a twin run read at once has them (in joint coordinates the
-- reactions come from M c̈ - h at the reading: read lazily, they took the new
-- weight, -809 N where the run had -8.6)
do
  local weight = 19.62
  local function weighted()
    local w = plain_pendulum()
    w.gravity = { 0, 0 }
    w:force{ name = "weight", type = "user", fn = function() return { { body = "rod", force = { 0, -weight } } } end }
    return w
  end
  local twin = weighted():simulate{ tf = 0.5, dt = 0.05, formulation = "joint" }
  local f_twin, e_twin = twin:reaction("pin").fy, twin.energy.kinetic
  T.ok(f_twin[1] and e_twin[1], "the twin's series read before the weight changes")
  local ra = weighted():simulate{ tf = 0.5, dt = 0.05, formulation = "joint" }
  weight = 1000
  local fa, ea = ra:reaction("pin").fy, ra.energy.kinetic
  local same = #fa == #f_twin
  for i = 1, #fa do same = same and fa[i] == f_twin[i] and ea[i] == e_twin[i] end
  T.ok(same, "a user force changed after its run: the run's reactions and energy, bit for bit")
end

-- a driver given as a Lua function is the host's code too; one of mb.fn's
-- forms is the engine's own
do
  local function driven(fn)
    local d = plain_pendulum()
    d.bodies.rod.omega, d.bodies.rod.vel = 2, { 0, 1 } -- on the driver at t = 0
    d:joint{ name = "motor", type = "driver", joint = "pin", fn = fn }
    return d
  end
  local r1 = driven(function(t) return 2 * t end):kinematics{ tf = 0.2, dt = 0.1 }
  local r2 = driven(function(t) return 2 * t end):simulate{ tf = 0.2, dt = 0.1 }
  T.eq(completed(r2._run), #r2.t, "a run with a Lua driver completes its reports before it returns")
  local r3 = driven(mb.fn.poly{ 0, 2 }):simulate{ tf = 0.2, dt = 0.1 }
  T.eq(completed(r3._run), 1, "one with an mb.fn driver leaves them to the reading")
  T.ok(r1 and math.abs(r3:body("rod").angle[3] - r2:body("rod").angle[3]) < 1e-9, "the two drive alike")
end

-- the lazy series behave as arrays: #, indexing, ipairs, pairs, table.concat
do
  local r2 = m:simulate{ tf = 0.1, dt = 0.01, integrator = "rk4", h = 0.01 }
  local a = r2:reaction("pin").fx
  T.eq(#a, 11, "# of a reaction series")
  local n = 0
  for _ in ipairs(r2:body("rod").vx) do n = n + 1 end
  T.eq(n, 11, "ipairs over a series")
  n = 0
  for _ in pairs(r2.energy.total) do n = n + 1 end
  T.eq(n, 11, "pairs over a series")
  T.ok(#table.concat(r2:body("rod").angle, ","):gsub("[^,]", "") == 10, "table.concat over a series")
  T.eq(#r2.velocity_violation, 11, "# of the velocity violation")
end

-- the result stays valid after the model is changed and after it is gone:
-- the same numbers as read at once from a twin run
do
  local a = pendulum(9.81)
  local ra = a:simulate{ tf = 0.5, dt = 0.05 }
  local rb = pendulum(9.81):simulate{ tf = 0.5, dt = 0.05 }
  local fb, eb = rb:reaction("pin").fx, rb.energy.potential
  a.bodies.rod.mass = 20
  a = nil
  collectgarbage()
  collectgarbage()
  local fa, ea = ra:reaction("pin").fx, ra.energy.potential
  local same = #fa == #fb
  for i = 1, #fb do same = same and fa[i] == fb[i] and ea[i] == eb[i] end
  T.ok(same, "a result read after its model was changed and collected: the same reactions and energy, bit for bit")
end

-- a series outlives its result: it keeps its run and fills from it. The
-- finalizer of an older object (the collector finalizes the newest first)
-- may read a series after its run was freed: it is told so at its line,
-- each time it reads it (the run had been read as a null pointer)
do
  local twin = plain_pendulum():simulate{ tf = 0.2, dt = 0.02 }
  local want = twin:reaction("pin").fy
  local told = {}
  local keeper = setmetatable({}, { __gc = function(k)
    for i = 1, 2 do
      local ok, err = pcall(function() return k.fx[3] end)
      told[i] = ok and ("read " .. tostring(err)) or err
    end
  end })
  local r = plain_pendulum():simulate{ tf = 0.2, dt = 0.02 }
  keeper.fx = r:reaction("pin").fx
  local kept = plain_pendulum():simulate{ tf = 0.2, dt = 0.02 }:reaction("pin").fy
  r, keeper = nil, nil
  collectgarbage()
  collectgarbage()
  local same = #kept == #want
  for i = 1, #want do same = same and kept[i] == want[i] end
  T.ok(same, "a series read after its result was collected: the run's numbers, bit for bit")
  for i = 1, 2 do
    T.ok(type(told[i]) == "string" and told[i]:find("^tests/lua/test_reports%.lua:%d+: the run of this series was collected with its result"),
      ("a series read in a finalizer after its run was freed, read %d: said at the line (%s)"):format(i, tostring(told[i])))
  end
end

-- a user force that fails when a report is completed stops the run there, at
-- the user's line, the samples before it kept (the reports are completed as
-- they are made when the host's code takes part)
do
  local broken = pendulum(9.81)
  local n = 0
  broken.forces.weight.fn = function()
    n = n + 1
    if n > 40 * 4 + 1 + 3 then error("no force today") end
    return { { body = "rod", force = { 0, -19.62 } } }
  end
  local ok, err = pcall(function() return broken:simulate{ tf = 0.4, dt = 0.01, integrator = "rk4", h = 0.01 } end)
  T.ok(not ok and err:find("^tests/lua/test_reports%.lua:%d+: simulation of 'counted pendulum' stopped: .*no force today"),
    "a user force failing at a report stops the run, at the user's line: " .. tostring(err))
  T.ok(broken.last and #broken.last.t > 1 and #broken.last.t < 41, "the samples before it are kept in m.last")
end

-- The samples a run holds in C count with the collector: a script making
-- run after run, keeping none, frees the old ones as it goes. Resident
-- memory (Linux's /proc) over 300 runs of the book's pendulum, 501
-- samples each: it grew 17 MB when the collector saw only the Lua side.
do
  local function resident_kb()
    local f = io.open("/proc/self/status")
    if not f then return nil end
    local text = f:read("a")
    f:close()
    return tonumber(text:match("VmRSS:%s*(%d+)"))
  end
  -- AddressSanitizer keeps freed memory aside a while (make asan): not there
  local maps = io.open("/proc/self/maps")
  local sanitized = maps and maps:read("a"):find("libasan", 1, true)
  if maps then maps:close() end
  local book = mb.example("pendulum")
  local o = { tf = 5, dt = 0.01, progress = false }
  for _ = 1, 20 do book:simulate(o) end
  local before = not sanitized and resident_kb()
  if before then
    for _ = 1, 300 do book:simulate(o) end
    local grew = (resident_kb() - before) / 1024
    T.ok(grew < 4, ("300 runs kept by nobody: resident memory grew %.1f MB (at most 4)"):format(grew))
  end
end

T.finish()
