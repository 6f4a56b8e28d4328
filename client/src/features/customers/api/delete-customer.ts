import { db } from '../../../db/instance';
import { runLocalMutation } from '../../../sync/local-mutation';

export async function deleteCustomer(id: string): Promise<void> {
  await runLocalMutation(db, 'deleteCustomer', { id });
}
