import { randomBytes } from 'node:crypto';
import type { Db } from '@server/db/connection';
import { hashPassword } from '@server/auth/passwords';
import { currentVersion, nextSequence } from '@server/sync/versions';
import { findMutation } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { openingMovementId } from '@shared/mutations/items';
import { toHundredths } from '@shared/domain/quantity';
import { formatJobNumber } from '@server/mutations/job-cards/job-rules';
import { syncedTables, type SyncedTable } from '@shared/sync/tables';
import { getTableName } from 'drizzle-orm';
import { syncedTableObjects } from '@server/db/schema';
import { Random } from './random';
import { planJobs, type JobPools } from './seed-jobs';
import {
  businessNames,
  cities,
  emailDomains,
  firstNames,
  fitments,
  partCategories,
  phonePrefixes,
  plateLetters,
  serviceKinds,
  serviceVehicleClasses,
  streets,
  surnames,
  vehicleModels,
  type PartCategory,
} from './vocabulary';

export interface SeedOptions {
  items: number;
  customers: number;
  categories: number;
  services: number;
  /** Job cards (with their lines and status history); 0 when not given. */
  jobs?: number;
  /** Same seed, same data (ids, names, barcodes, prices) on a fresh database. */
  seed: string;
  /** The Admin account's password, used only when the database has no user yet. */
  password: string;
  adminEmail?: string;
}

export interface SeedResult {
  created: {
    categories: number;
    services: number;
    customers: number;
    items: number;
    stockMovements: number;
    jobCards: number;
    jobLines: number;
    jobStatusChanges: number;
  };
  /** Live rows per table after seeding (what a device's mirror must hold after a full pull). */
  totals: {
    categories: number;
    services: number;
    customers: number;
    items: number;
    company: number;
    stockMovements: number;
    jobCards: number;
    jobLines: number;
    jobStatusChanges: number;
  };
  admin: { email: string; created: boolean };
  versions: { from: number; to: number };
  ms: { hash: number; generate: number; write: number; total: number };
  /** Real values from the data, for benchmarks to search for. */
  samples: {
    barcodes: string[];
    phones: string[];
    plates: string[];
    itemNames: string[];
    customerNames: string[];
    /** Seeded job cards: finished ones (newest last), and the plate, phone and customer of one of them. */
    jobs: { finishedIds: string[]; openIds: string[]; plate: string; phone: string; customerName: string; jobNumber: string } | null;
  };
}

/** The server's table name of a synced table ('stockMovements' is stock_movements). */
const sqlTableName = (table: SyncedTable) => getTableName(syncedTableObjects[table]);

type Args = { id: string } & Record<string, unknown>;

/** What every seeded row's version is logged under in version_log, and its movements' mutationId. */
export const seedMutationId = 'seed';

/** The shared schema's reading of a mutation's arguments (trimmed, lower-cased emails, upper-cased plates...). */
function parseArgs(name: string, args: Args): Record<string, unknown> {
  const def = findMutation(name);
  if (!def) throw new Error(`unknown mutation ${name}`);
  const parsed = def.schema.safeParse(args);
  if (!parsed.success) throw new Error(`${name} refused seed data ${JSON.stringify(args)}: ${parsed.error.issues[0]?.message}`);
  return parsed.data as Record<string, unknown>;
}

/**
 * Turns a mutation's arguments into the stored row exactly as the app would: the shared schema
 * parses them and the shared field map turns them into columns (rupees into cents).
 */
function rowFromMutation(name: string, table: SyncedTable, args: Args): Record<string, unknown> {
  return { ...fieldsFromArgs(table, parseArgs(name, args)), id: args.id };
}

/**
 * An item as createItem stores it: the catalogue columns, and its opening stock (exact hundredths)
 * which the write below records as the item's opening movement at the item's version.
 */
function itemFromMutation(args: Args): { row: Record<string, unknown>; openingHundredths: number } {
  const parsed = parseArgs('createItem', args);
  const openingHundredths = toHundredths(Number(parsed.stockQuantity));
  return { row: { ...fieldsFromArgs('items', parsed), id: args.id, stockHundredths: openingHundredths }, openingHundredths };
}

/** SQLite's storage of a drizzle row: booleans as 0/1, JSON columns as text. */
function toSqlite(row: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'boolean') stored[key] = value ? 1 : 0;
    else if (value !== null && typeof value === 'object') stored[key] = JSON.stringify(value);
    else stored[key] = value;
  }
  return stored;
}

