import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfRanges, printScripts, reportFontFile, sharedExtras, type PrintScript } from './print-scripts';

// The screens' faces (client/src/script-fonts.css, written by scripts/make-fonts.ts) and the report
// fonts agree with the one declaration of the scripts, and no face claims a character every page shows.

const root = join(__dirname, '..', '..');
const css = readFileSync(join(root, 'client', 'src', 'script-fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  file: /print-[a-z]+-(?:regular|bold)\.woff2/.exec(body!)?.[0],
  family: /font-family:\s*'([^']+)'/.exec(body!)?.[1],
  weight: Number(/font-weight:\s*(\d+)/.exec(body!)?.[1]),
  ranges: /unicode-range:\s*([^;]+);/
    .exec(body!)![1]!
    .split(',')
    .map((range) => range.trim().slice(2).split('-'))
    .map(([from, to]) => [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const),
}));
const hex = (ranges: readonly (readonly [number, number])[]) => ranges.map(([from, to]) => `${from.toString(16)}-${to.toString(16)}`).sort();

describe('the scripts printed beyond Latin-1', () => {
  it.each(printScripts.map((script) => [script.name, script as PrintScript] as const))('%s: its faces, its own characters only, its files there', (_, script) => {
    const own = faces.filter((face) => face.file?.startsWith(`print-${script.name}-`));
    // Scripts with a bold face: 'Garage Scripts' at exactly 400 and 700. Without: 'Garage Scripts
    // Regular' at 400 alone, so the browser makes it bold. Latin beyond Latin-1 is every browser's own.
    const expected = script.pdfOnly
      ? []
      : script.bold
        ? [
            { family: 'Garage Scripts', weight: 400 },
            { family: 'Garage Scripts', weight: 700 },
          ]
        : [{ family: 'Garage Scripts Regular', weight: 400 }];
    expect(own.map(({ family, weight }) => ({ family, weight })).sort((a, b) => a.weight - b.weight)).toEqual(expected);
    for (const face of own) {
      expect(hex(face.ranges)).toEqual(hex([...script.ranges, ...sharedExtras]));
      expect(existsSync(join(root, 'shared', 'fonts', face.file!))).toBe(true);
    }
    for (const style of ['normal', 'bold'] as const) expect(existsSync(join(root, 'shared', 'fonts', reportFontFile(script, style)))).toBe(true);
  });

  it('no face claims a character of Latin-1, a space above all (each page would fetch that font)', () => {
    for (const face of faces) for (const [from] of face.ranges) expect(from).toBeGreaterThanOrEqual(0x100);
  });

  it('no two scripts claim the same character', () => {
    const all = printScripts.flatMap((script) => pdfRanges(script).map(([from, to]) => ({ from, to, name: script.name }))).sort((a, b) => a.from - b.from);
    for (let i = 1; i < all.length; i++) expect(all[i]!.from, `${all[i - 1]!.name} and ${all[i]!.name}`).toBeGreaterThan(all[i - 1]!.to);
  });
});
