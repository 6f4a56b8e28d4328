// Which parts of a text need a font of their own in a report PDF. jsPDF's standard Helvetica has
// Latin-1 only; Sinhala and Tamil are drawn with the fonts in shared/fonts/, shaped by HarfBuzz
// (script-fonts.ts). A text is cut into runs of one script each, so Latin stays as it always was.

export type Script = 'latin' | 'sinhala' | 'tamil';

export interface ScriptRun {
  script: Script;
  text: string;
}

const zeroWidthJoiners = new Set([0x200c, 0x200d]);

/** The script a character is drawn in; null for one the joiners leave with their neighbours. */
function scriptOf(code: number): Script | null {
  if (code >= 0x0d80 && code <= 0x0dff) return 'sinhala';
  if (code >= 0x0b80 && code <= 0x0bff) return 'tamil';
  if (zeroWidthJoiners.has(code)) return null;
  return 'latin';
}

/**
 * The runs of a text, in order. A joiner (ZWJ, ZWNJ: they make or stop a Sinhala conjunct) stays in
 * the run it sits in, or starts the next one. Spaces and digits are Latin: a run of Sinhala is one word.
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0)!);
    const last = runs[runs.length - 1];
    if (last && (script === null || script === last.script)) last.text += char;
    else if (script === null) runs.push({ script: 'latin', text: char });
    else runs.push({ script, text: char });
  }
  return runs;
}

const complexScript = /[\u0B80-\u0BFF\u0D80-\u0DFF]/;

/** Whether a text holds Sinhala or Tamil, so a PDF needs the script fonts. */
export function hasScriptText(text: string): boolean {
  return complexScript.test(text);
}
