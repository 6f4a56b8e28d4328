// Invoices for the seed (`--invoices 100000 --unpaid 5000`, issues 8 and 9): three years of a big
// shop's sales on three registers, built like the rest of the seed from the arguments of the app's
// own mutations: checkoutSale's arguments parsed by the shared schema and turned into rows by the
// shared `checkoutRows` (lines, totals, the first payment, a sale movement per product line), later
// payments as recordPayment writes them, and each invoice's paid, due and status from its payments
// by the shared `invoiceStanding`. Written after seedDatabase, in a transaction of its own, with
// versions from the global counter (each logged in version_log with a 16-hex nonce) given out in
// the order the sales and payments happened, as the server would have.
import { randomBytes } from 'node:crypto';
import type { Db } from '@server/db/connection';
import { currentVersion } from '@server/sync/versions';
import { findMutation } from '@shared/mutations/definitions';
import { checkoutRows, guestPaidInFull } from '@shared/mutations/sales';
import { invoiceStanding } from '@shared/mutations/payments';
import { fromCents, toCents } from '@shared/domain/money';
import { toHundredths } from '@shared/domain/quantity';
import { invoiceTotals } from '@shared/domain/sales';
import { invoiceNoPattern } from '@shared/domain/invoice-number';
import { duePaymentMethods } from '@shared/schemas/payment';
import type { z } from 'zod';
import type { checkoutSaleSchema } from '@shared/schemas/sale';
import { Random } from './random';
import { seedMutationId } from './seed-data';

export interface InvoiceSeedOptions {
  /** Invoices in all (guest sales, paid ones and unpaid ones). */
  invoices: number;
  /** Of them, unpaid (status Due, something owed). */
  unpaid: number;
  /** Of the unpaid, how many belong to one customer (the bulk payment's preview): 200. */
  bulkOpen?: number;
  seed: string;
}

export interface InvoiceSeedResult {
  created: { invoices: number; invoiceLines: number; payments: number; stockMovements: number; itemsSold: number };
  /** Live rows per table after seeding. */
  totals: { invoices: number; invoiceLines: number; payments: number; stockMovements: number; unpaid: number };
  versions: { from: number; to: number };
  ms: { generate: number; write: number; total: number };
  samples: {
    /** The customer with `bulkOpen` unpaid invoices and nothing else owed. */
    bulkCustomer: { id: string; name: string; openInvoices: number; dueCents: number } | null;
    /** Unpaid invoices' numbers (newest last) and days (YYYY-MM-DD, UTC) with several unpaid invoices. */
    unpaidNumbers: string[];
    unpaidDays: string[];
    /** A customer with a few unpaid invoices (not the bulk one). */
    smallCustomer: { id: string; name: string; openInvoices: number } | null;
    /** Barcodes of items with at least 50 in stock after the sales (what a register bench can scan). */
    scanBarcodes: string[];
    /** The register codes the seed used ('S01'...): never a device's (D01...) nor the server's (SRV). */
    registers: string[];
  };
}

type CheckoutArgs = z.output<typeof checkoutSaleSchema>;
type Row = Record<string, unknown>;

const day = 24 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;
const spanDays = 3 * 365;
/** Seeded registers: S01... (devices are D01..., the server's own numbers SRV). Six-digit sequences. */
const registers = ['S01', 'S02', 'S03'];
const seedInvoiceNo = (register: string, sequence: number) => `INV-${register}-${String(sequence).padStart(6, '0')}`;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

/** Sri Lankan working hours (07:30 to 18:00, UTC+5:30) of the day `back` days before `now`, never after it. */
function workingTime(random: Random, back: number, now: number): number {
  const dayStart = Math.floor((now - back * day) / day) * day;
  return Math.min(dayStart + 2 * hour + random.next() * 10.5 * hour, now - random.int(5, 120) * 60 * 1000);
}

