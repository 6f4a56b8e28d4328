import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { silentRegisterEntries } from './use-attention';

// Issue 47: the bell names a silent register as the shop does, beside its code.

const dayAndMore = Date.parse('2026-11-27T12:00:00.000Z');
const contact = (code: string, name?: string) => ({
  code,
  ...(name === undefined ? {} : { name }),
  userName: 'Kamal',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastContactAt: '2026-11-25T08:00:00.000Z',
});

describe("the bell's silent registers", () => {
  it('name the register beside its code, the code alone while it has no name', () => {
    const entries = silentRegisterEntries([contact('DCNT1', 'Counter 1'), contact('DTAB1', ''), contact('DOLD1')], dayAndMore, 'DOWN1');
    expect(entries.map((entry) => entry.title)).toEqual([
      'Register DCNT1 (Counter 1) has not synced for over a day',
      'Register DTAB1 has not synced for over a day',
      'Register DOLD1 has not synced for over a day',
    ]);
  });
});
