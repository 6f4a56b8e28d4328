// `npm run seed -- --items 50000 --customers 20000 [--jobs 100000] [--invoices 100000 --unpaid 5000]
//                  [--categories 40] [--services 200] [--db ./data/garage.sqlite] [--seed garage] [--password admin123]`
// Fills a server database with a big shop's realistic data (see scripts/bench/seed-data.ts; invoices:
// scripts/bench/seed-invoices.ts).
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { openDb } from '@server/db/connection';
import { minPasswordLength } from '@shared/schemas/user';
import { checkInvariants, seedDatabase } from './bench/seed-data';
import { checkInvoiceInvariants, seedInvoices } from './bench/seed-invoices';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '50000' },
    customers: { type: 'string', default: '20000' },
    categories: { type: 'string', default: '40' },
    services: { type: 'string', default: '200' },
    jobs: { type: 'string', default: '0' },
    invoices: { type: 'string', default: '0' },
    unpaid: { type: 'string', default: '0' },
    db: { type: 'string', default: process.env.DB_FILE ?? './data/garage.sqlite' },
    seed: { type: 'string', default: 'garage' },
    password: { type: 'string', default: 'admin123' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'npm run seed -- --items 50000 --customers 20000 [--jobs 100000] [--invoices 100000 --unpaid 5000] [--categories 40] [--services 200] [--db file] [--seed text] [--password text]',
  );
  process.exit(0);
}

function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number of at least 0 (got "${text}").`);
    process.exit(2);
  }
  return value;
}

const options = {
  items: count('items', values.items),
  customers: count('customers', values.customers),
  categories: count('categories', values.categories),
  services: count('services', values.services),
  jobs: count('jobs', values.jobs),
  invoices: count('invoices', values.invoices),
  unpaid: count('unpaid', values.unpaid),
  seed: values.seed,
  password: values.password,
};
if (options.unpaid > options.invoices) {
  console.error(`--unpaid (${options.unpaid}) cannot be more than --invoices (${options.invoices}).`);
  process.exit(2);
}
if (options.password.length < minPasswordLength) {
  console.error(`--password must be at least ${minPasswordLength} characters (the app refuses shorter ones).`);
  process.exit(2);
}

const file = resolve(values.db);
const db = await openDb(file);
try {
  const result = await seedDatabase(db, options);
  const { created, totals, ms } = result;
  console.log(`Seeded ${file} (seed "${options.seed}") in ${(ms.total / 1000).toFixed(2)} s`);
  console.log(`  generate + validate ${(ms.generate / 1000).toFixed(2)} s, write ${(ms.write / 1000).toFixed(2)} s, password hash ${Math.round(ms.hash)} ms`);
  console.table({
    categories: { created: created.categories, live: totals.categories },
    services: { created: created.services, live: totals.services },
    customers: { created: created.customers, live: totals.customers },
    items: { created: created.items, live: totals.items },
    'stock movements': { created: created.stockMovements, live: totals.stockMovements },
    'job cards': { created: created.jobCards, live: totals.jobCards },
    'job lines': { created: created.jobLines, live: totals.jobLines },
    'job status changes': { created: created.jobStatusChanges, live: totals.jobStatusChanges },
  });
  if (options.invoices > 0) {
    const sales = await seedInvoices(db, { invoices: options.invoices, unpaid: options.unpaid, seed: options.seed });
    console.log(`  invoices: generate + validate ${(sales.ms.generate / 1000).toFixed(2)} s, write ${(sales.ms.write / 1000).toFixed(2)} s`);
    console.table({
      invoices: { created: sales.created.invoices, live: sales.totals.invoices },
      'invoice lines': { created: sales.created.invoiceLines, live: sales.totals.invoiceLines },
      payments: { created: sales.created.payments, live: sales.totals.payments },
      'sale stock movements': { created: sales.created.stockMovements, live: sales.totals.stockMovements },
    });
    const bulk = sales.samples.bulkCustomer;
    console.log(`  unpaid invoices ${sales.totals.unpaid}` + (bulk ? `; ${bulk.name} owes on ${bulk.openInvoices} of them (the bulk payment's customer)` : ''));
    const wrong = await checkInvoiceInvariants(db);
    if (wrong.length) {
      console.error(`  The invoices break their invariants: ${wrong.join('; ')}`);
      process.exitCode = 1;
    }
    result.versions.to = sales.versions.to;
  }
  const broken = await checkInvariants(db);
  if (broken.length) {
    console.error(`  The database breaks the sync core's invariants: ${broken.join('; ')}`);
    process.exitCode = 1;
  }
  console.log(`  versions ${result.versions.from}..${result.versions.to}`);
  console.log(result.admin.created ? `  Admin account created: ${result.admin.email} / ${options.password}` : '  Users already exist: no Admin account added.');
} finally {
  db.$client.close();
}