interface Pools {
  customers: { id: string; customerName: string; phone: string; address: string }[];
  items: { id: string; itemName: string; unitPriceCents: number; stockHundredths: number; warrantyMonths: number }[];
  services: { id: string; name: string; priceCents: number }[];
  staff: { id: string; name: string };
  tax: { taxRatePercent: number; pricesIncludeTax: boolean };
}

function readPools(db: Db): Pools {
  const sqlite = db.$client;
  const staff = sqlite.prepare(`SELECT id, name FROM users ORDER BY role <> 'Admin', createdAt LIMIT 1`).get() as { id: string; name: string } | undefined;
  if (!staff) throw new Error('invoices need a user to have sold them: seed the shop first');
  const company = sqlite.prepare('SELECT taxRatePercent, pricesIncludeTax FROM company WHERE deleted = 0 LIMIT 1').get() as
    { taxRatePercent: number; pricesIncludeTax: number } | undefined;
  return {
    customers: sqlite
      .prepare(`SELECT id, customerName, phone, address FROM customers WHERE deleted = 0 AND isGuest = 0 AND customerType <> 'guest' ORDER BY version`)
      .all() as Pools['customers'],
    items: sqlite.prepare('SELECT id, itemName, unitPriceCents, stockHundredths, warrantyMonths FROM items WHERE deleted = 0 ORDER BY version').all() as Pools['items'],
    services: sqlite.prepare('SELECT id, name, priceCents FROM services WHERE deleted = 0 ORDER BY version').all() as Pools['services'],
    staff,
    tax: company ? { taxRatePercent: company.taxRatePercent, pricesIncludeTax: !!company.pricesIncludeTax } : { taxRatePercent: 0, pricesIncludeTax: true },
  };
}

/** What kind of sale an invoice is, decided before its lines. */
type Kind = 'guest' | 'paid' | 'paidLater' | 'unpaid' | 'bulkOpen' | 'bulkPaid';

interface Planned {
  at: number;
  kind: Kind;
  customer: Pools['customers'][number] | null;
}

/** A later payment, as recordPayment writes it. */
interface LaterPayment {
  at: number;
  row: Row;
}

interface Sale {
  at: number;
  invoice: Row;
  lines: Row[];
  /** The first payment (checkout), or null for a credit sale. */
  payment: Row | null;
  movements: Row[];
  later: LaterPayment[];
}

/**
 * `count` invoices oldest first: who bought (35% walk-in guests, registered customers skewed to the
 * regulars), 1 to 4 lines of the shop's items (never beyond the stock left, as the register refuses)
 * and services, sometimes a discount; paid at the till, or on credit and paid later, or still owed
 * (`unpaid` of them, the recent ones far more often; `bulkOpen` of those one fleet customer's).
 */
