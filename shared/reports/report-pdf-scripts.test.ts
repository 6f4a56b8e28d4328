import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as hb from 'harfbuzzjs';
import { jsPDF } from 'jspdf';
import { afterAll, describe, expect, it } from 'vitest';
import { printScripts } from './print-scripts';
import { buildReportPdf, reportScripts, type ReportPdfContent } from './report-pdf';
import { readScriptFontBytes, scriptFontsFrom, type ScriptFace } from './script-fonts';
import { scriptRuns } from './script-runs';

// The report PDFs in Sinhala and Tamil (issue 25): built with the real jsPDF, HarfBuzz and the fonts
// in shared/fonts/, then read back with poppler's pdftotext and pdffonts.

const read = async (file: string) => new Uint8Array(readFileSync(join(__dirname, '..', 'fonts', file)));
// Every script's fonts, as a device would load for a report that held them all.
const scriptFonts = scriptFontsFrom(
  hb,
  await readScriptFontBytes(
    printScripts.map((script) => script.name),
    read,
  ),
);
const regular = (script: keyof typeof scriptFonts): ScriptFace => scriptFonts[script]!.normal;

const dir = mkdtempSync(join(tmpdir(), 'report-scripts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfOf(content: ReportPdfContent, withFonts: boolean): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  const doc = buildReportPdf({ JsPdf: jsPDF, scriptFonts: withFonts ? scriptFonts : undefined }, content);
  writeFileSync(file, Buffer.from(doc.output('arraybuffer')));
  return file;
}
const text = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/[ \t]+/g, ' ');
const fonts = (file: string) => execFileSync('pdffonts', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

const sinhalaName = 'සුනිල් පෙරේරා';
const tamilPart = 'எண்ணெய் வடிகட்டி';
const content: ReportPdfContent = {
  title: 'Job History Report',
  notes: [`Customer: ${sinhalaName}`],
  generatedAt: new Date(2026, 10, 27, 10, 5),
  columns: ['Job No.', 'Customer', 'Part', 'Amount'],
  numericColumns: [3],
  rows: [
    ['JOB-0001', sinhalaName, `${tamilPart} (oil filter)`, 'Rs. 1,234.50'],
    ['JOB-0002', 'Nimal Silva', 'Brake pad', 'Rs. 5,000.00'],
    ['JOB-0003', 'ශ්‍රී ලංකා', 'கொழும்பு டயர்', 'Rs. 12.00'],
  ],
};

describe('a report PDF with Sinhala and Tamil', () => {
  it('needs the script fonts only when its text holds those scripts', () => {
    expect(reportScripts(content).sort()).toEqual(['sinhala', 'tamil']);
    expect(reportScripts({ ...content, notes: [], rows: [['JOB-0002', 'Nimal Silva', 'Brake pad', 'Rs. 5,000.00']] })).toEqual([]);
    expect(reportScripts({ ...content, notes: [], rows: [], title: 'වාර්තාව' })).toEqual(['sinhala']);
  });

  it('reads back every name as it was written, row by row', () => {
    const file = pdfOf(content, true);
    const lines = text(file)
      .split('\n')
      .map((line) => line.trim());
    expect(lines).toContain(`Customer: ${sinhalaName}`);
    expect(lines).toContain(`JOB-0001 ${sinhalaName} ${tamilPart} (oil filter) Rs. 1,234.50`);
    expect(lines).toContain('JOB-0002 Nimal Silva Brake pad Rs. 5,000.00');
    expect(lines).toContain('JOB-0003 ශ්‍රී ලංකා கொழும்பு டயர் Rs. 12.00');
    expect(fonts(file)).toMatch(/report-sinhala\s+CID TrueType\s+Identity-H\s+yes/);
    expect(fonts(file)).toMatch(/report-tamil\s+CID TrueType\s+Identity-H\s+yes/);
  });

  it("prints '?' for them without the fonts (why the fonts are needed)", () => {
    const back = text(pdfOf(content, false));
    expect(back).not.toContain(sinhalaName);
    expect(back).toMatch(/JOB-0001 \?+ \?+ \?+ \?+ \(oil filter\)/);
  });

  it('draws a vowel sign before its consonant, as HarfBuzz shapes it (කෙ, கெ)', () => {
    for (const [face, consonant, syllable] of [
      [regular('sinhala'), 'ක', 'කෙ'],
      [regular('tamil'), 'க', 'கெ'],
      [regular('devanagari'), 'क', 'कि'],
    ] as const) {
      const alone = face.shape(consonant).map((glyph) => glyph.id);
      const shaped = face.shape(syllable).map((glyph) => glyph.id);
      expect(shaped).toHaveLength(2);
      expect(shaped[1]).toBe(alone[0]);
      expect(shaped[0]).not.toBe(alone[0]);
    }
  });

  it('measures a shaped run by its glyphs, so a right-aligned amount lines up', () => {
    const tamil = regular('tamil');
    expect(tamil.width('கொழும்பு')).toBeGreaterThan(tamil.width('கொ'));
    expect(tamil.width('')).toBe(0);
  });
});

// 'Any other script' (issue 25): each script of print-scripts.ts prints with its own font and reads back.
describe('a report PDF in the other scripts', () => {
  const names = {
    extended: 'Łukasz Wiśniewski – Ωμέγα Олег',
    devanagari: 'इंजन तेल फ़िल्टर',
    arabic: 'زيت محرك',
    hebrew: 'שמן מנוע',
    thai: 'น้ำมันเครื่อง',
    bengali: 'ইঞ্জিন তেল',
    malayalam: 'എഞ്ചിൻ ഓയിൽ',
    georgian: 'ძრავის ზეთი',
    cjk: '机油 エンジンオイル',
    hangul: '엔진 오일',
  } as const;
  const rows = Object.entries(names).map(([script, name], i) => [`JOB-00${10 + i}`, script, name, 'Rs. 100.00']);
  // A rare ideograph (extension A) is not in the CJK font (print-scripts.ts): it prints as '?'.
  const others: ReportPdfContent = { ...content, notes: [], rows: [...rows, ['JOB-0099', 'rare', '\u3400', 'Rs. 1.00']] };

  it('needs the fonts of the scripts it holds, and no others', () => {
    expect(reportScripts(others).sort()).toEqual(Object.keys(names).sort());
  });

  it('reads back every name as written, each script in its own embedded font', () => {
    const file = pdfOf(others, true);
    // pdftotext writes a right-to-left run as it is drawn, left to right, between the marks RLE and
    // PDF (U+202B, U+202C); read back in writing order, it is the text as typed.
    const writingOrder = (line: string) => line.replace(/\u202b([^\u202c]*)\u202c/g, (_, drawn: string) => [...drawn].reverse().join(''));
    const lines = text(file)
      .split('\n')
      .map((line) => writingOrder(line).trim());
    rows.forEach((row) => expect(lines).toContain(row.join(' ')));
    const embedded = fonts(file);
    for (const script of Object.keys(names)) expect(embedded).toMatch(new RegExp(`report-${script}\\s+CID TrueType\\s+Identity-H\\s+yes`));
    expect(lines).toContain('JOB-0099 rare ? Rs. 1.00');
  });

  // pdftotext reads the text back from the ActualText spans even where a glyph is missing: a font
  // without a character draws nothing there (Droid Sans Fallback has no Hangul syllables: Korean
  // came out blank, and the read-back test above passed).
  it.each(Object.entries(names))('%s: every character has a glyph in its font', (script, name) => {
    const runs = scriptRuns(name).filter((run) => run.script === script);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs)
      expect(
        regular(script as keyof typeof scriptFonts)
          .shape(run.text)
          .map((glyph) => glyph.id),
      ).not.toContain(0);
  });

  // The CJK fonts are not Noto's: their ranges were cut to what the fonts have, and a character in a
  // range without a glyph would draw as a blank gap (a review found 〈〉 and the half-width Hangul so).
  it.each(['cjk', 'hangul'] as const)('%s: every code point its ranges claim has a glyph', (script) => {
    const face = regular(script);
    const declared = printScripts.find((each) => each.name === script)!;
    const missing: string[] = [];
    for (const [from, to] of declared.ranges) {
      for (let code = from; code <= to; code++) if (face.shape(String.fromCodePoint(code)).some((glyph) => glyph.id === 0)) missing.push(code.toString(16));
    }
    expect(missing).toEqual([]);
  });

  it('shapes Arabic right to left: the phrase is one run, its first word drawn on the right', () => {
    const arabic = regular('arabic');
    const phrase = arabic.shape('زيت محرك');
    const first = arabic.shape('زيت');
    const last = arabic.shape('محرك');
    // Visual order: the last word's glyphs come first (leftmost), the first word's last.
    expect(phrase.slice(-first.length).map((glyph) => glyph.id)).toEqual(first.map((glyph) => glyph.id));
    expect(phrase.slice(0, last.length).map((glyph) => glyph.id)).toEqual(last.map((glyph) => glyph.id));
  });

  it('keeps a number left to right inside Arabic: ١٢٣ is drawn as 1, 2, 3 from the left', () => {
    const arabic = regular('arabic');
    const one = arabic.shape('١')[0]!.id;
    const three = arabic.shape('٣')[0]!.id;
    const street = arabic.shape('شارع ١٢٣').map((glyph) => glyph.id);
    // Right to left, the number comes first (leftmost), then the word; the number itself reads 1, 2, 3.
    expect(street.indexOf(one)).toBeLessThan(street.indexOf(three));
    expect(street.indexOf(three)).toBeLessThan(street.length - arabic.shape('شارع').length);
    expect(arabic.shape('١٢٣').map((glyph) => glyph.id)).toEqual(['١', '٢', '٣'].map((digit) => arabic.shape(digit)[0]!.id));
  });

  it('the right-to-left fonts have the space (and Arabic the digits) their phrases are shaped with', () => {
    for (const char of ' 0123456789') expect(regular('arabic').shape(char)[0]!.id).not.toBe(0);
    expect(regular('hebrew').shape(' ')[0]!.id).not.toBe(0);
  });

  it('draws a street number left to right between the Arabic words it stands among', () => {
    const arabic = regular('arabic');
    const ids = (text: string) => arabic.shape(text).map((glyph) => glyph.id);
    // 'شارع 12 زيت' drawn from the left: زيت, a space, 1, 2, a space, شارع.
    expect(ids('شارع 12 زيت')).toEqual([...ids('زيت'), ...ids(' '), ...ids('1'), ...ids('2'), ...ids(' '), ...ids('شارع')]);
  });

  it('prints direction marks as nothing: no ?, and the phrase stays one', () => {
    const marked: ReportPdfContent = { ...content, notes: [], rows: [['JOB-0100', 'arabic', '\u200fزيت\u200f محرك', 'Rs. 1.00']] };
    const lines = text(pdfOf(marked, true)).split('\n');
    const line = lines.find((candidate) => candidate.includes('JOB-0100'))!;
    expect(line).not.toContain('?');
    expect(line.replace(/\u202b([^\u202c]*)\u202c/g, (_, drawn: string) => [...drawn].reverse().join('')).trim()).toBe('JOB-0100 arabic زيت محرك Rs. 1.00');
  });

  it('draws a bold title in a script without bold in its regular face', () => {
    const file = pdfOf({ ...content, title: 'तेल रिपोर्ट', notes: [], rows: [['JOB-0101', 'devanagari', 'इंजन', 'Rs. 1.00']] }, true);
    expect(text(file)).toContain('तेल रिपोर्ट');
    expect(fonts(file).match(/report-devanagari/g)).toHaveLength(1);
  });
});

describe('reading the fonts', () => {
  it('rejects once, with nothing left unhandled, when the files cannot be read', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let calls = 0;
      const failing = (file: string) => new Promise<Uint8Array>((_, reject) => setTimeout(() => reject(new Error(`no ${file}`)), ++calls === 1 ? 20 : 1));
      await expect(readScriptFontBytes(['sinhala'], failing)).rejects.toThrow(/no report-sinhala/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
