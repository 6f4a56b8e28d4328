import { mutateEdit } from '@/sync/mutate';
import type { CategoryInput, CategoryRow } from '@shared/schemas/category';

/** Saves what the user changed since the form showed `original` (per-field last-writer-wins on the server). */
export async function updateCategory(original: CategoryRow, input: CategoryInput): Promise<void> {
  await mutateEdit('updateCategory', original.id, input, original as unknown as Record<string, unknown>);
}
