#!/usr/bin/env bash
# Makes the fonts in shared/fonts/ that print Sinhala and Tamil (issue 25). Run once by hand when they
# must change; the results are committed, so neither `npm install` nor CI needs this script's tools.
# Needs Debian's python3-fonttools and python3-brotli, and the Noto fonts from fonts-noto-core
# (`apt-get download fonts-noto-core && dpkg -x fonts-noto-core_*.deb noto`), SIL Open Font License 1.1.
#   scripts/make-fonts.sh <dir holding NotoSans-Regular.ttf, NotoSansSinhala-Regular.ttf, ...>
#
# - print-sinhala-{regular,bold}.woff2 and print-tamil-{regular,bold}.woff2: only those scripts, with
#   their shaping tables, for the browser (screens and printed documents). The CSS gives them a
#   unicode-range, so a browser downloads one only when a page shows that script.
# - report-sinhala-{regular,bold}.ttf and report-tamil-{regular,bold}.ttf: the same for the report PDFs
#   (jsPDF embeds TrueType only), without hinting. Their shaping tables stay: HarfBuzz shapes each run
#   before it is drawn (shared/reports/script-fonts.ts). Latin text stays in the PDF's Helvetica.
set -euo pipefail
src="${1:?the directory with the Noto TTF files}"
out="$(dirname "$0")/../shared/fonts"
py=/usr/bin/python3
sinhala='U+0D80-0DFF,U+200C-200D,U+25CC'
tamil='U+0B80-0BFF,U+200C-200D,U+25CC'
for weight in Regular Bold; do
  lower="$(echo "$weight" | tr 'A-Z' 'a-z')"
  $py -m fontTools.subset "$src/NotoSansSinhala-$weight.ttf" --unicodes="$sinhala" --layout-features='*' --flavor=woff2 --output-file="$out/print-sinhala-$lower.woff2"
  $py -m fontTools.subset "$src/NotoSansTamil-$weight.ttf" --unicodes="$tamil" --layout-features='*' --flavor=woff2 --output-file="$out/print-tamil-$lower.woff2"
  $py -m fontTools.subset "$src/NotoSansSinhala-$weight.ttf" --unicodes="$sinhala" --layout-features='*' --no-hinting --output-file="$out/report-sinhala-$lower.ttf"
  $py -m fontTools.subset "$src/NotoSansTamil-$weight.ttf" --unicodes="$tamil" --layout-features='*' --no-hinting --output-file="$out/report-tamil-$lower.ttf"
done
ls -l "$out"
