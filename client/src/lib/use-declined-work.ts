import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { plateKey } from '@shared/domain/search-shape';
import type { EstimateLineRow, EstimateRow } from '@shared/schemas/estimate';

/** Work a customer declined on an estimate for this vehicle (issue 45), to offer again. */
export interface DeclinedWork {
  id: string;
  name: string;
  totalCents: number;
  /** When it was declined. */
  decidedAt: string;
  estimateId: string;
  estimateNumber: string;
}

/** The vehicle's declined lines, newest first, read from the device by the estimates' plate key (offline too). */
export async function loadDeclinedWork(plate: string): Promise<DeclinedWork[]> {
  const key = plateKey(plate);
  if (!key) return [];
  const estimates = (await db.estimates.where('plateKey').equals(key).toArray()) as EstimateRow[];
  const live = estimates.filter((estimate) => !estimate.deleted);
  if (live.length === 0) return [];
  const byId = new Map(live.map((estimate) => [estimate.id, estimate]));
  const lines = (await db.estimateLines
    .where('estimateId')
    .anyOf([...byId.keys()])
    .toArray()) as EstimateLineRow[];
  return lines
    .filter((line) => !line.deleted && line.decision === 'declined')
    .map((line) => ({
      id: line.id,
      name: line.name,
      totalCents: line.totalCents,
      decidedAt: line.decidedAt ?? line.updatedAt,
      estimateId: line.estimateId,
      estimateNumber: byId.get(line.estimateId)!.estimateNumber,
    }))
    .sort((a, b) => b.decidedAt.localeCompare(a.decidedAt) || a.name.localeCompare(b.name));
}

export function useDeclinedWork(plate: string): DeclinedWork[] | undefined {
  return useLiveQuery(() => loadDeclinedWork(plate), [plate]);
}
