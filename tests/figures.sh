#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Pictures at the prompt of a terminal that shows no images: tmux answers
# the device-attributes query without sixel, so r:frame, r:fbd and r:plot
# keep their character pictures, the answer never shows as typed text, and
# the prompt works after; mb.options{ graphics = "text" } skips the asking.
. tests/lib.sh
TERM_ENV="TERM=xterm-256color LANG=C.UTF-8"
. tests/tmux.sh

start "$MB" 100 40
check_screen prompt '^mb> ?$'
line 'r = mb.example("pendulum"):simulate{ tf = 1, dt = 0.01 }'
check_screen run-done '^mb> ?$'
line 'r:frame(0.5, { width = 40, height = 12 })'
check_screen frame-as-text '○' 3
check_screen frame-prompt-back '^mb> ?$' 3
if screen | grep -Eq '\[\?[0-9;]*c|Gi=31'; then fail no-answer-on-screen "$(screen | tail -n 12)"; else pass; fi
line '=1+1'; check_screen prompt-works-after-asking '^2$'
line 'd = r:fbd("rod", 0.5)'
check_screen fbd-as-text 'scale .*N' 3
check_screen fbd-table 'm a, J alpha' 3
line 'r:plot("rod.angle")'
check_screen plot-full-screen 'q back to the prompt' 3
keys q; check_screen plot-back '^mb> ?$' 3
line 'mb.options{ graphics = "text" }.graphics'
check_screen options-set '"text"|^text' 3
line '=r:frame(0.2, { width = 30, height = 8 }):find("○") ~= nil'
check_screen text-frame-after-option '^true$' 3
line 'r:plot("rod.angle", { file = "'"$SANDBOX"'/angle.png" })'
check_screen file-written 'wrote .*angle.png \(640 x 400 px\)' 3
keys C-d; check_screen exits 'EXITED=0'
finish
