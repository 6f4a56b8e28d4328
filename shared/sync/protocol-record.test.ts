import { describe, expect, it } from 'vitest';
import { syncProtocol } from './protocol';
import { recordedProtocol } from './protocol-record';
import { syncedTables } from './tables';
import { mutationDefs } from '../mutations/definitions';

const difference = (now: readonly string[], then: readonly string[]) => {
  const added = now.filter((name) => !then.includes(name));
  const removed = then.filter((name) => !now.includes(name));
  return [...added.map((name) => `+${name}`), ...removed.map((name) => `-${name}`)].join(', ');
};

// Issue 48, point 3: a new synced table or mutation without a raised protocol passed every check.
describe('the sync protocol', () => {
  it('is raised whenever the synced tables or the mutations change', () => {
    const tables = difference([...syncedTables].sort(), recordedProtocol.tables);
    const mutations = difference(Object.keys(mutationDefs).sort(), recordedProtocol.mutations);
    const changed = [tables && `tables ${tables}`, mutations && `mutations ${mutations}`].filter(Boolean).join('; ');
    expect(
      changed,
      `The synced tables or mutations changed since protocol ${recordedProtocol.protocol} was recorded (${changed}): raise syncProtocol in shared/sync/protocol.ts and record its lists in shared/sync/protocol-record.ts.`,
    ).toBe('');
    expect(syncProtocol, 'shared/sync/protocol-record.ts records another protocol than shared/sync/protocol.ts speaks: record the lists of the protocol in force.').toBe(
      recordedProtocol.protocol,
    );
  });
});
