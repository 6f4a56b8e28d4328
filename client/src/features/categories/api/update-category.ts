import { db } from '../../../db/instance';
import { runLocalUpdate } from '../../../sync/local-mutation';
import type { CategoryInput } from '../../../../../shared/schemas/category';

export async function updateCategory(id: string, input: CategoryInput): Promise<void> {
  await runLocalUpdate(db, 'updateCategory', id, input);
}
