import type { z } from 'zod';

/**
 * Characters no name or text we store may hold (issue 24, point 12). They are invisible on screen
 * and on the printed invoice, yet change what is stored, searched and printed:
 * - control characters: C0 (NUL to U+001F), DEL and C1 (U+0080 to U+009F). A multi-line field (an
 *   address, a note) may hold line breaks and tabs; a name may not.
 * - bidirectional overrides and isolates (U+202A to U+202E, U+2066 to U+2069), which reorder what
 *   is printed ('INV-0012' shown as '2100-VNI').
 * - text made only of invisible characters (zero-width spaces, joiners, the word joiner, the byte
 *   order mark, the soft hyphen): a name that looks blank. Inside visible text they stay (Sinhala
 *   and Tamil spellings need the zero-width joiner).
 */
const controlInLine = /[\u0000-\u001F\u007F-\u009F]/;
const controlInText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const directionControls = /[\u202A-\u202E\u2066-\u2069]/;
const invisible = /[\s\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/gu;

export type TextProblem = 'control' | 'direction' | 'invisible';

export interface TextRule {
  /** Line breaks and tabs allowed (addresses, descriptions, notes). */
  multiline?: boolean;
}

/** What is wrong with a text, or null when it may be stored. An empty text is fine here (required is another rule). */
export function textProblem(value: string, { multiline = false }: TextRule = {}): TextProblem | null {
  if ((multiline ? controlInText : controlInLine).test(value)) return 'control';
  if (directionControls.test(value)) return 'direction';
  if (value !== '' && value.replace(invisible, '') === '') return 'invisible';
  return null;
}

export const textMessages: Record<TextProblem, (label: string) => string> = {
  control: (label) => `${label} contains a control character (such as NUL or a line break). Please retype it.`,
  direction: (label) => `${label} contains a hidden text-direction character. Please retype it.`,
  invisible: (label) => `${label} has only invisible characters. Please type a visible value.`,
};

/**
 * The one refinement every name and text field uses: `.superRefine(cleanText('Customer Name'))`.
 * Run it after `.trim()` so that surrounding spaces and line breaks are not counted.
 */
export function cleanText(label: string, rule: TextRule = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: textMessages[problem](label) });
  };
}
