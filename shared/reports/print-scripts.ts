// Every script the app prints beyond Latin-1, one declaration each (issue 25, 'Print any language').
// Helvetica, the report PDFs' own font, has Latin-1 only; a device may have no font for Sinhala or
// Devanagari at all. For each script below, scripts/make-fonts.ts cuts a subset of Google's Noto Sans
// (Debian's fonts-noto-core) into shared/fonts/:
// - report-<name>-regular.ttf (and -bold where `bold`): shaped by HarfBuzz into the report PDFs;
// - print-<name>-regular.woff2 (and -bold): for screens and printed documents, in script-fonts.css
//   (not for `pdfOnly` scripts, which every browser has).
// The reading side (script-runs.ts, the loaders) takes the ranges and files from here, so a new
// script is one entry and one run of the make script.
//
// Chinese and Japanese come from Droid Sans Fallback (Debian's fonts-droid-fallback, Apache License
// 2.0), Korean from Nanum Gothic (fonts-nanum, SIL OFL 1.1; Droid's fallback maps no Hangul syllables):
// Noto's CJK font is about 16 MB a weight, and in CFF outlines, which jsPDF cannot embed. A counter PC
// may have no CJK font at all (Debian's Chromium has none), so screens and printed documents get them too.

export interface PrintScript {
  /** The name in file names and runs. */
  name: string;
  /** The Noto Sans family's file name, without '-Regular.ttf'. */
  noto: string;
  /** The source file, when it is not the Noto family's (make-fonts.ts looks for it beside them). */
  file?: string;
  /** The cut file's family name, where the font's license reserves its own name for the original. */
  renameTo?: string;
  /** The code points, inclusive, that are drawn in this script's font, on screens and in PDFs. */
  ranges: readonly (readonly [number, number])[];
  /**
   * Code points the report PDFs need this font for but every browser's own fonts have (dashes,
   * quotes, currency signs): left out of the screens' unicode-range, so a dash on a screen does not
   * fetch a font.
   */
  pdfOnlyRanges?: readonly (readonly [number, number])[];
  /** For the report PDFs alone: every browser's own fonts have this script, bold included. */
  pdfOnly?: boolean;
  /** Whether a bold face is made; otherwise bold text is drawn in the regular face. */
  bold: boolean;
  /** Written right to left: the spaces between its words stay in its run, so HarfBuzz orders the words. */
  rtl?: boolean;
  /** Right to left, with ASCII digits in its font (Noto's Arabic has them, its Hebrew not): a number
   *  between two of its words stays in their run, so the words are ordered around it. */
  digitsInRun?: boolean;
}

