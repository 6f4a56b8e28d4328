import type * as HarfBuzz from 'harfbuzzjs';

// Sinhala and Tamil in the report PDFs. Their letters are not drawn one character after another: a
// vowel sign may stand before its consonant (කෙ, கெ), two letters may join into one shape. HarfBuzz
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

export type ScriptFontStyle = 'normal' | 'bold';
export type ScriptFonts = Record<'sinhala' | 'tamil', Record<ScriptFontStyle, ScriptFace>>;

/** The files in shared/fonts/ (made by scripts/make-fonts.sh), by script and style. */
export const scriptFontFiles = {
  sinhala: { normal: 'report-sinhala-regular.ttf', bold: 'report-sinhala-bold.ttf' },
  tamil: { normal: 'report-tamil-regular.ttf', bold: 'report-tamil-bold.ttf' },
} as const;

export type ScriptFontBytes = Record<keyof ScriptFonts, Record<ScriptFontStyle, Uint8Array>>;

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
    shaped.set(text, glyphs);
    return glyphs;
  };
  return { bytes, shape, width: (text) => shape(text).reduce((sum, glyph) => sum + glyph.advance, 0) };
}

/** The shapers for the fonts' bytes. */
export function scriptFontsFrom(hb: typeof HarfBuzz, bytes: ScriptFontBytes): ScriptFonts {
  return {
    sinhala: { normal: scriptFace(hb, bytes.sinhala.normal), bold: scriptFace(hb, bytes.sinhala.bold) },
    tamil: { normal: scriptFace(hb, bytes.tamil.normal), bold: scriptFace(hb, bytes.tamil.bold) },
  };
}
