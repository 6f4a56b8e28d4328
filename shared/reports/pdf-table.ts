// The report PDFs' table layout, apart from any PDF library: text widths from the font's character
// widths, column widths that fill the page, and cell text wrapped to its column. Pure functions, so
// they are tested with tables of cases; report-pdf.ts draws what they lay out.

/** A text's width in points at the table's font size. */
export type Measure = (text: string) => number;

/**
 * A Measure from the font's width of one character (in units of the font size, as jsPDF's
 * getStringUnitWidth gives it), remembered per character: a 10,000-row report measures about a
 * million characters, and asking the PDF library for each would cost seconds.
 */
export function charWidthMeasure(unitWidth: (char: string) => number, fontSize: number): Measure {
  const widths = new Map<string, number>();
  return (text) => {
    let width = 0;
    for (const char of text) {
      let w = widths.get(char);
      if (w === undefined) {
        w = unitWidth(char) * fontSize;
        widths.set(char, w);
      }
      width += w;
    }
    return width;
  };
}

// Split at spaces, but not at the ideographic space (U+3000): Chinese and Japanese text keeps it as
// written, a full character wide, where joining the parts again with ' ' would narrow and change it.
const words = (text: string) => text.split(/[^\S\u3000]+/).filter(Boolean);

/** The widest word of a text: a column narrower than that would break it inside. */
const widestWord = (text: string, measure: Measure) => words(text).reduce((max, word) => Math.max(max, measure(word)), 0);

/**
 * Column widths that fill `available` points (the page between its margins), as wide as each
 * column's longest text when they all fit, else shared out from each column's widest word up to its
 * longest text, in proportion to what each would like more. `padding` is each cell's, left and right.
 */
export function columnWidths(head: string[], rows: string[][], measure: Measure, headMeasure: Measure, available: number, padding: number): number[] {
  const wanted = head.map((title) => headMeasure(title));
  const least = head.map((title) => widestWord(title, headMeasure));
  for (const row of rows) {
    for (let c = 0; c < head.length; c++) {
      const text = row[c] ?? '';
      if (!text) continue;
      const width = measure(text);
      if (width > wanted[c]!) wanted[c] = width;
      // Words stay whole (a date, a phone, an invoice number), unless one alone would take more than a
      // third of the page (a pasted address, an e-mail): that one may break.
      if (width > least[c]!) least[c] = Math.max(least[c]!, Math.min(widestWord(text, measure), available / 3));
    }
  }
  const most = wanted.map((width) => width + 2 * padding);
  const min = least.map((width) => width + 2 * padding);
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  if (sum(most) <= available) return most.map((width) => width + ((available - sum(most)) * width) / sum(most));
  if (sum(min) >= available) return min.map((width) => (width * available) / sum(min));
  const room = available - sum(min);
  const want = sum(most.map((width, c) => width - min[c]!));
  return min.map((width, c) => width + (room * (most[c]! - width)) / want);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Breaks one word that is wider than the column into pieces that fit, between letters as read: a
 * vowel sign or tone mark stays with its consonant (Thai, Lao, Khmer and Myanmar write a name's words
 * without spaces, so their long names are broken here).
 */
function breakWord(word: string, width: number, measure: Measure): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const { segment: char } of graphemes.segment(word)) {
    if (piece && measure(piece + char) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * A cell's text as lines no wider than `width`, words kept whole where they fit; at most `maxLines`,
 * the last one ending in '...' when the text goes on. Empty text is one empty line.
 */
export function wrapText(text: string, width: number, measure: Measure, maxLines = 10): string[] {
  if (measure(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of words(text).flatMap((w) => (measure(w) > width ? breakWord(w, width, measure) : [w]))) {
    const joined = line ? `${line} ${word}` : word;
    if (line && measure(joined) > width) {
      lines.push(line);
      line = word;
    } else line = joined;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && measure(`${last}...`) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last}...`;
  return kept;
}

/**
 * A text as a PDF literal string for the standard fonts' WinAnsi encoding: the delimiters escaped,
 * Latin-1 letters as octal codes, anything the font cannot show as '?'.
 */
export function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code >= 32 && code < 127) out += char;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}
