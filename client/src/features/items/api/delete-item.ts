import { db } from '../../../db/instance';
import { runLocalMutation } from '../../../sync/local-mutation';

export async function deleteItem(id: string): Promise<void> {
  await runLocalMutation(db, 'deleteItem', { id });
}
