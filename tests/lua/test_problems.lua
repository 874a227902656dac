-- SPDX-License-Identifier: GPL-3.0-or-later
-- The book's problems as homework (lua/mechbench/problem.lua, problems/):
-- every problem of every chapter file works itself through (its data for
-- the book and three seeds, its reference answers against a second way and
-- the book's printed numbers, its named mistakes, its sheet); and the
-- machinery a student meets: seeds, the sheet, p:check with its words,
-- hint(), function answers, chapter files that are refused with a reason,
-- and the JSON the grader reads.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local problem = require "mechbench.problem"
local json = require "mechbench.json"

---------------------------------------------------------------- every problem

-- the book's counts of problems per chapter (Chapters 2-14)
local book_counts = { [2] = 19, [3] = 14, [4] = 12, [5] = 14, [6] = 13, [7] = 27, [8] = 9, [9] = 22,
  [10] = 24, [11] = 13, [12] = 12, [13] = 19, [14] = 7 }
local t0 = os.clock()
local chapters = problem.chapters()
T.ok(#chapters >= 1, ("problem files found (%d chapters)"):format(#chapters))
for _, c in ipairs(chapters) do
  T.eq(#c.problems, book_counts[c.chapter], ("Chapter %d has all the book's problems"):format(c.chapter))
  for i, p in ipairs(c.problems) do
    T.eq(p.number, ("%d.%d"):format(c.chapter, i), ("Chapter %d's problem %d is numbered in order"):format(c.chapter, i))
    local passed, failed, problems = problem.selftest(p.number)
    T.passed = T.passed + passed
    for _, what in ipairs(problems) do T.ok(false, what) end
    T.ok(failed == #problems, p.number .. ": every failure is said")
  end
end
print(("(the problems' self-tests took %.1f s of CPU)"):format(os.clock() - t0))

---------------------------------------------------------------- answers worked out apart

-- Reference answers on the book's data against numbers worked out without
-- mechbench: a small body-coordinate solver in plain Python written from
-- Ch. 7's equations (M c'' - D'lambda = h, D c'' = gamma; a driver's
-- lambda is its torque), a four-bar by circle intersections, hand formulas.
-- The problems' own second ways (verify) mostly run the same model in
-- another formulation: these catch a model built wrong.
local function book_answers(number) return problem.new(number, { seed = false }):answers() end
do
  local a3, a4 = book_answers("5.3"), book_answers("5.4")
  -- the errata's 315 degrees and -0.3 rad/s put 5.4's relative angles on 5.3's state
  T.near_all({ a4.r, a4.v, a4.a }, { a3.r, a3.v, a3.a }, 1e-12,
    "5.4 (relative angles, the errata's data) gives 5.3's positions, velocities, accelerations")
  local a = book_answers("4.8").acc
  T.near_all(a, { -1.2684075916143556, 0.8633278698838946, -2.3964869303935443 }, 1e-9, "4.8: the accelerations")
  a = book_answers("4.11").acc
  T.near_all(a, { -1.2436380938244112, 0.6229812068857963, -3.026575686868238 }, 1e-9, "4.11: the accelerations")
  a = book_answers("5.5")
  T.near_all({ a.theta2_a, a.theta3_a }, { -0.43156838977042644, 0.28687500359045 }, 1e-12, "5.5 (a): Newton's solution")
  a = book_answers("5.12")
  -- the cut's exact instant (the blades nearest, C coming down: crank at 102.8 degrees)
  T.near_all({ a.vx_C, a.vx_D }, { -0.39046043806979014, -0.3422644925764982 }, 0.003,
    "5.12: the blades' x velocities at the cut, within the 1-degree sampling")
  a = book_answers("6.4").acc
  T.near_all(a, { -7.4252258653317496, -14.237173339094651, 23.858658958400877, -5.849054589167519,
    -14.237173339094653, 128.87509627145064, 3.152342552328464, 0, 0 }, 1e-8, "6.4: the nine accelerations")
  a = book_answers("6.5")
  T.near(a.T[19], 5.90410457425039, 1e-9, "6.5: the crank's torque at 90 degrees")
  T.near(a.T[37], -1.7658, 1e-9, "6.5: the crank's torque at 180 degrees (gravity alone: 3 m1 g L1/2)")
  a = book_answers("6.6")
  T.near(a.T[19], 4.750379573012771, 1e-8, "6.6: the motor's torque at 135 degrees")
  T.near(a.T[55], 15.776073605110794, 1e-8, "6.6: the motor's torque at 315 degrees")
  a = book_answers("7.22")
  T.near_all({ a.acc, a.pin }, { { -31.285423001857012, 39.96148194325169, 2.7671907047796744, -24.952769330857322,
    46.71802407566443, 62.2353587561426 }, { 3.7429153996285978, 7.992296388650338 } }, 1e-9,
    "7.22: the accelerations and the pin's force on body 1")
  a = book_answers("7.23")
  T.near_all({ a.acc, a.pin }, { { -0.5370822993664917, 0.19798362677064357, -3.3285009253547173 },
    { -0.10741645987329834, 2.001596725354129 } }, 1e-9, "7.23: the accelerations and the pin's force")
  a = book_answers("8.1")
  -- the oracle's rest (P-8.1: a generic body-coordinate solve, RK4 at h = 1e-4, settled)
  T.near(a.y_rest, 0.32002, 1e-5, "8.1: the wheel's height at rest")
  -- Chapter 9's open chains: theta'' from the body coordinates' c'' (M c'' - D'lambda = h,
  -- D c'' = gamma, the constraints written from each sheet's description, D and gamma by
  -- differences), read through theta(c); the relative angles as differences
  local chains = {
    ["9.1"] = { 2.3816834206, -35.4284661661 },
    ["9.2"] = { 2.8278815157, -64.9597551986, 6.9455891117 },
    ["9.3"] = { 1.7031332771, -25.1981663319, 11.9652673811 },
    ["9.4"] = { 28.6021965431, 58.7491074812, 26.6837303102 },
    ["9.5"] = { 1551.7566721779, -1473.2541878538 },
    ["9.6"] = { -8.8113133825, -4.6606788243, -11.2013772595, -27.6938071674 },
    ["9.7"] = { 2.8278815157, -64.9597551986, 71.9053443104 },
    ["9.8"] = { 28.6021965431, 30.146910939, -32.0653771704 },
    ["9.9"] = { -8.8113133825, -4.6606788243, -11.2013772595, -16.4924299078 },
    ["9.22"] = { -1.4271666403, -13.2638974684, 2.2494207663 },
  }
  for _, n in ipairs { "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7", "9.8", "9.9", "9.22" } do
    local want = chains[n]
    local big = 0
    for _, x in ipairs(want) do big = math.max(big, math.abs(x)) end
    T.near_all(book_answers(n).acc, want, 1e-8 * big, n .. ": theta'' at the sheet's state")
  end
  -- 9.13 placed by two circle intersections (upper branches)
  T.near_all(book_answers("9.13").angles, { 27.084515217638, 80.331872307202, 71.732361221283, 129.979037768839 }, 1e-9,
    "9.13: phi2 ... phi5 placed")
  -- Chapter 11: Eq. 11.27 in body coordinates in plain Python (the pins' rows and the
  -- tip's, friction along u - s mu t), and e_eff by RK4 at h = 2e-8 s through the contact
  a = book_answers("11.7")
  T.near_all({ a.thetad, a.impulse }, { { 0.6621441677932234, 2.843693571231456 }, 7.4200092243302835 }, 1e-9,
    "11.7: theta' after and the impulse")
  a = book_answers("11.8")
  T.near_all({ a.omega, a.impulse, a.friction }, { { -0.5579156956221845, -5.5836634833798895 }, 2.3686107805251146,
    0.23686107805251147 }, 1e-9, "11.8: the rates after, the normal and friction impulses")
  T.near_all(book_answers("11.9").e_eff, { 0.665265, 0.672262, 0.684225, 0.701635, 0.725241, 0.756149, 0.795973, 0.847102,
    0.913177, 1 }, 2e-6, "11.9: e_eff of Eq. 11.42 over e_in = 0.1 ... 1")
  T.near_all(book_answers("11.10").e_eff, { 0.069444, 0.15554, 0.256208, 0.362872, 0.470445, 0.577276, 0.683184, 0.788539,
    0.893921, 1 }, 2e-6, "11.10: e_eff of Eq. 11.43")
  -- Chapters 10 and 12 in plain Python: 10.10-10.12's M r'' = h + D'lambda, D r'' = gamma
  -- from the rows by hand; 12.4's, 12.7's and 12.8's four-bars by Newton on the loop,
  -- followed over a turn (12.7 at 0.01 degree, 12.8's cut by bisection); 12.1's and
  -- 12.2's Newton counts with the sheet's stopping rules
  a = book_answers("10.10")
  T.near_all({ a.acc, a.lambda }, { { 5.52323124, 32.48298, -35.88854575, -8.92879699, -23.41796503, -15.16408735 },
    { 9.90712146, -1.38204194 } }, 1e-7, "10.10: r'' and the multipliers")
  a = book_answers("10.11")
  T.near_all({ a.acc_a, a.lambda_a, a.acc_b, a.lambda_b }, { { 0.75495041, -0.38799722, 0.0435352, 0.0326514 },
    { -1.81980164, -0.90336803 }, { 0.56105082, -0.05215329, -0.48197244, 0.17704133 }, { -1.04420329, 0.60192938 } },
    1e-7, "10.11: (a) and (b)'s r'' and multipliers")
  a = book_answers("10.12")
  T.near_all({ a.acc, a.lambda }, { { -0.84558048, -1.03541165, -0.21281568, 0.58200503 }, { -0.36392305, 0.13025254 } },
    1e-7, "10.12: r'' and the multipliers")
  a = book_answers("12.1")
  T.near_all({ a.roots, a.evaluations }, { { -1, 3, 8 }, 6 }, 1e-9, "12.1: the roots, and 6 evaluations from 10")
  a = book_answers("12.2")
  T.near_all({ a.sol_a, a.evaluations }, { { 0.86977421, 2.07076988 }, 6 }, 1e-7, "12.2: the first start's solution and count")
  a = book_answers("12.4")
  T.near_all({ a.start, a.omega3, a.alpha3 }, { { 0.5536844, 1.30287398 }, -0.18501458, 61.45115678 }, 1e-6,
    "12.4: the start, the rocker's rate and acceleration")
  a = book_answers("12.7")
  T.near_all({ a.spacing, a.v_pull, a.v_mean }, { 2.9657447, 181.84423, 88.97234 }, 5e-3,
    "12.7: the holes' spacing and the film's speeds")
  a = book_answers("12.8")
  T.near_all({ a.crank, a.web }, { 102.93970435, -0.36788255 }, 1e-3, "12.8: the crank at the cut and the web's speed")
  -- 11.12 and 11.13's first impacts by RK4 in plain Python (the rod's angle, or both
  -- pendulums' angles, h = 1e-7 s near contact, Eq. 11.42 with the approach speed the fall gives)
  T.near(book_answers("11.12").depth, 0.0020688662578, 2e-8, "11.12: the tip's deepest penetration")
  T.near(book_answers("11.13").depth, 0.0016589454495, 2e-8, "11.13: the balls' deepest penetration")
  a = book_answers("8.7")
  -- the only rest: a root scan of dV/dphi with s eliminated (phi in [-pi, pi])
  T.near_all({ a.phi_rest, a.s_rest, a.f_strut }, { 0.23124727858180905, 1.177443520895166, 9.54887041790332 }, 1e-6, "8.7: the rest and the strut's tension")
  a = book_answers("14.1")
  -- the oracle's lambda of Ex. 14.1 (H-14.1: D'lambda = -h solved apart, g = 9.8): O's and Q's
  -- multipliers are their forces on links 1 and 2, A's acts on link 1 (minus it on link 2)
  T.near_all({ a.O_on_1, a.Q_on_2, a.A_on_2 }, { { -50, -54.4167 }, { 0, 98.5167 }, { -50, -78.9167 } }, 1e-4,
    "14.1: the pins' forces from the oracle's lambda")
  -- the holding torques of 14.5 and 14.6 (body coordinates, as DAP_BC) in joint and point coordinates
  for _, n in ipairs { "14.5", "14.6" } do
    local p = problem.new(n, { seed = false })
    local want = p:answers().torque
    for _, f in ipairs { "joint", "point" } do
      local r = p:model():inverse_dynamics { tf = 1e-3, dt = 1e-3, formulation = f }
      T.near(r:reaction("motor").torque[1], want, 1e-9 * math.abs(want), n .. ": the holding torque in " .. f .. " coordinates")
    end
  end
end

---------------------------------------------------------------- seeds

-- FNV-1a's published test vectors, so the data are the same on every machine
T.eq(problem.hash("a"), 0xaf63dc4c8601ec8c, "FNV-1a of 'a'")
T.eq(problem.hash("foobar"), 0x85944171f73967e8, "FNV-1a of 'foobar'")
do
  local r, r2, other = problem.stream("jdoe"), problem.stream("jdoe"), problem.stream("jdoe ")
  local sum, same, differs, inside = 0, true, false, true
  for _ = 1, 20000 do
    local x, y, z = r(), r2(), other()
    sum = sum + x
    same = same and x == y
    differs = differs or x ~= z
    inside = inside and x >= 0 and x < 1
  end
  T.ok(same and differs and inside, "a stream: the same key gives the same numbers, another key others, all in [0, 1)")
  T.near(sum / 20000, 0.5, 0.01, "a stream's numbers are uniform (their mean)")
end

local book = problem.new("2.2")
local mine = problem.new("2.2", { seed = "jdoe" })
local again = problem.new("2.2", { seed = "jdoe" })
local yours = problem.new("2.2", { seed = "asmith" })
T.near_all(book.data.a, { 1.5, 0.4 }, 0, "no seed: the book's data")
T.near_all(mine.data.a, again.data.a, 0, "the same seed, the same data")
T.ok(mine.data.a[1] ~= 1.5 or mine.data.a[2] ~= 0.4, "a seed varies the data")
T.ok(mine.data.a[1] ~= yours.data.a[1] or mine.data.b[1] ~= yours.data.b[1], "another seed, other data")
T.eq(mine.seed, "jdoe", "p.seed")
T.eq(problem.new("2.2", { seed = 7 }).seed, "7", "a number is a seed too")
-- a varied number is written with one decimal more than the book's
for _, x in ipairs { mine.data.a[1], mine.data.a[2], mine.data.b[1], mine.data.b[2] } do
  T.ok(math.abs(x * 100 - math.floor(x * 100 + 0.5)) < 1e-9, ("%g has at most two decimals"):format(x))
end
-- angles are given in degrees on the sheet and are radians in p.data
local p16 = problem.new("2.16")
T.near(p16.data.phi1, math.pi / 6, 1e-15, "30 deg on the sheet is pi/6 in p.data")
-- and the sheet says which: a value in deg alone is radians in p.data, a list
-- of mixed units ({x, y, angle} in m, m, deg) keeps its degrees (the sheet
-- said every angle shown in degrees was radians, and 7.9's c1 is not)
T.ok(p16:sheet():find("Data (p.data; a value in deg is in radians there):", 1, true), "2.16's sheet: radians")
local p79 = problem.new("7.9")
T.ok(p79:sheet():find("a list of mixed units (m, m, deg) keeps its degrees", 1, true)
  and not p79:sheet():find("is in radians", 1, true) and math.abs(p79.data.c3[3]) > 7,
  "7.9's sheet: its {x, y, angle} lists keep their degrees in p.data")
T.ok(p16:sheet():find("phi1  = 30 deg", 1, true), "the sheet shows degrees")
-- 8.7's sheet names the model's fields its data go in (it said "its forces
-- changed"): each "m.forces.coil.k (kr)" on it is a field of the model
-- p:model() builds, holding that datum
do
  local p87 = problem.new("8.7", { seed = "jdoe" })
  local m87, named = p87:model(), 0
  for field, datum in (p87:sheet():gsub("\n%s*", " ")):gmatch("m%.([%w_.]+) %(([%w_%[%]]+)%)") do
    local value = m87
    for key in field:gmatch("[^.]+") do value = type(value) == "table" and value[key] or nil end
    local want = load("return data." .. datum, "datum", "t", { data = p87.data })()
    T.ok(type(value) == "number" and value == want, ("8.7's sheet: m.%s holds %s = %s (it holds %s)"):format(field,
      datum, tostring(want), tostring(value)))
    named = named + 1
  end
  T.eq(named, 6, "8.7's sheet names a field for each of its six data")
end
T.eq(tostring(mine), '<problem 2.2: Products, lengths, angles and rotations of two vectors; seed "jdoe"; '
  .. 'p:show() shows the sheet>', "a problem prints as one line")
T.eq(T.capture(function() mine:show() end), mine:sheet(), "p:show() prints the sheet")
-- a seeded sheet says how to open the same data at the prompt, and it does
local opens = mine:sheet():match("At the prompt, p = (problem%b()) opens it with your data%.")
T.eq(opens, 'problem("2.2", { seed = "jdoe" })', "a seeded sheet says how to open its data")
if opens then
  T.near_all(load("return " .. opens, "sheet", "t", { problem = problem.new })().data.a, mine.data.a, 0,
    "and that opens the sheet's data")
end
T.ok(not p16:sheet():find("At the prompt, p =", 1, true), "the book's sheet needs no seed to open")
-- --seed sets the default; an explicit seed or false (the book's) overrides it
problem.set_default_seed("jdoe")
T.near_all(problem.new("2.2").data.a, mine.data.a, 0, "--seed: problem() gives that seed's data")
T.near_all(problem.new("2.2", { seed = false }).data.a, { 1.5, 0.4 }, 0, "seed = false: the book's data")
problem.set_default_seed(nil)

T.fails(function() problem.new("2.99") end, "there is no problem 2.99: Chapter 2 has 2.1 to 2.19", "a number past the chapter")
T.fails(function() problem.new("99.1") end, "there is no problem 99.1: the chapters with problems are", "a chapter with no problems")
T.fails(function() problem.new("2.2", { sede = "x" }) end, "did you mean 'seed'", "a misspelt option")
T.fails(function() problem.new("2.2", { seed = {} }) end, "a seed is a name or a number", "a seed that is a table")
T.fails(function() problem.new() end, 'takes a problem number such as "2.2"', "no number")

---------------------------------------------------------------- the student's side

local function said(f) return T.capture(f) end
local p = problem.new("2.2")
local d = p.data
local right_angle = mb.vec.between(d.a, d.b)
local text = said(function() p:check { angle = right_angle } end)
T.ok(text:find("angle: Correct.", 1, true) and text:find("1 of 14 right so far", 1, true), "a right answer: " .. text)
text = said(function() p:check { angle = math.deg(right_angle) } end)
T.ok(text:find("looks like degrees", 1, true), "degrees for radians is named: " .. text)
T.ok(text:find("0 of 14 right so far", 1, true),
  "a wrong answer after a right one counts as wrong, not as all right: " .. text)
text = said(function() p:check { arot_b = mb.vec.cross(d.b, d.a) } end)
T.ok(text:find("wrong sign", 1, true), "a wrong sign is named: " .. text)
text = said(function() p:check { angle = math.acos(mb.vec.dot(mb.vec.unit(d.a), mb.vec.unit(d.b))) + 2 * math.pi } end)
T.ok(text:find("Correct", 1, true), "an angle a whole turn away is right: " .. text)
text = said(function() p:check { ab = mb.vec.dot(d.a, d.b) * 1.003 } end)
T.ok(text:find("Close: 0.3% off", 1, true), "a near miss says how near: " .. text)
text = said(function() p:check { abb = 1 } end)
T.ok(text:find("no answer named 'abb'", 1, true) and text:find("did you mean 'ab'", 1, true), "an unknown name: " .. text)
local v
said(function() v = p:check { c = mb.vec.scale(d.alpha, d.b), d = { 0, 0 } } end)
T.ok(v.right == 2 and v.total == 14 and not v.ok and v.answers.c.ok and not v.answers.d.ok,
  "the verdict: right, total, each answer")
T.eq(tostring(v), "<v.ok = false, v.right = 2, v.total = 14>", "the verdict prints as its fields")
-- the latest answer counts: c right before, wrong now, is to do again
text = said(function() v = p:check { c = { 0, 0 } } end)
T.ok(v.right == 1 and not v.answers.c.ok and text:find("1 of 14 right so far", 1, true)
  and text:find("still to do: .*c"), "an answer right before and wrong now counts as wrong: " .. text)
T.fails(function() p:check(3) end, "takes a table of answers by name", "p:check of a number")

-- a function answer is checked at states of its own, never as a string
local p14 = problem.new("2.14", { seed = "jdoe" })
local ref = p14:answers()
text = said(function() p14:check { D = ref.D } end)
T.ok(text:find("D: Correct", 1, true), "a Jacobian function: " .. text)
text = said(function() p14:check { D = function(q) local J = ref.D(q); J[2][3] = J[2][3] + 1; return J end } end)
T.ok(text:find("D: Not yet, at the test state q = {", 1, true) and text:find("row 2, column 3 is", 1, true),
  "a wrong entry of a Jacobian function, named at its state: " .. text)
text = said(function() p14:check { D = function(q) local J = ref.D(q)
  return { { J[1][1], J[2][1] }, { J[1][2], J[2][2] }, { J[1][3], J[2][3] } } end } end)
T.ok(text:find("the transpose", 1, true), "a transposed Jacobian is named: " .. text)
text = said(function() p14:check { phid = function() error("oops") end } end)
T.ok(text:find("failed at test state 1", 1, true), "a function that fails: " .. text)
text = said(function() p14:check { phid = 3 } end)
T.ok(text:find("is a function of q, qd", 1, true), "a number for a function: " .. text)

-- hint() serves the problem last opened, then a lesson once one opens
local p3 = problem.new("2.3")
text = said(function() hint() end)
T.ok(text:find("Problem 2.3, hint 1 of 2", 1, true), "hint() gives the problem's first hint: " .. text)
text = said(function() hint(); hint() end)
T.ok(text:find("hint 2 of 2", 1, true) and not text:find("hint 3", 1, true), "hints escalate and stop at the last")
said(function() p3:check { by_components = 0 } end)
said(function() lesson(2) end)
text = said(function() hint() end)
T.ok(text:find("hint", 1, true) and not text:find("Problem", 1, true), "after lesson(), hint() is the lesson's: " .. text)

-- a proof problem asks for a written part, its model answer for the instructor
T.ok(p3:sheet():find("Written part", 1, true), "the sheet says there is a written part")
T.ok(p3:answers().model_answer:find("cos", 1, true), "p:answers() has the model answer")
T.fails(function() p3:model() end, "has no mechanism", "p:model() of a problem without one")

-- listing
text = said(function() v = problems() end)
T.ok(text:find("Preliminaries", 1, true) and v[1].chapter == 2 and v[1].count == 19, "problems(): " .. text:sub(1, 80))
text = said(function() v = problems(2) end)
T.ok(#v == 19 and v[2].number == "2.2" and text:find("2.19", 1, true), "problems(2) lists the chapter")
T.fails(function() problems(99) end, "no problems of chapter 99", "problems(99)")

---------------------------------------------------------------- chapter files that are wrong

local dir = os.tmpname()
os.remove(dir)
mb.core.mkdir(dir)
local bad_files = 0
local function refused(body, pattern, what)
  bad_files = bad_files + 1
  local path = ("%s/02-bad%d.lua"):format(dir, bad_files)
  local f = assert(io.open(path, "w"))
  f:write(body)
  f:close()
  T.fails(function() problem.read_chapter(path, 2) end, pattern, what)
end
local good = [[{ number = "2.1", title = "t", text = "x", hints = { "a", "b" },
  data = { { name = "a", value = 1, unit = "" } },
  asks = { { name = "x", what = "x", unit = "" } }, answers = function() return { x = 1 } end }]]
refused("return { title = 'x' }", "must return { chapter = 2", "no problems table")
refused("return { title = 't', problems = { " .. good:gsub('"2.1"', '"3.1"') .. " } }", "belongs to chapter 3", "a number of another chapter")
refused("return { title = 't', problems = { " .. good .. ", " .. good .. " } }", "is there twice", "a number twice")
refused("return { title = 't', problems = { " .. good:gsub("hints = { \"a\", \"b\" }", "hints = { \"a\" }") .. " } }",
  "needs at least two hints", "one hint")
refused("return { title = 't', problems = { " .. good:gsub("value = 1, unit = \"\"", "value = 1") .. " } }", "needs a unit",
  "data without a unit")
refused("return { title = 't', problems = { " .. good:gsub("answers =", "answer =") .. " } }", "did you mean 'answers'",
  "a misspelt field")
refused("return { title = 't', problems = { " .. good:gsub("asks = { { name = \"x\"", "asks = { { name = \"x\", kind = \"numbr\"") .. " } }",
  "did you mean 'number'", "a misspelt kind")
for i = 1, bad_files do os.remove(("%s/02-bad%d.lua"):format(dir, i)) end
os.remove(dir)

---------------------------------------------------------------- JSON for the grader

local data = { a = 1, b = { 1.5, -2e-300, 3 }, c = "line\n\"quoted\"\t\1", d = true, e = { x = { y = {} } }, n = 2 ^ 53 }
local back = json.decode(json.encode(data))
T.eq(back.c, data.c, "a string with escapes goes through")
T.near_all(back.b, data.b, 0, "numbers go through exactly")
T.eq(back.n, 2 ^ 53, "a large number")
T.eq(json.encode({ 0 / 0, math.huge, -math.huge }), '["NaN","Infinity","-Infinity"]', "NaN and infinities as strings")
T.eq(json.decode('"\\u00e9\\ud83d\\ude00"'), "é😀", "\\u escapes, a surrogate pair among them")
T.fails(function() json.decode('{"a": 1,}') end, "json: a name in quotes expected at line 1", "a trailing comma")
T.fails(function() json.decode('[1, 2') end, "json:", "an array that does not end")
T.fails(function() json.decode('{"a": 1} x') end, "text after the value", "text after the value")
T.eq(json.encode({ b = 1, a = 2 }), '{"a":2,"b":1}', "keys sorted")

T.finish()
