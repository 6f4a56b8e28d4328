import { db } from '@/db/instance';
import { priceCannedJob, type CannedLineRef, type CatalogueEntry, type PricedCannedJob } from '@shared/domain/canned-jobs';
import type { CannedJobLine } from '@shared/entities/canned-jobs';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import { newRecordId } from '@shared/sync/record-id';
import type { JobLineInput } from '@shared/schemas/job-card';

/** A canned job's stored lines; a damaged column reads as none rather than breaking the screen. */
export function cannedLinesOf(row: { linesJson: string }): CannedJobLine[] {
  try {
    const parsed = JSON.parse(row.linesJson || '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as CannedJobLine[]) : [];
  } catch {
    return [];
  }
}

export interface CannedJobAsLines extends Omit<PricedCannedJob, 'lines'> {
  name: string;
  /** Ordinary lines, each with an id of its own, ready for a job card (or an estimate). */
  lines: JobLineInput[];
}

/**
 * A canned job as the lines it adds now (issue 45): its services and parts read from this device's
 * catalogue in two key reads, priced by the shared rule (shared/domain/canned-jobs.ts). Offline too.
 */
export async function cannedJobAsLines(cannedJobId: string): Promise<CannedJobAsLines | null> {
  const job = await db.cannedJobs.get(cannedJobId);
  if (!job || job.deleted) return null;
  const refs = cannedLinesOf(job);
  const ids = (kind: CannedLineRef['kind']) => [...new Set(refs.filter((line) => line.kind === kind).map((line) => line.refId))];
  const serviceIds = ids('service');
  const itemIds = ids('item');
  const [services, items] = await Promise.all([db.services.bulkGet(serviceIds), db.items.bulkGet(itemIds)]);
  const catalogue = new Map<string, CatalogueEntry>();
  services.forEach((row, index) => row && !row.deleted && catalogue.set(`service:${serviceIds[index]}`, { name: row.name, priceCents: row.priceCents }));
  items.forEach(
    (row, index) => row && !row.deleted && catalogue.set(`item:${itemIds[index]}`, { name: row.itemName, priceCents: row.unitPriceCents, warrantyMonths: row.warrantyMonths }),
  );
  const priced = priceCannedJob(refs, job.packagePriceCents, (line) => catalogue.get(`${line.kind}:${line.refId}`));
  return {
    name: job.name,
    residualCents: priced.residualCents,
    missing: priced.missing,
    lines: priced.lines.map((line) => ({
      id: newRecordId(),
      kind: line.kind,
      refId: line.refId,
      name: line.name,
      quantity: fromHundredths(line.quantityHundredths),
      unitPrice: fromCents(line.unitPriceCents),
      warranty: line.warranty,
      quickAdded: false,
    })),
  };
}
