import { pdfRanges, printScripts, type PrintScriptName } from './print-scripts';

// Which parts of a text need a font of their own in a report PDF. jsPDF's standard Helvetica has
// Latin-1 only; every script of print-scripts.ts is drawn with its font from shared/fonts/, shaped by
// HarfBuzz (script-fonts.ts). A text is cut into runs of one script each, so Latin stays as it always was.

/** 'latin' is Helvetica's: Latin-1, and whatever no font of ours covers (printed as '?'). */
export type Script = 'latin' | PrintScriptName;

export interface ScriptRun {
  script: Script;
  text: string;
}

const zeroWidthJoiners = new Set([0x200c, 0x200d]);

// Ranges sorted by their start, for a binary search: a report of 10,000 rows asks for every character.
const ranges = printScripts.flatMap((script) => pdfRanges(script).map(([from, to]) => ({ from, to, name: script.name as PrintScriptName }))).sort((a, b) => a.from - b.from);
const rtlScripts = new Set<Script>(printScripts.filter((script) => 'rtl' in script && script.rtl).map((script) => script.name));
const digitsInRun = new Set<Script>(printScripts.filter((script) => 'digitsInRun' in script && script.digitsInRun).map((script) => script.name));

/** The script a character is drawn in; null for one the joiners leave with their neighbours. */
export function scriptOf(code: number): Script | null {
  if (code < 0x100) return 'latin';
  if (zeroWidthJoiners.has(code)) return null;
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (code < range.from) high = middle - 1;
    else if (code > range.to) low = middle + 1;
    else return range.name;
  }
  return 'latin';
}

/**
 * The runs of a text, in order. A joiner (ZWJ, ZWNJ: they make or stop a conjunct) stays in the run it
 * sits in, or starts the next one. Spaces and digits are Latin: a run of Sinhala is one word. In a
 * right-to-left script (Arabic, Hebrew) the spaces between its words stay in its run, and in Arabic
 * the numbers too, so the phrase is shaped as one and its words come out right to left, as written, a
 * number among them still read left to right (script-fonts.ts).
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0)!);
    const last = runs[runs.length - 1];
    if (last && (script === null || script === last.script)) {
      last.text += char;
      continue;
    }
    // Spaces (and digits, where its font has them) between two words of the same right-to-left script join the words' run.
    const beforeLast = runs[runs.length - 2];
    if (
      script !== null &&
      rtlScripts.has(script) &&
      beforeLast?.script === script &&
      last?.script === 'latin' &&
      (digitsInRun.has(script) ? /^[ 0-9]+$/ : /^ +$/).test(last.text)
    ) {
      runs.pop();
      beforeLast.text += last.text + char;
      continue;
    }
    runs.push({ script: script ?? 'latin', text: char });
  }
  return runs;
}

/** Whether a text holds a character one of our fonts draws, so a PDF needs those fonts. */
export function hasScriptText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x100) continue;
    const script = scriptOf(text.codePointAt(i)!);
    if (script !== null && script !== 'latin') return true;
  }
  return false;
}

/** The scripts a text is written in beyond Latin-1, each once. */
export function scriptsIn(text: string, into = new Set<PrintScriptName>()): Set<PrintScriptName> {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x100) continue;
    const script = scriptOf(text.codePointAt(i)!);
    if (script !== null && script !== 'latin') into.add(script);
  }
  return into;
}

const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text without its direction marks and embeddings (LRM, RLM, ALM, LRE…PDF, LRI…PDI), which
 * phone keyboards put into Arabic and Hebrew. They draw nothing; the PDFs have no bidi algorithm to
 * obey them, and left in, one printed as '?' in Helvetica or cut a right-to-left phrase in two.
 */
export function withoutBidiControls(text: string): string {
  return text.replace(bidiControls, '');
}
