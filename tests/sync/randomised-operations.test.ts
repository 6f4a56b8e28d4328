// The sync core's randomised run (issue 6, "Proof"): five tablets shared by three users of
// different roles make random catalogue, customer, stock and job card changes (jobs with lines;
// lines added, changed and removed; status moves legal and not; deletes by a manager), log in and
// out with their outboxes full, lose their sessions (401), meet 403/413/429/500 answers, crash, and go offline,
// while the server crashes too and, halfway, is restored from a backup. At the end every author
// logs in everywhere and syncs, and the invariants must hold:
//   - every device equals the server;
//   - each mutation is applied exactly once, checked against the server's log and the rows it wrote;
//   - every item's stock equals the sum of its movements (the opening one included);
//   - no change is attributed to a user who did not make it;
//   - job numbers are all given, once each, JOB-0001 up without a gap;
//   - each job, its live lines and its status history are what the job operations the server
//     applied (its log, in order) make of them: per field the edit that happened last (by the time the
//     server recorded, whatever order they arrived in), lines added minus
//     removed with their changes, one history row per real move, each move one the status rule
//     allows, ending at the job's status; every status move the server refused broke the rule;
//   - sales (cash, part-paid and guest sales of 1–4 item and service lines with discounts at 0, 8 or
//     10 % tax, inclusive or not; job-card sales of finished jobs; several registers selling one
//     low-stock item offline; now and then a total tampered with by a cent): every item's stock is
//     its opening plus its movements and what the applied operations make it; every invoice's totals
//     are its lines' at its own tax setting, its due its total less its payments (never below 0), as
//     the server's due query says too; invoice numbers are unique and of their register's code; a
//     job with an invoice has exactly that one; a tampered total is always refused, an honest one never;
//   - returns (issue 26: 1–2 lines of a sale the device holds, back to stock, scrapped or to the supplier,
//     refunded by a method that paid it or reducing the due; now and then two registers offline taking
//     back the same line): each applied one is a credit note with its lines, its refund row and its
//     movements (1 per part back to stock, 2 per part scrapped or to the supplier); every invoice's
//     returned total is its credit notes', its due its total less returns less payments (refunds
//     included); no line returned beyond what was sold unless raised for review; refunds handed over
//     count as money taken; only a return that handed nothing back of a line taken back elsewhere is refused.
//
// `npm test` runs it on one fixed seed, `npm run test:soak` on three. Both at 10,000 operations: at
// 2,000, seed 61123 never refused an invoiced job's delete on the device, which the end requires, so
// a shorter gate run needs a seed (or size) found to cover every kind first.
//   SYNC_SEED=<int>  replays one run exactly.       SYNC_RANDOM_OPS=<int>  operations (at least 2,000).
import { salesMonths } from '@/db/sales-months';
import { jobCounts } from '@/db/job-counts';
import { sumTable, type DerivedSums } from '@/db/derived-sums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Device, Random, TestServer, noFaults, saleArgs, saleTotalCents, type FaultRates, type SaleLineSpec, type SaleSpec } from './harness';
import { ValidationError } from '@/sync/local-mutation';
import { UnauthorizedSyncError } from '@/sync/sync-engine';
import type { OutboxEntry } from '@/db/db';
import { can, type Role } from '@shared/domain/permissions';
import { findMutation, type MutationName } from '@shared/mutations/definitions';
import { finishedJobMessage, jobStatuses, statusMoveProblem, type JobStatus } from '@shared/domain/job-status';
import { jobLineTotalCents } from '@shared/domain/job-lines';
import { openedChangeId } from '@shared/mutations/job-cards';
import type { JobLineInput } from '@shared/schemas/job-card';
import { syncedTables } from '@shared/sync/tables';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { saleMessages, type RegisterPaymentMethod } from '@shared/schemas/sale';
import { duePaymentMethods, paymentMessages } from '@shared/schemas/payment';
import { isGuestCustomer } from '@shared/schemas/customer';
import { invoiceTotals, paymentStanding, saleLineTaxCents, saleLineTotalCents, type TaxSetting } from '@shared/domain/sales';
import { checkoutRows, saleMovementId } from '@shared/mutations/sales';
import { formatMoney, toCents } from '@shared/domain/money';
import { happenedAfter } from '@shared/domain/replaced-edit';
import { customerDueCents } from '@server/sales/customer-due';
import { customerCreditOf } from '@server/sales/customer-credit';
import { customerCreditOnDevice } from '@/db/customer-credit';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { creditTakenBackShort } from '@shared/mutations/customer-credit';
import { seedsToRun, sizeToRun } from '../support/soak';
import { logInOrder, numberTheLog } from '../support/test-database';
import { leftOf, returnContextOn } from './returns-on-device';
import { nextCreditNoteNo, nextZReportNo } from '@/sync/invoice-numbers';
import { closedSinceOf, payOutsBeyondCash, zReportOf, type DrawerRecords } from '@shared/mutations/drawer';
import { drawerRecordsOnDevice } from '@/sync/mutators/drawer';
import { denominations, type DrawerCount } from '@shared/domain/cash-drawer';
import { rejudgedDrawerReasons, type DrawerSessionRow } from '@shared/schemas/drawer';
import { reviewReasons } from '@shared/domain/drawer-review';
import { returnRows, returnMovementId, returnOutMovementId } from '@shared/mutations/returns';
import { guestRefundMethods, refundMethods, returnMessages, returnReasons, type RefundMethod } from '@shared/schemas/return';
import { refundableByMethod, warrantyRuns } from '@shared/domain/returns';
import { invoiceStatus, owedCents } from '@shared/domain/sales';
import type { Occurred } from '@shared/domain/device-time';

const seeds = seedsToRun('SYNC_SEED', [61_123], [61_123, 7_041, 90_210]);
const operationCount = Math.max(2000, sizeToRun('SYNC_RANDOM_OPS', 10_000, 10_000));
const deviceCount = 5;
const faultRates: FaultRates = { dropRequest: 0.04, dropResponse: 0.04, error500: 0.03, error429: 0.03, error413: 0.02, delay: 0.05, duplicatePush: 0.04 };
const words = ['Brake', 'Filter', 'Tyre', 'Oil', 'Lamp', 'Belt', 'Wiper', 'Seal', 'Pump', 'Hose', 'Plug', 'Valve', 'Clutch', 'Fuse'];

interface Queued {
  entry: OutboxEntry;
  device: string;
}

interface User {
  name: string;
  email: string;
  password: string;
  id: string;
}

