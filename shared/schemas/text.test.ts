import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanText, textProblem, type TextProblem } from './text';
import { firstIssueMessage } from './messages';

describe('textProblem', () => {
  it.each<[string, string, TextProblem | null, TextProblem | null]>([
    // what, text, as a name, as a multi-line text
    ['plain text', 'Nimal Perera', null, null],
    ['empty', '', null, null],
    ['Sinhala with a zero-width joiner', 'ශ්\u200Dරී ලංකා', null, null],
    ['Tamil', 'யாழ்ப்பாணம்', null, null],
    ['an emoji with a joiner', '👨\u200D🔧 Fixers', null, null],
    ['accents', 'İstanbul Café', null, null],
    ['NUL', 'a\u0000b', 'control', 'control'],
    ['SOH', '\u0001', 'control', 'control'],
    ['backspace', 'a\u0008', 'control', 'control'],
    ['vertical tab', 'a\u000Bb', 'control', 'control'],
    ['form feed', 'a\u000Cb', 'control', 'control'],
    ['escape', '\u001B[2J', 'control', 'control'],
    ['unit separator', 'a\u001F', 'control', 'control'],
    ['DEL', 'a\u007F', 'control', 'control'],
    ['C1 padding U+0080', 'a\u0080', 'control', 'control'],
    ['C1 next line U+0085', 'a\u0085b', 'control', 'control'],
    ['C1 CSI U+009B', 'a\u009B', 'control', 'control'],
    ['C1 APC U+009F', 'a\u009F', 'control', 'control'],
    ['a line feed', 'a\nb', 'control', null],
    ['a carriage return and line feed', 'a\r\nb', 'control', null],
    ['a tab', 'a\tb', 'control', null],
    ['LRE U+202A', 'a\u202Ab', 'direction', 'direction'],
    ['RLE U+202B', 'a\u202Bb', 'direction', 'direction'],
    ['PDF U+202C', 'a\u202C', 'direction', 'direction'],
    ['LRO U+202D', '\u202Da', 'direction', 'direction'],
    ['RLO U+202E', 'INV-\u202E2100', 'direction', 'direction'],
    ['LRI U+2066', '\u2066a', 'direction', 'direction'],
    ['RLI U+2067', '\u2067a', 'direction', 'direction'],
    ['FSI U+2068', '\u2068a', 'direction', 'direction'],
    ['PDI U+2069', 'a\u2069', 'direction', 'direction'],
    ['a zero-width space only', '\u200B', 'invisible', 'invisible'],
    ['joiners only', '\u200C\u200D', 'invisible', 'invisible'],
    ['a word joiner only', '\u2060', 'invisible', 'invisible'],
    ['a byte order mark only', '\uFEFF', 'invisible', 'invisible'],
    ['a soft hyphen only', '\u00AD', 'invisible', 'invisible'],
    ['spaces and zero-width spaces', ' \u200B \u00A0\u200B', 'invisible', 'invisible'],
    ['a zero-width space inside a word', 'Ni\u200Bmal', null, null],
  ])('%s', (_what, text, asName, asText) => {
    expect(textProblem(text)).toBe(asName);
    expect(textProblem(text, { multiline: true })).toBe(asText);
  });
});

describe('cleanText', () => {
  const name = z.string().trim().superRefine(cleanText('Customer Name'));
  const message = (value: string) => {
    const parsed = name.safeParse(value);
    return parsed.success ? 'ok' : firstIssueMessage(parsed.error);
  };
  it.each([
    ['Nimal', 'ok'],
    [' Nimal\n', 'ok'], // trimmed first
    ['Ni\u0000mal', 'Customer Name contains a control character (such as NUL or a line break). Please retype it.'],
    ['Ni\u202Emal', 'Customer Name contains a hidden text-direction character. Please retype it.'],
    ['\u200B', 'Customer Name has only invisible characters. Please type a visible value.'],
  ])('%j → %s', (value, expected) => expect(message(value)).toBe(expected));
});
