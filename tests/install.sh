#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make install into a staging folder, then use the installed program; the
# man pages render and lint clean.
. tests/lib.sh
unset MECHBENCH_HOME  # the installed program must find its files by itself
root=$SANDBOX/root
make -s install DESTDIR="$root" PREFIX=/usr/local >/dev/null 2>&1; expect_eq install-rc "$?" 0
bin=$root/usr/local/bin/mechbench
for f in "$bin" "$root/usr/local/share/lua/5.4/mechbench/init.lua" \
         "$root/usr/local/share/mechbench/lessons/02-preliminaries.lua" \
         "$root/usr/local/share/mechbench/problems/02-preliminaries.lua" \
         "$root/usr/local/share/man/man1/mechbench.1" "$root/usr/local/share/man/man7/mechbench.7"; do
  if [ -f "$f" ]; then pass; else fail installed "$f missing"; fi
done
# run from somewhere else, so nothing is found through the source tree
out=$(cd / && "$bin" --batch -e 'print(mb.vec.cross({2,3},{4,5}))'); expect_eq installed-runs "$out" "-2.0"
out=$(cd / && "$bin" --batch -e 'print(mb.paths.lessons)'); expect_match installed-lessons "$out" "^$root/usr/local/bin/\.\./share/mechbench/lessons$"
out=$(cd / && "$bin" --batch -e 'local p, f = mb.lesson.selftest(2) print(f)'); expect_eq installed-lesson "$out" 0
out=$(cd / && "$bin" --problem 2.2 --seed jdoe | head -n 1); expect_eq installed-problems "$out" "Problem 2.2: Products, lengths, angles and rotations of two vectors"
out=$(cd / && "$bin" --batch -e 'print(mb.example("chain", 3), #mb.example() > 10)')
expect_eq installed-examples "$out" "<model '3-link chain': 3 bodies, 3 joints, 0 forces>	true"

# PREFIX without DESTDIR: the compiled-in path
pre=$SANDBOX/prefix
mkdir "$SANDBOX/tree" && cp -r Makefile src lua lessons problems examples man tests README.md "$SANDBOX/tree"
make -s -C "$SANDBOX/tree" install PREFIX="$pre" >/dev/null 2>&1
mv "$pre/bin/mechbench" "$SANDBOX/elsewhere"   # away from $pre: only PREFIX leads home
out=$(cd / && "$SANDBOX/elsewhere" --batch -e 'print(mb.paths.lessons)'); expect_eq prefix-install "$out" "$pre/share/mechbench/lessons"

# The build itself, in a copy whose compiler only writes down what it was
# asked: the user's CFLAGS and LDFLAGS add to the project's flags (GNU
# conventions), and under -j4 no compile starts before the package step has
# finished (here a stand-in that takes a second and leaves a mark).
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
make -s -C "$flags" -j4 CC="$flags/cc" CFLAGS="-O0 -DUSER_CFLAG" LDFLAGS="-Wl,--user-ldflag" mechbench >/dev/null 2>&1
expect_eq build-rc "$?" 0
expect_eq build-waits-for-packages "$(cat "$flags/early" 2>/dev/null)" ""
compiles=$(grep -c ' -c ' "$flags/calls")
expect_eq build-every-unit "$compiles" "$(find src -name '*.c' | wc -l)"
expect_eq build-user-cflags "$(grep ' -c ' "$flags/calls" | grep -- '-DUSER_CFLAG' | grep -- '-std=c11' | grep -c -- '-DMB_VERSION=')" "$compiles"
expect_match build-user-ldflags "$(grep -v ' -c ' "$flags/calls")" '-Wl,--user-ldflag.*-lm'

for page in man/mechbench.1 man/mechbench.7; do
  lint=$(mandoc -T lint -W warning "$page" 2>&1); expect_eq "lint $page" "$lint" ""
  txt=$(MANWIDTH=80 man -l "$page" 2>/dev/null | sed "s/.\x08//g"); expect_match "render $page" "$txt" 'mechbench'
done
finish
