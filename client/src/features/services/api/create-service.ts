import { db } from '../../../db/instance';
import { runLocalMutation } from '../../../sync/local-mutation';

/** Adds a service on this device; its SRV number comes from the server when it syncs. */
export async function createService(input: { name: string; price: string }): Promise<string> {
  const id = crypto.randomUUID();
  await runLocalMutation(db, 'createService', { ...input, id });
  return id;
}