export const printScripts = [
  // Sri Lanka's own languages first: customers' names, parts and vehicles are often written in them.
  { name: 'sinhala', noto: 'NotoSansSinhala', ranges: [[0x0d80, 0x0dff]], bold: true },
  { name: 'tamil', noto: 'NotoSansTamil', ranges: [[0x0b80, 0x0bff]], bold: true },
  // Latin beyond Latin-1 (Ł, ş, ő, ‘’ “” – € …), Greek and Cyrillic.
  {
    name: 'extended',
    noto: 'NotoSans',
    ranges: [
      [0x0100, 0x052f],
      [0x1e00, 0x1fff],
    ],
    pdfOnlyRanges: [
      [0x2010, 0x205f],
      [0x20a0, 0x20cf],
      [0x2100, 0x214f],
    ],
    bold: false,
    pdfOnly: true,
  },
  {
    name: 'devanagari',
    noto: 'NotoSansDevanagari',
    ranges: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
    ],
    bold: false,
  },
  { name: 'bengali', noto: 'NotoSansBengali', ranges: [[0x0980, 0x09ff]], bold: false },
  { name: 'gurmukhi', noto: 'NotoSansGurmukhi', ranges: [[0x0a00, 0x0a7f]], bold: false },
  { name: 'gujarati', noto: 'NotoSansGujarati', ranges: [[0x0a80, 0x0aff]], bold: false },
  { name: 'oriya', noto: 'NotoSansOriya', ranges: [[0x0b00, 0x0b7f]], bold: false },
  { name: 'telugu', noto: 'NotoSansTelugu', ranges: [[0x0c00, 0x0c7f]], bold: false },
  { name: 'kannada', noto: 'NotoSansKannada', ranges: [[0x0c80, 0x0cff]], bold: false },
  { name: 'malayalam', noto: 'NotoSansMalayalam', ranges: [[0x0d00, 0x0d7f]], bold: false },
  { name: 'thai', noto: 'NotoSansThai', ranges: [[0x0e00, 0x0e7f]], bold: false },
  { name: 'lao', noto: 'NotoSansLao', ranges: [[0x0e80, 0x0eff]], bold: false },
  { name: 'myanmar', noto: 'NotoSansMyanmar', ranges: [[0x1000, 0x109f]], bold: false },
  { name: 'khmer', noto: 'NotoSansKhmer', ranges: [[0x1780, 0x17ff]], bold: false },
  { name: 'armenian', noto: 'NotoSansArmenian', ranges: [[0x0530, 0x058f]], bold: false },
  { name: 'georgian', noto: 'NotoSansGeorgian', ranges: [[0x10a0, 0x10ff]], bold: false },
  { name: 'ethiopic', noto: 'NotoSansEthiopic', ranges: [[0x1200, 0x139f]], bold: false },
  {
    name: 'hebrew',
    noto: 'NotoSansHebrew',
    ranges: [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ],
    bold: false,
    rtl: true,
  },
  {
    name: 'arabic',
    noto: 'NotoSansArabic',
    ranges: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x08a0, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
    bold: false,
    rtl: true,
    digitsInRun: true,
  },
  {
    name: 'cjk',
    noto: 'DroidSansFallback',
    file: 'DroidSansFallbackFull.ttf',
    // What the font has of CJK punctuation, kana, the everyday ideographs and the full- and half-width
    // forms (a character it lacks would print as a blank, not '?'). Rare ideographs (extension A,
    // compatibility forms) would take the file past the 4 MB a service worker precaches.
    ranges: [
      [0x3000, 0x3003],
      [0x3005, 0x3007],
      [0x300a, 0x3019],
      [0x301c, 0x301f],
      [0x3021, 0x3029],
      [0x3041, 0x3094],
      [0x3099, 0x309e],
      [0x30a0, 0x30f6],
      [0x30fb, 0x30fe],
      [0x4e00, 0x9fa5],
      [0xff01, 0xff5e],
      [0xff61, 0xff9f],
      [0xffe0, 0xffe6],
    ],
    bold: false,
  },
  {
    name: 'hangul',
    noto: 'NanumGothic',
    file: 'NanumGothic.ttf',
    // OFL with Reserved Font Names: the cut file is renamed (make-fonts.ts).
    renameTo: 'Garage Hangul',
    // Jamo, every syllable, and the enclosed signs and units Korean names and parts use (㈜, ㎏).
    ranges: [
      [0x1100, 0x1112],
      [0x115f, 0x1175],
      [0x11a8, 0x11c2],
      [0x3131, 0x318e],
      [0x3200, 0x321c],
      [0x3231, 0x3231],
      [0x3260, 0x327b],
      [0x3380, 0x3384],
      [0x3388, 0x33cb],
      [0xac00, 0xd7a3],
    ],
    bold: false,
  },
] as const satisfies readonly PrintScript[];

export type PrintScriptName = (typeof printScripts)[number]['name'];

/** Code points every subset keeps besides its ranges: the joiners of conjuncts and the dotted circle
 *  a lone vowel sign is shaped on. Screens name them in every face's unicode-range too. */
export const sharedExtras: readonly (readonly [number, number])[] = [
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
];

/** What a right-to-left script's file keeps for the PDFs alone: the space (and the digits, where
 *  `digitsInRun`) that stand between the words of its runs. Never in a screen's unicode-range: a space in it made every page
 *  fetch the Arabic font and draw its spaces with it. (Direction marks are taken out of a report's
 *  text before it is drawn.) */
export function fileExtras(script: PrintScript): (readonly [number, number])[] {
  if (!script.rtl) return [];
  return script.digitsInRun
    ? [
        [0x0020, 0x0020],
        [0x0030, 0x0039],
      ]
    : [[0x0020, 0x0020]];
}

/** Every code point a report PDF draws in this script's font. */
export function pdfRanges(script: PrintScript): readonly (readonly [number, number])[] {
  return [...script.ranges, ...(script.pdfOnlyRanges ?? [])];
}

export type FontStyle = 'normal' | 'bold';

/** The files of a script's faces in shared/fonts/; a script without bold gives its regular face. */
export function reportFontFile(script: PrintScript, style: FontStyle): string {
  return `report-${script.name}-${style === 'bold' && script.bold ? 'bold' : 'regular'}.ttf`;
}

export const printScriptByName = new Map<string, PrintScript>(printScripts.map((script) => [script.name, script]));
