// Purchasing at issue 44's scale on the server's database, after seedDatabase (seed-data.ts): 5,000
// suppliers, every item's usual supplier, 20,000 purchase orders with their lines, and exactly
// `belowLevel` items under their reorder level (the rest brought to their level or above by their
// reorder level, never by their stock: stock stays the sum of the movements). Each supplier and each
// order (with its lines) is one version, logged in version_log, as their operations store them, so a
// device's first sync pulls them like any other record.
import { randomBytes } from 'node:crypto';
import type { Db } from '@server/db/connection';
import { currentVersion } from '@server/sync/versions';
import { findMutation } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { orderTotalCents } from '@shared/mutations/purchase-orders';
import { formatPurchaseOrderNo } from '@shared/domain/purchase-order-number';
import type { PurchaseOrderStatus } from '@shared/schemas/purchase-order';
import { seedMutationId } from './seed-data';
import { Random } from './random';
import { cities, firstNames, phonePrefixes, streets, surnames } from './vocabulary';

export interface PurchasingSeedOptions {
  suppliers: number;
  orders: number;
  /** Items left under their reorder level, each with a usual supplier and on no open order. */
  belowLevel: number;
  seed: string;
}

export interface PurchasingSeedResult {
  totals: { suppliers: number; purchaseOrders: number; purchaseOrderLines: number; itemsWithSupplier: number; belowLevel: number; openOrders: number };
  /** The usual suppliers of the items under their level: how many drafts 'Order' should make. */
  lowStockSuppliers: number;
  /** A placed order of 10 lines to receive against, the newest (first in the list). */
  receive: { id: string; orderNo: string; barcodes: string[] };
  /** Words from the data for the orders list's search. */
  samples: { supplierNames: string[]; orderNos: string[] };
  ms: number;
}

/** Devices' code in the seeded order numbers (PO-BENCH-00001): never a real device's, which are random. */
const seedDeviceCode = 'BENCH';
const trades = ['Auto Parts', 'Motor Spares', 'Auto Traders', 'Distributors', 'Lubricants', 'Tyre House', 'Enterprises', 'Auto Centre', 'Battery House', 'Filters'];

/** Zipf-like rank: a few wholesalers supply most parts, most suppliers are asked rarely. */
function zipfPick(random: Random, count: number): number {
  // Inverse of the continuous 1/k law on [1, count + 1).
  return Math.min(count - 1, Math.floor(Math.exp(random.next() * Math.log(count + 1))) - 1);
}

const parsed = (name: string, args: Record<string, unknown>) => {
  const result = findMutation(name)!.schema.safeParse(args);
  if (!result.success) throw new Error(`${name} refused seed data ${JSON.stringify(args)}: ${result.error.issues[0]?.message}`);
  return result.data as Record<string, unknown>;
};

