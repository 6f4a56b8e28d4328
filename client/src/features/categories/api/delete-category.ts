import { db } from '../../../db/instance';
import { runLocalMutation } from '../../../sync/local-mutation';

export async function deleteCategory(id: string): Promise<void> {
  await runLocalMutation(db, 'deleteCategory', { id });
}
