// The Job History Report's PDF at scale (issue 10, Scale: 10,000 rows under 5 s), built in Node with
// the shared builder and the report's own row mapping and content, as the browser's worker builds it.
//
//   npx tsx scripts/bench/report-bench.ts [--rows 10000] [--runs 3] [--out /tmp/job_history_report.pdf]
//
// In the browser the page times itself: each 'Download PDF' leaves a performance measure named
// 'job-history-pdf' whose detail is { rows, readMs, buildMs, totalMs } (readMs: the rows read from
// IndexedDB on the page; buildMs: the worker's build). In DevTools, or from Playwright's
// page.evaluate, after a download:
//
//   performance.getEntriesByName('job-history-pdf').at(-1).detail
//
// client/e2e/job-history.spec.ts prints it for 10,000 jobs when JOB_HISTORY_BENCH=1.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { jsPDF } from 'jspdf';
import { buildReportPdf } from '@shared/reports/report-pdf';
import { jobHistoryCells } from '@/features/reports/job-history/api/job-history-row';
import { jobHistoryPdfContent } from '@/features/reports/job-history/api/job-history-pdf';
import { Random } from './random';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const rowCount = Number(values.rows);
const runs = Math.max(1, Number(values.runs));

const firstNames = ['Nimal', 'Sunil', 'Kamal', 'Chaminda', 'Dilani', 'Esala', 'Kasun', 'Tharindu', 'Ishara', 'Ruwan'];
const lastNames = ['Perera', 'Silva', 'Fernando', 'Bandara', 'Jayasinghe', 'Wickramasinghe', 'Dissanayake', 'Gunawardena'];
const vehicles = [
  ['Toyota', 'Axio'],
  ['Honda', 'Fit'],
  ['Suzuki', 'Alto'],
  ['Nissan', 'Sunny'],
  ['Mitsubishi', 'Lancer'],
  ['', ''],
];
const statuses = ['Finished', 'Finished', 'Finished', 'Open', 'Suspended'] as const;

type ReportedJob = Parameters<typeof jobHistoryCells>[0];

/** Jobs of the shape the device holds, an hour apart, newest first; most finished ones invoiced. */
function jobs(count: number): ReportedJob[] {
  const seeded = new Random(20261123);
  const next = () => seeded.next();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const [make, model] = pick(vehicles);
    const status = pick(statuses);
    const invoiced = status === 'Finished' && next() < 0.6;
    return {
      dateIn: new Date(Date.UTC(2026, 10, 23) - i * 3_600_000).toISOString(),
      jobNumber: `JOB-${String(count - i).padStart(4, '0')}`,
      customerName: `${pick(firstNames)} ${pick(lastNames)}`,
      customerPhone: `07${Math.floor(next() * 1e8)
        .toString()
        .padStart(8, '0')}`,
      vehicleLicensePlate: `${pick(['CAB', 'WP', 'KX', 'CBA'])}-${Math.floor(1000 + next() * 9000)}`,
      vehicleMake: make!,
      vehicleModel: model!,
      status,
      invoiceId: invoiced ? `inv-${i}` : null,
      invoiceNo: invoiced && next() < 0.9 ? `INV-D7K2Q-${String(i).padStart(5, '0')}` : null,
    };
  });
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const source = jobs(rowCount);
const mapTimes: number[] = [];
const buildTimes: number[] = [];
const outputTimes: number[] = [];
for (let run = 0; run < runs; run++) {
  const mapStart = performance.now();
  const rows = source.map((job) => jobHistoryCells(job));
  mapTimes.push(performance.now() - mapStart);
  let progressCalls = 0;
  const buildStart = performance.now();
  const doc = buildReportPdf({ JsPdf: jsPDF }, jobHistoryPdfContent(rows, '', new Date()), () => progressCalls++);
  buildTimes.push(performance.now() - buildStart);
  const outputStart = performance.now();
  const pdf = doc.output('arraybuffer');
  outputTimes.push(performance.now() - outputStart);
  const pages = doc.getNumberOfPages();
  const bytes = pdf.byteLength;
  if (run === 0 && values.out) writeFileSync(values.out, Buffer.from(pdf));
  console.log(
    `run ${run + 1}/${runs}: ${rowCount.toLocaleString('en-US')} rows → ${pages} pages, ${(bytes / 1024).toFixed(0)} KiB; ` +
      `rows ${mapTimes.at(-1)!.toFixed(0)} ms, table ${buildTimes.at(-1)!.toFixed(0)} ms, output ${outputTimes.at(-1)!.toFixed(0)} ms ` +
      `(${progressCalls} progress calls)`,
  );
}
const total = mapTimes.map((map, i) => map + buildTimes[i]! + outputTimes[i]!);
console.log(
  `\nJob History Report PDF in Node ${process.version}, ${rowCount.toLocaleString('en-US')} rows, median of ${runs}: ` +
    `${median(total).toFixed(0)} ms (rows ${median(mapTimes).toFixed(0)}, table ${median(buildTimes).toFixed(0)}, output ${median(outputTimes).toFixed(0)}); ` +
    `target under 5,000 ms${values.out ? `; written to ${values.out}` : ''}`,
);