function planSales(random: Random, options: Required<InvoiceSeedOptions>, pools: Pools, now: number): { sales: Sale[]; bulkCustomer: Pools['customers'][number] | null } {
  const count = options.invoices;
  if (count === 0) return { sales: [], bulkCustomer: null };
  if (pools.items.length === 0 && pools.services.length === 0) throw new Error('invoices need items or services to sell: seed the shop first');
  const unpaid = Math.min(options.unpaid, pools.customers.length ? count : 0);
  const plan: Planned[] = Array.from({ length: count }, () => ({ at: workingTime(random, random.next() * spanDays, now), kind: 'paid' as Kind, customer: null }));
  plan.sort((a, b) => a.at - b.at);

  // The fleet customer: a firm (the first '(Pvt) Ltd' of the shop), with `bulkOpen` unpaid invoices from
  // the last year and some older ones paid; nothing else of theirs is owed.
  const bulkCustomer = pools.customers.find((c) => c.customerName.endsWith('(Pvt) Ltd')) ?? pools.customers[0] ?? null;
  const bulkOpen = bulkCustomer ? Math.min(options.bulkOpen, unpaid) : 0;
  const indices = (filter: (p: Planned) => boolean) => plan.flatMap((p, i) => (filter(p) ? [i] : []));
  const shuffle = (list: number[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  const lastYear = shuffle(indices((p) => p.at >= now - 365 * day));
  for (const i of lastYear.slice(0, bulkOpen)) Object.assign(plan[i]!, { kind: 'bulkOpen', customer: bulkCustomer });
  if (bulkCustomer) {
    const older = shuffle(indices((p) => p.kind === 'paid' && p.at < now - 365 * day));
    for (const i of older.slice(0, Math.min(40, Math.floor(count / 100)))) Object.assign(plan[i]!, { kind: 'bulkPaid', customer: bulkCustomer });
  }

  // The other unpaid invoices: a weighted draw without replacement (Efraimidis-Spirakis), weight
  // falling with age: a month-old invoice is owed far more often than a two-year-old one.
  const others = indices((p) => p.kind === 'paid');
  const keyed = others.map((i) => {
    const ageDays = (now - plan[i]!.at) / day;
    const weight = 0.03 + Math.exp(-ageDays / 120);
    return { i, key: Math.log(random.next() || Number.MIN_VALUE) / weight };
  });
  keyed.sort((a, b) => b.key - a.key);
  for (const { i } of keyed.slice(0, unpaid - bulkOpen)) plan[i]!.kind = 'unpaid';

  // Who bought: the owed ones are registered customers (a guest pays in full); the rest 35% guests.
  const regulars = pools.customers.filter((c) => c !== bulkCustomer);
  const pickCustomer = () => (regulars.length ? regulars[Math.floor(random.next() ** 1.3 * regulars.length)]! : null);
  for (const p of plan) {
    if (p.kind === 'bulkOpen' || p.kind === 'bulkPaid') continue;
    if (p.kind === 'unpaid') p.customer = pickCustomer();
    else if (random.chance(0.35) || regulars.length === 0) p.kind = 'guest';
    else {
      p.customer = pickCustomer();
      if (random.chance(0.15)) p.kind = 'paidLater';
    }
  }

  const stockLeft = new Map(pools.items.map((item) => [item.id, item.stockHundredths]));
  const sequences = new Map(registers.map((r) => [r, 0]));
  const schema = findMutation('checkoutSale')!.schema;
  const sales: Sale[] = [];
  for (const p of plan) {
    const register = random.pick(registers);
    const sequence = sequences.get(register)! + 1;
    sequences.set(register, sequence);
    const invoiceNo = seedInvoiceNo(register, sequence);
    const id = random.uuid();
    const lines = saleLines(random, pools, stockLeft, p.kind === 'bulkOpen' || p.kind === 'bulkPaid');
    // The totals decide the payment: the lines as the schema reads them, through the shared arithmetic
    // (checkoutRows below computes them again and refuses any difference).
    const draft = parseCheckout(schema, { ...baseArgs(id, invoiceNo, p, lines, pools), total: 0 }, true);
    const amounts = draft.lines.map((line) => ({
      unitPriceCents: toCents(line.unitPrice),
      quantityHundredths: toHundredths(line.quantity),
      discountPercent: line.discountPercent,
    }));
    const total = invoiceTotals(amounts, pools.tax).totalCents;
    const owed = p.kind === 'unpaid' || p.kind === 'bulkOpen';
    const credit = owed || p.kind === 'paidLater' || (p.kind === 'bulkPaid' && random.chance(0.7));
    // At the till: the total (cash often rounded up to a note, the change given); on credit nothing,
    // or a part (never all of it: something stays owed).
    let method: string;
    let tenderedCents: number;
    if (!credit) {
      method = p.kind === 'guest' ? random.pick(['Cash', 'Cash', 'Cash', 'Card']) : random.pick(['Cash', 'Cash', 'Card', 'Card', 'Bank Transfer', 'Cheque']);
      const note = random.pick([10000, 50000, 100000, 500000]);
      tenderedCents = method === 'Cash' && random.chance(0.5) ? Math.ceil(total / note) * note : total;
    } else if (random.chance(owed ? 0.3 : 0.2) && total >= 20000) {
      method = random.pick(['Cash', 'Card']);
      tenderedCents = Math.floor((total * (0.2 + random.next() * 0.6)) / 10000) * 10000;
    } else {
      method = 'Credit';
      tenderedCents = 0;
    }
    const args = parseCheckout(schema, {
      ...baseArgs(id, invoiceNo, p, lines, pools),
      total: fromCents(total),
      payment: { id: random.uuid(), method, tendered: fromCents(tenderedCents) },
    });
    const rows = checkoutRows(args);
    if (!guestPaidInFull(args, rows.totals.totalCents)) throw new Error(`seed bug: guest sale ${invoiceNo} not paid in full`);
    const createdAt = iso(p.at + random.int(2, 90) * 1000);
    const paying = rows.amountCents > 0 || rows.tenderedCents > 0;
    const payment = paying
      ? {
          id: args.payment.id,
          invoiceId: id,
          customerId: args.customerId,
          amountCents: rows.amountCents,
          tenderedCents: rows.tenderedCents,
          method: args.payment.method,
          date: args.date,
          note: '',
          userId: pools.staff.id,
          userName: pools.staff.name,
          createdAt,
          bulkId: null,
        }
      : null;

    // Later payments (recordPayment): a credit sale settled in one or two payments within two months;
    // an owed one sometimes paid in part, never in full.
    const later: LaterPayment[] = [];
    let owedCents = total - rows.amountCents;
    const laterPayment = (at: number, amountCents: number) => {
      later.push({
        at,
        row: {
          id: random.uuid(),
          invoiceId: id,
          customerId: args.customerId,
          amountCents,
          tenderedCents: amountCents,
          method: random.pick(duePaymentMethods),
          date: iso(at).slice(0, 10),
          note: random.chance(0.1) ? random.pick(['Paid at the counter', 'Cheque deposited', 'Balance settled', 'Paid by the driver']) : '',
          userId: pools.staff.id,
          userName: pools.staff.name,
          createdAt: iso(at),
          bulkId: null,
        },
      });
      owedCents -= amountCents;
    };
    // Never before the sale, never after now (a sale of the last hours is paid minutes after it).
    const between = (wanted: number, after: number) => Math.max(after + 60_000, Math.min(wanted, now - 60_000));
    if (credit && !owed && owedCents > 0) {
      const first = between(p.at + random.int(1, 60) * day, p.at);
      if (owedCents >= 20000 && random.chance(0.3)) {
        const part = Math.floor((owedCents * (0.3 + random.next() * 0.4)) / 10000) * 10000;
        if (part > 0) laterPayment(first, part);
        laterPayment(between(first + random.int(1, 30) * day, first), owedCents);
      } else laterPayment(first, owedCents);
    } else if (owed && owedCents >= 20000 && random.chance(0.2)) {
      const at = between(p.at + random.next() * (now - p.at), p.at);
      const part = Math.floor((owedCents * (0.2 + random.next() * 0.5)) / 10000) * 10000;
      if (part > 0 && part < owedCents) laterPayment(at, part);
    }
    if (owed && total - rows.amountCents - later.reduce((s, l) => s + Number(l.row.amountCents), 0) <= 0) {
      throw new Error(`seed bug: unpaid invoice ${invoiceNo} owes nothing`);
    }

    const standing = invoiceStanding(total, [...(payment ? [rows.amountCents] : []), ...later.map((l) => Number(l.row.amountCents))]);
    const customer = p.customer;
    sales.push({
      at: p.at,
      invoice: {
        id,
        invoiceNo,
        date: args.date,
        customerId: args.customerId,
        guest: !customer,
        customerName: customer ? customer.customerName : args.customerName || 'Guest',
        customerPhone: customer ? customer.phone : args.customerPhone,
        customerAddress: customer ? customer.address : args.customerAddress,
        jobCardId: null,
        vehicleLicensePlate: '',
        vehicleMake: '',
        vehicleModel: '',
        currentMileage: null,
        ...rows.tax,
        ...rows.totals,
        ...standing,
        soldById: pools.staff.id,
        soldBy: pools.staff.name,
        createdAt,
      },
      lines: rows.lines.map((line) => ({ ...line, invoiceId: id })),
      payment,
      movements: rows.movements.map((movement) => ({ note: '', ...movement, mutationId: seedMutationId, userId: pools.staff.id, createdAt })),
      later,
    });
  }
  return { sales, bulkCustomer };
}

function baseArgs(id: string, invoiceNo: string, p: Planned, lines: Row[], pools: Pools) {
  return {
    id,
    invoiceNo,
    date: new Date(p.at).toISOString(),
    customerId: p.customer?.id ?? null,
    guest: !p.customer,
    customerName: p.customer ? '' : 'Guest',
    jobCardId: null,
    lines,
    taxRatePercent: pools.tax.taxRatePercent,
    pricesIncludeTax: pools.tax.pricesIncludeTax,
    payment: { id: '00000000-0000-4000-8000-000000000000', method: 'Credit', tendered: 0 },
  };
}

function parseCheckout(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } },
  args: Row,
  draft = false,
): CheckoutArgs {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new Error(`checkoutSale refused seed data${draft ? ' (draft)' : ''} ${JSON.stringify(args)}: ${parsed.error?.issues[0]?.message}`);
  return parsed.data as CheckoutArgs;
}

