// The register's and the due list's figures (issues 8 and 9) as Markdown, for report.ts.
import type { BundleReport } from './bundle-size';
import type { InvoiceSeedResult } from './seed-invoices';
import { salesTargets, type SalesGroup, type SalesSample, type SalesScreensReport } from './sales-screens';

/**
 * The entry JS (gzip) after the last change to it before issues 8 and 9 (commit 10c67f6): it must
 * not grow. That commit gave 171.1 KB; measured as this bench measures (measureBundle), 170.9 KB.
 */
export const entryJsGzipBefore = { commit: '10c67f6', reportedKb: 171.1, measuredKb: 170.9 };

const ms = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : 'n/a');
const int = (value: number) => value.toLocaleString('en-US');

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function table(header: string[], rows: (string | number)[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

const groupNames: Record<SalesGroup, string> = {
  scan: "Register: scanner Enter (8 ms a key before it) → the cart's new or updated line",
  print: 'Register: Confirm Payment (guest) → the print dialog (window.print called)',
  dueFilter: 'Due list: a filter (invoice number keystroke, customer chosen, date) → its rows',
  duePage: 'Due list: pager click → the new page',
  bulkPreview: "Bulk Payment: an amount keystroke → the allocation preview's rows (200 open invoices)",
};

export function salesStats(samples: SalesSample[], group: SalesGroup) {
  const timed = samples.filter((s) => s.group === group && !s.first);
  const values = timed.filter((s) => s.status === 'changed').map((s) => s.ms);
  return { n: timed.length, failed: timed.length - values.length, median: median(values), max: values.length ? Math.max(...values) : NaN };
}

const verdict = (value: number, target: number) => (Number.isFinite(value) ? (value < target ? 'met' : '**missed**') : 'not measured');

/** Summary rows: each goal with its median and max (first times after a page load apart), and the entry JS. */
export function salesSummary(report: SalesScreensReport | null | undefined, bundle: BundleReport): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const group of Object.keys(salesTargets) as SalesGroup[]) {
    if (!report) break;
    const s = salesStats(report.samples, group);
    if (s.n === 0) continue;
    rows.push([
      `${groupNames[group]} (${s.n}${s.failed ? `, ${s.failed} never changed` : ''})`,
      `< ${salesTargets[group]} ms`,
      `median ${ms(s.median)}, max ${ms(s.max)}`,
      s.failed ? '**missed**' : verdict(s.max, salesTargets[group]),
    ]);
  }
  const jsKb = bundle.entryTotal.jsGzip / 1024;
  const before = entryJsGzipBefore;
  rows.push([
    'Client entry JS, gzip (the scripts index.html loads)',
    `must not grow: ${before.reportedKb} KB at ${before.commit} (${before.measuredKb} KB measured this way)`,
    `${jsKb.toFixed(1)} KB`,
    jsKb <= before.measuredKb + 0.05 ? 'met' : `**grew ${(jsKb - before.measuredKb).toFixed(1)} KB** since ${before.commit}`,
  ]);
  return rows;
}

export function renderSales(report: SalesScreensReport, seeded: InvoiceSeedResult | null | undefined): string[] {
  const groups = new Map<string, { group: SalesGroup; action: string; first: boolean; values: number[]; frames: number[]; other: string[]; after: string }>();
  for (const s of report.samples) {
    const key = `${s.group}|${s.action}|${s.first ? 1 : 0}`;
    const entry = groups.get(key) ?? { group: s.group, action: s.action, first: !!s.first, values: [], frames: [], other: [], after: '' };
    if (s.status === 'changed') {
      entry.values.push(s.ms);
      entry.frames.push(s.frameMs);
    } else entry.other.push(s.status);
    entry.after = s.after || entry.after;
    groups.set(key, entry);
  }
  const bulk = seeded?.samples.bulkCustomer;
  const prints = report.samples.filter((s) => s.group === 'print' && s.status === 'changed');
  return [
    '### Register and due list (issues 8 and 9; timed inside the page)',
    '',
    (seeded
      ? `Data: ${int(seeded.totals.invoices)} invoices (${int(seeded.totals.unpaid)} unpaid) with ${int(seeded.totals.invoiceLines)} lines and ${int(seeded.totals.payments)} payments` +
        (bulk ? `; the fleet customer '${bulk.name}' owes on ${bulk.openInvoices} of them` : '') +
        '. '
      : '') +
      `The due list opened (a reload) with its first rows after ${report.dueFirstRowsMs === null ? 'never' : ms(report.dueFirstRowsMs)} (${report.dueCaption}); the bulk preview listed ${report.bulkRows} invoices. ` +
      '"first" = the first time after the page loaded (its code and the indexes maybe still loading), not in the medians above.',
    '',
    prints.length
      ? `Confirm Payment → print, where the time goes (medians): the payment modal gone after ${ms(median(prints.map((s) => s.modalClosedMs ?? NaN)))}, the cart emptied after ${ms(median(prints.map((s) => s.cartEmptiedMs ?? NaN)))}, the documents drawn after ${ms(median(prints.map((s) => s.drawnMs ?? NaN)))}, \`window.print()\` after ${ms(median(prints.map((s) => s.ms)))} (of which 100 ms is the print job's deliberate wait after drawing, spec 9).`
      : '',
    '',
    table(
      ['Screen', 'Action', 'Runs', 'Median / max', 'Frame median / max', 'After'],
      [...groups.values()].map((g) => [
        g.group,
        `${g.action.replace(/\|/g, '\\|')}${g.first ? ' (first)' : ''}`,
        g.values.length + (g.other.length ? ` (+${g.other.length} ${[...new Set(g.other)].join(', ')})` : ''),
        `${ms(median(g.values))} / ${ms(g.values.length ? Math.max(...g.values) : NaN)}`,
        `${ms(median(g.frames))} / ${ms(g.frames.length ? Math.max(...g.frames) : NaN)}`,
        g.after.replace(/\|/g, '\\|'),
      ]),
    ),
  ];
}
