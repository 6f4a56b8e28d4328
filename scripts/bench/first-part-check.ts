// Issue 28's check that the snapshots' first parts give the top bar the right rows: on a device kept
// by `top-search.ts --keep DIR`, each table's first page of a set of searches as the top bar asks it
// right after a reload (five rows, no total; the first part answers where it holds them), against a
// plain filter and sort of every row. Prints each mismatch and exits 1 if there is any.
//   npx tsx scripts/bench/first-part-check.ts --keep DIR
import { parseArgs } from 'node:util';
import { callInPage, openKeptDevice } from './app-session';

const { values } = parseArgs({ options: { keep: { type: 'string' } } });
if (!values.keep) throw new Error('--keep DIR: a device kept by top-search.ts');
const { session, plan } = await openKeptDevice(values.keep);
// Every prefix of each planned query (a key at a time, as typed), and a few broad words.
const searches = [
  ...new Set([...plan.queries.flatMap(([, typed]) => Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1).toLowerCase())), 'pe', 'sil', 'oil f', 'wp']),
];
let wrong = 0;
try {
  for (const table of ['customers', 'items', 'jobCards', 'invoices']) {
    const pages = await callInPage<{ search: string; got: string[]; want: string[] }[]>(
      session.page,
      `window.__garageBench.firstPages(${JSON.stringify(table)}, ${JSON.stringify(searches)})`,
    );
    const bad = pages.filter((page) => page.got.join() !== page.want.join());
    wrong += bad.length;
    const found = pages.filter((page) => page.want.length > 0).length;
    console.log(`${table}: ${pages.length - bad.length} of ${pages.length} first pages as a sort of every row gives (${found} with matches)`);
    for (const page of bad) console.log(`  '${page.search}': got ${page.got.join(' ')}; want ${page.want.join(' ')}`);
  }
} finally {
  await session.close();
}
process.exit(wrong > 0 ? 1 : 0);