/** EAN-13 with the Sri Lankan GS1 prefix 479 and a valid check digit. */
function ean13(random: Random): string {
  const body = `479${random.digits(9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function unique(taken: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
}

/** Rupees rounded to tens, sometimes with fifty cents, in a range skewed to its cheap end. */
function price(random: Random, [min, max]: readonly [number, number]): number {
  const rupees = min * Math.pow(max / min, random.next() ** 1.4);
  const tens = Math.max(10, Math.round(rupees / 10) * 10);
  return random.chance(0.1) ? tens + 0.5 : tens;
}

function categoryPlan(count: number): PartCategory[] {
  const plan: PartCategory[] = [];
  for (let i = 0; i < count; i++) {
    const base = partCategories[i % partCategories.length]!;
    plan.push(i < partCategories.length ? base : { ...base, name: `${base.name} ${Math.floor(i / partCategories.length) + 1}` });
  }
  return plan;
}

function itemArgs(random: Random, id: string, category: { id: string; part: PartCategory }, names: Set<string>, barcodes: Set<string>): Args {
  const { part } = category;
  const variant = random.pick(part.variants);
  const base = `${random.pick(part.brands)} ${random.pick(part.products)}${variant ? ` ${variant}` : ''}`;
  const fits = part.fitted && random.chance(0.85) ? ` - ${random.pick(fitments)}` : '';
  // A shop's names are distinct: a clash gets a part code, as real shelves do.
  const itemName = unique(names, () => (names.has(base + fits) ? `${base} ${random.letters(2)}-${random.digits(4)}${fits}` : base + fits));
  const costPrice = price(random, part.cost);
  const unitPrice = Math.round((costPrice * (1.15 + random.next() * 0.35)) / 10) * 10;
  const reorderLevel = random.pick([0, 2, 5, 5, 10, 10, 20]);
  // About one item in ten is below its reorder level (the low stock report has work to show).
  const stockQuantity = reorderLevel > 0 && random.chance(0.1) ? random.int(0, reorderLevel - 1) : reorderLevel + Math.floor(random.next() ** 2 * 150);
  const description = random.chance(0.3) ? random.pick(['Genuine part', 'Imported from Japan', 'OEM quality', 'Made in India', 'Fast moving', '6 months warranty']) : '';
  return {
    id,
    itemName,
    barcode: unique(barcodes, () => ean13(random)),
    category: category.id,
    unitPrice,
    costPrice,
    stockQuantity,
    reorderLevel,
    description,
  };
}

function personName(random: Random): { first: string; last: string } {
  return { first: random.pick(firstNames), last: random.pick(surnames) };
}

function customerArgs(random: Random, id: string, phones: Set<string>, plates: Set<string>, firms: Set<string>): Args {
  const person = personName(random);
  const business = random.chance(0.08);
  const city = random.pick(cities);
  const town = city.replace(/ \d+$/, '');
  // A firm's name is its own: a clash takes the town, then a number ('Perera Motors Kandy 2').
  const firm = `${random.chance(0.5) ? person.last : town} ${random.pick(businessNames)}`;
  const customerName = business
    ? `${unique(firms, () => (firms.has(firm) ? (firms.has(`${firm} ${town}`) ? `${firm} ${town} ${random.int(2, 99)}` : `${firm} ${town}`) : firm))}${random.chance(0.4) ? ' (Pvt) Ltd' : ''}`
    : `${person.first} ${person.last}`;
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const email = business
    ? `info@${slug(customerName.replace(' (Pvt) Ltd', ''))}.lk`
    : `${slug(person.first)}.${slug(person.last)}${random.chance(0.6) ? random.int(1, 99) : ''}@${random.pick(emailDomains)}`;
  const vehicleCount = random.chance(0.7) ? 1 : random.chance(0.75) ? 2 : 3;
  const thisYear = new Date().getFullYear();
  const vehicles = Array.from({ length: vehicleCount }, () => {
    const { make, models } = random.pick(vehicleModels);
    return {
      make,
      model: random.pick(models),
      // Newer vehicles are more common; the oldest still on the road are from the mid nineties.
      year: thisYear - Math.floor(random.next() ** 1.6 * 30),
      licensePlate: unique(plates, () => `${random.letters(random.chance(0.7) ? 3 : 2, plateLetters)}-${random.digits(4)}`),
      vin: random.chance(0.25) ? `${random.letters(3)}${random.digits(3)}-${random.digits(7)}` : '',
    };
  });
  return {
    id,
    customerName,
    contactPerson: business ? `${person.first} ${person.last}` : '',
    email,
    phone: unique(phones, () => `${random.pick(phonePrefixes)}${random.digits(7)}`),
    address: `No. ${random.int(1, 450)}${random.chance(0.15) ? `/${random.pick(['A', 'B', '1', '2'])}` : ''}, ${random.pick(streets)}`,
    city,
    isGuest: false,
    customerType: 'regular',
    vehicles,
  };
}

function serviceNames(random: Random, count: number): { name: string; price: number }[] {
  const all = serviceKinds.flatMap((kind) =>
    serviceVehicleClasses.map((cls) => ({
      name: `${kind.name} - ${cls.name}`,
      range: [kind.price[0] * cls.factor, kind.price[1] * cls.factor] as const,
    })),
  );
  // Shuffle (Fisher-Yates) so a small count still covers many kinds of work.
  for (let i = all.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return Array.from({ length: count }, (_, i) => {
    const base = all[i % all.length]!;
    const round = Math.floor(i / all.length);
    return { name: round === 0 ? base.name : `${base.name} (Package ${round + 1})`, price: Math.round(price(random, base.range) / 50) * 50 };
  });
}

/**
 * Fills the database like a big shop's: categories, services, customers with vehicles and items,
 * each row as the app's create mutation would store it (an item with its opening stock movement at
 * the item's version), versions from the global counter and each logged in version_log, in one
 * transaction. Adds an Admin account when there is no user yet.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const sqlite = db.$client;
  // Same seed, same data on a fresh database; seeding again adds different rows (new ids) after it.
  const startVersion = await currentVersion(db);
  const random = new Random(startVersion === 0 ? options.seed : `${options.seed}@${startVersion}`);
  const adminEmail = options.adminEmail ?? 'admin@garage.lk';
  const now = new Date().toISOString();

  const hashStart = performance.now();
  const noUser = (sqlite.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n === 0;
  const passwordHash = noUser ? await hashPassword(options.password) : null;
  const hashMs = performance.now() - hashStart;

  // Generate every row first (schema-checked), then write them all in one transaction.
  const generateStart = performance.now();
  const existingCategories = new Map((sqlite.prepare('SELECT id, name FROM categories WHERE deleted = 0').all() as { id: string; name: string }[]).map((c) => [c.name, c.id]));
  const categoryRows: Record<string, unknown>[] = [];
  const categories = categoryPlan(options.categories).map((part) => {
    const id = existingCategories.get(part.name) ?? random.uuid();
    if (!existingCategories.has(part.name)) {
      categoryRows.push(rowFromMutation('createCategory', 'categories', { id, name: part.name, description: part.description }));
    }
    return { id, part };
  });

  const serviceRows = serviceNames(random, options.services).map((service) =>
    rowFromMutation('createService', 'services', { id: random.uuid(), name: service.name, price: service.price }),
  );

  const phones = new Set((sqlite.prepare('SELECT phone FROM customers').all() as { phone: string }[]).map((c) => c.phone));
  const plates = new Set<string>();
  for (const { vehicles } of sqlite.prepare('SELECT vehicles FROM customers').all() as { vehicles: string }[]) {
    for (const vehicle of JSON.parse(vehicles) as { licensePlate: string }[]) plates.add(vehicle.licensePlate);
  }
  const firms = new Set((sqlite.prepare('SELECT customerName FROM customers').all() as { customerName: string }[]).map((c) => c.customerName.replace(' (Pvt) Ltd', '')));
  const customerRows = Array.from({ length: options.customers }, () => rowFromMutation('createCustomer', 'customers', customerArgs(random, random.uuid(), phones, plates, firms)));

  const barcodes = new Set((sqlite.prepare('SELECT barcode FROM items WHERE deleted = 0').all() as { barcode: string }[]).map((i) => i.barcode));
  const names = new Set((sqlite.prepare('SELECT itemName FROM items WHERE deleted = 0').all() as { itemName: string }[]).map((i) => i.itemName));
  const items =
    categories.length === 0 ? [] : Array.from({ length: options.items }, () => itemFromMutation(itemArgs(random, random.uuid(), random.pick(categories), names, barcodes)));
  const itemRows = items.map((item) => item.row);
  const generateMs = performance.now() - generateStart;

  // The opening movements name who recorded them: the Admin made here (the only random draw after
  // generating, so the data stays what it was before movements existed), else an existing Admin.
  const existingAdmin = passwordHash
    ? undefined
    : (sqlite.prepare(`SELECT id, name FROM users ORDER BY role <> 'Admin', createdAt LIMIT 1`).get() as { id: string; name: string } | undefined);
  const adminId = passwordHash ? random.uuid() : (existingAdmin?.id ?? '');

  // Job cards last (after every other draw, so the rest of the data is what it was without them):
  // the existing live customers, items and services and this run's new ones are what jobs use.
  const jobsStart = performance.now();
  const jobs = (() => {
    if (!options.jobs) return [];
    const parseVehicles = (text: string) => JSON.parse(text) as JobPools['customers'][number]['vehicles'];
    const pools: JobPools = {
      customers: [
        ...(
          sqlite.prepare('SELECT id, customerName, phone, vehicles FROM customers WHERE deleted = 0 ORDER BY version').all() as {
            id: string;
            customerName: string;
            phone: string;
            vehicles: string;
          }[]
        ).map((c) => ({ ...c, vehicles: parseVehicles(c.vehicles) })),
        ...customerRows.map((c) => ({
          id: String(c.id),
          customerName: String(c.customerName),
          phone: String(c.phone),
          vehicles: c.vehicles as JobPools['customers'][number]['vehicles'],
        })),
      ],
      items: [
        ...(sqlite.prepare('SELECT id, itemName, unitPriceCents FROM items WHERE deleted = 0 ORDER BY version').all() as JobPools['items']),
        ...itemRows.map((i) => ({ id: String(i.id), itemName: String(i.itemName), unitPriceCents: Number(i.unitPriceCents) })),
      ],
      services: [
        ...(sqlite.prepare('SELECT id, name, priceCents FROM services WHERE deleted = 0 ORDER BY version').all() as JobPools['services']),
        ...serviceRows.map((r) => ({ id: String(r.id), name: String(r.name), priceCents: Number(r.priceCents) })),
      ],
      staff: { id: adminId, name: passwordHash ? 'Admin' : (existingAdmin?.name ?? 'Admin') },
    };
    return planJobs(random, options.jobs, pools, Date.now());
  })();
  const jobsGenerateMs = performance.now() - jobsStart;

  const writeStart = performance.now();
  const from = (await currentVersion(db)) + 1;
  let version = from - 1;
  let movements = 0;
  const jobNumbers: string[] = [];
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
  const prepared = (key: string, text: () => string) => {
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = sqlite.prepare(text())));
    return statement;
  };
  const write = (table: SyncedTable, row: Record<string, unknown>, at: number) => {
    const stored = toSqlite({ ...row, version: at, deleted: false, updatedAt: now });
    const columns = Object.keys(stored);
    const name = sqlTableName(table);
    prepared(`${table}:${columns.join(',')}`, () => `INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(
      stored,
    );
  };
  // Random bytes for the nonces drawn 64 KB at a time (one call per version was a tenth of the write).
  let entropy = Buffer.alloc(0);
  let entropyAt = 0;
  const nonce = () => {
    if (entropyAt + 8 > entropy.length) {
      entropy = randomBytes(65536);
      entropyAt = 0;
    }
    entropyAt += 8;
    return entropy.toString('hex', entropyAt - 8, entropyAt);
  };
  // Every version given out is logged with a nonce (server/src/sync/versions.ts), or a device's
  // cursor naming it would read as a history the server no longer has.
  const stamp = () => {
    version += 1;
    prepared('version_log', () => 'INSERT INTO version_log (version, nonce, mutationId) VALUES (@version, @nonce, @mutationId)').run({
      version,
      nonce: nonce(),
      mutationId: seedMutationId,
    });
    return version;
  };
  const insert = (table: SyncedTable, row: Record<string, unknown>) => write(table, row, stamp());
  // nextSequence(db, 'jobNumber') (server/src/sync/versions.ts) as two prepared statements: the same
  // SQL without drizzle building it again for each of 100,000 jobs.
  const nextJobSequence = () => {
    const name = { name: 'jobNumber' };
    prepared('jobNumber:insert', () => 'INSERT INTO counters (name, value) VALUES (@name, 0) ON CONFLICT DO NOTHING').run(name);
    return (prepared('jobNumber:next', () => 'UPDATE counters SET value = value + 1 WHERE name = @name RETURNING value').get(name) as { value: number }).value;
  };

  // One transaction of several hundred thousand rows with random UUID keys: SQLite's default page
  // cache (2 MB) would spill it to disk again and again. A big cache for this connection only.
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -524288');
  // SRV-0001...: the server's own sequence, so numbers continue after any existing service (taken
  // before the transaction below, which is better-sqlite3's own and synchronous).
  const serviceIds: string[] = [];
  for (const _row of serviceRows) serviceIds.push(`SRV-${String(await nextSequence(db, 'serviceId')).padStart(4, '0')}`);
  sqlite.transaction(() => {
    if (passwordHash) {
      sqlite
        .prepare(
          `INSERT INTO users (id, name, email, phoneNo, username, role, status, passwordHash, createdAt, updatedAt)
           VALUES (?, 'Admin', ?, '', ?, 'Admin', 1, ?, ?, ?)`,
        )
        .run(adminId, adminEmail, adminEmail.split('@')[0] ?? 'admin', passwordHash, now, now);
    }
    for (const row of categoryRows) insert('categories', row);
    for (const [index, row] of serviceRows.entries()) insert('services', { ...row, serviceId: serviceIds[index]! });
    for (const row of customerRows) insert('customers', row);
    // As createItem: the item and its opening movement are one change (one version); an item that
    // opens at 0 has no movement (its stock is still its opening plus its movements).
    for (const { row, openingHundredths } of items) {
      const at = stamp();
      write('items', row, at);
      if (openingHundredths === 0) continue;
      movements += 1;
      write(
        'stockMovements',
        {
          id: openingMovementId(String(row.id)),
          itemId: row.id,
          quantityHundredths: openingHundredths,
          reason: 'opening',
          source: 'seed',
          note: '',
          mutationId: seedMutationId,
          userId: adminId,
          createdAt: now,
        },
        at,
      );
    }
    // As createJobCard and then setJobCardStatus: the job, its opening status row and its lines at
    // the create's version; a finished or suspended job at its move's version, with that history row.
    // JOB-0001...: the server's own sequence, so the counter ends at the highest number given out.
    for (const { job, lines, opened, move } of jobs) {
      const created = stamp();
      const number = formatJobNumber(nextJobSequence());
      jobNumbers.push(number);
      write('jobStatusChanges', opened, created);
      for (const line of lines) write('jobLines', line, created);
      if (!move) {
        write('jobCards', { ...job, jobNumber: number }, created);
        continue;
      }
      const moved = stamp();
      write('jobCards', { ...job, jobNumber: number }, moved);
      write('jobStatusChanges', move, moved);
    }
    sqlite.prepare(`UPDATE counters SET value = ? WHERE name = 'version'`).run(version);
  })();
  sqlite.pragma(`cache_size = ${cacheSize}`);
  const writeMs = performance.now() - writeStart;

  const count = (table: string) => (sqlite.prepare(`SELECT COUNT(*) AS n FROM "${table}" WHERE deleted = 0`).get() as { n: number }).n;
  const customerSamples = customerRows.slice(0, 5);
  const finishedJobs = jobs.filter((j) => j.job.status === 'Finished');
  const sampleJob = finishedJobs.at(-100) ?? finishedJobs.at(-1);
  return {
    created: {
      categories: categoryRows.length,
      services: serviceRows.length,
      customers: customerRows.length,
      items: itemRows.length,
      stockMovements: movements,
      jobCards: jobs.length,
      jobLines: jobs.reduce((sum, j) => sum + j.lines.length, 0),
      jobStatusChanges: jobs.reduce((sum, j) => sum + (j.move ? 2 : 1), 0),
    },
    totals: {
      categories: count('categories'),
      services: count('services'),
      customers: count('customers'),
      items: count('items'),
      company: count('company'),
      stockMovements: count('stock_movements'),
      jobCards: count('job_cards'),
      jobLines: count('job_lines'),
      jobStatusChanges: count('job_status_changes'),
    },
    admin: { email: adminEmail, created: !!passwordHash },
    versions: { from, to: version },
    ms: { hash: hashMs, generate: generateMs + jobsGenerateMs, write: writeMs, total: performance.now() - started },
    samples: {
      barcodes: itemRows.slice(0, 5).map((row) => String(row.barcode)),
      itemNames: itemRows.slice(0, 5).map((row) => String(row.itemName)),
      phones: customerSamples.map((row) => String(row.phone)),
      plates: customerSamples.map((row) => String((row.vehicles as { licensePlate: string }[])[0]?.licensePlate)),
      customerNames: customerSamples.map((row) => String(row.customerName)),
      jobs: sampleJob
        ? {
            finishedIds: finishedJobs.slice(-5).map((j) => String(j.job.id)),
            openIds: jobs
              .filter((j) => j.job.status !== 'Finished')
              .slice(-5)
              .map((j) => String(j.job.id)),
            plate: String(sampleJob.job.vehicleLicensePlate),
            phone: String(sampleJob.job.customerPhone),
            customerName: String(sampleJob.job.customerName),
            jobNumber: jobNumbers[jobs.indexOf(sampleJob)]!,
          }
        : null,
    },
  };
}

