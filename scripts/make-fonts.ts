// Makes the fonts in shared/fonts/ and client/src/script-fonts.css from shared/reports/print-scripts.ts
// (issue 25). Run by hand when a script is added or the fonts must change; the results are committed,
// so neither `npm install` nor CI needs this script's tools. Needs Debian's python3-fonttools and
// python3-brotli, the Noto fonts of fonts-noto-core (SIL Open Font License 1.1), and for Chinese,
// Japanese and Korean Droid Sans Fallback (Apache License 2.0) and Nanum Gothic (SIL OFL 1.1):
//   apt-get download fonts-noto-core fonts-droid-fallback fonts-nanum
//   for deb in fonts-noto-core_*.deb fonts-droid-fallback_*.deb fonts-nanum_*.deb; do dpkg -x $deb noto; done
//   cp noto/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf noto/usr/share/fonts/truetype/nanum/NanumGothic.ttf noto/usr/share/fonts/truetype/noto/
//   npx tsx scripts/make-fonts.ts noto/usr/share/fonts/truetype/noto
//
// For each script and face: report-<name>-<face>.ttf for the report PDFs (jsPDF embeds TrueType only;
// no hinting; the shaping tables stay, as HarfBuzz shapes each run with them) and print-<name>-<face>.woff2
// for the browser, declared with a unicode-range so a page downloads one only when it shows that script.
import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileExtras, pdfRanges, printScripts, sharedExtras, type PrintScript } from '@shared/reports/print-scripts';

const source = process.argv[2];
if (!source) throw new Error('Usage: npx tsx scripts/make-fonts.ts <dir with NotoSans-Regular.ttf, NotoSansSinhala-Regular.ttf, ...>');
const root = join(import.meta.dirname, '..');
const out = join(root, 'shared', 'fonts');

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
const unicodeRange = (ranges: readonly (readonly [number, number])[]) => ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',');

function subset(input: string, unicodes: string, output: string, options: string[]): void {
  execFileSync('/usr/bin/python3', ['-m', 'fontTools.subset', input, `--unicodes=${unicodes}`, '--layout-features=*', ...options, `--output-file=${output}`], {
    stdio: 'inherit',
  });
  console.log(`${output.slice(root.length + 1)}: ${statSync(output).size.toLocaleString('en')} bytes`);
}

/** Gives a cut file a family name of its own (the font's license reserves the original's for it). */
function rename(file: string, family: string): void {
  const script = [
    'import sys',
    'from fontTools.ttLib import TTFont',
    'path, family = sys.argv[1], sys.argv[2]',
    'font = TTFont(path)',
    'names = font["name"]',
    'postscript = family.replace(" ", "")',
    'for record in list(names.names):',
    '    if record.nameID in (16, 17, 21, 22): names.removeNames(nameID=record.nameID)',
    'for record in names.names:',
    '    value = {1: family, 3: postscript, 4: family, 6: postscript}.get(record.nameID)',
    '    if value is not None: record.string = value',
    'font.save(path)',
  ].join('\n');
  execFileSync('/usr/bin/python3', ['-c', script, file, family], { stdio: 'inherit' });
}

const faces: string[] = [];
for (const script of printScripts as readonly PrintScript[]) {
  // The files hold every code point the PDFs need; the screens' unicode-range only the script's own.
  const range = unicodeRange([...pdfRanges(script), ...sharedExtras, ...fileExtras(script)]);
  const screenRange = unicodeRange([...script.ranges, ...sharedExtras]);
  for (const [face, weight] of script.bold
    ? ([
        ['regular', 400],
        ['bold', 700],
      ] as const)
    : ([['regular', 400]] as const)) {
    const input = join(source, script.file ?? `${script.noto}-${face === 'bold' ? 'Bold' : 'Regular'}.ttf`);
    subset(input, range, join(out, `report-${script.name}-${face}.ttf`), ['--no-hinting']);
    if (script.renameTo) rename(join(out, `report-${script.name}-${face}.ttf`), script.renameTo);
    // Screens: every browser has Latin beyond Latin-1, Greek and Cyrillic (with their bold), so that
    // script's font is for the PDFs alone.
    if (script.pdfOnly) continue;
    subset(input, range, join(out, `print-${script.name}-${face}.woff2`), ['--flavor=woff2']);
    if (script.renameTo) rename(join(out, `print-${script.name}-${face}.woff2`), script.renameTo);
    // Chromium matches a family's faces by weight before their unicode-range, so one family holds the
    // scripts with a bold face, each at exactly 400 and 700, and another the scripts without: their
    // one face at 400, which the browser makes bold itself where the text is bold.
    faces.push(
      [
        '@font-face {',
        `  font-family: '${script.bold ? 'Garage Scripts' : 'Garage Scripts Regular'}';`,
        `  src: url('../../shared/fonts/print-${script.name}-${face}.woff2') format('woff2');`,
        `  font-weight: ${weight};`,
        '  font-display: swap;',
        `  unicode-range: ${screenRange.replaceAll(',', ', ')};`,
        '}',
      ].join('\n'),
    );
  }
}

const css = `/* Made by scripts/make-fonts.ts from shared/reports/print-scripts.ts: do not edit by hand.
   The scripts beyond Latin-1 on screens and in printed documents (issue 25), from shared/fonts/. A
   device may have no font for them (a counter PC, a fresh browser): text would show as empty boxes,
   and a receipt would print them so. Each face has a unicode-range, so a browser downloads it only
   when a page shows that script, and the entry script does not grow. The service worker precaches
   them (vite.config.ts), so a Sinhala name prints offline too. */
${faces.join('\n')}
`;
const cssFile = join(root, 'client', 'src', 'script-fonts.css');
writeFileSync(cssFile, css);
// In the repository's own format, so the format check passes on what this script wrote.
execFileSync('npx', ['prettier', '--write', cssFile], { stdio: 'ignore' });
console.log('client/src/script-fonts.css written');
