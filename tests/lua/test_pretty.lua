-- SPDX-License-Identifier: GPL-3.0-or-later
-- The value printer and tab completion.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local fmt = mb.pretty.format
local repl = require "mechbench.repl"

T.eq(fmt(3), "3", "integer")
T.eq(fmt(0.1), "0.1", "float")
T.eq(fmt(2.0), "2", "whole float")
T.eq(fmt(0 / 0), "nan", "nan named")
T.eq(fmt({1, 2, 3}), "{1, 2, 3}", "short array on one line")
T.eq(fmt({b = 1, a = "x"}), '{a = "x", b = 1}', "keys sorted, strings quoted")
local long = {}
for i = 1, 100 do long[i] = i end
local s = fmt(long)
T.ok(s:find("^{1, 2,") and s:find("99, 100}$"), "long array cut: " .. s)
-- the cut says how many values it hides, not a bare total that read as
-- "100 hidden"
T.ok(s:find("9, ... (89 hidden, 100 in all) ..., 99", 1, true), "the cut counts what it hides: " .. s)
local twenty = {}
for i = 1, 20 do twenty[i] = i end
T.eq(fmt(twenty), "{1, 2, 3, 4, 5, 6, 7, 8, 9, ... (9 hidden, 20 in all) ..., 19, 20}", "20 values: 11 shown, 9 hidden")
-- a nested table goes on one line only when it fits 80 columns after its
-- indent and key (r:at(t).reactions of the cart put "torque = 0.0589048622"
-- past column 80, and the terminal wrapped the number)
local nested = { reactions = { ["front roll"] = { fx = 0.5890486225, fy = -113.2039606, torque = 0.05890486225 },
  motor = { fx = 0, fy = 0, torque = -1.5 } } }
local widest = 0
for line in fmt(nested):gmatch("[^\n]+") do widest = math.max(widest, #line) end
T.ok(widest <= 79, ("a nested table keeps within 79 columns (widest line %d)"):format(widest))
T.ok(fmt(nested):find("motor = {fx = 0, fy = 0, torque = -1.5}", 1, true), "a short one stays on one line")
-- an entry that fits its 80 columns stays on one line, though longer than
-- the 72 of a value at the top (lesson 12's Newton history broke its third
-- iteration over five lines)
T.eq(fmt({ { f = 0.0151, n = 2, x = { 1.570796327, 0.5849449453, 1.339778425 } },
  { f = 5.705393729e-05, n = 3, x = { 1.570796327, 0.5781646778, 1.335702882 } } }),
  "{\n  {f = 0.0151, n = 2, x = {1.570796327, 0.5849449453, 1.339778425}},\n"
  .. "  {f = 5.705393729e-05, n = 3, x = {1.570796327, 0.5781646778, 1.335702882}}\n}",
  "a 74-column entry at indent 2 stays on one line")
-- mb.example() at the prompt names every example (the long-array cut hid
-- 25 of 36 from lesson 15's step that says it lists them all), within 79
-- columns, and is still a list
local names, shown = mb.example(), fmt(mb.example())
local missing, wide = {}, 0
for _, n in ipairs(names) do if not shown:find(n, 1, true) then missing[#missing + 1] = n end end
for line in shown:gmatch("[^\n]+") do wide = math.max(wide, #line) end
T.ok(#names > 20 and #missing == 0 and wide <= 79 and not shown:find("hidden", 1, true),
  ("mb.example() shows all %d names within 79 columns (missing: %s; widest %d)"):format(#names,
    table.concat(missing, ", "), wide))
-- messages wrap at words: the first line's file:line: whole, the lines it
-- continues on indented two spaces, no line wider than asked unless one
-- word is
local wrap = require("mechbench.message").wrap
T.eq(wrap("stdin:1: joint 'pin' has no point 'A' on body 'crank'", 30),
  "stdin:1: joint 'pin' has no\n  point 'A' on body 'crank'", "wrapped at a space, continued indented")
T.eq(wrap("(command line):1: gravity must be a vector", 20),
  "(command line):1:\n  gravity must be a\n  vector", "file:line: stays whole even with a space in it")
T.eq(wrap("short: fits", 80), "short: fits", "a short message is left alone")
T.eq(wrap("a verylongwordindeed b", 8), "a\n  verylongwordindeed\n  b", "a word longer than a line overflows whole")
T.eq(wrap("first line\n  second one here", 12), "first line\n  second one\n    here",
  "each line wraps on its own, keeping its indentation")
T.eq(wrap("ü ü ü ü ü ü", 7), "ü ü ü ü\n  ü ü", "columns, not bytes")
local cyc = {}
cyc.self = cyc
T.eq(fmt(cyc), "{self = <cycle>}", "cycle named")
T.eq(fmt({a = {b = {c = {d = 1}}}}), "{a = {b = {c = {...}}}}", "depth cut")
T.ok(fmt(print) == "<builtin function>", "builtin function")
T.eq(fmt(mb.vec(1, 2)), "{1, 2}", "vectors use their own printing")

local c = repl.complete("mb.vec.ro")
T.ok(#c == 2 and c[1] == "mb.vec.rot(" and c[2] == "mb.vec.rotate(", "complete mb.vec.ro: " .. table.concat(c, " "))
c = repl.complete("mb.ve")
T.eq(c[1], "mb.vec", "complete a field")
c = repl.complete("lesso")
T.ok(#c == 2, "complete globals: " .. table.concat(c, " "))
T.ok(#repl.complete("whil") == 1, "complete keywords")
v = mb.vec(1, 2)
c = repl.complete("v:no")
T.eq(c[1], "v:norm(", "complete methods after ':'")
T.eq(#repl.complete("nosuch.thing."), 0, "unknown base completes to nothing")
T.eq(repl.prompt(false), "mb> ", "prompt")
T.eq(repl.prompt(true), ">> ", "continuation prompt")

-- next() is the lesson command with no arguments and Lua's next otherwise
T.eq(next({}), nil, "next(t) still works")
T.eq(select(2, next({5})), 5, "next(t) returns the value")

T.finish()
