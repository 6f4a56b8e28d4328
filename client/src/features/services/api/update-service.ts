import { db } from '../../../db/instance';
import { runLocalUpdate } from '../../../sync/local-mutation';

export async function updateService(id: string, input: { name: string; price: string }): Promise<void> {
  await runLocalUpdate(db, 'updateService', id, input);
}