/**
 * The invariants the sync core relies on, checked with SQL (an empty list: all hold): each item's
 * stock is the sum of its movements, every version up to the counter is logged with a 16-hex nonce,
 * and the counter is the highest version any synced row carries.
 */
export function checkInvariants(db: Db): string[] {
  const sqlite = db.$client;
  const value = <T>(text: string) => (sqlite.prepare(text).get() as { n: T }).n;
  const problems: string[] = [];
  const stockOff = value<number>(
    `SELECT COUNT(*) AS n FROM items i
     WHERE i.stockHundredths <> COALESCE((SELECT SUM(m.quantityHundredths) FROM stock_movements m WHERE m.itemId = i.id AND m.deleted = 0), 0)`,
  );
  if (stockOff) problems.push(`${stockOff} items whose stock is not the sum of their movements`);
  const openingOff = value<number>(
    `SELECT COUNT(*) AS n FROM stock_movements m JOIN items i ON i.id = m.itemId
     WHERE m.reason = 'opening' AND (m.id <> i.id || '/opening' OR m.version > i.version)`,
  );
  if (openingOff) problems.push(`${openingOff} opening movements with another id or a version after their item's`);
  const counter = value<number>(`SELECT COALESCE((SELECT value FROM counters WHERE name = 'version'), 0) AS n`);
  const highest = value<number>(
    `SELECT MAX(v) AS n FROM (${[...syncedTables.map(sqlTableName), 'version_log'].map((t) => `SELECT COALESCE(MAX(version), 0) AS v FROM "${t}"`).join(' UNION ALL ')})`,
  );
  if (counter !== highest) problems.push(`counters.version is ${counter} but the highest version given out is ${highest}`);
  const logged = value<number>(`SELECT COUNT(*) AS n FROM version_log WHERE version BETWEEN 1 AND ${counter} AND length(nonce) = 16 AND nonce NOT GLOB '*[^0-9a-f]*'`);
  if (logged !== counter) problems.push(`${counter - logged} of versions 1..${counter} have no version_log row with a 16-hex nonce`);
  // Job numbers come from the 'jobNumber' sequence: a create after the seed must not take one given out.
  const jobCounter = value<number>(`SELECT COALESCE((SELECT value FROM counters WHERE name = 'jobNumber'), 0) AS n`);
  const highestJob = value<number>(`SELECT COALESCE(MAX(CAST(substr(jobNumber, 5) AS INTEGER)), 0) AS n FROM job_cards WHERE jobNumber LIKE 'JOB-%'`);
  if (jobCounter < highestJob) problems.push(`counters.jobNumber is ${jobCounter} but JOB-${highestJob} exists`);
  const unopened = value<number>(
    `SELECT COUNT(*) AS n FROM job_cards j WHERE NOT EXISTS (SELECT 1 FROM job_status_changes c WHERE c.id = j.id || '/opened' AND c.version <= j.version)`,
  );
  if (unopened) problems.push(`${unopened} job cards without their opening status row at or before their version`);
  return problems;
}
