#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# deps.sh KIND DEBIAN-PACKAGES... [-- PKG-CONFIG-MODULES...]
# Installs the Debian packages that are missing, when we are root or have
# passwordless sudo; otherwise prints the one command to run and fails.
kind=$1; shift
debs=""; mods=""; seen_sep=0
for a in "$@"; do
  if [ "$a" = "--" ]; then seen_sep=1; continue; fi
  if [ $seen_sep = 1 ]; then mods="$mods $a"; else debs="$debs $a"; fi
done

missing=""
for d in $debs; do
  dpkg-query -W -f='${Status}' "$d" 2>/dev/null | grep -q "ok installed" || missing="$missing $d"
done
# Off Debian there is no dpkg: trust pkg-config and the tools on PATH instead.
if ! command -v dpkg-query >/dev/null 2>&1; then
  missing=""
  for m in $mods; do pkg-config --exists "$m" 2>/dev/null || missing="$missing $m"; done
fi
[ -z "$missing" ] && exit 0

line="apt-get update && apt-get install -y$missing"
if [ "$(id -u)" = 0 ]; then run=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then run="sudo"
else
  echo "mechbench: missing $kind packages:$missing" >&2
  echo "mechbench: run this once, then make again:  sudo sh -c '$line'" >&2
  exit 1
fi
echo "mechbench: installing $kind packages:$missing"
$run apt-get update -qq >/dev/null && \
  DEBIAN_FRONTEND=noninteractive $run apt-get install -y -qq$missing >/dev/null || {
  echo "mechbench: could not install:$missing — run:  sudo sh -c '$line'" >&2; exit 1; }
