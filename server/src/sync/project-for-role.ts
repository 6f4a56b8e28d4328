import type { Role } from '@shared/domain/permissions';
import { projectRow, readScopeOf } from '@shared/sync/read-scope';
import type { MutationOutcome, PullResponse, RecordState } from '@shared/sync/messages';

// The sync answers as the caller's role reads them (shared/sync/read-scope.ts): the same projection
// as every REST answer, applied where the answer leaves the server.

/**
 * A pull page: each change's row projected; with `withScope` (a device asks with scope=1) also the
 * scope it was projected for, so the device knows what its mirror holds.
 */
export function pullPageFor(page: PullResponse, role: Role, withScope: boolean): PullResponse {
  const changes = page.changes.map((change) => ({ ...change, row: projectRow(change.table, change.row, role) }));
  return { ...page, changes, ...(withScope ? { readScope: { role, hidden: readScopeOf(role) } } : {}) };
}

/** Record states (a refusal's, or /records'): each live row projected. */
export function statesFor(states: RecordState[], role: Role): RecordState[] {
  return states.map((state) => (state.row ? { ...state, row: projectRow(state.table, state.row, role) } : state));
}

/**
 * A push answer: a refusal's states projected; an applied mutation's status and version, without
 * its result. A device settles an entry by these alone and reads its rows in the pull. The result
 * (the row as written) was four fifths of a push's answer, all of it serialised and gzipped for
 * nothing (issue 24: about 45 KB for a push of 100 items, 9 KB without).
 */
export function pushAnswerFor(outcome: MutationOutcome, role: Role): MutationOutcome {
  if (outcome.status === 'rejected') return { ...outcome, current: statesFor(outcome.current, role) };
  const { result: _result, ...answer } = outcome;
  return answer;
}