/** 1 to 4 lines: the shop's items (fast movers far more often, never beyond the stock left) and services. */
function saleLines(random: Random, pools: Pools, stockLeft: Map<string, number>, fleet: boolean): Row[] {
  const count = random.int(1, fleet ? 3 : 4);
  const lines: Row[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const service = pools.services.length > 0 && (pools.items.length === 0 || random.chance(fleet ? 0.5 : 0.3));
    if (!service) {
      const quantity = random.pick([1, 1, 1, 1, 2, 2, 4]);
      let item: Pools['items'][number] | undefined;
      for (let attempt = 0; attempt < 4 && !item; attempt++) {
        const candidate = pools.items[Math.floor(random.next() ** 2 * pools.items.length)]!;
        if (!used.has(candidate.id) && (stockLeft.get(candidate.id) ?? 0) >= quantity * 100) item = candidate;
      }
      if (item) {
        used.add(item.id);
        stockLeft.set(item.id, stockLeft.get(item.id)! - quantity * 100);
        lines.push({
          id: random.uuid(),
          kind: 'item',
          refId: item.id,
          name: item.itemName,
          quantity,
          unitPrice: fromCents(item.unitPriceCents),
          discountPercent: random.chance(0.12) ? random.pick([2.5, 5, 5, 10]) : 0,
          warrantyMonths: item.warrantyMonths,
        });
        continue;
      }
      if (pools.services.length === 0) continue;
    }
    const chosen = random.pick(pools.services);
    if (used.has(chosen.id)) continue;
    used.add(chosen.id);
    lines.push({
      id: random.uuid(),
      kind: 'service',
      refId: chosen.id,
      name: chosen.name,
      quantity: 1,
      unitPrice: fromCents(chosen.priceCents),
      discountPercent: random.chance(0.08) ? random.pick([5, 10]) : 0,
      warrantyMonths: 0,
    });
  }
  if (lines.length === 0) {
    // Nothing in stock and no service picked: a service (or, without services, any item with stock).
    const chosen = pools.services[0];
    if (chosen)
      lines.push({
        id: random.uuid(),
        kind: 'service',
        refId: chosen.id,
        name: chosen.name,
        quantity: 1,
        unitPrice: fromCents(chosen.priceCents),
        discountPercent: 0,
        warrantyMonths: 0,
      });
    else {
      const item = pools.items.find((candidate) => (stockLeft.get(candidate.id) ?? 0) >= 100);
      if (!item) throw new Error('nothing left to sell: more items or services are needed for this many invoices');
      stockLeft.set(item.id, stockLeft.get(item.id)! - 100);
      lines.push({
        id: random.uuid(),
        kind: 'item',
        refId: item.id,
        name: item.itemName,
        quantity: 1,
        unitPrice: fromCents(item.unitPriceCents),
        discountPercent: 0,
        warrantyMonths: item.warrantyMonths,
      });
    }
  }
  return lines;
}

