import { and, eq, ne, sql } from 'drizzle-orm';
import { prepared } from '../db/prepared';
import { categories, items, serviceReminders } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { nextSequence } from '../sync/versions';
import type { MutationTx } from './mutation-tx';
import type { SyncedTable } from '@shared/sync/tables';
import { customerInputSchema } from '@shared/schemas/customer';
import { companyRecordSchema } from '@shared/schemas/company';
import { firstIssueMessage } from '@shared/schemas/messages';
import { noteTaxChange } from '../sales/tax-history';
import { keepLogoApart, keepOnlyNamedLogo } from './company-logo';
import { serviceReminderId } from '@shared/domain/reminder-id';

/** Per-table rules the generic create/update/delete cannot know (uniqueness, numbers, whole-record checks). */
export interface EntityRules {
  /** Runs before the row is written, with the row as it will be; throw an HttpError to refuse. */
  // Each rule may read the database, so each is awaited (a sync rule's answer is awaited all the same).
  beforeWrite?: (tx: MutationTx, row: Record<string, unknown>, kind: 'create' | 'update') => void | Promise<void>;
  /** Turns the arguments' fields into the fields stored (the company's logo kept apart: company-logo.ts). */
  prepareFields?: (tx: MutationTx, fields: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Fields only the server may set on create (readable numbers). */
  assignOnCreate?: (tx: MutationTx, row: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Runs once the row stands as the mutation leaves it, written or not (the company's unnamed logos go). */
  afterApply?: (tx: MutationTx, before: Readonly<Record<string, unknown>> | undefined, after: Readonly<Record<string, unknown>>) => void | Promise<void>;
}

/** A barcode belongs to one live item (the unique index backs this; the check gives the message). */
export async function assertBarcodeFree(tx: MutationTx, barcode: string, itemId: string): Promise<void> {
  const taken = () =>
    prepared(tx.db, 'items:barcodeTaken', () =>
      tx.db
        .select({ id: items.id })
        .from(items)
        // `deleted = 0` written as the literal of the partial index items_barcode_live (schema.ts), not
        // a bound false: SQLite may use a partial index for a bound value only by preparing the
        // statement again at every run (its plan depends on the value), which cost 27 us a createItem
        // (issue 24, point 1). The literal 0 is false on both engines (pg-derive.ts, flag).
        .where(and(eq(items.barcode, sql.placeholder('barcode')), eq(items.deleted, sql`0`), ne(items.id, sql.placeholder('itemId'))))
        .prepare(),
    ).get({ barcode, itemId });
  // The index items_barcode_live (schema.ts) refuses what this refuses: no read in a push applied together.
  await tx.checkIndexed(taken, (found) => {
    if (found) throw conflict(`The barcode ${barcode} is already used by another item.`);
  });
}

export async function assertCategoryLive(tx: MutationTx, categoryId: string): Promise<void> {
  const category = () =>
    prepared(tx.db, 'categories:live', () =>
      tx.db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, sql.placeholder('categoryId')), eq(categories.deleted, false)))
        .prepare(),
    ).get({ categoryId });
  await tx.check(category, (found) => {
    if (!found) throw badRequest('Category not found.');
  });
}

export async function assertSupplierLive(tx: MutationTx, supplierId: string): Promise<void> {
  await tx.check(
    () => tx.findLive('suppliers', supplierId),
    (supplier) => {
      if (!supplier) throw badRequest('Supplier not found. It may have been deleted.');
    },
  );
}

/** A customer's 'No reminders' reaches each of their vehicles' reminders, as a change devices pull. */
async function followNoReminders(tx: MutationTx, before: Readonly<Record<string, unknown>> | undefined, after: Readonly<Record<string, unknown>>): Promise<void> {
  if (!before || (before.noReminders === true) === (after.noReminders === true)) return;
  const remind = after.noReminders !== true;
  const rows = await tx.db
    .select({ id: serviceReminders.id, remind: serviceReminders.remind })
    .from(serviceReminders)
    .where(and(eq(serviceReminders.customerId, String(after.id)), eq(serviceReminders.deleted, false)))
    .all();
  for (const row of rows) if (row.remind !== remind) await tx.update('serviceReminders', row.id, { remind });
}

function assertWhole<T>(schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } }, row: T): void {
  const parsed = schema.safeParse(row);
  if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error as Parameters<typeof firstIssueMessage>[0]));
}

export const entityRules: Partial<Record<SyncedTable, EntityRules>> = {
  items: {
    beforeWrite: async (tx, row, kind) => {
      await assertBarcodeFree(tx, String(row.barcode), String(row.id));
      // The category must exist; an edit that keeps a since-deleted category is still allowed.
      const stored = kind === 'update' ? await tx.find('items', String(row.id)) : undefined;
      if (row.categoryId && row.categoryId !== stored?.categoryId) await assertCategoryLive(tx, String(row.categoryId));
      // A usual supplier named anew must be on record (issue 44); one deleted since may stay named.
      if (row.supplierId && row.supplierId !== stored?.supplierId) await assertSupplierLive(tx, String(row.supplierId));
    },
  },
  // Readable service numbers come only from the server, so two offline devices never share one.
  services: {
    assignOnCreate: async (tx) => ({ serviceId: `SRV-${String(await nextSequence(tx.db, 'serviceId')).padStart(4, '0')}` }),
  },
  // An edit sends changed fields only; the merged record must still obey the whole form's rules.
  // 'No reminders' ticked or cleared: the customer's vehicles' reminders follow (issue 45).
  customers: { beforeWrite: (_tx, row) => assertWhole(customerInputSchema, row), afterApply: followNoReminders },
  // A vehicle's reminder (issue 45): the device's plan is kept, but its row is the plate's, its customer
  // must be on record, and whether it may be sent is the customer's say as the server holds it.
  serviceReminders: {
    prepareFields: async (tx, fields) => {
      const customer = typeof fields.customerId === 'string' ? await tx.findLive('customers', fields.customerId) : undefined;
      return customer ? { ...fields, remind: customer.noReminders !== true } : fields;
    },
    beforeWrite: async (tx, row) => {
      if (row.id !== serviceReminderId(String(row.vehicleLicensePlate))) throw badRequest("A reminder's id follows from its vehicle's plate.");
      if (!(await tx.findLive('customers', String(row.customerId)))) throw badRequest('Customer not found. It may have been deleted.');
    },
  },
  // A change of the tax setting is kept with the time it happened (sales/tax-history.ts); the logo
  // is kept apart, the one the record names only (company-logo.ts).
  company: {
    prepareFields: keepLogoApart,
    afterApply: keepOnlyNamedLogo,
    beforeWrite: async (tx, row) => {
      assertWhole(companyRecordSchema, row);
      await noteTaxChange(tx, await tx.find('company', String(row.id)), row);
    },
  },
};
