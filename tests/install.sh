#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make install as a Debian packager runs it, in a copy of the tree and its
# build (this build is left alone): a staged tree that works without
# /usr/share/doc and away from the sources, installing that never runs the
# package step, a prefix that follows make install's, the user's flags in
# every compile; the man pages render and lint clean.
. tests/lib.sh
unset MECHBENCH_HOME # the installed program must find its files by itself
src=$PWD

# The copy keeps the build's times (cp -a), so make rebuilds only what
# changes; its package step is a stand-in that leaves a mark.
tree=$SANDBOX/tree
mkdir "$tree" && cp -a Makefile COPYRIGHT README.md src lua lessons problems examples man tests build mechbench "$tree"/
printf 'touch "%s/package-step-ran"\n' "$tree" > "$tree/tests/deps.sh"
make -s -C "$tree" mechbench >/dev/null 2>&1   # as after a plain make: PREFIX=/usr/local
rm -f "$tree/package-step-ran"

# --- make install DESTDIR=… PREFIX=/usr: the tree a Debian package ships
root=$SANDBOX/root
make -s -C "$tree" install DESTDIR="$root" PREFIX=/usr >"$SANDBOX/install.log" 2>&1
expect_eq install-rc "$?" 0
[ -e "$tree/package-step-ran" ] && fail install-files-only "make install ran the package step" || pass
files=$(cd "$root" && find . -type f -o -type l | sed 's|^\./|/|' | sort)
unexpected=$(printf '%s\n' "$files" | grep -vE '^/usr/(bin/mechbench|share/mechbench/(lua/mechbench|lessons|problems|examples)/[^/]+\.lua|share/mechbench/problems/README\.md|share/man/man[17]/mechbench\.[17]|share/doc/mechbench/(README\.md|copyright))$')
expect_eq installed-nothing-else "$unexpected" ""
for f in /usr/bin/mechbench /usr/share/mechbench/lua/mechbench/init.lua /usr/share/mechbench/lessons/02-preliminaries.lua \
         /usr/share/mechbench/problems/02-preliminaries.lua \
         /usr/share/mechbench/examples/four_bar.lua /usr/share/man/man1/mechbench.1 /usr/share/man/man7/mechbench.7 \
         /usr/share/doc/mechbench/copyright; do
  if [ -f "$root$f" ]; then pass; else fail installed "$f missing"; fi
done
expect_eq installed-examples-all "$(ls "$root/usr/share/mechbench/examples" | wc -l)" "$(ls examples/*.lua | wc -l)"
expect_eq installed-lessons-all "$(ls "$root/usr/share/mechbench/lessons" | wc -l)" "$(ls lessons/*.lua | wc -l)"
expect_match copyright-dep5 "$(cat "$root/usr/share/doc/mechbench/copyright")" '^License: GPL-3\.0-or-later$'
# the folders compiled in are the installed ones, not make's /usr/local
expect_eq compiled-prefix-installed "$(grep -c -a '/usr/local/share/mechbench' "$root/usr/bin/mechbench")" 0
expect_match compiled-prefix-usr "$(grep -a -o '/usr/share/mechbench' "$root/usr/bin/mechbench" | head -n 1)" '^/usr/share/mechbench$'

