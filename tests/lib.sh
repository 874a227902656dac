# SPDX-License-Identifier: GPL-3.0-or-later
# lib.sh — shared by the shell tests: counters, expectations, a sandbox HOME.
# Each test script sources it, calls the expect_* helpers, and ends with
# finish, which prints "N passed, N failed".
MB=${MB:-$PWD/mechbench}
passed=0
failed=0
SANDBOX=$(mktemp -d /tmp/mbtest.XXXXXX)
export HOME=$SANDBOX/home XDG_STATE_HOME=$SANDBOX/state XDG_DATA_HOME=$SANDBOX/data
mkdir -p "$HOME"
trap 'rm -rf "$SANDBOX"' EXIT

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s: %s\n' "$1" "$2"; }

# expect_match NAME TEXT PATTERN   (grep -E on TEXT)
expect_match() {
  if printf '%s' "$2" | grep -Eq -- "$3"; then pass; else fail "$1" "no /$3/ in: $(printf '%s' "$2" | tail -n 8)"; fi
}
expect_no_match() {
  if printf '%s' "$2" | grep -Eq -- "$3"; then fail "$1" "unwanted /$3/ in: $(printf '%s' "$2" | tail -n 8)"; else pass; fi
}
expect_eq() {
  if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3'"; fi
}

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
}
