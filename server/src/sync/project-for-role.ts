import { projectRow, readScopeOf, readsRow, rowScopeOf, type Reader } from '@shared/sync/read-scope';
import type { MutationOutcome, PullResponse, RecordState } from '@shared/sync/messages';

// The sync answers as the reader reads them (shared/sync/read-scope.ts): the same projection as
// every REST answer, and only the rows the reader reads, applied where the answer leaves the server.

/**
 * A pull page: the changes the reader reads, each row projected; with `withScope` (a device asks
 * with scope=1) also the scope it was read for, so the device knows what its mirror holds. A row
 * left out is still behind the page's cursor: the next page starts after it, so a page of rows
 * all left out is an empty page that moves on, never one that waits.
 */
export function pullPageFor(page: PullResponse, reader: Reader, withScope: boolean): PullResponse {
  const changes = page.changes
    .filter((change) => readsRow(reader, change.table, change.row))
    .map((change) => ({ ...change, row: projectRow(change.table, change.row, reader.role) }));
  const readScope = { role: reader.role, hidden: readScopeOf(reader.role), rows: rowScopeOf(reader) };
  return { ...page, changes, ...(withScope ? { readScope } : {}) };
}

/**
 * Record states (a refusal's, or /records'): each live row projected; a row the reader does not
 * read answered as absent, as a record the server does not hold is, so the answer tells nothing of
 * it and a device that held it drops it.
 */
export function statesFor(states: RecordState[], reader: Reader): RecordState[] {
  return states.map((state) => (state.row ? { ...state, row: readsRow(reader, state.table, state.row) ? projectRow(state.table, state.row, reader.role) : null } : state));
}

/**
 * A push answer: a refusal's states as the reader reads them; an applied mutation's status and
 * version, without its result. A device settles an entry by these alone and reads its rows in the
 * pull. The result (the row as written) was four fifths of a push's answer, all of it serialised
 * and gzipped for nothing (issue 24: about 45 KB for a push of 100 items, 9 KB without).
 */
export function pushAnswerFor(outcome: MutationOutcome, reader: Reader): MutationOutcome {
  if (outcome.status === 'rejected') return { ...outcome, current: statesFor(outcome.current, reader) };
  const { result: _result, ...answer } = outcome;
  return answer;
}
