import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/schema';
import type { AuthUser } from '../auth/tokens';
import { forbidden, HttpError } from '../http/errors';
import { can, type Role } from '@shared/domain/permissions';
import type { MutationOutcome } from '@shared/sync/messages';
import { entrySigningText, fileSigningText } from '@shared/sync/entry-signature';
import { outboxFileWords, type OutboxFile } from '@shared/sync/outbox-file';
import type { MutationRequest } from './apply-mutation';
import { signedBy } from './signing-keys';

// Issue 28, 'When all else fails': a tablet that cannot reach the server (or is about to be wiped)
// exports its outbox as a file, and an Admin sends it from another device. Each entry is applied as
// its author made it (their name on the record), so when the tablet does reach the server later and
// sends the same entries under its author's session, the server answers what it answered then: each
// change counts once, whichever way it came.
//
// Issue 42, point 1: the file passes through hands that may edit it. So an entry is applied only when
// its author's signature holds (shared/sync/entry-signature.ts), with the rights its author holds now:
// an active account, its current role. An entry with no author, or by an account that is deactivated
// or unknown here, is refused and not recorded, so it can be sent again once the account is active
// (docs/decisions.md, 'Imported changes'). A file whose signatures do not hold is refused whole.

export const importAuthorUnknown = 'The author of this change is not a user of this server; it was not applied.';

export interface ImportAuthor extends AuthUser {
  active: boolean;
}

/** The authors of an import, as the server knows them; only an Admin may send one. */
export async function importAuthors(db: Db, sender: AuthUser, authorIds: readonly (string | undefined)[]): Promise<Map<string, ImportAuthor>> {
  if (!can(sender.role, 'manageStaff')) throw forbidden("Only an Admin may send another device's unsent changes.");
  const ids = [...new Set(authorIds.filter((id): id is string => !!id))];
  const found =
    ids.length === 0
      ? []
      : await db.select({ id: users.id, name: users.name, email: users.email, role: users.role, active: users.status }).from(users).where(inArray(users.id, ids)).all();
  return new Map(found.map((user) => [user.id, user]));
}

type ImportedRequest = MutationRequest & { authorId?: string; signature?: string };

/** Whether each entry carries its named author's signature; refused whole (422) when one does not. */
export async function assertEntriesSigned(db: Db, requests: readonly ImportedRequest[]): Promise<void> {
  for (const request of requests) {
    const text = entrySigningText({ ...request, clientId: request.clientId ?? '', createdAt: request.createdAt ?? '' });
    if (!request.authorId || !(await signedBy(db, request.authorId, request.clientId ?? '', text, request.signature))) throw new HttpError(422, outboxFileWords.edited);
  }
}

/** Whether the file is whole as its exporter signed it, and each entry as its author did; 422 when not. */
export async function assertFileSigned(db: Db, file: OutboxFile): Promise<void> {
  const { signature, ...signed } = file;
  if (!file.exportedById || !(await signedBy(db, file.exportedById, file.clientId, fileSigningText(signed), signature))) throw new HttpError(422, outboxFileWords.edited);
  await assertEntriesSigned(
    db,
    file.entries.map((entry) => ({ ...entry, clientId: entry.clientId })),
  );
}

/** Why an entry of this author is not applied, or null when it runs with the author's rights now. */
function authorRefusal(authorId: string | undefined, authors: ReadonlyMap<string, ImportAuthor>): { status: number; message: string } | null {
  if (!authorId) return { status: 422, message: outboxFileWords.noAuthor };
  const author = authors.get(authorId);
  if (!author) return { status: 422, message: importAuthorUnknown };
  if (!author.active) return { status: 403, message: outboxFileWords.authorInactive(author.name) };
  return null;
}

/**
 * Applies an imported outbox in its order, each run of one author's entries as that author, with the
 * role they hold now; an entry refused for its author is answered in words. Answers pair with the
 * entries by position, as a push's do.
 */
export async function applyImported(
  requests: readonly ImportedRequest[],
  authors: ReadonlyMap<string, ImportAuthor>,
  apply: (author: AuthUser, run: MutationRequest[]) => Promise<MutationOutcome[]>,
  refuse: (request: MutationRequest, status: number, message: string) => MutationOutcome,
): Promise<MutationOutcome[]> {
  const outcomes: MutationOutcome[] = [];
  let at = 0;
  while (at < requests.length) {
    const authorId = requests[at]!.authorId;
    let end = at + 1;
    while (end < requests.length && requests[end]!.authorId === authorId) end++;
    const run = requests.slice(at, end);
    const refusal = authorRefusal(authorId, authors);
    if (refusal) outcomes.push(...run.map((request) => refuse(request, refusal.status, refusal.message)));
    else {
      const { id, name, email, role } = authors.get(authorId!)!;
      outcomes.push(...(await apply({ id, name, email, role: role as Role }, run)));
    }
    at = end;
  }
  return outcomes;
}
