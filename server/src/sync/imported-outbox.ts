import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/schema';
import type { AuthUser } from '../auth/tokens';
import { forbidden } from '../http/errors';
import { can } from '@shared/domain/permissions';
import type { MutationOutcome } from '@shared/sync/messages';
import type { MutationRequest } from './apply-mutation';

// Issue 28, 'When all else fails': a tablet that cannot reach the server (or is about to be wiped)
// exports its outbox as a file, and an Admin sends it from another device. Each entry is applied as
// its author made it (their role, their name on the record), so when the tablet does reach the
// server later and sends the same entries under its author's session, the server answers what it
// answered then: each change counts once, whichever way it came.

export const importAuthorUnknown = 'The author of this change is not a user of this server; it was not applied.';

/** The authors of an import, as the server knows them; only an Admin may send one. */
export function importAuthors(db: Db, sender: AuthUser, authorIds: readonly (string | undefined)[]): Map<string, AuthUser> {
  if (!can(sender.role, 'manageStaff')) throw forbidden("Only an Admin may send another device's unsent changes.");
  const ids = [...new Set(authorIds.filter((id): id is string => !!id))];
  const found = ids.length === 0 ? [] : db.select({ id: users.id, name: users.name, email: users.email, role: users.role }).from(users).where(inArray(users.id, ids)).all();
  return new Map(found.map((user) => [user.id, user]));
}

/**
 * Applies an imported outbox in its order, each run of one author's entries as that author (an entry
 * without an author as the Admin who sends it); an entry whose author the server does not know is
 * refused in words. Answers pair with the entries by position, as a push's do.
 */
export function applyImported(
  requests: readonly (MutationRequest & { authorId?: string })[],
  sender: AuthUser,
  authors: ReadonlyMap<string, AuthUser>,
  apply: (author: AuthUser, run: MutationRequest[]) => MutationOutcome[],
  refuse: (request: MutationRequest, message: string) => MutationOutcome,
): MutationOutcome[] {
  const outcomes: MutationOutcome[] = [];
  let at = 0;
  while (at < requests.length) {
    const authorId = requests[at]!.authorId;
    const author = authorId ? authors.get(authorId) : sender;
    let end = at + 1;
    while (end < requests.length && requests[end]!.authorId === authorId) end++;
    const run = requests.slice(at, end);
    outcomes.push(...(author ? apply(author, run) : run.map((request) => refuse(request, importAuthorUnknown))));
    at = end;
  }
  return outcomes;
}
