import type { Role } from '../../../shared/domain/permissions';
import { projectResult, projectRow, readScopeOf } from '../../../shared/sync/read-scope';
import type { MutationOutcome, PullResponse, RecordState } from '../../../shared/sync/messages';

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

/** A push answer: a refusal's states and an applied mutation's result (a row) projected. */
export function outcomeFor(outcome: MutationOutcome, role: Role): MutationOutcome {
  return outcome.status === 'rejected' ? { ...outcome, current: statesFor(outcome.current, role) } : { ...outcome, result: projectResult(outcome.result, role) };
}
