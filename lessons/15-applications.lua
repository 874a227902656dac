-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 15: three of the book's application examples, each through the
-- analysis it calls for: a windshield wiper by inverse dynamics, a
-- half-car's natural frequency and resonance, a creeping robot whose
-- brake changes discs on events.
local example = mb.example
-- each answer is a run of some seconds: keep it once computed
local kept = {}
local function once(key, f)
  return function(...)
    local k = key .. tostring((...))
    if kept[k] == nil then kept[k] = f(...) end
    return kept[k]
  end
end

local wiper_run = once("wiper", function() return example("windshield_wiper"):inverse_dynamics{ tf = 1, dt = 1 / 720 } end)
local function wiper_peak()
  local T, p = wiper_run():reaction("motor").torque, 0
  for i = 1, #T do p = math.max(p, math.abs(T[i])) end
  return p
end
local function wiper_power()
  local T, s = wiper_run():reaction("motor").torque, 0
  for i = 1, 720 do s = s + T[i] end
  return s / 720 * 2 * math.pi
end
local bounce = once("bounce", function()
  local hc = example("half_car", 1, 0)
  hc.bodies.chassis.vel = { 0, 0.01 }
  hc:correct()
  local r = hc:simulate{ tf = 3, dt = 0.001 }
  local vy, ups = r:body("chassis").vy, {}
  for i = 2, #r.t do if vy[i - 1] < 0 and vy[i] >= 0 then ups[#ups + 1] = r.t[i] end end
  return (#ups - 1) / (ups[#ups] - ups[1])
end)
local roll = once("roll", function()
  local md = example("half_car", 1, 0):modes{}
  for k = 1, #md.frequency do -- the mode that turns the chassis most
    local turn = math.abs(md.shape[k].chassis.angle or 0)
    if turn > 0 and md.frequency[k] < 3 and turn * 1.5 > math.abs(md.shape[k].chassis.y or 0) then return md.frequency[k] end
  end
end)
local chassis_swing = once("swing", function(hz)
  local r = example("half_car", hz, 0.01, "in"):simulate{ tf = 6, dt = 0.01 }
  local y, lo, hi = r:body("chassis").y, math.huge, -math.huge
  for i = 401, #r.t do lo, hi = math.min(lo, y[i]), math.max(hi, y[i]) end
  return 100 * (hi - lo)
end)
local creep = once("creep", function(switching)
  local robot, brake = example("creeping_robot")
  local r = robot:simulate{ tf = 6, dt = 0.01, events = switching and brake(3) or nil }
  return r:body("front disc").x[#r.t]
end)

return {
  number = 15,
  title = "Applications: a wiper, a half-car, a creeping robot",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 15 (Sec. 15.5, 15.8, 15.12)",
  objectives = {
    "size a motor by inverse dynamics with friction in the loads",
    "measure a vehicle's natural frequency and see resonance",
    "switch a constraint during a run with events",
  },
  steps = {
    { title = "Examples as models",
      text = [[
Chapter 15 lists real mechanisms with masses, inertias and force data;
their dimensions are only in the book's figures, so the models here use
dimensions of our own (each file says so at its top). `mb.example()` lists
them all: six-bars, a wiper, a half-car, a bike, a dump truck, a robot, a
sled test, a head and neck, an elliptical trainer, a swing, satellite
panels. Each runs as a script in body or joint coordinates.]],
      code = [[
mb.example()]] },

    { title = "The wiper: motion given",
      text = [[
A wiper's motor turns at a steady 2 pi rad/s, so the motion is known
before any force is: a kinematic analysis, then inverse dynamics for the
torque (Sec. 12.2). The loads are the blades' Coulomb friction: 10 N
pressing each blade, mu_d = 0.3, against the blade's velocity. The links
are light (0.3 kg/m), so friction dominates.]],
      code = [=[
w = mb.example("windshield_wiper")
id = w:inverse_dynamics{ tf = 1, dt = 1/720 }
id:plot("motor.torque")]=] },

    { title = "The largest torque",
      text = [[
Over one turn of the motor, what is the largest torque it must give, in
N m (its size)?   check(value)]],
      answer = wiper_peak,
      mistakes = {
        { value = 3 * 0.45, say = "3 N at a 0.45 m arm is one blade's moment about its own pivot, not the motor's torque." },
      },
      hints = {
        "The torque at every sample is in `id:reaction(\"motor\").torque`: find its largest entry.",
        "`math.max(table.unpack(id:reaction(\"motor\").torque))` (the smallest is near zero, where the blades turn back).",
        "About 1.814 N m.",
      } },

    { title = "The motor's power",
      text = [[
Power is torque times speed. Over one turn (720 samples, one period), what
is the motor's mean power, in W? The sum of the first 720 torques over 720
is the mean torque.   check(value)]],
      answer = wiper_power,
      mistakes = {
        { value = 7.6427 / (2 * math.pi), say = "that is the mean torque in N m; multiply by the speed, 2 pi rad/s." },
        { value = 7.6427 * 4 / 3, say = "that would be with mu_s = 0.4 throughout; moving blades slide at mu_d = 0.3." },
      },
      hints = {
        "The kinetic energy comes back each turn, so the mean power is what friction takes: 3 N times each blade's mean speed.",
        "`s = 0; for i = 1, 720 do s = s + id:reaction(\"motor\").torque[i] end`, then `s / 720 * 2 * math.pi`.",
        "About 7.643 W.",
      } },

    { title = "The half-car",
      text = [[
Sec. 15.8 puts two double A-arm suspensions (Sec. 15.6) under a chassis
that now floats. It starts at rest on a flat road (found by the statics of
Lesson 14). Give the chassis a small upward speed and it bounces: the
time between upward crossings of its speed is the period. Alone, that
speed would pull the chassis off its arms, so correction takes the nearest
velocities the joints allow (least squares, Sec. 14.3): the arms and
wheels share it, and `fixed.chassis.vy` is what is left of 0.01 m/s.]],
      code = [=[
hc = mb.example("half_car", 1, 0)
hc.bodies.chassis.vel = {0, 0.01}
fixed = hc:correct()
r = hc:simulate{ tf = 3, dt = 0.001 }
r:plot("chassis.vy")
vy, ups = r:body("chassis").vy, {}
for i = 2, #r.t do
  if vy[i-1] < 0 and vy[i] >= 0 then ups[#ups+1] = r.t[i] end
end
ups]=] },

    { title = "Its bounce frequency",
      text = [[
From the crossings in `ups`, what is the chassis's bounce frequency, in
Hz?   check(value)]],
      answer = bounce,
      mistakes = {
        { value = math.sqrt(2 * 90000 / 680) / (2 * math.pi), say = "that treats the coil springs as if they carried the chassis directly: the arms' leverage and the tires in series make it much softer." },
      },
      hints = {
        "Count the periods between the first and the last crossing.",
        "`(#ups - 1) / (ups[#ups] - ups[1])`",
        "About 1.094 Hz: with damping the swing is a little slower than undamped.",
      } },

    { title = "Every mode at once",
      text = [[
Counting crossings took a run. m:modes (Lesson 14's statics, then the
motion linearised about that rest) gives every mode in one call: its
frequency, damping ratio and the body that moves most. The chassis's
sideways slide has no spring, so one mode moves freely and the rest is
called neutral. The damped bounce should be the frequency you measured.]],
      code = [=[
md = mb.example("half_car", 1, 0):modes{}
md:table()]=] },

    { title = "Its roll",
      text = [[
The other slow mode turns the chassis (its largest motion is
chassis.angle). How long does one undamped swing of it take, its period
in seconds?   check(value)]],
      answer = function() return 1 / roll() end,
      mistakes = {
        { value = 1 / 1.09535, tol = 1e-3, say = "that is the bounce's period: its largest motion is an arm, as the chassis rises and falls." },
        { value = 1 / 1.02945, tol = 1e-3, say = "that is the damped period; the question asks for the undamped one (freq)." },
        { value = 1.03091, tol = 1e-3, say = "that is the roll's frequency, in Hz; its period is 1 / frequency." },
      },
      hints = {
        "Read the table: the mode whose largest motion is chassis.angle; the period is 1 / its frequency.",
        "`1 / md.frequency[2]` (the modes come in rising frequency; the first moves freely).",
        "About 0.970 s: the roll is a little slower than the bounce.",
      } },

    { title = "Near and far",
      text = [[
Now a road lifts and drops both wheels by 1 cm either way (2 cm in all):
the example's arguments are the road's frequency in Hz, its amplitude in
m, and "in" for both wheels together ("left": one wheel; "out": opposite
phases). Near the bounce frequency the chassis moves far more than the
road; well above it, the springs hardly pass the road's motion on.]],
      code = [=[
near = mb.example("half_car", 1.1, 0.01, "in"):simulate{ tf = 6, dt = 0.01 }
far = mb.example("half_car", 4, 0.01, "in"):simulate{ tf = 6, dt = 0.01 }
near:plot("chassis.y")
far:plot("chassis.y")]=] },

    { title = "How much it moves",
      text = [[
At 1.1 Hz, from t = 4 s on (sample 401), how far does the chassis move
from its lowest to its highest, in cm?   check(value)]],
      answer = function() return chassis_swing(1.1) end,
      mistakes = {
        { value = 2, say = "2 cm is the road's own motion; near resonance the chassis moves much more." },
        { value = 0.1742, say = "that is in metres: the question asks for cm." },
      },
      hints = {
        "`y = near:body(\"chassis\").y`, then the largest and smallest of `y[401]` to `y[601]`.",
        "`100 * (math.max(table.unpack(y, 401)) - math.min(table.unpack(y, 401)))`",
        "About 17.42 cm: more than eight times the road's 2 cm. At 4 Hz it is 0.41 cm.",
      } },

    { title = "A robot that creeps",
      text = [[
Sec. 15.12: two legs on two discs, a motor-driven crank that parts and
closes them. A brake holds one disc while the other rolls; every half
turn of the motor, at the dead centres, the brake moves to the other disc.
Here the brake is one driver, and each move is an event that sets its
body and angle: { t = 1, set = "brake", body = "front disc", fn = ... }.]],
      code = [=[
robot, brake = mb.example("creeping_robot")
for _, e in ipairs(brake(3)) do
  print(("t = %g s: the brake holds the %s"):format(e.t, e.body))
end
r = robot:simulate{ tf = 6, dt = 0.01, events = brake(3) }
r:plot("rear disc.x", "front disc.x")]=] },

    { title = "How far it goes",
      text = [[
The crank is 0.04 m and the front disc starts at x = 0.26 m. After three
turns of the motor (6 s), where is the front disc's centre, x in m?
check(value)]],
      answer = function() return creep(true) end,
      mistakes = {
        { value = 0.26 + 0.12, say = "that is one crank length per half turn; the stroke, end to end, is twice the crank." },
        { value = 0.24, say = "0.24 m is how far it went; the disc started at 0.26 m." },
        { value = 0.26, say = "that is where it ends without the brake switching: try the next step." },
      },
      hints = {
        "`r:body(\"front disc\").x[601]`",
        "Each half turn, one disc moves forward by the crank's full stroke, 2 x 0.04 m.",
        "0.26 + 3 x 0.08 = 0.50 m.",
      } },

    { title = "Without the events",
      text = [[
Run the robot with the rear disc braked all the time (no events). After
three turns, where is the front disc, x in m?   check(value)]],
      gives_digits = "the start, 0.26 m, is in the text: that the disc ends where it began is the exercise",
      answer = function() return creep(false) end,
      mistakes = {
        { value = 0.5, say = "that is with the brake switching; without it the front disc goes out and back." },
      },
      hints = {
        "`robot:simulate{ tf = 6, dt = 0.01 }:body(\"front disc\").x[601]`",
        "With the rear disc held, the front one follows the crank out and back each turn.",
        "0.26 m: where it started.",
      } },
  },
  wrap_up = [[
You sized a wiper motor by inverse dynamics with friction in the loads,
measured a half-car's bounce and saw it resonate, and made a robot creep
by switching a constraint during the run.

Challenge: the swing (examples/swing.lua) finds its own event times,
where the swing's rate changes sign, and pumps itself higher; the
satellite panels (examples/satellite.lua) lock their joints with add and
remove events. Read them, then shake the half-car with "out": which
motion does it excite?]],
}
