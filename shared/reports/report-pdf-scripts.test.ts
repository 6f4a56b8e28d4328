import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as hb from 'harfbuzzjs';
import { jsPDF } from 'jspdf';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReportPdf, reportNeedsScriptFonts, type ReportPdfContent } from './report-pdf';
import { scriptFontFiles, scriptFontsFrom } from './script-fonts';

// The report PDFs in Sinhala and Tamil (issue 25): built with the real jsPDF, HarfBuzz and the fonts
// in shared/fonts/, then read back with poppler's pdftotext and pdffonts.

const read = (file: string) => new Uint8Array(readFileSync(join(__dirname, '..', 'fonts', file)));
const scriptFonts = scriptFontsFrom(hb, {
  sinhala: { normal: read(scriptFontFiles.sinhala.normal), bold: read(scriptFontFiles.sinhala.bold) },
  tamil: { normal: read(scriptFontFiles.tamil.normal), bold: read(scriptFontFiles.tamil.bold) },
});

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
    expect(reportNeedsScriptFonts(content)).toBe(true);
    expect(reportNeedsScriptFonts({ ...content, notes: [], rows: [['JOB-0002', 'Nimal Silva', 'Brake pad', 'Rs. 5,000.00']] })).toBe(false);
    expect(reportNeedsScriptFonts({ ...content, notes: [], rows: [], title: 'වාර්තාව' })).toBe(true);
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
      [scriptFonts.sinhala.normal, 'ක', 'කෙ'],
      [scriptFonts.tamil.normal, 'க', 'கெ'],
    ] as const) {
      const alone = face.shape(consonant).map((glyph) => glyph.id);
      const shaped = face.shape(syllable).map((glyph) => glyph.id);
      expect(shaped).toHaveLength(2);
      expect(shaped[1]).toBe(alone[0]);
      expect(shaped[0]).not.toBe(alone[0]);
    }
  });

  it('measures a shaped run by its glyphs, so a right-aligned amount lines up', () => {
    const face = scriptFonts.tamil.normal;
    expect(face.width('கொழும்பு')).toBeGreaterThan(face.width('கொ'));
    expect(face.width('')).toBe(0);
  });
});