# Nothing may need /usr/share/doc (Debian Policy 12.3), and the build tree
# is out of reach: the copy moved away, the program run from /.
rm -rf "$root/usr/share/doc"
mv "$tree" "$tree.away"
bin=$root/usr/bin/mechbench
run() { (cd / && env -u MECHBENCH_HOME "$bin" --batch "$@" 2>&1); }
out=$(run -e 'print(mb.vec.cross({2,3},{4,5}))'); expect_eq installed-runs "$out" "-2.0"
out=$(run -e 'print(mb.paths.lua) print(mb.paths.lessons) print(mb.paths.examples)')
expect_eq installed-paths "$out" "$(printf '%s\n' "$root/usr/share/mechbench/"{lua,lessons,examples})"
expect_eq installed-problems-all "$(ls "$root/usr/share/mechbench/problems"/*.lua | wc -l)" "$(ls problems/*.lua | wc -l)"
out=$(run -e 'print(mb.example("chain", 3), #mb.example())')
models=$(grep -l '\.\.\. == "model" then return build' examples/*.lua | wc -l)   # the files that build a model
expect_eq installed-example "$out" "<model '3-link chain': 3 bodies, 3 joints, 0 forces>	$models"
out=$(run -e 'm = mb.example("four_bar") print(m:simulate{ tf = 0.5 }.t[51])'); expect_eq installed-example-runs "$out" 0.5
for ex in examples/*.lua; do
  out=$(run "$root/usr/share/mechbench/examples/$(basename "$ex")"); rc=$?
  expect_eq "installed example $(basename "$ex")" "$rc" 0
done
out=$(run -e 'local n = 0
for _, k in ipairs(mb.lesson.available()) do
  local p, f = mb.lesson.selftest(k)
  if f == 0 and p > 0 then n = n + 1 else print("lesson " .. k .. ": " .. f .. " of " .. p + f .. " failed") end
end
print(n .. " lessons")' | tail -n 1)
expect_eq installed-lessons-selftest "$out" "$(ls lessons/*.lua | wc -l) lessons"
out=$(cd / && "$bin" --lesson 2 </dev/null 2>&1); expect_match installed-lesson-opens "$out" 'Preliminaries'
out=$(cd / && "$bin" --problem 2.2 --seed jdoe | head -n 1)
expect_eq installed-problems "$out" "Problem 2.2: Products, lengths, angles and rotations of two vectors"
# a plain lua5.4 on the installed tree finds nothing (no half a module)
if command -v lua5.4 >/dev/null; then
  out=$(cd / && LUA_PATH="$root/usr/share/lua/5.4/?.lua;$root/usr/share/lua/5.4/?/init.lua;$root/usr/local/share/lua/5.4/?.lua;$root/usr/local/share/lua/5.4/?/init.lua" \
        LUA_CPATH="$root/usr/lib/x86_64-linux-gnu/lua/5.4/?.so;$root/usr/lib/lua/5.4/?.so;$root/usr/local/lib/lua/5.4/?.so" \
        lua5.4 -e 'require "mechbench"' 2>&1)
  expect_match lua-finds-nothing "$out" "module 'mechbench' not found"
else
  fail lua-finds-nothing "lua5.4 is not installed (make deps-test installs it)"
fi
mv "$tree.away" "$tree"

# --- make install PREFIX=… without DESTDIR, after the build for /usr: the
# prefix compiled in follows, so a copy of the program elsewhere finds home
pre=$SANDBOX/prefix
make -s -C "$tree" install PREFIX="$pre" >/dev/null 2>&1; expect_eq prefix-install-rc "$?" 0
cp "$pre/bin/mechbench" "$SANDBOX/elsewhere"
out=$(cd / && "$SANDBOX/elsewhere" --batch -e 'print(mb.paths.lessons)'); expect_eq prefix-install "$out" "$pre/share/mechbench/lessons"
make -s -C "$tree" uninstall PREFIX="$pre" >/dev/null 2>&1
expect_eq uninstall-leaves-nothing "$(find "$pre" -type f | wc -l)" 0

# --- make install builds what is missing, still without the package step
rm -f "$tree/mechbench" "$tree/build/main.o" "$tree/package-step-ran"
make -s -C "$tree" install DESTDIR="$SANDBOX/root2" PREFIX=/usr >/dev/null 2>&1; expect_eq install-builds-rc "$?" 0
if [ -x "$SANDBOX/root2/usr/bin/mechbench" ]; then pass; else fail install-builds "no program installed"; fi
[ -e "$tree/package-step-ran" ] && fail install-builds-files-only "make install ran the package step" || pass

# --- the build itself, in a copy whose compiler only writes down what it was
# asked: the user's CPPFLAGS, CFLAGS and LDFLAGS add to the project's flags
# (GNU conventions), and under -j4 no compile starts before the package step
# has finished (here a stand-in that takes a second and leaves a mark).
flags=$SANDBOX/flags
mkdir "$flags" && cp -r Makefile src "$flags" && mkdir "$flags/tests"
printf 'sleep 1; touch "%s/deps-done"\n' "$flags" > "$flags/tests/deps.sh"
cat > "$flags/cc" <<'CC'
#!/bin/sh
# a stand-in compiler: note the arguments, complain if the packages are not in yet
dir=$(dirname "$0")
[ -f "$dir/deps-done" ] || echo "compiled before the package step ended: $*" >> "$dir/early"
echo "$*" >> "$dir/calls"
while [ $# -gt 0 ]; do [ "$1" = -o ] && { mkdir -p "$(dirname "$2")"; : > "$2"; }; shift; done
CC
chmod +x "$flags/cc"
make -s -C "$flags" -j4 CC="$flags/cc" CPPFLAGS="-D_FORTIFY_SOURCE=2" CFLAGS="-O0 -DUSER_CFLAG" \
  LDFLAGS="-Wl,--user-ldflag" mechbench >/dev/null 2>&1
expect_eq build-rc "$?" 0
expect_eq build-waits-for-packages "$(cat "$flags/early" 2>/dev/null)" ""
compiles=$(grep -c ' -c ' "$flags/calls")
expect_eq build-every-unit "$compiles" "$(find src -name '*.c' | wc -l)"
expect_eq build-user-cflags "$(grep ' -c ' "$flags/calls" | grep -- '-DUSER_CFLAG' | grep -- '-std=c11' | grep -c -- '-DMB_VERSION=')" "$compiles"
expect_eq build-user-cppflags "$(grep ' -c ' "$flags/calls" | grep -c -- '-D_FORTIFY_SOURCE=2 .*-DUSER_CFLAG')" "$compiles"
expect_match build-user-ldflags "$(grep -v ' -c ' "$flags/calls")" '-Wl,--user-ldflag.*-lm'
# the issue's own look: make -n -B shows CPPFLAGS in every compile
shown=$(make -n -B -C "$flags" CPPFLAGS=-D_FORTIFY_SOURCE=2 mechbench 2>/dev/null | grep ' -c ' | grep -c -- '-D_FORTIFY_SOURCE=2')
expect_eq make-n-cppflags "$shown" "$compiles"

for page in man/mechbench.1 man/mechbench.7; do
  lint=$(mandoc -T lint -W warning "$page" 2>&1); expect_eq "lint $page" "$lint" ""
  txt=$(MANWIDTH=80 man -l "$page" 2>/dev/null | sed "s/.\x08//g"); expect_match "render $page" "$txt" 'mechbench'
  expect_match "licence in $page" "$txt" 'GPL-3\.0-or-later'
done
finish