for (const seed of seeds)
  describe(`randomised run of operations, users, restores and faults (seed ${seed})`, () => {
    let server: TestServer;
    const devices: Device[] = [];

    beforeAll(async () => {
      server = await TestServer.start();
      await numberTheLog(server.db); // before the first mutation: the log is read in its order at the end
    });
    afterAll(async () => {
      for (const device of devices) device.close();
      await server?.stop();
    });

    it(`keeps every invariant over ${operationCount} operations on ${deviceCount} devices (seed ${seed})`, { timeout: 900_000 }, async () => {
      console.log(`[sync-ops] seed=${seed} operations=${operationCount} devices=${deviceCount} (replay with SYNC_SEED=${seed})`);
      const started = performance.now();
      const random = new Random(seed);
      const nimal = await server.addUser('Nimal', 'Manager');
      const kamal = await server.addUser('Kamal', 'Staff');
      const users: User[] = [server.admin, nimal, kamal].map((s) => ({ name: s.author.name, email: s.email, password: s.password, id: s.author.id }));
      for (let i = 0; i < deviceCount; i += 1) devices.push(new Device(`tablet-${i + 1}`, server, random.fork(), faultRates));
      const deviceCodes = new Map<string, string>();
      for (const device of devices) {
        device.logIn(await server.login(random.pick(users).email, 'secret-password'));
        deviceCodes.set(device.name, await device.ensureDeviceCode()); // at the first login, before any fault
        device.net.enabled = true;
      }

      const queued = new Map<string, Queued>();
      /** Sales whose total was changed by a cent in the outbox after they were made: each must be refused. */
      const tampered = new Set<string>();
      /** Their invoices: a return of one (made on its register before the server refused the sale) finds no invoice there. */
      const forgedInvoices = new Set<string>();
      const counts: Record<string, number> = {};
      const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
      const offlineUntil = new Map<Device, number>();
      const backupAt = Math.floor(operationCount * 0.25);
      const demoteAt = Math.floor(operationCount * 0.35);
      const restoreAt = Math.floor(operationCount * 0.55);
      const crashEvery = Math.floor(operationCount / 6);
      let backup = '';
      let step = 0;

      const roleOf = (d: Device): Role | null => d.session?.author.role ?? null;
      const record = (d: Device, entry: OutboxEntry | null) => {
        if (entry) queued.set(entry.id, { entry, device: d.name });
      };

      async function logIn(d: Device, user: User): Promise<void> {
        d.logOut();
        d.logIn(await server.login(user.email, 'secret-password'));
        count('logins');
      }

      // ---- local operations (what the role allows, as the device's own check decides) --------

      type PickedTable = 'categories' | 'items' | 'customers' | 'jobCards';
      const ids = (d: Device, table: PickedTable) => d.db.table(table).toCollection().primaryKeys() as Promise<string[]>;
      async function pickLocal(d: Device, table: PickedTable): Promise<string | null> {
        const present = await ids(d, table);
        return present.length ? random.pick(present.sort()) : null;
      }

      async function run(d: Device, name: MutationName, args: Record<string, unknown>): Promise<void> {
        const permission = findMutation(name)!.permission;
        if (!can(roleOf(d), permission)) {
          // The device refuses before queueing: nothing is queued.
          const before = await d.outboxSize();
          await expect(d.run(name, args)).rejects.toBeInstanceOf(ValidationError);
          expect(await d.outboxSize()).toBe(before);
          count('refusedByRoleOnDevice');
          return;
        }
        record(d, await d.run(name, args));
        count(name);
      }

      /**
       * The register's cash drawer (issue 27): open with a float when closed; while open, pay in or out,
       * pay an expense from the drawer, or close it with a count of what the register expects (now and
       * then Rs. 20 short, with its reason). The cash sales, payments and refunds of the other operations
       * fall into whichever session is open on their register.
       */
      async function drawerOp(d: Device): Promise<void> {
        const register = (await d.db.syncState.get('deviceCode'))?.value ?? '';
        if (!register) return;
        const open = (await d.db.drawerSessions.where('[register+status]').equals([register, 'open']).toArray()).find((row) => !row.deleted);
        if (!open) return run(d, 'openDrawer', { id: randomUUID(), float: random.int(0, 20_000) });
        const roll = random.next();
        if (roll < 0.3)
          return run(d, 'moveDrawerCash', {
            id: randomUUID(),
            sessionId: open.id,
            kind: random.pick(['payIn', 'payOut'] as const),
            amount: random.int(1, 500_000) / 100,
            reason: 'Bank',
          });
        if (roll < 0.55) {
          const date = new Date().toISOString().slice(0, 10);
          return run(d, 'recordExpense', {
            id: randomUUID(),
            date,
            category: random.pick(['Fuel', 'Food', 'Cleaning']),
            amount: random.int(100, 300_000) / 100,
            paidFrom: 'Cash drawer',
            note: '',
            register,
          });
        }
        const farFuture = '9999-12-31T23:59:59.999Z';
        const expectedCents = zReportOf(open, await drawerRecordsOnDevice(d, open, farFuture), farFuture).expectedCents;
        const short = random.chance(0.2) ? 2_000 : 0;
        const pieces: DrawerCount = {};
        let left = Math.max(expectedCents - short, 0);
        for (const { cents } of denominations) {
          if (left >= cents) pieces[cents] = Math.floor(left / cents);
          left -= (pieces[cents] ?? 0) * cents;
        }
        const differs = short > 0 || expectedCents < 0 || left > 0;
        if (differs) count('drawerShortCounts');
        return run(d, 'closeDrawer', {
          sessionId: open.id,
          zNumber: await nextZReportNo(d.db),
          count: pieces,
          expected: expectedCents / 100,
          differenceReason: differs ? 'Short' : '',
        });
      }

      async function localOp(d: Device): Promise<void> {
        if (random.chance(0.3)) return jobOp(d);
        if (random.chance(0.14)) return saleOp(d);
        if (random.chance(0.05)) return drawerOp(d);
        const roll = random.next();
        if (roll < 0.1) {
          return run(d, 'createCategory', { id: randomUUID(), name: `${random.pick(words)}s ${random.int(1, 99)}` });
        }
        if (roll < 0.15) {
          const id = await pickLocal(d, 'categories');
          if (id) return run(d, 'updateCategory', { id, description: `${random.pick(words)} parts`.toLowerCase() });
        }
        if (roll < 0.3) {
          const category = await pickLocal(d, 'categories');
          const name = `${random.pick(words)} ${random.int(1, 400)}`;
          return run(d, 'createItem', {
            id: randomUUID(),
            itemName: name,
            barcode: `B-${random.int(1, 3000)}`, // collisions happen: refused with 409
            category: category ?? 'none',
            unitPrice: String(random.int(100, 90_000) / 100),
            costPrice: String(random.int(50, 50_000) / 100),
            stockQuantity: String(random.int(0, 5000) / 100),
            reorderLevel: String(random.int(0, 5)),
          });
        }
        if (roll < 0.55) {
          const itemId = await pickLocal(d, 'items');
          if (itemId) {
            const quantity = (random.chance(0.5) ? -1 : 1) * (random.int(1, 2000) / 100);
            return run(d, 'adjustStock', { id: randomUUID(), itemId, quantity, reason: quantity > 0 ? 'received' : 'adjustment' });
          }
        }
        if (roll < 0.65) {
          const itemId = await pickLocal(d, 'items');
          if (itemId && can(roleOf(d), 'editCatalog')) {
            record(d, await d.edit('updateItem', itemId, { unitPrice: String(random.int(100, 90_000) / 100) }));
            return void count('updateItem');
          }
        }
        if (roll < 0.68) {
          const itemId = await pickLocal(d, 'items');
          if (itemId) return run(d, 'deleteItem', { id: itemId });
        }
        if (roll < 0.85) {
          if (random.chance(0.08)) {
            // A walk-in's record: a guest customer, whose sales are guest sales (paid in full).
            return run(d, 'createCustomer', {
              id: randomUUID(),
              customerName: `Walk-in ${random.int(1, 999)}`,
              isGuest: true,
              email: `g${random.int(1, 1e9)}@example.com`,
              phone: `07${random.int(10_000_000, 99_999_999)}`,
              address: 'Counter',
              vehicles: [],
            });
          }
          const name = `${random.pick(['Kasun', 'Dilani', 'Ruwan', 'Sanduni', 'Mahesh'])} ${random.int(1, 999)}`;
          return run(d, 'createCustomer', {
            id: randomUUID(),
            customerName: name,
            email: `c${random.int(1, 1e9)}@example.com`,
            phone: `07${random.int(10_000_000, 99_999_999)}`,
            address: `${random.int(1, 300)} Galle Road`,
            vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CA-${random.int(1000, 9999)}`, vin: '' }],
          });
        }
        const customerId = await pickLocal(d, 'customers');
        if (customerId) {
          record(d, await d.edit('updateCustomer', customerId, { city: random.pick(['Colombo', 'Kandy', 'Galle', 'Jaffna']) }));
          count('updateCustomer');
        }
      }

      // ---- job cards -------------------------------------------------------------------------------

      const texts = ['Brake noise', 'Oil leak', 'Engine check light', 'AC not cooling', 'Full service', 'Pulls to the left'];
      async function newLine(d: Device): Promise<JobLineInput> {
        const itemId = random.chance(0.5) ? await pickLocal(d, 'items') : null;
        return {
          id: randomUUID(),
          kind: itemId ? 'item' : 'service',
          refId: itemId,
          name: `${random.pick(words)} ${itemId ? 'part' : 'work'}`,
          quantity: random.int(1, 800) / 100,
          unitPrice: random.int(0, 2_000_000) / 100,
          warranty: random.pick(['', '', '6 months', '1 year']),
          quickAdded: false,
        };
      }

      /** Expects the device to refuse at once with `message`, queueing nothing. */
      async function refusedOnDevice(d: Device, name: MutationName, args: Record<string, unknown>, message: string, counter: string): Promise<void> {
        const before = await d.outboxSize();
        const attempt = d.run(name, args);
        await expect(attempt).rejects.toBeInstanceOf(ValidationError);
        await expect(attempt).rejects.toThrow(message);
        expect(await d.outboxSize()).toBe(before);
        count(counter);
      }

      async function jobOp(d: Device): Promise<void> {
        const roll = random.next();
        if (roll < 0.3) {
          const customerId = await pickLocal(d, 'customers');
          if (!customerId) return;
          const lines: JobLineInput[] = [];
          for (let i = random.int(0, 4); i > 0; i -= 1) lines.push(await newLine(d));
          return run(d, 'createJobCard', {
            id: randomUUID(),
            customerId,
            vehicleLicensePlate: `ca-${random.int(1000, 9999)}`,
            currentMileage: random.int(0, 250_000),
            dateIn: `2026-${String(random.int(1, 11)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
            jobType: random.pick(texts),
            lines,
          });
        }
        const jobId = await pickLocal(d, 'jobCards');
        if (!jobId) return;
        const job = (await d.db.jobCards.get(jobId))!;
        const status = job.status as JobStatus;
        if (roll < 0.65) {
          const lineIds = ((await d.db.jobLines.where('jobCardId').equals(jobId).primaryKeys()) as string[]).sort();
          const args: Record<string, unknown> = { id: jobId };
          if (random.chance(0.45)) args[random.pick(['jobType', 'actionTaken', 'notes'])] = `${random.pick(texts)} ${random.int(1, 999)}`;
          const otherCustomer = random.chance(0.05) ? await pickLocal(d, 'customers') : null;
          if (otherCustomer) args.customerId = otherCustomer;
          if (random.chance(0.4)) args.addLines = [await newLine(d), ...(random.chance(0.3) ? [await newLine(d)] : [])];
          if (lineIds.length && random.chance(0.35)) {
            args.changeLines = [{ id: random.pick(lineIds), ...(random.chance(0.7) ? { quantity: random.int(1, 900) / 100 } : { unitPrice: random.int(0, 50_000) / 100 }) }];
          }
          if (lineIds.length && random.chance(0.3)) args.removeLineIds = [random.pick(lineIds)];
          if (Object.keys(args).length === 1) args.notes = `Note ${random.int(1, 999)}`;
          if (status === 'Finished') return refusedOnDevice(d, 'updateJobCard', args, finishedJobMessage, 'jobEditRefusedOnDevice');
          return run(d, 'updateJobCard', args);
        }
        if (roll < 0.93) {
          // Mostly a move the rule allows from what this device sees; now and then any status at all.
          const allowed: Record<JobStatus, JobStatus[]> = { Open: ['Suspended', 'Finished'], Suspended: ['Open'], Finished: ['Open'] };
          const to = random.chance(0.75) ? random.pick(allowed[status]) : random.pick(jobStatuses);
          const args = { id: jobId, status: to, changeId: randomUUID() };
          const problem = statusMoveProblem({ from: status, to, role: roleOf(d), hasInvoice: !!job.invoiceId });
          if (problem) return refusedOnDevice(d, 'setJobCardStatus', args, problem, 'statusMoveRefusedOnDevice');
          return run(d, 'setJobCardStatus', args);
        }
        if (job.invoiceId && can(roleOf(d), findMutation('deleteJobCard')!.permission)) {
          return refusedOnDevice(d, 'deleteJobCard', { id: jobId }, 'This job has an invoice and cannot be deleted.', 'invoicedJobDeleteRefusedOnDevice');
        }
        return run(d, 'deleteJobCard', { id: jobId }); // Admin or Manager; a Staff device refuses
      }

      // ---- sales -----------------------------------------------------------------------------------

      const taxSettings: TaxSetting[] = [0, 8, 10].flatMap((taxRatePercent) => [true, false].map((pricesIncludeTax) => ({ taxRatePercent, pricesIncludeTax })));
      const methods: RegisterPaymentMethod[] = ['Cash', 'Cash', 'Card', 'Bank Transfer', 'Cheque', 'Credit'];
      const discount = () => (random.chance(0.6) ? 0 : random.pick([5, 10, 12.5, random.int(1, 9999) / 100]));

      /** A cart line: an item this register has in stock (the register refuses more than it holds), or a service. */
      async function saleLine(d: Device, taken: Set<string>): Promise<SaleLineSpec> {
        if (random.chance(0.6)) {
          const items = (await d.db.items.toArray()).filter((item) => Number(item.stockHundredths) >= 100 && !taken.has(item.id));
          if (items.length) {
            const item = random.pick(items.sort((x, y) => (x.id < y.id ? -1 : 1)));
            taken.add(item.id);
            const most = Math.min(Number(item.stockHundredths), 500);
            const quantityHundredths = random.chance(0.7) ? 100 * random.int(1, Math.floor(most / 100)) : random.int(1, most);
            return {
              kind: 'item',
              refId: item.id,
              name: String(item.itemName),
              quantity: quantityHundredths / 100,
              unitPrice: random.chance(0.8) ? Number(item.unitPriceCents) / 100 : random.int(0, 90_000) / 100,
              discountPercent: discount(),
              warrantyMonths: random.pick([0, 0, 3, 6, 12]),
            };
          }
        }
        return {
          kind: 'service',
          refId: null,
          name: `${random.pick(words)} work`,
          quantity: random.chance(0.8) ? 1 : random.int(25, 400) / 100,
          unitPrice: random.int(0, 2_500_000) / 100,
          discountPercent: discount(),
        };
      }

      /** Cash handed over: the total, more (change), or, for a customer who may owe, less (part paid, nothing at all now and then). */
      function tendered(totalCents: number, partPaid: boolean): number {
        if (partPaid && totalCents > 0) return random.chance(0.15) ? 0 : random.int(0, totalCents - 1) / 100;
        return random.chance(0.25) ? (totalCents + random.int(1, 500_000)) / 100 : totalCents / 100;
      }

      /** The sale, as the register makes it; a guest's part payment is refused on the device; a few totals are tampered with. */
      async function sell(d: Device, sale: SaleSpec, guestCustomer: boolean): Promise<void> {
        const args = saleArgs(await d.nextInvoiceNo(), sale);
        const totalCents = saleTotalCents(sale.lines, sale.tax!);
        if ((guestCustomer || !sale.customerId) && Math.round((sale.tendered ?? 0) * 100) < totalCents) {
          return refusedOnDevice(d, 'checkoutSale', args, saleMessages.guestPaidInFull, 'guestPartPaymentRefusedOnDevice');
        }
        const entry = await d.run('checkoutSale', args);
        record(d, entry);
        count(sale.jobCardId ? 'jobSale' : sale.customerId ? (guestCustomer ? 'guestCustomerSale' : 'customerSale') : 'guestSale');
        if (random.chance(0.03)) {
          await d.tamperQueued(entry, (queued) => ({ ...queued, total: (Math.round(Number(queued.total) * 100) + random.pick([1, -1])) / 100 }));
          tampered.add(entry.id);
          forgedInvoices.add(String(args.id));
          count('tamperedTotals');
        }
      }

      async function saleOp(d: Device): Promise<void> {
        const roll = random.next();
        if (roll < 0.12) return lowStockRush(d);
        if (roll < 0.3) return jobSale(d);
        if (roll < 0.42) return paymentOp(d);
        if (roll < 0.5) return random.chance(0.15) ? returnRush(d) : void (await returnOp(d));
        const taken = new Set<string>();
        const lines: SaleLineSpec[] = [];
        for (let i = random.int(1, 4); i > 0; i -= 1) lines.push(await saleLine(d, taken));
        const tax = random.pick(taxSettings);
        const customerId = random.chance(0.3) ? null : await pickLocal(d, 'customers');
        const customer = customerId ? await d.db.customers.get(customerId) : undefined;
        const guestCustomer = !!customer && isGuestCustomer(customer as Parameters<typeof isGuestCustomer>[0]);
        // Now and then a guest customer's sale is tried part paid: the register refuses it.
        const partPaid = !!customerId && random.chance(guestCustomer ? 0.3 : 0.45);
        // A customer with credit on this register spends it now and then (issue 26).
        const creditCents = customerId && !guestCustomer ? await customerCreditOnDevice(d.db, customerId) : 0;
        if (creditCents > 0 && random.chance(0.5)) return creditSale(d, customerId!, lines, tax, creditCents);
        const handed = tendered(saleTotalCents(lines, tax), partPaid);
        // A customer with an account who hands over more leaves the extra as credit now and then (issue 23).
        const keepExcess = !!customerId && !guestCustomer && Math.round(handed * 100) > saleTotalCents(lines, tax) && random.chance(0.5);
        if (keepExcess) count('extraKeptAsCredit');
        return sell(d, { customerId, lines, tax, method: random.pick(methods), tendered: handed, keepExcess }, guestCustomer);
      }

      /**
       * A sale paid by the customer's credit, as far as it goes (the rest owed). Now and then the cashier
       * types more than the credit or than the total: the register refuses it in words. Now and then a
       * second register, offline with the same credit, spends it too: both stand, the later reviewed.
       */
      async function creditSale(d: Device, customerId: string, lines: SaleLineSpec[], tax: TaxSetting, creditCents: number): Promise<void> {
        const totalCents = saleTotalCents(lines, tax);
        const args = async (tenderedCents: number) => saleArgs(await d.nextInvoiceNo(), { customerId, lines, tax, method: customerCreditMethod, tendered: tenderedCents / 100 });
        if (random.chance(0.1)) {
          if (totalCents > creditCents) {
            return refusedOnDevice(
              d,
              'checkoutSale',
              await args(creditCents + random.int(1, totalCents - creditCents)),
              paymentMessages.creditShort(formatMoney(creditCents)),
              'creditOverspendRefusedOnDevice',
            );
          }
          return refusedOnDevice(d, 'checkoutSale', await args(totalCents + random.int(1, 10_000)), paymentMessages.creditNoChange, 'creditChangeRefusedOnDevice');
        }
        const others = devices.filter((other) => other !== d && other.session);
        if (others.length && random.chance(0.4)) {
          const other = random.pick(others);
          const theirs = await customerCreditOnDevice(other.db, customerId);
          if (theirs > 0 && (await other.db.customers.get(customerId))) {
            count('creditRushes');
            for (const register of [d, other]) {
              register.net.offline = true;
              offlineUntil.set(register, Math.max(offlineUntil.get(register) ?? 0, step + random.int(5, 80)));
            }
            await sell(
              other,
              {
                customerId,
                lines: [{ kind: 'service', refId: null, name: 'Credit work', quantity: 1, unitPrice: theirs / 100 }],
                tax: { taxRatePercent: 0, pricesIncludeTax: true },
                method: customerCreditMethod,
                tendered: theirs / 100,
              },
              false,
            );
            count('creditSpentAtRegister');
          }
        }
        await sell(d, { customerId, lines, tax, method: customerCreditMethod, tendered: Math.min(totalCents, creditCents) / 100 }, false);
        count('creditSpentAtRegister');
      }

      /** A finished job this register holds without an invoice, sold from its lines (a service when it has none). */
      async function jobSale(d: Device): Promise<void> {
        const jobs = (await d.db.jobCards.where('status').equals('Finished').toArray()).filter((job) => !job.invoiceId && job.customerId);
        if (!jobs.length) return;
        const job = random.pick(jobs.sort((x, y) => (x.id < y.id ? -1 : 1)));
        const jobLines = (await d.db.jobLines.where('jobCardId').equals(job.id).toArray()).sort((x, y) => (x.id < y.id ? -1 : 1));
        const lines: SaleLineSpec[] = jobLines.slice(0, 8).map((line) => ({
          kind: line.kind as 'item' | 'service',
          refId: (line.refId as string | null) ?? null,
          name: String(line.name),
          quantity: Number(line.quantityHundredths) / 100,
          unitPrice: Number(line.unitPriceCents) / 100,
          discountPercent: discount(),
          warrantyMonths: Number(line.warrantyMonths ?? 0),
        }));
        if (!lines.length) lines.push({ kind: 'service', refId: null, name: String(job.jobType), quantity: 1, unitPrice: random.int(100, 500_000) / 100 });
        const tax = random.pick(taxSettings);
        const customer = await d.db.customers.get(String(job.customerId));
        const guestCustomer = !!customer && isGuestCustomer(customer as Parameters<typeof isGuestCustomer>[0]);
        const partPaid = !guestCustomer && random.chance(0.4);
        return sell(
          d,
          { customerId: String(job.customerId), jobCardId: job.id, lines, tax, method: random.pick(methods), tendered: tendered(saleTotalCents(lines, tax), partPaid) },
          guestCustomer,
        );
      }

      /** A payment on an invoice this device holds (the due list's Record Payment): mostly of what is due, now and then a correction. */
      async function paymentOp(d: Device): Promise<void> {
        const due = await d.db.invoices.where('status').equals('Due').primaryKeys();
        const ids = ((due.length && random.chance(0.85) ? due : await d.db.invoices.toCollection().primaryKeys()) as string[]).sort();
        if (!ids.length) return;
        const invoice = (await d.db.invoices.get(random.pick(ids)))!;
        const dueCents = Number(invoice.dueCents ?? 0);
        const correction = random.chance(0.25);
        const amountCents = correction
          ? -random.int(1, Math.max(Number(invoice.paidCents ?? 0), 100))
          : dueCents > 0 && random.chance(0.85)
            ? random.chance(0.5)
              ? dueCents
              : random.int(1, dueCents)
            : random.int(1, 100_000); // more than is due: the screen asked, the cashier said yes
        // A customer with credit pays a due with it now and then (issue 26).
        const creditCents = invoice.customerId && !invoice.guest ? await customerCreditOnDevice(d.db, String(invoice.customerId)) : 0;
        if (!correction && dueCents > 0 && creditCents > 0 && random.chance(0.3)) {
          count('creditSpentByPayment');
          return run(d, 'recordPayment', {
            id: randomUUID(),
            invoiceId: invoice.id,
            date: '2026-11-23',
            method: customerCreditMethod,
            amount: Math.min(dueCents, creditCents) / 100,
            note: '',
          });
        }
        const args = {
          id: randomUUID(),
          invoiceId: invoice.id,
          date: '2026-11-23',
          method: random.pick(duePaymentMethods),
          amount: amountCents / 100,
          note: correction && random.chance(0.85) ? 'Wrong amount entered' : '',
        };
        if (correction && roleOf(d) === 'Staff') return refusedOnDevice(d, 'recordPayment', args, paymentMessages.correctionRole, 'correctionRefusedOnDevice');
        if (correction && !args.note) return refusedOnDevice(d, 'recordPayment', args, paymentMessages.correctionReason, 'correctionRefusedOnDevice');
        // Taking back an overpayment's credit that this device knows was spent is refused in words;
        // one it does not know of yet goes through and the server raises it for review.
        const hasAccount = !!invoice.customerId && !invoice.guest;
        const taken = creditTakenBackShort({ method: args.method, amountCents }, invoice, creditCents);
        if (correction && hasAccount && taken.spentCents > 0) {
          return refusedOnDevice(d, 'recordPayment', args, paymentMessages.creditAlreadySpent(formatMoney(taken.spentCents)), 'correctionOfSpentCreditRefusedOnDevice');
        }
        if (correction) count('corrections');
        return run(d, 'recordPayment', args);
      }

      /** Two or three registers, offline for a while, each sell the last units of one low-stock item. */
      async function lowStockRush(d: Device): Promise<void> {
        const low = (await d.db.items.toArray()).filter((item) => Number(item.stockHundredths) >= 100 && Number(item.stockHundredths) <= 300);
        if (!low.length) return;
        const itemId = random.pick(low.map((item) => item.id).sort());
        const others = devices.filter((other) => other !== d && other.session);
        const sellers = [d, ...others.filter(() => random.chance(0.5)).slice(0, 2)];
        if (sellers.length < 2 && others.length) sellers.push(random.pick(others));
        count('lowStockRushes');
        for (const seller of sellers) {
          const item = await seller.db.items.get(itemId);
          if (!item || Number(item.stockHundredths) < 100) continue;
          seller.net.offline = true;
          offlineUntil.set(seller, Math.max(offlineUntil.get(seller) ?? 0, step + random.int(5, 80)));
          const stockHundredths = Number(item.stockHundredths);
          const lines: SaleLineSpec[] = [
            { kind: 'item', refId: itemId, name: String(item.itemName), quantity: Math.floor(stockHundredths / 100), unitPrice: Number(item.unitPriceCents) / 100 },
          ];
          if (random.chance(0.3)) lines.push(await saleLine(seller, new Set([itemId])));
          const tax = random.pick(taxSettings);
          await sell(seller, { customerId: null, lines, tax, method: 'Cash', tendered: tendered(saleTotalCents(lines, tax), false) }, false);
          count('lowStockSales');
        }
      }

      // ---- returns (issue 26) -------------------------------------------------------------------

      /**
       * A return on `d`, as the Returns screen makes it: 1–2 lines of an invoice it holds (or the one
       * line given, all of what is left of it), a disposition, a reason, a refund method that paid the
       * invoice, and the refund the device's own rows make of it (shared returnRows). What the device
       * must refuse (a Staff scrap, a refund above what its method paid) is expected refused, in words.
       * Returns whether it was queued.
       */
      /** A return at the counter; the refund it recorded, in cents, or null when none was recorded. */
      async function returnOp(d: Device, only?: { invoiceId: string; lineId: string }): Promise<number | null> {
        const invoiceIds = only ? [only.invoiceId] : ((await d.db.invoices.toCollection().primaryKeys()) as string[]).sort();
        if (!invoiceIds.length) return null;
        const context = await returnContextOn(d, random.pick(invoiceIds));
        if (!context) return null;
        const open = context.saleLines.filter((line) => (!only || line.id === only.lineId) && leftOf(context, line) > 0);
        if (!open.length) return null;
        const chosen = open.length > 1 && random.chance(0.3) ? [random.pick(open), random.pick(open)] : [random.pick(open)];
        const lines = [...new Set(chosen)].map((line) => {
          const left = leftOf(context, line);
          const quantityHundredths = only || random.chance(0.5) ? left : random.int(1, left);
          const disposition = line.kind === 'item' ? random.pick(['restock', 'restock', 'restock', 'restock', 'scrap', 'supplier'] as const) : 'restock';
          return {
            id: randomUUID(),
            invoiceLineId: line.id,
            itemId: line.kind === 'item' ? line.refId : null,
            quantity: quantityHundredths / 100,
            disposition,
            supplierName: disposition === 'supplier' ? `${random.pick(words)} Traders` : '',
          };
        });
        const reason: (typeof returnReasons)[number] = random.pick(returnReasons);
        const allowed: readonly RefundMethod[] = context.invoice.guest ? guestRefundMethods : refundMethods;
        const paidBy = allowed.filter((method) => refundableByMethod(context.payments, method) > 0);
        const args = {
          id: randomUUID(),
          creditNoteNo: await nextCreditNoteNo(d.db),
          invoiceId: context.invoice.id,
          date: new Date().toISOString(),
          reason: reason as (typeof returnReasons)[number],
          note: reason === 'Other' ? 'Customer changed their mind' : '',
          refundMethod: random.pick(paidBy.length ? paidBy : (['Cash'] as const)),
          refundPaymentId: randomUUID(),
          lines,
        };
        const author = d.author;
        const rowsFor = (method: RefundMethod) => returnRows({ ...args, refundMethod: method } as never, context, author, { at: args.date } as Occurred);
        let rows = rowsFor(args.refundMethod);
        if (rows.problems.length > 0 && random.chance(0.6)) {
          // The cashier picks a method that paid enough, when one did.
          const works = paidBy.find((method) => rowsFor(method).problems.length === 0);
          if (works) {
            args.refundMethod = works;
            rows = rowsFor(works);
          }
        }
        const refund = rows.creditNote.refundCents / 100;
        const scraps = lines.some((line) => line.disposition === 'scrap' && line.itemId !== null);
        if (scraps && !can(author.role, 'returnAnySale')) {
          await refusedOnDevice(d, 'returnSale', { ...args, refund }, returnMessages.managersOnly, 'returnScrapRefusedOnDevice');
          return null;
        }
        // A warranty claim stands only while each returned line's warranty runs: refused in words, or the
        // cashier picks another reason.
        const noWarranty = lines
          .map((line) => context.saleLines.find((sold) => sold.id === line.invoiceLineId)!)
          .find((sold) => !warrantyRuns(context.invoice.date, Number(sold.warrantyMonths ?? 0), args.date));
        if (reason === 'Faulty under warranty' && noWarranty) {
          if (random.chance(0.5)) {
            await refusedOnDevice(d, 'returnSale', { ...args, refund }, returnMessages.warrantyOver(noWarranty.name), 'returnWarrantyRefusedOnDevice');
            return null;
          }
          args.reason = 'Not needed';
        }
        if (rows.problems.length > 0) {
          expect(rows.problems[0], 'the only problem a device can meet here').toMatch(/^At most .* was paid on this invoice by/);
          await refusedOnDevice(d, 'returnSale', { ...args, refund }, rows.problems[0]!, 'returnRefundRefusedOnDevice');
          return null;
        }
        record(d, await d.run('returnSale', { ...args, refund }));
        count('returnSale');
        count(`returnSale${refund > 0 ? 'Refunded' : 'OnCredit'}`);
        for (const line of lines) if (line.itemId) count(line.disposition === 'restock' ? 'returnedPartsRestocked' : 'returnedPartsOut');
        if (lines.some((line) => line.disposition !== 'restock' && line.itemId !== null)) count('returnScrappedOrToSupplier');
        return rows.creditNote.refundCents;
      }

      /** Two registers, offline for a while, each take back what is left of the same sale line. */
      async function returnRush(d: Device): Promise<void> {
        const others = devices.filter((other) => other !== d && other.session);
        if (!others.length) return;
        const other = random.pick(others);
        const held = new Set((await other.db.invoices.toCollection().primaryKeys()) as string[]);
        const shared = ((await d.db.invoices.toCollection().primaryKeys()) as string[]).filter((id) => held.has(id)).sort();
        if (!shared.length) return;
        const invoiceId = random.pick(shared);
        const context = await returnContextOn(d, invoiceId);
        const lines = context?.saleLines.filter((line) => leftOf(context, line) > 0) ?? [];
        if (!lines.length) return;
        const lineId = random.pick(lines).id;
        count('returnRushes');
        let refunded = 0;
        for (const register of [d, other]) {
          register.net.offline = true;
          offlineUntil.set(register, Math.max(offlineUntil.get(register) ?? 0, step + random.int(5, 80)));
          const refund = await returnOp(register, { invoiceId, lineId });
          if (refund !== null) count('returnRushReturns');
          if (refund) refunded += 1;
        }
        // Both handed money back for the same line: the server will raise the later one for review.
        if (refunded === 2) count('returnRushesBothRefunded');
      }

      // ---- sync and its troubles ----------------------------------------------------------------

      async function syncOp(d: Device): Promise<void> {
        const error = await d.trySync();
        if (error instanceof UnauthorizedSyncError) {
          // 401: the session expired or was revoked (or the restore forgot it): the app sends the
          // user to the login screen and keeps the outbox. Somebody logs in again later.
          d.logOut();
          count('signedOutBy401');
        } else if (error) count('syncFailed');
      }

      /** The tab dies while its request is on the wire (the device must be online and logged in to send one). */
      async function dexieCrash(d: Device): Promise<void> {
        d.net.interceptNext(async ({ forward }) => {
          const answer = forward();
          d.db.close();
          return answer;
        });
        await d.trySync();
        d.net.clearIntercepts();
        d.abandonAndReopen();
        count('dexieCrashes');
      }

      /** The server process dies while a device's request is in flight, and starts again on the same file. */
      async function serverCrash(): Promise<void> {
        const d = devices.find((device) => !device.net.offline && device.session);
        if (!d) return;
        d.net.interceptNext(async ({ forward }) => {
          const answer = forward();
          await server.kill();
          await answer.catch(() => undefined);
          throw new TypeError('fetch failed (server died)');
        });
        await d.trySync();
        d.net.clearIntercepts();
        await server.restart();
        count('serverCrashes');
      }

      /** An Admin changes a user's role on the server; that user's queued work meets real 403s. */
      async function setRole(user: User, role: Role): Promise<void> {
        const response = await server.api(`/api/user/update-user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: (await server.login(server.admin.email, server.admin.password)).token },
          body: JSON.stringify({ id: user.id, name: user.name, email: user.email, role, status: true }),
        });
        expect(response.status).toBe(200);
        count(`roleSetTo${role}`);
      }

      // ---- the run -----------------------------------------------------------------------------

      for (step = 0; step < operationCount; step += 1) {
        if (step === backupAt) backup = await server.backup('command');
        if (step === demoteAt) await setRole(users[1]!, 'Staff');
        if (step === restoreAt) {
          await server.restore(backup); // Nimal is a Manager again, and recent sessions are gone
          count('restores');
        }
        if (step > 0 && step % crashEvery === 0) await serverCrash();

        const d = random.pick(devices);
        if (d.net.offline && (offlineUntil.get(d) ?? 0) <= step) d.net.offline = false;
        const roll = random.next();
        if (!d.session) {
          await logIn(d, random.pick(users));
        } else if (roll < 0.5) {
          await localOp(d);
        } else if (roll < 0.72) {
          if (!d.net.offline) await syncOp(d);
        } else if (roll < 0.76) {
          if (!d.net.offline) await d.engine.push().catch(() => count('pushFailed'));
        } else if (roll < 0.8) {
          d.net.offline = true;
          offlineUntil.set(d, step + random.int(10, 200));
          count('offlinePeriods');
        } else if (roll < 0.86) {
          await logIn(d, random.pick(users)); // a user switch; the outbox stays as it is
        } else if (roll < 0.87) {
          // The session is revoked elsewhere (logout on another device, an Admin's action).
          await server.api(`/api/user/logout`, { method: 'POST', headers: { token: d.session.token } });
          count('revokedSessions');
        } else if (roll < 0.89) {
          if (!d.net.offline) await dexieCrash(d);
        } else {
          for (const device of devices) if (!device.net.offline && device.session) await syncOp(device);
        }
      }

      // ---- the closing phase: what the dice did not bring about, made to happen -------------------
      // The checks below demand that every kind of event happened at least once. On most seeds the
      // random run brings them all; on some (7041 at 10,000) a rare one never came, and the run proved
      // nothing about it. Here each missing one is tried on purpose, still with the seed's dice, with
      // devices online and in sync first so that two registers hold the same sales.
      const closing: [kind: string, attempt: (d: Device) => Promise<unknown>][] = [
        ['customerSale', saleOp],
        ['guestSale', saleOp],
        ['guestCustomerSale', saleOp],
        ['guestPartPaymentRefusedOnDevice', saleOp],
        ['jobSale', jobSale],
        ['recordPayment', paymentOp],
        ['corrections', paymentOp],
        ['invoicedJobDeleteRefusedOnDevice', jobOp],
        ['returnRushesBothRefunded', returnRush],
        ['returnScrappedOrToSupplier', returnOp],
        ['returnRefundRefusedOnDevice', returnOp],
        ['returnSale', returnOp],
        ['lowStockSales', lowStockRush],
      ];
      for (const [kind, attempt] of closing) {
        if (counts[kind]) continue;
        for (let tries = 0; tries < 300 && !counts[kind]; tries += 1) {
          if (tries % 20 === 0) {
            // Online, in sync, and logged in as the Admin, who may make any return.
            for (const d of devices) {
              d.net.offline = false;
              await logIn(d, users[0]!);
              await syncOp(d);
            }
          }
          step += 1;
          const ready = devices.filter((d) => d.session);
          if (ready.length) await attempt(random.pick(ready));
        }
        count(counts[kind] ? `closingPhaseMade:${kind}` : `closingPhaseMissed:${kind}`);
      }

      // ---- every author logs in on every device until nothing is left ------------------------

      for (const d of devices) {
        d.net.enabled = false;
        d.net.offline = false;
      }
      let finalRounds = 0;
      for (; finalRounds < 10; finalRounds += 1) {
        for (const d of devices) {
          for (const user of users) {
            if ((await d.db.outbox.where('authorId').equals(user.id).count()) === 0) continue;
            await logIn(d, user);
            for (let i = 0; i < 4 && (await d.trySync()) !== null; i += 1);
          }
        }
        if ((await Promise.all(devices.map(async (d) => d.outboxSize()))).every((size) => size === 0)) break;
      }
      for (const d of devices) {
        await logIn(d, users[0]!);
        await d.syncClean();
      }
      const duration = performance.now() - started;

      // ---- invariants ----------------------------------------------------------------------------

      for (const d of devices) expect(await d.outboxSize(), `${d.name} outbox`).toBe(0);

      // Every device equals the server.
      // Table by table, so a failure names the table (the job tables, the sales tables...).
      const mirror = await server.mirror();
      for (const d of devices) {
        const held = await d.mirror();
        expect(Object.keys(held).sort()).toEqual(Object.keys(mirror).sort());
        for (const table of syncedTables) expect(held[table], `${d.name} ${table} equal the server's`).toEqual(mirror[table]);
        // The dashboard's month sums and job counts, kept write by write, equal the sums of the rows it holds.
        for (const spec of [salesMonths, jobCounts]) {
          const kept = await d.db.table(spec.target).toArray();
          const computed = await sumTable(spec, d.db.table(spec.source));
          expect(kept.length, `${d.name} ${spec.target} kept`).toBeGreaterThan(0);
          expect(nonZeroSums(spec, kept), `${d.name} ${spec.target}`).toEqual(nonZeroSums(spec, computed));
        }
      }

      // Exactly once, against the server's log and the rows each mutation wrote.
      const log = (await server.db.$client.prepare(`SELECT id, name, userId, status, httpStatus, version FROM applied_mutations`).all()) as {
        id: string;
        name: string;
        userId: string;
        status: string;
        httpStatus: number;
        version: number | null;
      }[];
      const logged = new Map(log.map((row) => [row.id, row]));
      const problems = new Map<string, string>();
      for (const d of devices) for (const problem of await d.db.problems.toArray()) problems.set(problem.mutation.id, `${d.name}: ${problem.httpStatus} ${problem.message}`);
      const problemKinds: Record<string, number> = {};
      for (const [id, text] of problems) {
        const kind = `${queued.get(id)?.entry.name} ${logged.has(id) ? 'logged' : 'unlogged'} ${text.replace(/^[^:]*: /, '')}`;
        problemKinds[kind] = (problemKinds[kind] ?? 0) + 1;
      }
      console.log(`[sync-ops] problems: ${JSON.stringify(problemKinds)}`);
      const missing = [...queued.keys()].filter((id) => !logged.has(id) && !problems.has(id));
      expect(missing, 'every queued mutation reached the server or its device shows it as a problem').toEqual([]);
      const setupNames = new Set(['saveUser', 'updateUser']);
      const strangers = log.filter((row) => !queued.has(row.id) && !setupNames.has(row.name));
      expect(strangers, 'nothing applied that no device queued').toEqual([]);

      // No change is attributed to a user who did not make it.
      const misattributed = log.filter((row) => queued.has(row.id) && row.userId !== queued.get(row.id)!.entry.authorId);
      expect(misattributed).toEqual([]);

      // Each applied stock operation wrote exactly its movement, once: counted by mutation id.
      const movementsByMutation = new Map<string, number>();
      for (const movement of mirror.stockMovements) movementsByMutation.set(String(movement.mutationId), (movementsByMutation.get(String(movement.mutationId)) ?? 0) + 1);
      const allMovements = (await server.db.$client.prepare(`SELECT mutationId, COUNT(*) AS n FROM stock_movements GROUP BY mutationId`).all()) as {
        mutationId: string;
        n: number;
      }[];
      /** The movements a return writes when the server holds its parts: [id, item, hundredths]. */
      const returnMovements = (args: Record<string, any> | undefined) =>
        ((args?.lines ?? []) as { id: string; itemId: string | null; quantity: number; disposition: string }[])
          .filter((line) => line.itemId)
          .flatMap((line) => {
            const back: [string, string, number] = [returnMovementId(line.id), line.itemId!, toCents(line.quantity)];
            return line.disposition === 'restock' ? [back] : [back, [returnOutMovementId(line.id), line.itemId!, -toCents(line.quantity)] as [string, string, number]];
          });
      const productLines = (args: Record<string, any> | undefined) => ((args?.lines ?? []) as SaleLineSpec[]).filter((line) => line.kind === 'item' && line.refId);
      for (const { mutationId, n } of allMovements) {
        const row = logged.get(mutationId);
        expect(row?.status, `movement of ${mutationId} belongs to an applied mutation`).toBe('applied');
        // One per mutation, but a sale writes one per product line whose item the server held (exactly
        // which: the stock model below, movedLines).
        if (row?.name === 'checkoutSale')
          expect(n, `movements written by ${mutationId}`).toBeLessThanOrEqual(productLines(queued.get(mutationId)?.entry.args as Record<string, any>).length);
        // A return: one per part back to stock, two per part scrapped or sent to the supplier (in and out),
        // none for a service (exactly which: the stock model below, returnMoves).
        else if (row?.name === 'returnSale')
          expect(n, `movements written by return ${mutationId}`).toBeLessThanOrEqual(returnMovements(queued.get(mutationId)?.entry.args as Record<string, any>).length);
        else expect(n, `movements written by ${mutationId}`).toBe(1);
      }
      for (const row of log) {
        if (row.status !== 'applied') continue;
        const args = queued.get(row.id)?.entry.args;
        if (row.name === 'adjustStock') expect(allMovements.find((m) => m.mutationId === row.id)?.n, `adjustStock ${row.id}`).toBe(1);
        if (row.name === 'checkoutSale') {
          const lines = productLines(args as Record<string, any>);
          // At most one per product line: a part the server did not hold moves nothing (checked exactly by the stock model below).
          expect(allMovements.find((m) => m.mutationId === row.id)?.n ?? 0, `sale movements of ${row.id}`).toBeLessThanOrEqual(lines.length);
        }
        if (row.name === 'createItem' && Math.round(Number(args?.stockQuantity) * 100) !== 0) {
          expect(allMovements.find((m) => m.mutationId === row.id)?.n, `opening of ${row.id}`).toBe(1);
        }
      }

      // Stock equals the opening stock plus the sum of all movements, for every item ever made.
      const stock = (await server.db.$client
        .prepare(`SELECT i.id, i.stockHundredths AS stock, COALESCE((SELECT SUM(quantityHundredths) FROM stock_movements m WHERE m.itemId = i.id), 0) AS moved FROM items i`)
        .all()) as { id: string; stock: number; moved: number }[];
      expect(stock.filter((row) => row.stock !== row.moved)).toEqual([]);

      // ---- job cards: what the job operations the server applied, in its order, make of each job ----

      interface JobModel {
        status: JobStatus;
        deleted: boolean;
        /** The invoice an applied sale linked it to. */
        invoiceId: string | null;
        fields: Record<string, unknown>;
        moves: string[];
      }
      interface LineModel {
        jobCardId: string;
        live: boolean;
        quantityHundredths: number;
        unitPriceCents: number;
        warranty: string;
      }
      const jobFields = ['customerId', 'vehicleLicensePlate', 'currentMileage', 'jobType', 'actionTaken', 'notes'] as const;
      const pickJobFields = (args: Record<string, unknown>) => Object.fromEntries(jobFields.filter((f) => args[f] !== undefined).map((f) => [f, args[f]]));
      const jobModels = new Map<string, JobModel>();
      const lineModels = new Map<string, LineModel>();
      /** History rows a no-op move (a status the job already had) wrote as tombstones: its device's guess taken back. */
      const noOpMoveIds = new Set<string>();
      const staffOnly = new Set([users[2]!.id]); // Kamal is Staff all along; Nimal is demoted for a while
      // In the order the server applied them, refusals in their place among the rest: a refused move is
      // judged against the job as the server held it then (test-database.ts, logInOrder).
      const ordered = await logInOrder<{
        id: string;
        name: string;
        userId: string;
        status: string;
        httpStatus: number;
        message: string | null;
        happenedAt: string;
      }>(server.db, 'a.id, a.name, a.userId, a.status, a.httpStatus, a.message, a.happenedAt');
      /** Each job field's edit that stands: of two edits of a field, the one that happened later (issue 23). */
      const jobFieldEdits = new Map<string, { at: string; mutationId: string }>();
      const addLine = (jobCardId: string, line: JobLineInput) => {
        if (lineModels.has(line.id)) return; // the same line again changes nothing
        lineModels.set(line.id, {
          jobCardId,
          live: true,
          quantityHundredths: Math.round(line.quantity * 100),
          unitPriceCents: Math.round(line.unitPrice * 100),
          warranty: line.warranty,
        });
      };
      const refusedMoves: Record<string, number> = {};
      for (const row of ordered) {
        const args = queued.get(row.id)?.entry.args as Record<string, any> | undefined;
        if (args && row.name === 'checkoutSale' && args.jobCardId) {
          // A sale links its job once. A device's sale is a fact (issue 23): a second sale of an invoiced
          // job, or the sale of a job deleted meanwhile, is recorded as its own invoice, open for review,
          // and the job keeps its first invoice.
          const sold = jobModels.get(args.jobCardId);
          if (row.status === 'applied') {
            const invoice = mirror.invoices.find((candidate) => candidate.id === args.id);
            if (sold && !sold.deleted && sold.invoiceId === null) {
              sold.invoiceId = args.id;
            } else if (sold && !sold.deleted) {
              expect(invoice, `second sale ${row.id} of job ${args.jobCardId}`).toMatchObject({
                reviewState: expect.stringMatching(/^(open|reviewed)$/),
                duplicateOfId: sold.invoiceId,
              });
              count('secondJobSaleRecordedForReview');
            } else {
              expect(invoice?.reviewState, `sale ${row.id} of deleted job ${args.jobCardId}`).toMatch(/^(open|reviewed)$/);
              count('saleOfDeletedJobRecordedForReview');
            }
          } else {
            expect(/already has invoice/.test(row.message ?? ''), `a device's sale ${row.id} is never refused as a second sale`).toBe(false);
          }
          continue;
        }
        if (!args || !/JobCard/.test(row.name)) continue;
        const job = jobModels.get(args.id);
        if (row.status !== 'applied') {
          if (row.name === 'setJobCardStatus' && row.httpStatus === 409) {
            // Refused: the move broke the rule for the job as the server held it then (the role aside,
            // the reopen of a user who is, or was then, Staff).
            expect(job, `refused move ${row.id} of a known job`).toBeDefined();
            const problem = statusMoveProblem({ from: job!.status, to: args.status, role: 'Admin', hasInvoice: job!.invoiceId !== null });
            const reopenByStaff = job!.status === 'Finished' && args.status === 'Open' && row.userId !== users[0]!.id;
            expect(problem !== null || reopenByStaff, `refused move ${row.id}: ${job!.status} → ${args.status} (${row.message})`).toBe(true);
            refusedMoves[`${job!.status}→${args.status}`] = (refusedMoves[`${job!.status}→${args.status}`] ?? 0) + 1;
          }
          continue;
        }
        if (row.name === 'createJobCard') {
          expect(job, `job ${args.id} made once`).toBeUndefined();
          jobModels.set(args.id, { status: 'Open', deleted: false, invoiceId: null, fields: pickJobFields(args), moves: ['∅→Open'] });
          for (const line of args.lines as JobLineInput[]) addLine(args.id, line);
          continue;
        }
        expect(job, `${row.name} ${row.id} of a job the server made`).toBeDefined();
        if (row.name === 'deleteJobCard') {
          expect(job!.invoiceId, `an invoiced job deleted by ${row.id}`).toBeNull();
          job!.deleted = true;
          continue;
        }
        expect(job!.deleted, `${row.name} ${row.id} applied to a deleted job`).toBe(false);
        if (row.name === 'updateJobCard') {
          expect(job!.status, `edit ${row.id} applied to a finished job`).not.toBe('Finished');
          const edit = { at: row.happenedAt, mutationId: row.id };
          for (const [field, value] of Object.entries(pickJobFields(args))) {
            const last = jobFieldEdits.get(`${args.id}/${field}`);
            if (last && happenedAfter(last, edit)) {
              count('jobEditGaveWayToLater');
              continue;
            }
            job!.fields[field] = value;
            jobFieldEdits.set(`${args.id}/${field}`, edit);
          }
          for (const line of (args.addLines ?? []) as JobLineInput[]) addLine(args.id, line);
          for (const change of (args.changeLines ?? []) as { id: string; quantity?: number; unitPrice?: number; warranty?: string }[]) {
            const line = lineModels.get(change.id);
            if (!line?.live || line.jobCardId !== args.id) continue; // a line removed meanwhile stays removed
            if (change.quantity !== undefined) line.quantityHundredths = Math.round(change.quantity * 100);
            if (change.unitPrice !== undefined) line.unitPriceCents = Math.round(change.unitPrice * 100);
            if (change.warranty !== undefined) line.warranty = change.warranty;
          }
          for (const lineId of (args.removeLineIds ?? []) as string[]) {
            const line = lineModels.get(lineId);
            if (line?.live && line.jobCardId === args.id) line.live = false;
          }
        } else if (row.name === 'setJobCardStatus') {
          const problem = statusMoveProblem({ from: job!.status, to: args.status, role: 'Admin', hasInvoice: job!.invoiceId !== null });
          expect(problem, `applied move ${row.id}: ${job!.status} → ${args.status}`).toBeNull();
          if (job!.status === 'Finished' && args.status === 'Open') expect(staffOnly.has(row.userId), `reopen ${row.id} by Staff`).toBe(false);
          if (job!.status === args.status) noOpMoveIds.add(args.changeId);
          else {
            job!.moves.push(`${job!.status}→${args.status}`);
            job!.status = args.status;
          }
        }
      }

      const jobRows = (await server.db.$client.prepare(`SELECT * FROM job_cards`).all()) as Record<string, any>[];
      const lineRows = (await server.db.$client.prepare(`SELECT * FROM job_lines`).all()) as Record<string, any>[];
      const changeRows = (await server.db.$client.prepare(`SELECT * FROM job_status_changes ORDER BY version`).all()) as Record<string, any>[];

      // Numbers: every job has one, once, JOB-0001 up to the number of jobs, without a gap (a refused
      // create gives its number back with its savepoint).
      const numbers = jobRows.map((row) => row.jobNumber as string | null);
      expect(numbers.filter((n) => n === null)).toEqual([]);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect([...numbers].sort()).toEqual(jobRows.map((_, i) => `JOB-${String(i + 1).padStart(4, '0')}`));
      for (const d of devices) expect(await d.db.jobCards.filter((row) => !row.jobNumber).count(), `${d.name} jobs without a number`).toBe(0);

      // Jobs: exactly those the log made, each as the applied operations left it.
      expect(jobRows.map((row) => row.id).sort()).toEqual([...jobModels.keys()].sort());
      for (const row of jobRows) {
        const model = jobModels.get(row.id)!;
        expect(
          { id: row.id, deleted: !!row.deleted, status: row.status, finished: row.finishedAt !== null, invoiceId: row.invoiceId, ...pickJobFields(row) },
          `job ${row.id}`,
        ).toEqual({
          id: row.id,
          deleted: model.deleted,
          status: model.status,
          finished: model.status === 'Finished',
          invoiceId: model.invoiceId,
          ...model.fields,
        });
      }

      // Lines: added minus removed, with their changes; none the log did not add.
      expect(lineRows.map((row) => row.id).sort()).toEqual([...lineModels.keys()].sort());
      for (const row of lineRows) {
        const model = lineModels.get(row.id)!;
        const expected = { ...model, totalCents: jobLineTotalCents(model) };
        expect(
          {
            jobCardId: row.jobCardId,
            live: !row.deleted,
            quantityHundredths: row.quantityHundredths,
            unitPriceCents: row.unitPriceCents,
            warranty: row.warranty,
            totalCents: row.totalCents,
          },
          `line ${row.id}`,
        ).toEqual(expected);
      }

      // Status history: a chain from the opening row through moves the rule allows to the job's status,
      // one row per real move (the log's), and nothing else but the tombstones of no-op moves.
      const chains = new Map<string, Record<string, any>[]>();
      for (const row of changeRows) {
        if (row.deleted) {
          expect(noOpMoveIds.has(row.id), `history tombstone ${row.id} is a no-op move's`).toBe(true);
          continue;
        }
        chains.set(row.jobCardId, [...(chains.get(row.jobCardId) ?? []), row]);
      }
      expect([...chains.keys()].sort()).toEqual([...jobModels.keys()].sort());
      for (const [jobId, chain] of chains) {
        const job = jobRows.find((row) => row.id === jobId)!;
        expect(chain[0]!.id, `${jobId} opens with its opening row`).toBe(openedChangeId(jobId));
        for (let i = 1; i < chain.length; i += 1) {
          const [before, move] = [chain[i - 1]!, chain[i]!];
          expect(move.fromStatus, `${jobId} move ${i} starts where the last ended`).toBe(before.toStatus);
          expect(statusMoveProblem({ from: move.fromStatus, to: move.toStatus, role: 'Admin', hasInvoice: false }), `${jobId} move ${i}`).toBeNull();
          expect(move.fromStatus === move.toStatus, `${jobId} move ${i} moves`).toBe(false);
          if (move.fromStatus === 'Finished') expect(staffOnly.has(move.userId), `${jobId} reopened by Staff`).toBe(false);
        }
        expect(chain.at(-1)!.toStatus, `${jobId} history ends at its status`).toBe(job.status);
        expect(
          chain.map((row) => `${row.fromStatus ?? '∅'}→${row.toStatus}`),
          `${jobId} history`,
        ).toEqual(jobModels.get(jobId)!.moves);
      }

      // ---- sales: what the applied operations make of stock, invoices, payments and numbers ---------

      const invoiceRows = (await server.db.$client.prepare(`SELECT * FROM invoices`).all()) as Record<string, any>[];
      const invoiceLineRows = (await server.db.$client.prepare(`SELECT * FROM invoice_lines ORDER BY invoiceId, position`).all()) as Record<string, any>[];
      const paymentRows = (await server.db.$client.prepare(`SELECT * FROM payments`).all()) as Record<string, any>[];
      const salesApplied = ordered.filter((row) => row.name === 'checkoutSale' && row.status === 'applied');
      const saleOf = (id: string) => queued.get(id)!.entry.args as Record<string, any>;

      // Stock: for every item, what its applied operations (opening, adjustments, sales) make it, and
      // equal to the sum of its ledger (checked above for every item, this one through the model).
      const expectedStock = new Map<string, number>();
      const move = (itemId: string, hundredths: number) => expectedStock.set(itemId, (expectedStock.get(itemId) ?? 0) + hundredths);
      // A part the server held no record of when its sale arrived (its item's create not there yet, a
      // restore having taken it back) moves no stock: the sale stands, reviewed (issue 23).
      const itemsKnown = new Set<string>();
      const movedLines = new Map<string, SaleLineSpec[]>();
      const returnMoves = new Map<string, [string, string, number][]>();
      for (const row of ordered) {
        if (row.status !== 'applied' || !queued.has(row.id)) continue;
        const args = queued.get(row.id)!.entry.args as Record<string, any>;
        if (row.name === 'createItem') {
          itemsKnown.add(args.id);
          move(args.id, Math.round(Number(args.stockQuantity) * 100));
        } else if (row.name === 'adjustStock') move(args.itemId, Math.round(Number(args.quantity) * 100));
        else if (row.name === 'checkoutSale') {
          const moved = productLines(args).filter((line) => itemsKnown.has(line.refId!));
          movedLines.set(row.id, moved);
          for (const line of moved) move(line.refId!, -Math.round(line.quantity * 100));
          if (moved.length < productLines(args).length) {
            const invoice = mirror.invoices.find((candidate) => candidate.id === args.id);
            expect(String(invoice?.reviewReason), `sale ${row.id} of a part the server did not hold`).toContain('not on the server when this sale reached it');
            count('saleOfUnknownItemRecordedForReview');
          }
        } else if (row.name === 'returnSale') {
          // A part the server holds no record of moves nothing; the credit note still says it came back.
          const moved = returnMovements(args).filter(([, itemId]) => itemsKnown.has(itemId));
          returnMoves.set(row.id, moved);
          for (const [, itemId, hundredths] of moved) move(itemId, hundredths);
        } else expect(['putItem'], `${row.name}: an operation that moves stock outside the model`).not.toContain(row.name);
      }
      const itemRows = (await server.db.$client.prepare(`SELECT id, stockHundredths FROM items`).all()) as { id: string; stockHundredths: number }[];
      expect(
        itemRows.filter((row) => row.stockHundredths !== (expectedStock.get(row.id) ?? 0)).map((row) => [row.id, row.stockHundredths, expectedStock.get(row.id) ?? 0]),
      ).toEqual([]);
      const saleMovements = (await server.db.$client.prepare(`SELECT * FROM stock_movements WHERE reason = 'sale'`).all()) as Record<string, any>[];
      expect(saleMovements.length, 'one sale movement per product line sold').toBe(salesApplied.reduce((n, row) => n + (movedLines.get(row.id) ?? []).length, 0));
      for (const row of salesApplied) {
        for (const line of movedLines.get(row.id) ?? []) {
          const movement = saleMovements.find((m) => m.id === saleMovementId(line.id!));
          expect(movement && { itemId: movement.itemId, quantityHundredths: movement.quantityHundredths, mutationId: movement.mutationId }, `movement of line ${line.id}`).toEqual({
            itemId: line.refId,
            quantityHundredths: -Math.round(line.quantity * 100),
            mutationId: row.id,
          });
        }
      }

      // Each applied return wrote exactly its movements (a part back to stock: in; scrapped or to the
      // supplier: in and out), under its mutation.
      const returnMovementRows = (await server.db.$client.prepare(`SELECT * FROM stock_movements WHERE reason = 'return'`).all()) as Record<string, any>[];
      const returnsApplied = ordered.filter((row) => row.name === 'returnSale' && row.status === 'applied');
      expect(returnMovementRows.map((m) => [m.id, m.itemId, m.quantityHundredths, m.mutationId]).sort(), 'return movements: those of the applied returns').toEqual(
        returnsApplied.flatMap((row) => (returnMoves.get(row.id) ?? []).map(([id, itemId, hundredths]) => [id, itemId, hundredths, row.id])).sort(),
      );

      const paymentsApplied = new Map<string, { id: string; amount: number }[]>();
      for (const row of ordered) {
        if (row.name !== 'recordPayment' || row.status !== 'applied') continue;
        const args = queued.get(row.id)!.entry.args as { id: string; invoiceId: string; amount: number };
        paymentsApplied.set(args.invoiceId, [...(paymentsApplied.get(args.invoiceId) ?? []), args]);
      }
      // Invoices: exactly the applied sales', none deleted, each as its arguments made it.
      expect(invoiceRows.map((row) => row.id).sort()).toEqual(salesApplied.map((row) => saleOf(row.id).id as string).sort());
      expect(invoiceRows.filter((row) => row.deleted)).toEqual([]);
      const linesOf = new Map<string, Record<string, any>[]>();
      for (const line of invoiceLineRows) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);
      const paymentsOf = new Map<string, Record<string, any>[]>();
      for (const payment of paymentRows) paymentsOf.set(payment.invoiceId, [...(paymentsOf.get(payment.invoiceId) ?? []), payment]);
      expect(invoiceLineRows.filter((row) => row.deleted || !invoiceRows.some((invoice) => invoice.id === row.invoiceId))).toEqual([]);
      // A payment with no invoice is one taken at the counter on a sale the server then refused (a
      // tampered total), sent before that refusal reached its register: recorded as paid before its
      // invoice (server/src/mutations/payments/before-its-invoice.ts, facts stand), it waits for the
      // corrected sale, which the run never sends. No other payment is without its invoice. The refusal
      // is in the server's log, or only on its register's problems list when a restore to an older
      // backup took the log's row away (the payment, sent later, stayed).
      const refusedSaleIds = [
        ...ordered.filter((row) => row.name === 'checkoutSale' && row.status === 'rejected').map((row) => row.id),
        ...[...problems.keys()].filter((id) => queued.get(id)?.entry.name === 'checkoutSale'),
      ];
      const refusedSales = new Set(refusedSaleIds.map((id) => queued.get(id)?.entry.args.id as string | undefined));
      const withoutInvoice = paymentRows.filter((row) => !invoiceRows.some((invoice) => invoice.id === row.invoiceId));
      expect(paymentRows.filter((row) => row.deleted)).toEqual([]);
      expect(withoutInvoice.filter((row) => !refusedSales.has(row.invoiceId as string))).toEqual([]);
      if (withoutInvoice.length > 0) count('paymentWaitsForRefusedSale');
      // Refunds: the applied returns' (a negative payment each, when money went back), as the device handed them over.
      const refundsApplied = new Map<string, [string, number, number][]>();
      for (const row of returnsApplied) {
        const args = queued.get(row.id)!.entry.args as Record<string, any>;
        if (toCents(args.refund) > 0) refundsApplied.set(args.invoiceId, [...(refundsApplied.get(args.invoiceId) ?? []), [args.refundPaymentId, -toCents(args.refund), 0]]);
      }
      expect(paymentRows.length, "payments: the sales' first ones, the recorded ones and the refunds, nothing else").toBe(
        salesApplied.filter((row) => Math.round(Number(saleOf(row.id).payment.tendered) * 100) > 0).length +
          [...paymentsApplied.values()].flat().length +
          [...refundsApplied.values()].flat().length,
      );
      // Credit notes: exactly the applied returns', each with its refund row, its worth split into what
      // reduced the due and what was handed back (as the device handed it over).
      const creditNoteRows = (await server.db.$client.prepare(`SELECT * FROM credit_notes`).all()) as Record<string, any>[];
      const creditNoteLineRows = (await server.db.$client.prepare(`SELECT * FROM credit_note_lines`).all()) as Record<string, any>[];
      expect(creditNoteRows.map((row) => row.id).sort(), "credit notes: the applied returns'").toEqual(
        returnsApplied.map((row) => queued.get(row.id)!.entry.args.id as string).sort(),
      );
      expect(creditNoteRows.filter((row) => row.deleted).length, 'credit notes deleted').toBe(0);
      const creditNotesOf = new Map<string, Record<string, any>[]>();
      for (const note of creditNoteRows) creditNotesOf.set(note.invoiceId, [...(creditNotesOf.get(note.invoiceId) ?? []), note]);
      const paymentById = new Map(paymentRows.map((row) => [String(row.id), row]));
      for (const row of returnsApplied) {
        const args = queued.get(row.id)!.entry.args as Record<string, any>;
        const note = creditNoteRows.find((candidate) => candidate.id === args.id)!;
        const noteLines = creditNoteLineRows.filter((line) => line.creditNoteId === note.id);
        expect(noteLines.map((line) => [line.id, line.invoiceLineId, line.quantityHundredths]).sort(), `lines of ${note.creditNoteNo}`).toEqual(
          (args.lines as Record<string, any>[]).map((line) => [line.id, line.invoiceLineId, toCents(line.quantity)]).sort(),
        );
        // Its worth: its lines' at the sale's own tax setting (tax added only when prices excluded it).
        const sold = invoiceRows.find((invoice) => invoice.id === note.invoiceId)!;
        const subTotalCents = noteLines.reduce((sum, line) => sum + line.totalCents, 0);
        const taxCents = noteLines.reduce((sum, line) => sum + line.taxCents, 0);
        expect([note.subTotalCents, note.taxCents, note.totalCents], `${note.creditNoteNo} worth its lines`).toEqual([
          subTotalCents,
          taxCents,
          sold.pricesIncludeTax ? subTotalCents : subTotalCents + taxCents,
        ]);
        if (note.refundCents > note.totalCents) {
          // The register handed back more than the server's figures make the return worth: its lines
          // were priced before another register's return of the same sale line arrived (the last
          // return of a line takes what is left of its total, so the cents can differ). The money
          // stands; nothing reduced the due, and the note is raised for review (tests/sync/returns.test.ts
          // makes this case on purpose).
          // At most a cent a line (rounding), nothing reduced the due, and the review names the difference.
          expect(note.refundCents - note.totalCents, `${note.creditNoteNo} refund above its worth`).toBeLessThanOrEqual(noteLines.length);
          expect([note.reducedDueCents, note.reviewState, note.reviewReason.includes('The register handed back')], `${note.creditNoteNo} raised`).toEqual([0, 'open', true]);
          count('refundAboveWorthRaised');
        } else expect(note.reducedDueCents + note.refundCents, `${note.creditNoteNo} reduced due + refund = total`).toBe(note.totalCents);
        expect(note.refundCents, `${note.creditNoteNo} refund as handed over`).toBe(toCents(args.refund));
        if (note.refundCents > 0) {
          const refund = paymentById.get(String(note.refundPaymentId));
          expect(refund && [refund.id, refund.invoiceId, refund.amountCents, refund.method, refund.note], `refund of ${note.creditNoteNo}`).toEqual([
            args.refundPaymentId,
            note.invoiceId,
            -note.refundCents,
            args.refundMethod,
            expect.stringMatching(/^Refund, credit note /),
          ]);
        } else expect(note.refundPaymentId, `${note.creditNoteNo} refunded nothing`).toBeNull();
        if (note.reviewState) count('returnRaisedForReview');
      }
      // No sale line returned beyond what was sold, unless a return of it is raised for review (two
      // registers took it back offline and both handed money over).
      const returnedOf = new Map<string, { hundredths: number; reviewed: boolean }>();
      for (const line of creditNoteLineRows) {
        const note = creditNoteRows.find((candidate) => candidate.id === line.creditNoteId)!;
        const sum = returnedOf.get(line.invoiceLineId) ?? { hundredths: 0, reviewed: false };
        returnedOf.set(line.invoiceLineId, { hundredths: sum.hundredths + line.quantityHundredths, reviewed: sum.reviewed || /^(open|reviewed)$/.test(note.reviewState) });
      }
      for (const [lineId, returned] of returnedOf) {
        const sold = invoiceLineRows.find((line) => line.id === lineId);
        expect(sold, `returned line ${lineId} was sold`).toBeDefined();
        if (returned.hundredths > sold!.quantityHundredths) {
          expect(returned.reviewed, `line ${lineId} returned ${returned.hundredths} of ${sold!.quantityHundredths} without review`).toBe(true);
          count('linesReturnedBeyondSoldForReview');
        }
      }
      const invoiceByMutation = new Map(salesApplied.map((row) => [saleOf(row.id).id as string, row]));
      const dueByCustomer = new Map<string, number>();
      for (const invoice of invoiceRows) {
        const mutation = invoiceByMutation.get(invoice.id)!;
        const args = saleOf(mutation.id);
        const lines = linesOf.get(invoice.id) ?? [];
        const tax = { taxRatePercent: invoice.taxRatePercent, pricesIncludeTax: !!invoice.pricesIncludeTax };
        // Its lines are the sale's, in order, each with its own total and tax at the invoice's setting.
        expect(
          lines.map((line) => line.id),
          `lines of ${invoice.invoiceNo}`,
        ).toEqual((args.lines as SaleLineSpec[]).map((line) => line.id));
        for (const line of lines) {
          expect([line.totalCents, line.taxCents], `line ${line.id}`).toEqual([saleLineTotalCents(line as never), saleLineTaxCents(line as never, tax)]);
        }
        // Totals: a recomputation from its stored lines at its stored tax setting, and the register's total.
        const totals = invoiceTotals(lines as never[], tax);
        expect(
          {
            grossCents: invoice.grossCents,
            discountCents: invoice.discountCents,
            subTotalCents: invoice.subTotalCents,
            taxCents: invoice.taxCents,
            totalCents: invoice.totalCents,
          },
          `totals of ${invoice.invoiceNo}`,
        ).toEqual(totals);
        expect([invoice.taxRatePercent, !!invoice.pricesIncludeTax, invoice.totalCents], `${invoice.invoiceNo} as sold`).toEqual([
          args.taxRatePercent,
          args.pricesIncludeTax,
          Math.round(args.total * 100),
        ]);
        // Payments: the sale's first one (what was handed over, up to the total), then each payment the
        // server applied for it, once; the invoice's paid, due and status are what they make of it:
        // due = total − Σ payments, never below 0.
        const payments = paymentsOf.get(invoice.id) ?? [];
        const tenderedCents = Math.round(Number(args.payment.tendered) * 100);
        // What was handed over beyond the total went back as change, unless the customer left it as credit.
        const keptCents = args.payment.keepExcess ? tenderedCents : Math.min(tenderedCents, invoice.totalCents);
        const first = tenderedCents > 0 ? [[args.payment.id, keptCents, tenderedCents]] : [];
        const later = (paymentsApplied.get(invoice.id) ?? []).map((p) => [p.id, Math.round(p.amount * 100), Math.max(Math.round(p.amount * 100), 0)]);
        const refunds = refundsApplied.get(invoice.id) ?? [];
        expect(payments.map((p) => [p.id, p.amountCents, p.tenderedCents]).sort(), `payments of ${invoice.invoiceNo}`).toEqual([...first, ...later, ...refunds].sort());
        // Returns: the invoice's returned total is its live credit notes' worth; what is owed is the total
        // less that, and the due what is owed less the payments (refunds included), never below 0.
        const notes = creditNotesOf.get(invoice.id) ?? [];
        expect(invoice.returnedCents, `returned of ${invoice.invoiceNo}`).toBe(notes.reduce((sum, note) => sum + note.totalCents, 0));
        const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
        const owed = owedCents(invoice);
        const standing = { dueCents: Math.max(owed - paidCents, 0) };
        expect({ paidCents: invoice.paidCents, dueCents: invoice.dueCents, status: invoice.status }, `standing of ${invoice.invoiceNo}`).toEqual({
          paidCents,
          dueCents: Math.max(invoice.totalCents - invoice.returnedCents - paidCents, 0),
          status: invoiceStatus(owed, paidCents),
        });
        if (notes.length) count('invoicesWithReturns');
        // A guest's sale (no customer, or a guest's record) was paid in full at the register.
        const customer = mirror.customers.find((row) => row.id === invoice.customerId);
        const guest = !invoice.customerId || (!!customer && isGuestCustomer(customer as never));
        // Unless the server did not hold the customer when the sale arrived (a restore took the record
        // back; it came again later): then the sale was recorded as the register made it, for review.
        const customerUnknownThen = String(invoice.reviewReason).includes(saleReviewReasons.customerMissing);
        if (!customerUnknownThen) expect(!!invoice.guest, `${invoice.invoiceNo} guest`).toBe(guest);
        if (guest) expect(first[0]?.[1] ?? 0, `guest sale ${invoice.invoiceNo} paid in full`).toBe(invoice.totalCents);
        if (invoice.customerId) dueByCustomer.set(invoice.customerId, (dueByCustomer.get(invoice.customerId) ?? 0) + standing.dueCents);
        // The number: this register's code, as the device made it.
        expect(invoice.invoiceNo, `number of ${invoice.id}`).toBe(args.invoiceNo);
        expect(invoice.invoiceNo, `${invoice.invoiceNo} made on ${queued.get(mutation.id)!.device}`).toMatch(
          new RegExp(`^INV-${deviceCodes.get(queued.get(mutation.id)!.device)}-\\d{5}$`),
        );
        expect(invoice.soldById, `${invoice.invoiceNo} sold by its author`).toBe(queued.get(mutation.id)!.entry.authorId);
      }
      expect(new Set(invoiceRows.map((row) => row.invoiceNo)).size, 'invoice numbers unique').toBe(invoiceRows.length);
      expect(new Set(deviceCodes.values()).size, 'device codes unique').toBe(deviceCount);
      // The server's own due query (one SQL, grouped by invoice) says the same of every customer.
      for (const customer of mirror.customers) {
        expect(await customerDueCents(server.db, customer.id), `due of customer ${customer.id}`).toBe(dueByCustomer.get(customer.id) ?? 0);
      }
      // Customer credit (issue 26): below 0 only where registers offline spent the same credit, or took
      // back (a correction) credit spent meanwhile, or handed the same return's money back twice; then
      // the spend, the correction or the second refund is under review. A guest never holds any.
      for (const customer of mirror.customers) {
        const creditCents = await customerCreditOf(server.db, customer.id);
        if (creditCents > 0) count('customersWithCredit');
        if (creditCents >= 0) continue;
        count('customersWithCreditSpentTwice');
        const theirs = invoiceRows.filter((invoice) => invoice.customerId === customer.id);
        const reviewed = [
          ...theirs.filter((invoice) => /customer credit/.test(String(invoice.reviewReason))),
          ...theirs.flatMap((invoice) => (creditNotesOf.get(invoice.id) ?? []).filter((note) => /refund cannot be more/.test(String(note.reviewReason)))),
        ];
        // The customer's invoices and payments in the message: a failure shows which path took the credit below 0.
        const history = theirs.map((invoice) => ({
          no: invoice.invoiceNo,
          total: invoice.totalCents,
          returned: invoice.returnedCents,
          paid: invoice.paidCents,
          review: invoice.reviewReason,
          payments: (paymentsOf.get(invoice.id) ?? []).map((payment) => [payment.method, payment.amountCents, payment.note, payment.createdAt]),
        }));
        expect(reviewed.length, `credit of ${customer.id} is ${creditCents}: a spend of it is reviewed ${JSON.stringify(history)}`).toBeGreaterThan(0);
      }
      for (const invoice of invoiceRows.filter((row) => row.guest)) {
        expect(
          (paymentsOf.get(invoice.id) ?? []).filter((payment) => payment.method === customerCreditMethod),
          `guest sale ${invoice.invoiceNo} without credit`,
        ).toEqual([]);
      }

      // A job with an invoice has exactly that one linked; an invoice of a job is the job's. Another sale
      // of it (made offline on another register, issue 23) stands as a duplicate of it, for review.
      for (const job of jobRows) {
        const ofJob = invoiceRows.filter((invoice) => invoice.jobCardId === job.id);
        const linked = ofJob.filter((invoice) => invoice.id === job.invoiceId);
        const others = ofJob.filter((invoice) => invoice.id !== job.invoiceId);
        if (job.invoiceId)
          expect(
            linked.map((invoice) => [invoice.id, invoice.invoiceNo]),
            `invoice of job ${job.id}`,
          ).toEqual([[job.invoiceId, job.invoiceNo]]);
        for (const other of others) {
          expect(other.reviewState, `second sale ${other.invoiceNo} of job ${job.id}`).toMatch(/^(open|reviewed)$/);
          // A duplicate names the job's invoice; a sale that reached the server before the job did (a
          // restore took the job back; it was sold again once it came) says so instead.
          if (other.duplicateOfId !== null) expect(other.duplicateOfId, `${other.invoiceNo} a duplicate of the job's invoice`).toBe(job.invoiceId);
          else expect(String(other.reviewReason), `${other.invoiceNo} sold before its job reached the server`).toContain(saleReviewReasons.jobDeleted);
        }
        // A job the server did not hold when its sale arrived (a restore took it back; it came again later)
        // is not linked: that sale waits for review.
        if (!job.invoiceId) for (const other of ofJob) expect(other.reviewState, `${other.invoiceNo} of job ${job.id} that has no invoice`).toMatch(/^(open|reviewed)$/);
      }
      // A sale of a job the server did not hold (deleted, or not yet there) is recorded for review.
      const ofDeletedJobs = invoiceRows.filter((invoice) => invoice.jobCardId && !jobRows.some((job) => job.id === invoice.jobCardId));
      for (const invoice of ofDeletedJobs) expect(invoice.reviewState, `${invoice.invoiceNo} of a deleted job`).toMatch(/^(open|reviewed)$/);

      // The money taken on every device is on the server, payment for payment (issue 23): every sale and
      // payment queued on a device (bar the forged totals) was recorded, each payment row it made is on
      // the server with the same amount, and the server holds no payment no device took.
      const statusOf = new Map(ordered.map((row) => [row.id, row]));
      const salesById = new Map([...queued.values()].filter(({ entry }) => entry.name === 'checkoutSale').map(({ entry }) => [String(entry.args.id), entry.id]));
      const takenOnDevices = new Map<string, number>();
      // One refusal is allowed, and counted: a correction (a negative payment, an edit and no money taken)
      // by a user who lost the right to correct meanwhile (403). A payment that reached the server before
      // its sale (a restore took the sale back) is recorded, and a fact answered 413 on its own stays
      // queued until it lands (issue 23): neither is refused, and neither is left as a problem.
      // And one more (issue 26): a return that handed nothing back (a sale on credit) of a line another
      // register had already taken back offline, refused with what can still be returned.
      const allowedRefusal = (name: string, args: Record<string, any>, row: { httpStatus: number; message: string | null } | undefined) =>
        (name === 'recordPayment' && row !== undefined && row.httpStatus === 403 && Number(args.amount) < 0) ||
        (name === 'returnSale' && row !== undefined && row.httpStatus === 400 && toCents(args.refund) === 0 && /^Only .+ can still be returned\.$/.test(row.message ?? ''));
      // A refusal the device holds as a problem while the server has no record of it: the server
      // answered it, then the restore took its log back to the backup (the device sends a refused entry
      // no more). Allowed only where the refusal itself is (a return of what was returned elsewhere).
      const refusalsOnDevices = new Map<string, { httpStatus: number; message: string }>();
      for (const d of devices)
        for (const problem of await d.db.problems.toArray()) refusalsOnDevices.set(problem.mutation.id, { httpStatus: problem.httpStatus, message: problem.message });
      for (const { entry } of queued.values()) {
        if (tampered.has(entry.id)) continue;
        const args = entry.args as Record<string, any>;
        const outcome = statusOf.get(entry.id);
        if (outcome === undefined && allowedRefusal(entry.name, args, refusalsOnDevices.get(entry.id))) {
          count('refusalForgottenByRestore');
          continue;
        }
        if (entry.name === 'returnSale' && forgedInvoices.has(args.invoiceId)) {
          // The sale it returns was a forgery the server refused: the return is refused on its device too
          // (sync-engine.ts, awaitsRefusedRecord), unrecorded on the server, never held for ever.
          expect(outcome?.status ?? 'rejected', `return ${entry.id} of a forged sale`).toBe('rejected');
          count('returnOfForgedSaleRefused');
          continue;
        }
        // A return that reached the server before its sale (a restore took the sale back, or the sale was
        // still on its way) waited on its device until the sale was there (notYetStatus): like every
        // other fact it must end applied, below.
        if (outcome?.status === 'rejected' && allowedRefusal(entry.name, args, outcome)) {
          count(entry.name === 'returnSale' ? 'returnRefusedAsReturnedElsewhere' : 'correctionRefusedForRole');
          continue;
        }
        if (entry.name === 'checkoutSale') {
          const rows = checkoutRows(args as Parameters<typeof checkoutRows>[0]);
          if (rows.amountCents > 0 || rows.tenderedCents > 0) takenOnDevices.set(args.payment.id, rows.amountCents);
        } else if (entry.name === 'recordPayment') takenOnDevices.set(args.id, toCents(args.amount));
        else if (entry.name === 'recordBulkPayment') for (const allocation of args.allocations) takenOnDevices.set(allocation.paymentId, toCents(allocation.amount));
        // A refund handed over at a register is money too: a negative payment.
        else if (entry.name === 'returnSale') {
          if (toCents(args.refund) > 0) takenOnDevices.set(args.refundPaymentId, -toCents(args.refund));
        } else continue;
        expect(
          [entry.name, statusOf.get(entry.id)?.status, statusOf.get(entry.id)?.message],
          `fact ${entry.id} recorded (problem: ${problems.get(entry.id) ?? 'none'}${entry.name === 'returnSale' ? `; its sale ${statusOf.get(String(salesById.get(args.invoiceId)))?.status ?? 'not logged'}` : ''})`,
        ).toEqual([entry.name, 'applied', null]);
      }
      const recordedPayments = new Map(paymentRows.map((row) => [String(row.id), Number(row.amountCents)]));
      expect(recordedPayments, 'payments on the server = payments taken on the devices').toEqual(takenOnDevices);

      // Totals: a tampered one is never applied, and is refused by the server whenever it got there; an honest one never is.
      const mismatch = /does not match its lines/;
      const refusedTotals = ordered.filter((row) => row.name === 'checkoutSale' && row.status === 'rejected' && mismatch.test(row.message ?? ''));
      expect(
        refusedTotals.filter((row) => !tampered.has(row.id)),
        'honest totals refused',
      ).toEqual([]);
      const tamperedRefused = ordered.filter((row) => tampered.has(row.id));
      for (const row of tamperedRefused) expect([row.status, row.httpStatus, row.message], `tampered sale ${row.id}`).toEqual(['rejected', 400, expect.stringMatching(mismatch)]);

      const faults = noFaults();
      let requests = 0;
      for (const d of devices) {
        requests += d.net.requests;
        for (const [kind, n] of Object.entries(d.net.counts)) faults[kind as keyof typeof faults] += n;
      }
      const byStatus: Record<string, number> = {};
      for (const row of log) byStatus[`${row.status} ${row.httpStatus}`] = (byStatus[`${row.status} ${row.httpStatus}`] ?? 0) + 1;
      console.log(
        `[sync-ops] seed=${seed} duration=${(duration / 1000).toFixed(1)}s operations=${operationCount} queued=${queued.size} ` +
          `serverLog=${JSON.stringify(byStatus)} problems=${problems.size} items=${mirror.items.length} movements=${mirror.stockMovements.length} ` +
          `customers=${mirror.customers.length} categories=${mirror.categories.length} finalRounds=${finalRounds + 1} requests=${requests}`,
      );
      const liveJobs = jobRows.filter((row) => !row.deleted);
      console.log(
        `[sync-ops] jobs=${jobRows.length} (deleted ${jobRows.length - liveJobs.length}; ${jobStatuses.map((st) => `${st} ${liveJobs.filter((row) => row.status === st).length}`).join(', ')}) ` +
          `lines=${lineRows.length} (live ${lineRows.filter((row) => !row.deleted).length}) moves=${changeRows.filter((row) => !row.deleted).length - jobRows.length} ` +
          `noOpMoves=${noOpMoveIds.size} refusedMovesByServer=${JSON.stringify(refusedMoves)}`,
      );
      const saleRefusals: Record<string, number> = {};
      for (const row of ordered)
        if (row.name === 'checkoutSale' && row.status === 'rejected')
          saleRefusals[`${row.httpStatus} ${row.message}`] = (saleRefusals[`${row.httpStatus} ${row.message}`] ?? 0) + 1;
      const negativeStock = itemRows.filter((row) => row.stockHundredths < 0).length;
      console.log(
        `[sync-ops] invoices=${invoiceRows.length} (job ${invoiceRows.filter((row) => row.jobCardId).length}, guest ${invoiceRows.filter((row) => row.guest).length}) ` +
          `lines=${invoiceLineRows.length} payments=${paymentRows.length} saleMovements=${saleMovements.length} itemsBelowZero=${negativeStock} ` +
          `tamperedRefusedByServer=${tamperedRefused.length}/${tampered.size} saleRefusals=${JSON.stringify(saleRefusals)}`,
      );
      const returnRefusals: Record<string, number> = {};
      for (const row of ordered)
        if (row.name === 'returnSale' && row.status === 'rejected')
          returnRefusals[`${row.httpStatus} ${row.message}`] = (returnRefusals[`${row.httpStatus} ${row.message}`] ?? 0) + 1;
      console.log(
        `[sync-ops] returns: made=${counts.returnSale ?? 0} applied=${returnsApplied.length} creditNotes=${creditNoteRows.length} refunds=${[...refundsApplied.values()].flat().length} ` +
          `raisedForReview=${creditNoteRows.filter((row) => row.reviewState).length} returnMovements=${returnMovementRows.length} ` +
          `refusedOnDevice=${(counts.returnScrapRefusedOnDevice ?? 0) + (counts.returnRefundRefusedOnDevice ?? 0)} refusedByServer=${JSON.stringify(returnRefusals)}`,
      );
      // The cash drawer: a closed session's expected cash is its float and the cash records of its
      // register in it (shared/mutations/drawer.ts zReportOf over the server's final rows). Where the
      // register printed another figure the session is under review for it, and only then: the server
      // judges a session again as late records arrive (per-author outboxes send a close before another
      // cashier's sales), so no review is left standing for what has since arrived.
      // Each session also counts its register's cash taken while the drawer was closed, from the close
      // of the session its register opened just before it (issue 47, closedSinceOf).
      const allRecords: Omit<DrawerRecords, 'closedSince'> = {
        payments: mirror.payments as never[],
        invoiceTimes: new Map(mirror.invoices.map((row) => [row.id, String(row.createdAt)])),
        expenses: mirror.expenses as never[],
        moves: mirror.drawerMoves as never[],
      };
      const openedInOrder = (a: DrawerSessionRow, b: DrawerSessionRow) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const recordsOf = (session: DrawerSessionRow): DrawerRecords => {
        const earlier = (mirror.drawerSessions as unknown as DrawerSessionRow[]).filter((row) => row.register === session.register && openedInOrder(row, session) < 0);
        return { ...allRecords, closedSince: closedSinceOf(earlier.sort(openedInOrder).at(-1), session) };
      };
      const closedSessions = (mirror.drawerSessions as unknown as DrawerSessionRow[]).filter((row) => row.status === 'closed');
      const drawerReviews = closedSessions.filter((row) => row.reviewState === 'open');
      let differingSessions = 0;
      // (A review a Manager has marked is left as they left it.)
      for (const session of closedSessions.filter((row) => row.reviewState !== 'reviewed')) {
        const differs = zReportOf(session, recordsOf(session), session.closedAt!).expectedCents !== session.expectedCents;
        if (differs) differingSessions += 1;
        const raisedForIt = reviewReasons(session.reviewReason).some((reason) => rejudgedDrawerReasons.expectedDiffers.test(reason));
        // On a mismatch, what the run's end holds around the session, so a seed that fails on another
        // machine's timing (CI) can be read without replaying it.
        if (raisedForIt !== differs) {
          const recs = recordsOf(session);
          const pays = (mirror.payments as any[]).filter(
            (p) =>
              p.register === session.register &&
              (recs.closedSince === null ? p.createdAt >= session.createdAt : p.createdAt > recs.closedSince) &&
              p.createdAt <= session.closedAt!,
          );
          const sessionsOfRegister = (mirror.drawerSessions as any[]).filter((row) => row.register === session.register).sort(openedInOrder as never);
          const applied = await server.db.$client.prepare(`SELECT id, name, status, version FROM applied_mutations`).all();
          console.log('[diag] session', JSON.stringify(session), 'closedSince', recs.closedSince);
          console.log(
            '[diag] sessions',
            JSON.stringify(sessionsOfRegister.map((r) => ({ id: r.id, c: r.createdAt, cl: r.closedAt, st: r.status, v: r.version, z: r.zNumber, rr: r.reviewReason }))),
          );
          console.log(
            '[diag] payments',
            JSON.stringify(pays.map((p) => ({ id: p.id, c: p.createdAt, a: p.amountCents, m: p.method, v: p.version, inv: p.invoiceId, del: p.deleted }))),
          );
          console.log(
            '[diag] expenses',
            JSON.stringify(
              (mirror.expenses as any[])
                .filter((e) => e.register === session.register)
                .map((e) => ({ id: e.id, c: e.createdAt, a: e.amountCents, f: e.paidFrom, v: e.version, co: e.correctionOf })),
            ),
          );
          console.log('[diag] moves', JSON.stringify((mirror.drawerMoves as any[]).filter((m) => m.sessionId === session.id)));
          console.log('[diag] applied', JSON.stringify(applied));
        }
        expect(raisedForIt, `${session.zNumber} raised for its expected cash: ${session.reviewReason}`).toBe(differs);
        if (differs) expect(session.reviewState, `${session.zNumber} under review`).toBe('open');
        expect(session.differenceCents, `difference of ${session.zNumber}`).toBe(session.countedCents - session.expectedCents);
      }
      // A pay-out beyond the cash its session's records put in the drawer by its time is under review
      // for it, and only then: judged again as another cashier's earlier records arrive (issue 42).
      for (const session of (mirror.drawerSessions as unknown as DrawerSessionRow[]).filter((row) => row.reviewState !== 'reviewed')) {
        const beyond = payOutsBeyondCash(session, recordsOf(session), session.closedAt ?? '9999-12-31T23:59:59.999Z').length > 0;
        const raised = reviewReasons(session.reviewReason).some((reason) => rejudgedDrawerReasons.payOutBeyondCash.test(reason));
        expect(raised, `${session.id} raised for a pay-out beyond its cash: ${session.reviewReason}`).toBe(beyond);
      }
      // The next session opened before the previous close arrived is not left on review for it: a
      // session is raised as opened twice exactly when the session its register opened just before
      // it (by opening time, then id) was not closed by its opening (rejudge-sessions.ts, issue 42).
      const sessionsByRegister = new Map<string, DrawerSessionRow[]>();
      for (const row of mirror.drawerSessions as unknown as DrawerSessionRow[]) sessionsByRegister.set(row.register, [...(sessionsByRegister.get(row.register) ?? []), row]);
      const inOrder = (a: DrawerSessionRow, b: DrawerSessionRow) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      for (const sessions of sessionsByRegister.values()) {
        sessions.sort(inOrder);
        sessions.forEach((session, i) => {
          if (session.reviewState === 'reviewed') return;
          const before = sessions[i - 1];
          const openedTwice = reviewReasons(session.reviewReason).some((reason) => rejudgedDrawerReasons.openedTwice.test(reason));
          const overlapped = before !== undefined && (before.status === 'open' || before.closedAt! > session.createdAt);
          expect(openedTwice, `${session.id} raised as opened twice: ${session.reviewReason}`).toBe(overlapped);
        });
      }
      console.log(
        `[sync-ops] drawer: sessions=${mirror.drawerSessions.length} closed=${closedSessions.length} raisedForReview=${drawerReviews.length} expectedDiffers=${differingSessions} ` +
          `withCashSales=${closedSessions.filter((row) => JSON.parse(row.takingsJson).takings.cashSalesCents > 0).length} moves=${mirror.drawerMoves.length} ` +
          `drawerExpenses=${mirror.expenses.filter((row) => row.paidFrom === 'Cash drawer').length}`,
      );
      const reviewKinds: Record<string, number> = {};
      for (const row of drawerReviews) {
        const kind = row.reviewReason.replace(/Rs\. [\d,.-]+|Z-[A-Z0-9]+-\d+|\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '…');
        reviewKinds[kind] = (reviewKinds[kind] ?? 0) + 1;
      }
      console.log(`[sync-ops] drawer reviews: ${JSON.stringify(reviewKinds)}`);
      console.log(`[sync-ops] operations: ${JSON.stringify(counts)}`);
      console.log(`[sync-ops] faults: ${JSON.stringify(faults)} serverRestarts=${server.restarts}`);

      // Enough of each trouble happened for the run to mean something.
      expect(queued.size).toBeGreaterThan(operationCount / 5);
      expect(counts.adjustStock ?? 0).toBeGreaterThan(operationCount / 40);
      expect(counts.signedOutBy401 ?? 0).toBeGreaterThan(0);
      expect(counts.refusedByRoleOnDevice ?? 0).toBeGreaterThan(0);
      let refusedByServerRole = 0;
      for (const d of devices) refusedByServerRole += await d.db.problems.filter((problem) => problem.httpStatus === 403).count();
      expect(refusedByServerRole, 'real 403s from the demoted role, shown as problems').toBeGreaterThan(0);
      expect(faults.error413 + faults.error429 + faults.error500).toBeGreaterThan(0);
      expect(counts.restores).toBe(1);
      // The job operations happened, and so did each kind of refusal.
      for (const name of ['createJobCard', 'updateJobCard', 'setJobCardStatus', 'deleteJobCard'] as const) {
        expect(ordered.filter((row) => row.name === name && row.status === 'applied').length, `${name} applied`).toBeGreaterThan(operationCount / 500);
      }
      expect(counts.statusMoveRefusedOnDevice ?? 0).toBeGreaterThan(0);
      expect(counts.jobEditRefusedOnDevice ?? 0).toBeGreaterThan(0);
      expect(
        Object.values(refusedMoves).reduce((a, b) => a + b, 0),
        'status moves the server refused',
      ).toBeGreaterThan(0);
      expect(
        ordered.some((row) => row.name === 'updateJobCard' && row.status === 'rejected' && row.message === finishedJobMessage),
        'an edit of a job finished elsewhere',
      ).toBe(true);
      expect(noOpMoveIds.size, 'moves another device had already made').toBeGreaterThan(0);
      // The sales happened: every kind, with change, part payments, tax settings, the last units sold
      // twice, and refusals on the device and by the server.
      for (const kind of [
        'customerSale',
        'guestSale',
        'guestCustomerSale',
        'jobSale',
        'lowStockSales',
        'guestPartPaymentRefusedOnDevice',
        'invoicedJobDeleteRefusedOnDevice',
        'recordPayment',
        'corrections',
      ] as const) {
        expect(counts[kind] ?? 0, kind).toBeGreaterThan(0);
      }
      expect(salesApplied.length, 'sales applied').toBeGreaterThan(operationCount / 100);
      expect(invoiceRows.filter((row) => row.jobCardId).length, 'job-card sales applied').toBeGreaterThan(0);
      expect(paymentRows.filter((row) => row.tenderedCents > row.amountCents).length, 'sales with change').toBeGreaterThan(0);
      expect(
        invoiceRows.filter(
          (row) =>
            paymentStanding(
              row.totalCents,
              (paymentsOf.get(row.id) ?? []).map((p) => p.amountCents),
            ).dueCents > 0,
        ).length,
        'part-paid sales',
      ).toBeGreaterThan(0);
      expect(new Set(invoiceRows.map((row) => `${row.taxRatePercent}/${row.pricesIncludeTax}`)).size, 'tax settings').toBe(taxSettings.length);
      expect(negativeStock, 'items sold below zero by registers offline').toBeGreaterThan(0);
      expect(tamperedRefused.length, 'tampered totals refused by the server').toBeGreaterThan(0);
      // The returns happened: refunded, parts scrapped or sent back, refunds the device refused, and a
      // line taken back twice offline raised for review (at 10,000 on the gate's seed: 40 returns, 4 raised).
      for (const kind of ['returnSale', 'returnScrappedOrToSupplier', 'returnRefundRefusedOnDevice', 'returnRaisedForReview'] as const) {
        expect(counts[kind] ?? 0, kind).toBeGreaterThan(0);
      }
    });
  });

/** Stored sums as sorted text, without the rows whose every amount went back to 0. */
const nonZeroSums = (spec: DerivedSums, rows: object[]) =>
  rows
    .filter((row) => spec.amountsOf(row).some((amount) => amount !== 0))
    .map((row) => JSON.stringify(row))
    .sort();
