import { db } from '../db/instance';
import { useSession } from '../session/session-store';
import { getSigningKey } from '../session/session-storage';
import { BatchCallError, runLocalMutation, runLocalMutations, runLocalUpdate, ValidationError, type Author, type LocalCall } from './local-mutation';
import type { MutationInput, MutationName } from '@shared/mutations/definitions';
import type { OutboxEntry } from '../db/db';

/** The logged-in user as the author of a change made on this device. */
export function currentAuthor(): Author {
  const user = useSession.getState().user;
  if (!user) throw new ValidationError('Please log in again to make changes.');
  return { id: user._id, name: user.name, role: user.role, signingKey: getSigningKey(user._id) };
}

/**
 * A change made by the logged-in user on this device's database (the screens' one way to write). The
 * arguments are typed by the mutation's schema: a wrong or missing one does not compile
 * (mutate.types.test.ts).
 */
export function mutate<N extends MutationName>(name: N, args: MutationInput<N>): Promise<OutboxEntry> {
  return runLocalMutation(db, currentAuthor(), name, args as Record<string, unknown>);
}

/**
 * Changes made together by the logged-in user, each still its own operation in the outbox, written in
 * one transaction (all or none): one transaction for each costs more than their writes when there
 * are hundreds ('Order' from low stock, issue 44). `independent`: no change reads what another
 * writes, so their applies run at once where their touched records are apart.
 */
export async function mutateAll(calls: readonly LocalCall[], { independent = false } = {}): Promise<OutboxEntry[]> {
  if (calls.length === 0) return [];
  try {
    return await runLocalMutations(db, currentAuthor(), calls, independent ? { tables: [], write: async () => undefined, independent } : undefined);
  } catch (error) {
    throw error instanceof BatchCallError ? error.cause : error;
  }
}

/** An edit form's save: only what the user changed since the form showed `original`. */
export function mutateEdit(name: MutationName, id: string, input: Record<string, unknown>, original: Record<string, unknown> | null | undefined): Promise<OutboxEntry | null> {
  return runLocalUpdate(db, currentAuthor(), name, id, input, original);
}
