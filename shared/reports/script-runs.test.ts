import { describe, expect, it } from 'vitest';
import { hasScriptText, scriptRuns, type ScriptRun } from './script-runs';

const zwj = '\u200d';
const zwnj = '\u200c';

describe('scriptRuns', () => {
  it.each<[string, string, ScriptRun[]]>([
    ['empty text, no runs', '', []],
    ['Latin only is one run', 'Oil filter 5W-30', [{ script: 'latin', text: 'Oil filter 5W-30' }]],
    ['Latin-1 letters stay Latin', 'Crème brûlée', [{ script: 'latin', text: 'Crème brûlée' }]],
    ['a Sinhala name', 'සුනිල්', [{ script: 'sinhala', text: 'සුනිල්' }]],
    [
      'a space is Latin: each Sinhala word is a run',
      'සුනිල් පෙරේරා',
      [
        { script: 'sinhala', text: 'සුනිල්' },
        { script: 'latin', text: ' ' },
        { script: 'sinhala', text: 'පෙරේරා' },
      ],
    ],
    [
      'Tamil between Latin',
      'Part: எண்ணெய் (oil)',
      [
        { script: 'latin', text: 'Part: ' },
        { script: 'tamil', text: 'எண்ணெய்' },
        { script: 'latin', text: ' (oil)' },
      ],
    ],
    ['the joiner of a conjunct stays in its word (ශ්‍රී)', `ශ්${zwj}රී`, [{ script: 'sinhala', text: `ශ්${zwj}රී` }]],
    ['a non-joiner too', `ක්${zwnj}ෂ`, [{ script: 'sinhala', text: `ක්${zwnj}ෂ` }]],
    ['a joiner first in the text is Latin (it draws nothing)', `${zwj}ab`, [{ script: 'latin', text: `${zwj}ab` }]],
    [
      'Sinhala then Tamil with nothing between',
      'කகா',
      [
        { script: 'sinhala', text: 'ක' },
        { script: 'tamil', text: 'கா' },
      ],
    ],
    [
      'digits after Tamil are Latin',
      'டயர்12',
      [
        { script: 'tamil', text: 'டயர்' },
        { script: 'latin', text: '12' },
      ],
    ],
    [
      'Devanagari, Thai and Greek each a run of their own',
      'तेल ไทย Ωμέγα',
      [
        { script: 'devanagari', text: 'तेल' },
        { script: 'latin', text: ' ' },
        { script: 'thai', text: 'ไทย' },
        { script: 'latin', text: ' ' },
        { script: 'extended', text: 'Ωμέγα' },
      ],
    ],
    [
      'an Arabic phrase keeps its spaces, so its words are shaped right to left as one',
      'Oil زيت محرك 5L',
      [
        { script: 'latin', text: 'Oil ' },
        { script: 'arabic', text: 'زيت محرك' },
        { script: 'latin', text: ' 5L' },
      ],
    ],
    [
      'a Hebrew phrase too, its trailing space left Latin',
      'שמן מנוע ',
      [
        { script: 'hebrew', text: 'שמן מנוע' },
        { script: 'latin', text: ' ' },
      ],
    ],
    [
      'spaces between two different scripts stay Latin',
      'زيت שמן',
      [
        { script: 'arabic', text: 'زيت' },
        { script: 'latin', text: ' ' },
        { script: 'hebrew', text: 'שמן' },
      ],
    ],
    [
      'a number between two Arabic words stays in their run (the words drawn right to left around it)',
      'شارع 12 زيت 5',
      [
        { script: 'arabic', text: 'شارع 12 زيت' },
        { script: 'latin', text: ' 5' },
      ],
    ],
    [
      'not in Hebrew, whose font has no digits',
      'רחוב 12 שמן',
      [
        { script: 'hebrew', text: 'רחוב' },
        { script: 'latin', text: ' 12 ' },
        { script: 'hebrew', text: 'שמן' },
      ],
    ],
    [
      'Chinese, then Latin',
      '机油 oil',
      [
        { script: 'cjk', text: '机油' },
        { script: 'latin', text: ' oil' },
      ],
    ],
    ['a rare ideograph (extension A) is left to Helvetica (not in our CJK font: it prints as ?)', '\u3400 oil', [{ script: 'latin', text: '\u3400 oil' }]],
  ])('%s', (_, text, runs) => {
    expect(scriptRuns(text)).toEqual(runs);
    expect(runs.map((run) => run.text).join('')).toBe(text);
  });
});

describe('hasScriptText', () => {
  it.each([
    ['', false],
    ['Brake pad', false],
    ['Crème brûlée, Rs. 1,250.50', false],
    ['Rs. 1,250.50 — ₨', true],
    ['ග', true],
    ['Mr. සුනිල්', true],
    ['க', true],
    ['\u0D80', true],
    ['\u0DFF', true],
    ['\u0B80', true],
    ['\u0BFF', true],
    ['\u0C00 (Telugu)', true],
    ['\u0D7F (Malayalam)', true],
    ["\u0E7F (Thai, the block's end)", true],
    ['\u0F00 (Tibetan: no font of ours)', false],
    ['中文', true],
    ['\u3400 (a rare ideograph: no font of ours)', false],
    ['\u{1F697} (an emoji, two UTF-16 units)', false],
  ])('%j: %s', (text, expected) => {
    expect(hasScriptText(text)).toBe(expected);
  });
});
