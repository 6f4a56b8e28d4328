import type * as HarfBuzz from 'harfbuzzjs';
import { printScriptByName, reportFontFile, type FontStyle, type PrintScriptName } from './print-scripts';

// The scripts of print-scripts.ts in the report PDFs. Their letters are not drawn one character after
// another: a vowel sign may stand before its consonant (කෙ, கெ, कि), two letters may join into one
// shape, Arabic letters take the form of their place in a word and run right to left. HarfBuzz
// does that shaping with the font's own tables; report-pdf.ts draws the glyphs it returns. Both
// HarfBuzz and the fonts are passed in, loaded by the caller only for a report that holds such text.

/** One glyph as shaped, its sizes in thousandths of the font size (PDF text space units). */
export interface ShapedGlyph {
  id: number;
  advance: number;
  dx: number;
  dy: number;
  /** The character the glyph stands for when it stands for exactly one, for the PDF's text map. */
  char?: number;
}

export interface ScriptFace {
  /** The TrueType file, embedded by jsPDF (only the glyphs used). */
  bytes: Uint8Array;
  shape(text: string): ShapedGlyph[];
  /** The run's width in thousandths of the font size. */
  width(text: string): number;
}

export type ScriptFontStyle = FontStyle;
/** The faces loaded for a report: only the scripts it holds. A script without a bold face gives its regular one. */
export type ScriptFonts = Partial<Record<PrintScriptName, Record<ScriptFontStyle, ScriptFace>>>;

/** A script's font files' bytes, as read by the caller (the worker fetches them, the server reads them). */
export type ScriptFontBytes = Partial<Record<PrintScriptName, Record<ScriptFontStyle, Uint8Array>>>;

/** The files to read for these scripts, each once (a script without bold names its regular file for both). */
export function scriptFontFiles(scripts: Iterable<PrintScriptName>): { script: PrintScriptName; style: ScriptFontStyle; file: string }[] {
  return [...scripts].flatMap((name) => {
    const script = printScriptByName.get(name)!;
    return (['normal', 'bold'] as const).map((style) => ({ script: name, style, file: reportFontFile(script, style) }));
  });
}

/** Reads each file once, by the caller's `read`, and answers the bytes by script and style. */
export async function readScriptFontBytes(scripts: Iterable<PrintScriptName>, read: (file: string) => Promise<Uint8Array>): Promise<ScriptFontBytes> {
  const files = scriptFontFiles(scripts);
  const reads = new Map<string, Promise<Uint8Array>>();
  for (const { file } of files) if (!reads.has(file)) reads.set(file, read(file));
  // Awaited together: one failed read must reject this call, not go unhandled while another is awaited.
  const contents = await Promise.all(files.map(({ file }) => reads.get(file)!));
  const bytes: ScriptFontBytes = {};
  files.forEach(({ script, style }, i) => ((bytes[script] ??= {} as Record<ScriptFontStyle, Uint8Array>)[style] = contents[i]!));
  return bytes;
}

const digit = /\p{Nd}/u;

/**
 * HarfBuzz lays a right-to-left run out right to left, numbers too: '١٢٣' (123) came out as ٣٢١. A
 * number reads left to right inside Arabic or Hebrew text, so each stretch of digit glyphs that came
 * out in falling order of their characters is put back in rising order. Left-to-right runs, whose
 * clusters rise already, are left as they are.
 */
function keepNumbersLeftToRight(glyphs: ShapedGlyph[], infos: { cluster: number }[], text: string): void {
  const isDigit = (i: number) => digit.test(text.charAt(infos[i]!.cluster));
  for (let start = 0; start < glyphs.length; start++) {
    if (!isDigit(start)) continue;
    let end = start;
    while (end + 1 < glyphs.length && isDigit(end + 1)) end++;
    if (end > start && infos[start]!.cluster > infos[end]!.cluster) {
      glyphs.splice(start, end - start + 1, ...glyphs.slice(start, end + 1).reverse());
    }
    start = end;
  }
}

function scriptFace(hb: typeof HarfBuzz, bytes: Uint8Array): ScriptFace {
  const face = new hb.Face(new hb.Blob(bytes));
  const font = new hb.Font(face);
  const scale = 1000 / face.upem;
  // A report repeats its names on many rows, and each text is measured before it is drawn.
  const shaped = new Map<string, ShapedGlyph[]>();
  const shape = (text: string): ShapedGlyph[] => {
    const known = shaped.get(text);
    if (known) return known;
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    // A cluster of one glyph from one character maps back to it; the rest is left to ActualText.
    const clusterSizes = new Map<number, number>();
    for (const info of infos) clusterSizes.set(info.cluster, (clusterSizes.get(info.cluster) ?? 0) + 1);
    const starts = infos.map((info) => info.cluster).sort((a, b) => a - b);
    const glyphs = infos.map((info, i) => {
      const position = positions[i]!;
      const next = starts.find((start) => start > info.cluster) ?? text.length;
      const single = clusterSizes.get(info.cluster) === 1 && next - info.cluster === 1;
      return {
        id: info.codepoint,
        advance: position.xAdvance * scale,
        dx: position.xOffset * scale,
        dy: position.yOffset * scale,
        ...(single ? { char: text.charCodeAt(info.cluster) } : {}),
      };
    });
    keepNumbersLeftToRight(glyphs, infos, text);
    shaped.set(text, glyphs);
    return glyphs;
  };
  return { bytes, shape, width: (text) => shape(text).reduce((sum, glyph) => sum + glyph.advance, 0) };
}

/** The shapers for the fonts' bytes; a file given for both styles is parsed once. */
export function scriptFontsFrom(hb: typeof HarfBuzz, bytes: ScriptFontBytes): ScriptFonts {
  const faces = new Map<Uint8Array, ScriptFace>();
  const faceOf = (file: Uint8Array) => faces.get(file) ?? faces.set(file, scriptFace(hb, file)).get(file)!;
  const fonts: ScriptFonts = {};
  for (const [name, styles] of Object.entries(bytes) as [PrintScriptName, Record<ScriptFontStyle, Uint8Array>][]) {
    fonts[name] = { normal: faceOf(styles.normal), bold: faceOf(styles.bold) };
  }
  return fonts;
}
