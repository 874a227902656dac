#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make check-all (it needs texlive-latex-base, about 100 MB, so make check
# leaves it out): the LaTeX of m:equations compiles. For the four-bar, the
# slider-crank and the double pendulum, and Appendix B's double A-arm
# (springs, a user force) and cart (discs, a driver: angles from atan2 in
# point coordinates) in body, joint and point coordinates, the align environment is put in a minimal document (article,
# amsmath), pdflatex must finish without an error or an overfull line a
# reader would lose (beyond 30 pt), and the first page, turned into a PNG
# by pdftoppm, must hold ink. LATEX_KEEP=DIR keeps the PDFs and PNGs.
. tests/lib.sh
if ! command -v pdflatex >/dev/null 2>&1; then
  fail pdflatex "no pdflatex: make check-all installs texlive-latex-base"
  finish; exit
fi
out=${LATEX_KEEP:-$SANDBOX/latex}
mkdir -p "$out"
for model in four_bar slider_crank double_pendulum aa cart; do
  for f in body joint point; do
    name=${model}_$f
    "$MB" --batch -e "
      local eq = mb.example('$model'):equations{ formulation = '$f', format = 'latex' }
      local file = assert(io.open('$out/$name.tex', 'w'))
      file:write('\\\\documentclass{article}\\n\\\\usepackage[margin=2cm]{geometry}\\n',
        '\\\\usepackage{amsmath}\\n\\\\begin{document}\\n', tostring(eq), '\\n\\\\end{document}\\n')
      file:close()" || { fail "$name-written" "m:equations failed"; continue; }
    log=$(cd "$out" && pdflatex -interaction=nonstopmode -halt-on-error "$name.tex" 2>&1)
    if [ -s "$out/$name.pdf" ] && ! printf '%s' "$log" | grep -q '^!'; then pass; else
      fail "$name-compiles" "$(printf '%s' "$log" | grep -A3 '^!' | head -8)"; continue
    fi
    wide=$(printf '%s' "$log" | grep -Eo 'Overfull \\hbox \(([0-9.]+)pt' | grep -Eo '[0-9.]+' |
      awk '$1 > 30 { n++ } END { print n + 0 }')
    expect_eq "$name-no-line-lost-over-the-margin" "$wide" 0
    if command -v pdftoppm >/dev/null 2>&1; then
      pdftoppm -png -r 60 -f 1 -l 1 "$out/$name.pdf" "$out/$name" &&
        png=$(ls "$out/$name"*.png 2>/dev/null | head -n 1)
      size=$(stat -c %s "$png" 2>/dev/null || echo 0)
      if [ "$size" -gt 4000 ]; then pass; else fail "$name-png" "the page's PNG is empty ($size bytes)"; fi
    fi
  done
done
finish
