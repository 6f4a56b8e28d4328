import { db } from '../../../db/instance';
import { runLocalMutation } from '../../../sync/local-mutation';

export async function deleteService(id: string): Promise<void> {
  await runLocalMutation(db, 'deleteService', { id });
}
