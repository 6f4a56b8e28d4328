import { mutateEdit } from '@/sync/mutate';
import type { ServiceRow } from '@shared/schemas/service';

/** Saves what the user changed since the form showed `original` (per-field last-writer-wins on the server). */
export async function updateService(original: ServiceRow, input: { name: string; price: string }): Promise<void> {
  await mutateEdit('updateService', original.id, input, original as unknown as Record<string, unknown>);
}
