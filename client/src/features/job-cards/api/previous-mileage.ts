import Dexie from 'dexie';
import { jobCards } from './job-tables';
import { normalizePlate } from '@shared/schemas/job-card';

/**
 * The mileage of the plate's latest visit before this job (spec 7, previous-mileage), from the
 * device's jobs through the [plate+dateIn] index: newest first, skipping the job being edited.
 */
export async function previousMileage(plate: string, excludeId?: string | null, before?: string | null): Promise<number | null> {
  const normalized = normalizePlate(plate);
  if (!normalized) return null;
  // An existing job's previous visit is the one before it, not a later one.
  const visits = jobCards
    .where('[vehicleLicensePlate+dateIn]')
    .between([normalized, Dexie.minKey], [normalized, before ?? Dexie.maxKey], true, !before)
    .reverse();
  const latest = await visits.filter((job) => job.id !== excludeId).first();
  return latest ? latest.currentMileage : null;
}