export async function seedPurchasing(db: Db, options: PurchasingSeedOptions): Promise<PurchasingSeedResult> {
  const started = performance.now();
  const sqlite = db.$client;
  const random = new Random(`${options.seed}:purchasing`);
  const now = new Date().toISOString();
  const admin = sqlite.prepare(`SELECT id, name FROM users ORDER BY role <> 'Admin', createdAt LIMIT 1`).get() as { id: string; name: string };
  const items = sqlite
    .prepare('SELECT id, itemName, barcode, stockHundredths, reorderLevel, costPriceCents FROM items WHERE deleted = 0 AND isService = 0 ORDER BY version')
    .all() as { id: string; itemName: string; barcode: string; stockHundredths: number; reorderLevel: number; costPriceCents: number }[];

  // Suppliers, named like Sri Lankan parts traders, each unique.
  const names = new Set<string>();
  const suppliers = Array.from({ length: options.suppliers }, () => {
    const town = random.pick(cities).replace(/ \d+$/, '');
    const base = `${random.chance(0.6) ? random.pick(surnames) : town} ${random.pick(trades)}`;
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base} ${n === 2 ? town : n}`;
    names.add(name);
    const contact = `${random.pick(firstNames)} ${random.pick(surnames)}`;
    const args = {
      id: random.uuid(),
      name,
      contactPerson: contact,
      phone: `${random.pick(phonePrefixes)}${random.digits(7)}`,
      email: `orders${random.int(1, 9999)}@${name.toLowerCase().replace(/[^a-z]+/g, '')}.lk`,
      address: `No. ${random.int(1, 450)}, ${random.pick(streets)}, ${town}`,
      paymentTermsDays: random.pick([0, 7, 14, 30, 30, 45, 60]),
      notes: '',
    };
    return { ...fieldsFromArgs('suppliers', parsed('createSupplier', args)), id: args.id } as Record<string, unknown> & { id: string; name: string };
  });

  // Every part's usual supplier (nine in ten have one), drawn by rank.
  const supplierOf = new Map<string, number>();
  for (const item of items) if (random.chance(0.9)) supplierOf.set(item.id, zipfPick(random, suppliers.length));

  // Exactly `belowLevel` items under their level; the others that were are brought to their level.
  const under = items.filter((item) => item.stockHundredths < item.reorderLevel * 100);
  for (let i = under.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [under[i], under[j]] = [under[j]!, under[i]!];
  }
  const low = under.slice(0, options.belowLevel);
  const lowIds = new Set(low.map((item) => item.id));
  for (const item of low) if (!supplierOf.has(item.id)) supplierOf.set(item.id, zipfPick(random, suppliers.length));
  const raised = under.slice(options.belowLevel);

  // Orders: the old ones received (a few cancelled), of any part; the newest 1,500 open, holding no
  // item under its level (so 'Order' drafts all 500, and reads their history to know that). The
  // newest is the one received in the bench.
  const everything = items.filter((item) => item.barcode);
  const pool = everything.filter((item) => !lowIds.has(item.id));
  const day = 86_400_000;
  const firstAt = Date.now() - 3 * 365 * day;
  const step = (3 * 365 * day) / Math.max(1, options.orders);
  const openFrom = options.orders - Math.min(1500, options.orders);
  type Line = Record<string, unknown> & { id: string; barcode: string };
  const orders: { row: Record<string, unknown>; lines: Line[] }[] = [];
  for (let i = 0; i < options.orders; i++) {
    const newest = i === options.orders - 1;
    const supplier = suppliers[zipfPick(random, suppliers.length)]!;
    const createdAt = new Date(firstAt + i * step + random.int(0, 3_600_000)).toISOString();
    const status: PurchaseOrderStatus = newest
      ? 'Ordered'
      : i < openFrom
        ? random.chance(0.06)
          ? 'Cancelled'
          : 'Received'
        : random.pick(['Draft', 'Ordered', 'Ordered', 'Partly Received'] as const);
    const count = newest ? 10 : 1 + Math.floor(random.next() ** 1.5 * 8);
    const from = i < openFrom ? everything : pool;
    const picked = new Set<number>();
    while (picked.size < Math.min(count, from.length)) picked.add(random.int(0, from.length - 1));
    const id = random.uuid();
    const lines: Line[] = [...picked].map((index, position) => {
      const item = from[index]!;
      const quantityHundredths = random.pick([1, 2, 4, 5, 6, 10, 12, 20, 24]) * 100;
      const received = status === 'Received' ? quantityHundredths : status === 'Partly Received' && position === 0 ? quantityHundredths / 2 : 0;
      return {
        id: random.uuid(),
        orderId: id,
        position,
        itemId: item.id,
        itemName: item.itemName,
        barcode: item.barcode,
        supplierPartNo: '',
        quantityHundredths,
        unitCostCents: item.costPriceCents,
        cancelledHundredths: status === 'Cancelled' ? quantityHundredths : 0,
        receivedHundredths: received,
      };
    });
    const row = {
      id,
      orderNo: formatPurchaseOrderNo(seedDeviceCode, i + 1),
      supplierId: supplier.id,
      supplierName: supplier.name,
      status,
      note: random.chance(0.2) ? random.pick(['Urgent', 'Call before delivery', 'Monthly stock', 'For the Axio job']) : '',
      totalCents: orderTotalCents(lines as never[]),
      createdAt,
      createdById: admin.id,
      createdBy: admin.name,
      orderedAt: status === 'Draft' ? null : new Date(Date.parse(createdAt) + 3_600_000).toISOString(),
    };
    orders.push({ row, lines });
  }

  // The writes, in one transaction, each record at a version of its own as the app stores it.
  let version = await currentVersion(db);
  const logVersion = sqlite.prepare('INSERT INTO version_log (version, nonce, mutationId) VALUES (?, ?, ?)');
  const stamp = () => {
    version += 1;
    logVersion.run(version, randomBytes(8).toString('hex'), seedMutationId);
    return version;
  };
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
  const write = (table: string, row: Record<string, unknown>, at: number) => {
    const stored: Record<string, unknown> = {};
    for (const [key, value] of Object.entries({ ...row, version: at, deleted: false, updatedAt: now })) stored[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    const columns = Object.keys(stored);
    const key = `${table}:${columns.join(',')}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = sqlite.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
      statements.set(key, statement);
    }
    statement.run(stored);
  };
  const setSupplier = sqlite.prepare('UPDATE items SET supplierId = ?, lastCostCents = costPriceCents WHERE id = ?');
  const setLevel = sqlite.prepare('UPDATE items SET reorderLevel = ? WHERE id = ?');
  sqlite.transaction(() => {
    for (const supplier of suppliers) write('suppliers', supplier, stamp());
    // The items are not yet on any device: their columns change at the version they have.
    for (const [itemId, rank] of supplierOf) setSupplier.run(suppliers[rank]!.id, itemId);
    for (const item of raised) setLevel.run(Math.max(0, Math.floor(item.stockHundredths / 100)), item.id);
    for (const { row, lines } of orders) {
      const at = stamp();
      write('purchase_orders', row, at);
      for (const line of lines) write('purchase_order_lines', line, at);
    }
    sqlite.prepare(`UPDATE counters SET value = ? WHERE name = 'version'`).run(version);
  })();

  const newest = orders.at(-1)!;
  return {
    totals: {
      suppliers: suppliers.length,
      purchaseOrders: orders.length,
      purchaseOrderLines: orders.reduce((sum, order) => sum + order.lines.length, 0),
      itemsWithSupplier: supplierOf.size,
      belowLevel: low.length,
      openOrders: orders.filter((order) => ['Draft', 'Ordered', 'Partly Received'].includes(String(order.row.status))).length,
    },
    lowStockSuppliers: new Set(low.map((item) => supplierOf.get(item.id))).size,
    receive: { id: String(newest.row.id), orderNo: String(newest.row.orderNo), barcodes: newest.lines.map((line) => line.barcode) },
    samples: {
      supplierNames: [orders[orders.length - 40]!.row.supplierName as string, suppliers[3]!.name, suppliers[Math.floor(suppliers.length / 4)]!.name],
      orderNos: [String(orders[4321 % orders.length]!.row.orderNo), String(orders[orders.length - 7]!.row.orderNo)],
    },
    ms: performance.now() - started,
  };
}
