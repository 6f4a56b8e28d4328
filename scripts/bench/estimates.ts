// `npm run bench -- --only estimates` (issue 45): the device's work behind the estimates screens, in
// Node over fake-indexeddb (an upper bound: Chromium's IndexedDB answers these reads faster).
// - a canned job of 12 lines added to a job card: its catalogue rows read, priced, the draft written;
//   goal < 50 ms.
import 'fake-indexeddb/auto';
import { newRecordId } from '@shared/sync/record-id';

export const estimatesGoals = { cannedJobMs: 50 } as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface EstimatesReport {
  cannedJobMs: number;
  lines: number;
}

export async function runEstimatesBench(log: (line: string) => void, runs = 15): Promise<EstimatesReport> {
  const { db } = await import('@/db/instance');
  const { cannedJobAsLines } = await import('@/lib/canned-job-lines');
  const now = new Date().toISOString();
  const base = { version: 1, deleted: false, updatedAt: now };
  // A catalogue of a big shop's size around the canned job: 200 services, 5,000 items.
  const services = Array.from({ length: 200 }, (_, i) => ({ ...base, id: newRecordId(), serviceId: `SRV-${i}`, name: `Service ${i}`, priceCents: 150000 + i }));
  const items = Array.from({ length: 5000 }, (_, i) => ({
    ...base,
    id: newRecordId(),
    itemName: `Part ${i}`,
    barcode: `B${i}`,
    categoryId: null,
    unitPriceCents: 2500 + i,
    stockHundredths: 1000,
    reorderLevel: 0,
    description: '',
    isService: false,
    warrantyMonths: i % 3,
  }));
  await db.services.bulkPut(services as never);
  await db.items.bulkPut(items as never);
  const lines = [
    ...services.slice(0, 4).map((s) => ({ kind: 'service', refId: s.id, name: s.name, quantity: 1 })),
    ...items.slice(100, 108).map((item, i) => ({ kind: 'item', refId: item.id, name: item.itemName, quantity: 1 + i * 0.5 })),
  ];
  const cannedJob = { ...base, id: newRecordId(), name: 'Major service', linesJson: JSON.stringify(lines), packagePriceCents: 4_500_000 };
  await db.cannedJobs.put(cannedJob as never);

  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const added = await cannedJobAsLines(cannedJob.id);
    // What the job card form does with them: its draft written with the new lines (job-drafts.ts).
    await db.jobDrafts.put({ key: 'new', value: { form: { addedLines: added!.lines } }, savedAt: now } as never);
    times.push(performance.now() - started);
    if (added!.lines.length !== 12 || added!.residualCents !== 0) throw new Error('the canned job did not price as 12 lines adding up to its package');
  }
  const report = { cannedJobMs: Math.round(median(times) * 10) / 10, lines: lines.length };
  log(`  a canned job of ${report.lines} lines added to a job card: ${report.cannedJobMs} ms (median of ${runs}; goal < ${estimatesGoals.cannedJobMs} ms)`);
  db.close();
  return report;
}
