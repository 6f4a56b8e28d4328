import { describe, expect, it } from 'vitest';
import { charWidthMeasure, columnWidths, pdfString, wrapText } from './pdf-table';

// A font where every character is 0.5 em wide and a space 0.25 em: at 10 pt, 'abcd' is 20 pt.
const unit = (char: string) => (char === ' ' ? 0.25 : 0.5);
const measure = charWidthMeasure(unit, 10);

describe('charWidthMeasure', () => {
  it.each([
    ['', 0],
    ['abcd', 20],
    ['ab cd', 22.5],
    ['Rs. 1,250.50', 57.5],
  ])('%j is %d pt', (text, width) => {
    expect(measure(text)).toBeCloseTo(width, 6);
  });

  it('asks the font once per character', () => {
    const asked: string[] = [];
    const counted = charWidthMeasure((char) => (asked.push(char), 0.5), 10);
    counted('aaaa');
    counted('abab');
    expect(asked).toEqual(['a', 'b']);
  });
});

describe('wrapText', () => {
  it.each([
    ['fits on one line', 'Kamal Silva', 100, ['Kamal Silva']],
    ['empty text is one empty line', '', 50, ['']],
    ['breaks between words', 'Kamal Silva Perera', 60, ['Kamal Silva', 'Perera']],
    ['a word wider than the column breaks inside', 'INV-D7K2Q-00002', 40, ['INV-D7K2', 'Q-00002']],
    // Thai writes without spaces; a break between code points would start a line with a vowel sign.
    ['a long Thai word breaks between letters as read, its marks kept with them', 'กี่กี่', 20, ['กี่', 'กี่']],
    ['the ideographic space stays as written, never turned into a space', '机油\u3000滤芯\u3000空滤', 25, ['机油\u3000滤芯', '\u3000空滤']],
    ['at most maxLines, the last ending in ...', 'aa bb cc dd ee ff gg', 22.5, ['aa bb', 'cc dd', 'e...']],
  ])('%s', (_case, text, width, lines) => {
    expect(wrapText(text, width, measure, 3)).toEqual(lines);
  });

  it('never gives a line wider than the column when words can break', () => {
    for (const text of ['Tharindu Wickramasinghe', 'CAB-2145 (Mitsubishi Lancer)', 'x'.repeat(80)]) {
      for (const line of wrapText(text, 30, measure)) expect(measure(line)).toBeLessThanOrEqual(30);
    }
  });
});

describe('columnWidths', () => {
  const head = ['Date', 'Name'];
  it.each([
    // Both fit at their longest text: each grows in proportion to fill the page.
    ['all fit: in proportion to their longest text', [['2026-11-24', 'Kamal Silva']], 200, [(54 * 200) / (54 + 56.5), (56.5 * 200) / (54 + 56.5)]],
    // They do not fit: the date keeps its one word whole, the name (widest word 'Fernando') takes the rest.
    ['squeezed: single words stay whole, the rest is shared', [['2026-11-24', 'Kamal Silva Perera Fernando']], 150, [54, 96]],
    // Not even the headers' words fit: all shrink alike.
    ['too narrow for any word: all shrink alike', [['2026-11-24', 'Wickramasinghe']], 40, [20, 20]],
  ])('%s', (_case, rows, available, widths) => {
    const got = columnWidths(head, rows, measure, measure, available, 2);
    expect(got.reduce((a, b) => a + b, 0)).toBeCloseTo(available, 6);
    got.forEach((width, c) => expect(width).toBeCloseTo(widths[c]!, 6));
  });

  it('lets one very long word break rather than take the page', () => {
    const [, wide] = columnWidths(['No', 'Address'], [['1', 'x'.repeat(200)]], measure, measure, 300, 2);
    // The long word asks for 1,000 pt; its column gets what the other leaves, not more than the page.
    expect(wide).toBeLessThan(300);
  });
});

describe('pdfString', () => {
  it.each([
    ['Kamal Silva', '(Kamal Silva)'],
    ['CAB-2145 (Mitsubishi Lancer)', '(CAB-2145 \\(Mitsubishi Lancer\\))'],
    ['back\\slash', '(back\\\\slash)'],
    ['Renée', '(Ren\\351e)'],
    ['නිමල්', '(?????)'],
    ['line\nbreak', '(line?break)'],
  ])('%j → %s', (text, literal) => {
    expect(pdfString(text)).toBe(literal);
  });
});
