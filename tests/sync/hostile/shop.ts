// The garage the hostile run plays in: its server, its three registers and their users, and the
// test's own books of what each register did (the cash ledger, what was forged, what was queued).
import { saleArgs, type Device, type Random, type SaleSpec, type TestServer, type TestSession } from '../harness';
import type { OutboxEntry } from '@/db/db';
import type { MutationName } from '@shared/mutations/definitions';
import type { MutationOutcome } from '@shared/sync/messages';
import { ValidationError } from '@/sync/local-mutation';
import { CashLedger } from './cash-ledger';
import type { Anomaly } from './anomalies';
import type { Forger } from './forger';

export const day = 86_400_000;

/** A sale made 60 days before the run, of a part with a month's warranty: beyond the Staff window and the warranty. */
export interface OldSale {
  invoiceId: string;
  date: string;
  partLineId: string;
  itemId: string;
  customerId: string;
}

export interface Shop {
  server: TestServer;
  random: Random;
  /** A new record id, from the seed: rows sort by id, so every pick over them replays with the seed. */
  id: () => string;
  users: { admin: TestSession; manager: TestSession; staff: TestSession; hostile: TestSession };
  /** The counter PC and the workshop tablet (honest), and the hostile Staff member's register. */
  counter: Device;
  tablet: Device;
  hostile: Device;
  forger: Forger;
  /** The registers' codes, by device name. */
  codes: Map<string, string>;
  ledger: CashLedger;
  anomalies: Anomaly[];
  /** Every outbox entry a device queued, by mutation id. */
  queued: Map<string, { entry: OutboxEntry; device: string }>;
  /** Customers the honest registers serve (and spend credit for), and those the hostile one made. */
  honestCustomers: string[];
  hostileCustomers: string[];
  oldSales: OldSale[];
  items: string[];
  /** Rows the hostile register sent with its clock set back: not dated before the server met the register (drawer rules). */
  backdated: { table: 'drawerSessions' | 'drawerMoves' | 'expenses'; id: string; column: 'createdAt' | 'closedAt'; what: string }[];
  /** Sessions that had a huge pay-out already (one each: a close's expected figure stays within its bounds). */
  hugePayOutSessions: Set<string>;
  /** Drawer sessions a register has closed or queued a close of. */
  closing: Set<string>;
  counts: Record<string, number>;
  /** Answers the run met that it should not have (a refusal that did not come), checked at the end beside the invariants. */
  unexpected: string[];
}

/** Ids in the UUID v4 form, drawn from `random` rather than crypto's. */
export function seededIds(random: Random): () => string {
  return () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
}

/** checkoutSale's arguments (harness saleArgs) with the sale's, its lines' and its payment's ids from the seed. */
export function saleOf(shop: Shop, invoiceNo: string, sale: SaleSpec): Record<string, unknown> {
  return saleArgs(invoiceNo, { ...sale, id: sale.id ?? shop.id(), paymentId: shop.id(), lines: sale.lines.map((line) => ({ ...line, id: line.id ?? shop.id() })) });
}

export const count = (shop: Shop, key: string) => void (shop.counts[key] = (shop.counts[key] ?? 0) + 1);

/** Notes an answer other than `expected` (compared as JSON), for the end of the run. */
export function expectAnswer(shop: Shop, what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) shop.unexpected.push(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

/**
 * A change made on `d` by whoever is logged in there, noted in the books as it will be sent; null when
 * the device refused it in words. `tamper` edits the queued entry before it is sent (a hand on the
 * register's outbox): its optimistic rows stay as the device made them.
 */
export async function runOn(
  shop: Shop,
  d: Device,
  name: MutationName,
  args: Record<string, unknown>,
  options: { forged?: boolean; tamper?: (entry: OutboxEntry) => Promise<void> } = {},
): Promise<OutboxEntry | null> {
  let entry: OutboxEntry;
  try {
    entry = await d.run(name, args);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    count(shop, `refused on ${d.name}: ${name}: ${error.message.replace(/Rs\. [\d,.]+/g, 'Rs. …')}`);
    return null;
  }
  if (options.tamper) await options.tamper(entry);
  const forged = options.forged ?? false;
  shop.queued.set(entry.id, { entry, device: d.name });
  shop.ledger.note(d.name, forged, entry);
  count(shop, forged ? `${name}Forged` : name);
  return entry;
}

/** A new customer with a vehicle, as the Customers form makes it. */
export function newCustomerArgs(shop: Shop) {
  const { random } = shop;
  const serial = random.int(1000, 9_999_999);
  return {
    id: shop.id(),
    customerName: `${random.pick(['Kasun', 'Dilani', 'Ruwan', 'Sanduni', 'Mahesh'])} ${serial}`,
    phone: `07${random.int(10_000_000, 99_999_999)}`,
    address: `${random.int(1, 300)} Galle Road`,
    email: `c${serial}@example.com`,
    vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CA-${serial}`, vin: '' }],
  };
}

/** A live id of `table` on the device, or null. */
export async function pickOn(
  shop: Shop,
  d: Device,
  table: 'invoices' | 'customers' | 'items',
  keep: (row: Record<string, any>) => boolean | Promise<boolean> = () => true,
): Promise<Record<string, any> | null> {
  // The rule may ask the server's database, whose reads are asynchronous: rows are kept one by one.
  const rows: Record<string, any>[] = [];
  for (const row of (await d.db.table(table).toArray()) as Record<string, any>[]) if (!row.deleted && (await keep(row))) rows.push(row);
  return rows.length ? shop.random.pick(rows.sort((a, b) => (a.id < b.id ? -1 : 1))) : null;
}

/** The register's open drawer session on the device, if any. */
export async function openSessionOn(shop: Shop, d: Device): Promise<Record<string, any> | undefined> {
  const code = shop.codes.get(d.name)!;
  return (await d.db.drawerSessions.where('[register+status]').equals([code, 'open']).toArray()).find((row) => !row.deleted);
}

/** Where a forged change must end up: the record under review, or refused when `refusable`. */
export type Expected = Omit<Anomaly, 'mutationId'>;

/**
 * A forged change pushed by the hostile register's Staff member (its own session and client id),
 * noted in the books: the money it says moved, and the review it must raise.
 */
export async function pushForged(
  shop: Shop,
  name: MutationName,
  args: Record<string, unknown>,
  options: { createdAt?: string; id?: string; expect?: Expected } = {},
): Promise<MutationOutcome> {
  const { envelope, outcome } = await shop.forger.pushOne(name, args, options);
  shop.ledger.note(shop.hostile.name, true, envelope);
  if (options.expect) shop.anomalies.push({ ...options.expect, mutationId: envelope.id });
  count(shop, `${name}Pushed`);
  return outcome;
}

/** Notes that a queued entry of the hostile register must raise a review (or be refused). */
export function expectReview(shop: Shop, entry: OutboxEntry | null, expected: Expected): void {
  if (entry) shop.anomalies.push({ ...expected, mutationId: entry.id });
}
