import { searchTokens } from '@shared/domain/search-words';

type Part = { text: string; marked: boolean };

/** Where a typed word matched a word of the text: its start, or (3 digits or more) inside a run of digits, as a phone ending. */
function matchIn(word: string, tokens: readonly string[]): [start: number, end: number] | null {
  const lower = word.toLowerCase();
  const prefix = tokens.find((token) => lower.startsWith(token));
  if (prefix) return [0, prefix.length];
  const digits = tokens.find((token) => /^\d{3,}$/.test(token) && lower.includes(token));
  if (!digits) return null;
  const start = lower.lastIndexOf(digits);
  return [start, start + digits.length];
}

/** The text with what the typed words matched marked (<mark>): word starts, and phone or plate digit endings. */
export function MarkedText({ text, typed }: { text: string; typed: string }) {
  const tokens = searchTokens(typed);
  if (tokens.length === 0) return <>{text}</>;
  const parts: Part[] = [];
  // Words of the text (runs of letters and digits) and what lies between them, in order.
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    const match = piece ? matchIn(piece, tokens) : null;
    if (!match) {
      parts.push({ text: piece, marked: false });
      continue;
    }
    parts.push({ text: piece.slice(0, match[0]), marked: false }, { text: piece.slice(match[0], match[1]), marked: true }, { text: piece.slice(match[1]), marked: false });
  }
  return <>{parts.filter((part) => part.text).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}</>;
}
