import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { categories, items } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { nextSequence } from '../sync/versions';
import { registerEntityHooks } from './entity-store';
import { customerInputSchema } from '../../../shared/schemas/customer';
import { firstIssueMessage } from '../../../shared/schemas/messages';

/** Rules the generic store cannot know, registered once at start (see createApp). */
export function registerEntityRules(): void {
  // A barcode belongs to one live item (the unique index backs this; the check gives the message).
  registerEntityHooks('items', {
    beforeWrite: (db: Db, row, kind) => {
      const taken = db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.barcode, String(row.barcode)), eq(items.deleted, false), ne(items.id, String(row.id))))
        .get();
      if (taken) throw conflict(`The barcode ${String(row.barcode)} is already used by another item.`);
      // The category must exist; an edit that keeps a since-deleted category is still allowed.
      const stored = kind === 'update' ? db.select({ categoryId: items.categoryId }).from(items).where(eq(items.id, String(row.id))).get() : undefined;
      if (row.categoryId && row.categoryId !== stored?.categoryId) {
        const category = db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.id, String(row.categoryId)), eq(categories.deleted, false)))
          .get();
        if (!category) throw badRequest('Category not found.');
      }
    },
  });

  // Readable service numbers come only from the server, so two offline devices never share one.
  registerEntityHooks('services', {
    assignOnCreate: (db: Db) => ({ serviceId: `SRV-${String(nextSequence(db, 'serviceId')).padStart(4, '0')}` }),
  });

  // An edit sends changed fields only; the merged customer must still obey the whole form's rules.
  registerEntityHooks('customers', {
    beforeWrite: (_db, row) => {
      const parsed = customerInputSchema.safeParse(row);
      if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
    },
  });
}
