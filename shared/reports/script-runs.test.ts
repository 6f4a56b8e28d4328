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
  ])('%s', (_, text, runs) => {
    expect(scriptRuns(text)).toEqual(runs);
    expect(runs.map((run) => run.text).join('')).toBe(text);
  });
});

describe('hasScriptText', () => {
  it.each([
    ['', false],
    ['Brake pad', false],
    ['Rs. 1,250.50 — ₨', false],
    ['ග', true],
    ['Mr. සුනිල්', true],
    ['க', true],
    ['\u0D80', true],
    ['\u0DFF', true],
    ['\u0B80', true],
    ['\u0BFF', true],
    ['\u0C00', false],
    ['\u0D7F', false],
  ])('%j: %s', (text, expected) => {
    expect(hasScriptText(text)).toBe(expected);
  });
});