/** SQLite's storage of a row: booleans as 0/1. */
function toSqlite(row: Row): Row {
  const stored: Row = {};
  for (const [key, value] of Object.entries(row)) stored[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  return stored;
}

/**
 * Adds `options.invoices` invoices (with their lines, payments and sale movements) to a seeded
 * shop, in one transaction. Each sale is one version (the invoice's lines, its first payment, its
 * movements and the items they move, as checkoutSale writes them); each later payment another (the
 * payment and its invoice, as recordPayment). Versions follow the time the sales and payments
 * happened; each row carries the version of its last change.
 */
export async function seedInvoices(db: Db, options: InvoiceSeedOptions): Promise<InvoiceSeedResult> {
  const started = performance.now();
  const sqlite = db.$client;
  const full: Required<InvoiceSeedOptions> = { bulkOpen: 200, ...options };
  if (full.unpaid > full.invoices) throw new Error(`--unpaid (${full.unpaid}) cannot be more than --invoices (${full.invoices})`);
  const startVersion = await currentVersion(db);
  const random = new Random(`${full.seed}/invoices@${startVersion}`);
  const now = Date.now();
  const pools = readPools(db);
  const taken = sqlite.prepare(`SELECT COUNT(*) AS n FROM invoices WHERE invoiceNo GLOB 'INV-S0[1-3]-*'`).get() as { n: number };
  if (taken.n > 0 && full.invoices > 0) throw new Error('this database already holds seeded invoices (INV-S01-...): seed a fresh one');
  const { sales, bulkCustomer } = planSales(random, full, pools, now);
  const generateMs = performance.now() - started;

  const writeStart = performance.now();
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
  const prepared = (key: string, text: () => string) => {
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = sqlite.prepare(text())));
    return statement;
  };
  const write = (table: string, row: Row, version: number, updatedAt: string) => {
    const stored = toSqlite({ ...row, version, deleted: false, updatedAt });
    const columns = Object.keys(stored);
    prepared(`${table}:${columns.join(',')}`, () => `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(
      stored,
    );
  };
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
  const from = startVersion + 1;
  let version = startVersion;
  const stamp = () => {
    version += 1;
    prepared('version_log', () => 'INSERT INTO version_log (version, nonce, mutationId) VALUES (@version, @nonce, @mutationId)').run({
      version,
      nonce: nonce(),
      mutationId: seedMutationId,
    });
    return version;
  };

  // Every change in the order it happened: a sale (checkoutSale) or a later payment (recordPayment).
  const events: { at: number; sale: Sale; later: LaterPayment | null }[] = [];
  for (const sale of sales) {
    events.push({ at: sale.at, sale, later: null });
    for (const later of sale.later) events.push({ at: later.at, sale, later });
  }
  events.sort((a, b) => a.at - b.at);
  const invoiceVersion = new Map<Sale, { version: number; at: string }>();
  const itemChanges = new Map<string, { delta: number; version: number; at: string }>();
  let payments = 0;
  let movements = 0;
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -524288');
  sqlite.transaction(() => {
    for (const { sale, later } of events) {
      const at = stamp();
      if (later) {
        write('payments', later.row, at, String(later.row.createdAt));
        payments += 1;
        invoiceVersion.set(sale, { version: at, at: String(later.row.createdAt) });
        continue;
      }
      const createdAt = String(sale.invoice.createdAt);
      for (const line of sale.lines) write('invoice_lines', line, at, createdAt);
      if (sale.payment) {
        write('payments', sale.payment, at, createdAt);
        payments += 1;
      }
      for (const movement of sale.movements) {
        write('stock_movements', movement, at, createdAt);
        movements += 1;
        const itemId = String(movement.itemId);
        const change = itemChanges.get(itemId) ?? { delta: 0, version: 0, at: '' };
        itemChanges.set(itemId, { delta: change.delta + Number(movement.quantityHundredths), version: at, at: createdAt });
      }
      invoiceVersion.set(sale, { version: at, at: createdAt });
    }
    // The invoices as they stand after their last payment, at that change's version.
    for (const sale of sales) {
      const last = invoiceVersion.get(sale)!;
      write('invoices', sale.invoice, last.version, last.at);
    }
    // Each item sold: its stock moved by its sale movements, at the version of its last sale.
    const moveItem = sqlite.prepare('UPDATE items SET stockHundredths = stockHundredths + @delta, version = @version, updatedAt = @at WHERE id = @id');
    for (const [id, change] of itemChanges) moveItem.run({ id, ...change });
    sqlite.prepare(`INSERT INTO counters (name, value) VALUES ('version', @version) ON CONFLICT (name) DO UPDATE SET value = excluded.value`).run({ version });
  })();
  sqlite.pragma(`cache_size = ${cacheSize}`);
  const writeMs = performance.now() - writeStart;

  const count = (table: string, where = '') => (sqlite.prepare(`SELECT COUNT(*) AS n FROM "${table}" WHERE deleted = 0 ${where}`).get() as { n: number }).n;
  const unpaidSales = sales.filter((s) => s.invoice.status === 'Due');
  const byDay = new Map<string, number>();
  for (const s of unpaidSales) {
    const d = String(s.invoice.date).slice(0, 10);
    byDay.set(d, (byDay.get(d) ?? 0) + 1);
  }
  const openByCustomer = new Map<string, { name: string; n: number }>();
  for (const s of unpaidSales) {
    if (!s.invoice.customerId || s.invoice.customerId === bulkCustomer?.id) continue;
    const entry = openByCustomer.get(String(s.invoice.customerId)) ?? { name: String(s.invoice.customerName), n: 0 };
    entry.n += 1;
    openByCustomer.set(String(s.invoice.customerId), entry);
  }
  const small = [...openByCustomer].find(([, v]) => v.n >= 3 && v.n <= 10) ?? [...openByCustomer][0];
  const bulkOpen = bulkCustomer ? unpaidSales.filter((s) => s.invoice.customerId === bulkCustomer.id) : [];
  const scanBarcodes = (sqlite.prepare('SELECT barcode FROM items WHERE deleted = 0 AND stockHundredths >= 5000 ORDER BY version, id LIMIT 80').all() as { barcode: string }[]).map(
    (r) => r.barcode,
  );
  return {
    created: { invoices: sales.length, invoiceLines: sales.reduce((s, x) => s + x.lines.length, 0), payments, stockMovements: movements, itemsSold: itemChanges.size },
    totals: {
      invoices: count('invoices'),
      invoiceLines: count('invoice_lines'),
      payments: count('payments'),
      stockMovements: count('stock_movements'),
      unpaid: count('invoices', `AND status = 'Due'`),
    },
    versions: { from, to: version },
    ms: { generate: generateMs, write: writeMs, total: performance.now() - started },
    samples: {
      bulkCustomer: bulkCustomer
        ? { id: bulkCustomer.id, name: bulkCustomer.customerName, openInvoices: bulkOpen.length, dueCents: bulkOpen.reduce((s, x) => s + Number(x.invoice.dueCents), 0) }
        : null,
      unpaidNumbers: unpaidSales.slice(-20).map((s) => String(s.invoice.invoiceNo)),
      unpaidDays: [...byDay]
        .filter(([, n]) => n >= 3)
        .map(([d]) => d)
        .slice(-10),
      smallCustomer: small ? { id: small[0], name: small[1].name, openInvoices: small[1].n } : null,
      scanBarcodes,
      registers,
    },
  };
}

/**
 * The invoices' invariants, checked with SQL (an empty list: all hold): each invoice's totals are
 * its lines' (the shared arithmetic: sub total = Σ line totals, tax = Σ line tax, total = sub total
 * with or without the tax), its paid amount the sum of its live payments, its due and status what
 * they make; numbers are the register pattern and distinct; no line or payment without its invoice,
 * and an invoice's version at least its lines' and payments'.
 */
export function checkInvoiceInvariants(db: Db): string[] {
  const sqlite = db.$client;
  const n = (text: string) => (sqlite.prepare(text).get() as { n: number }).n;
  const problems: string[] = [];
  const totalsOff = n(
    `SELECT COUNT(*) AS n FROM invoices i LEFT JOIN (
       SELECT invoiceId, SUM(totalCents) AS sub, SUM(taxCents) AS tax FROM invoice_lines WHERE deleted = 0 GROUP BY invoiceId
     ) l ON l.invoiceId = i.id
     WHERE i.deleted = 0 AND (COALESCE(l.sub, -1) <> i.subTotalCents OR COALESCE(l.tax, -1) <> i.taxCents
       OR i.grossCents - i.discountCents <> i.subTotalCents
       OR i.totalCents <> CASE WHEN i.pricesIncludeTax THEN i.subTotalCents ELSE i.subTotalCents + i.taxCents END)`,
  );
  if (totalsOff) problems.push(`${totalsOff} invoices whose totals are not their lines'`);
  const standingOff = n(
    `SELECT COUNT(*) AS n FROM invoices i LEFT JOIN (
       SELECT invoiceId, SUM(amountCents) AS paid FROM payments WHERE deleted = 0 GROUP BY invoiceId
     ) p ON p.invoiceId = i.id
     WHERE i.deleted = 0 AND (COALESCE(p.paid, 0) <> i.paidCents
       OR i.dueCents <> MAX(i.totalCents - COALESCE(p.paid, 0), 0)
       OR i.status <> CASE WHEN MAX(i.totalCents - COALESCE(p.paid, 0), 0) = 0 THEN 'Paid' ELSE 'Due' END)`,
  );
  if (standingOff) problems.push(`${standingOff} invoices whose paid, due or status is not what their payments make`);
  const numbers = sqlite.prepare('SELECT invoiceNo FROM invoices').all() as { invoiceNo: string }[];
  const badNumbers = numbers.filter((r) => !invoiceNoPattern.test(r.invoiceNo)).length;
  if (badNumbers) problems.push(`${badNumbers} invoice numbers outside the register pattern`);
  if (new Set(numbers.map((r) => r.invoiceNo)).size !== numbers.length) problems.push('invoice numbers repeat');
  const orphans = n(
    `SELECT (SELECT COUNT(*) FROM invoice_lines l WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = l.invoiceId))
          + (SELECT COUNT(*) FROM payments p WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = p.invoiceId)) AS n`,
  );
  if (orphans) problems.push(`${orphans} lines or payments without their invoice`);
  const behind = n(
    `SELECT COUNT(*) AS n FROM invoices i WHERE i.version < (SELECT MAX(v) FROM (
       SELECT MAX(version) AS v FROM invoice_lines WHERE invoiceId = i.id UNION ALL SELECT MAX(version) FROM payments WHERE invoiceId = i.id))`,
  );
  if (behind) problems.push(`${behind} invoices at a version before one of their lines or payments`);
  const guestsOwing = n(`SELECT COUNT(*) AS n FROM invoices WHERE deleted = 0 AND (guest = 1 OR customerId IS NULL) AND status = 'Due'`);
  if (guestsOwing) problems.push(`${guestsOwing} guest invoices owing (a guest pays in full)`);
  return problems;
}
