-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.message: errors and warnings on stderr, written by one routine
-- (mb_report in C sends every error here, result.lua's warn every warning):
-- at the prompt on a terminal wrapped at words to its width, so no word is
-- cut at the edge; elsewhere one line per message, as scripts and CI grep
-- them.
local core = require "mechbench.core"

local M = {}

-- Display columns of UTF-8 text (its bytes when it is not UTF-8); a tab
-- counts as the 8 it usually takes.
local function columns(s)
  local _, tabs = s:gsub("\t", "")
  return (utf8.len(s) or #s) + 7 * tabs
end

-- One line cut at spaces into lines of at most width columns. Its own
-- indentation stays; the lines it continues on are indented by indent, or
-- two spaces more than it. The first word, with a leading "file:line:"
-- whole, never splits, nor does any word longer than a line: it overflows
-- instead.
local function wrap_line(line, width, indent)
  local lead, rest = line:match("^(%s*)(.*)$")
  local first = rest:match("^%S+:%d+:") or rest:match("^%b():%d+:") or rest:match("^%S*")
  local words = { { "", first } }
  for space, word in rest:sub(#first + 1):gmatch("(%s*)(%S+)") do words[#words + 1] = { space, word } end
  local out, current = {}, lead .. first
  indent = indent or (lead .. "  ")
  for i = 2, #words do
    local space, word = words[i][1], words[i][2]
    if columns(current .. space .. word) <= width then
      current = current .. space .. word
    else
      out[#out + 1] = current
      current = indent .. word
    end
  end
  out[#out + 1] = current
  return table.concat(out, "\n")
end

-- A message wrapped at word boundaries to width columns, line by line;
-- indent (optional): the continuation lines' indentation.
function M.wrap(text, width, indent)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = wrap_line(line, width, indent) end
  return table.concat(out, "\n")
end

-- Write an error or a warning (one trailing newline optional) on stderr.
-- At the prompt on a terminal it is wrapped at words to the terminal's
-- width, so no word is cut at the edge; in scripts, --batch, and whenever
-- input or stderr is not a terminal it is written as it is, one line per
-- message for grep.
function M.to_stderr(text)
  text = tostring(text):gsub("\n$", "")
  if core.mode == "interactive" and core.isatty(0) and core.isatty(2) then
    text = M.wrap(text, core.term_size(2) - 1)
  end
  io.stdout:flush()
  io.stderr:write(text, "\n")
  io.stderr:flush()
end

return M
