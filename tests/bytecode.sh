#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# mechbench's modules from the bytecode make writes (build/luac, read by
# the searcher in src/lua/luaenv.c), in a copy of the program and its Lua
# whose bytecode make writes there: every module has its bytecode and the
# searcher takes it, naming the source; a module edited since, bytecode cut
# short, bytecode of another folder's sources, and a name that is not
# mechbench's go to the source as before; errors keep the user's line; a
# run gives the same numbers either way.
. tests/lib.sh
unset MECHBENCH_HOME
tree=$SANDBOX/tree
mkdir -p "$tree/build" && cp -a Makefile mechbench lua problems lessons examples "$tree"/
cp -a build/luac "$tree/build/luac-here"   # made for this tree's sources, not the copy's
make -s -C "$tree" -o mechbench build/luac/stamp >/dev/null 2>&1
expect_eq bytecode-made "$?" 0
MB=$tree/mechbench
modules=$(ls lua/mechbench/*.lua | wc -l)
expect_eq bytecode-every-module "$(ls "$tree"/build/luac/mechbench/*.luac | wc -l)" "$modules"
# searcher 2 is the bytecode's: a loader and the source's name, or nothing
probe='local loader, source = package.searchers[2](arg[1]); print(type(loader), source)'
printf '%s\n' "$probe" > "$SANDBOX/probe.lua"
expect_eq bytecode-taken "$("$MB" --batch "$SANDBOX/probe.lua" mechbench.args)" "function	$tree/lua/mechbench/args.lua"
expect_eq bytecode-init "$("$MB" --batch "$SANDBOX/probe.lua" mechbench)" "function	$tree/lua/mechbench/init.lua"
expect_eq bytecode-not-ours "$("$MB" --batch "$SANDBOX/probe.lua" string)" "nil	nil"
expect_eq bytecode-no-such "$("$MB" --batch "$SANDBOX/probe.lua" mechbench.nothere)" "nil	nil"
# bytecode made from another folder's sources (their names in it): not taken
cp "$tree/build/luac-here/mechbench/fn.luac" "$tree/build/luac/mechbench/fn.luac"
touch -r "$tree/lua/mechbench/fn.lua" "$tree/build/luac/mechbench/fn.luac"
expect_eq bytecode-other-tree "$("$MB" --batch "$SANDBOX/probe.lua" mechbench.fn)" "nil	nil"
# an edited module: its source, the edit seen
sleep 0.01
printf 'io.stderr:write("edited\\n")\n' | cat - lua/mechbench/pretty.lua > "$tree/lua/mechbench/pretty.lua"
expect_eq bytecode-stale "$("$MB" --batch "$SANDBOX/probe.lua" mechbench.pretty 2>/dev/null)" "nil	nil"
expect_match bytecode-stale-edit-seen "$("$MB" --batch -e 'print(1)' 2>&1)" '^edited$'
# older text of it put back with an older time (cp -p): its source too
cp -p "$tree/lua/mechbench/pretty.lua" "$SANDBOX/edited.lua"
touch -d '2001-01-01' "$SANDBOX/edited.lua"
cp -p "$SANDBOX/edited.lua" "$tree/lua/mechbench/pretty.lua"
expect_match bytecode-older-time "$("$MB" --batch -e 'print(1)' 2>&1)" '^edited$'
# bytecode cut short: the source
head -c 100 build/luac/mechbench/args.luac > "$tree/build/luac/mechbench/args.luac"
expect_eq bytecode-truncated "$("$MB" --batch "$SANDBOX/probe.lua" mechbench.args 2>/dev/null)" "nil	nil"
# the same answers and errors at the user's line with bytecode as without
cp -a lua/mechbench/pretty.lua "$tree/lua/mechbench/pretty.lua"
make -s -C "$tree" -o mechbench build/luac/stamp >/dev/null 2>&1
printf 'local m = mb.model()\nm:body{ name = "b", mass = -1 }\n' > "$SANDBOX/bad.lua"
out=$("$MB" --batch "$SANDBOX/bad.lua" 2>&1); rc=$?
expect_eq bytecode-error-rc "$rc" 1; expect_match bytecode-error-line "$out" "bad\\.lua:2: body 'b': mass must be positive"
run='local r = mb.example("four_bar"):simulate{ tf = 0.5 }; print(("%.17g %.17g"):format(r.coupler.angle[#r.t], r.energy.total[#r.t]))'
with=$("$MB" --batch -e "$run" 2>&1)
expect_eq bytecode-used-again "$("$MB" --batch "$SANDBOX/probe.lua" mechbench.pretty)" "function	$tree/lua/mechbench/pretty.lua"
rm -rf "$tree/build/luac"
without=$("$MB" --batch -e "$run" 2>&1)
expect_eq bytecode-same-run "$with" "$without"
finish
