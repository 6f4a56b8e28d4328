import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import { nextPurchaseOrderNo } from '@/sync/invoice-numbers';
import { ValidationError } from '@/sync/validation-error';
import { newRecordId } from '@shared/sync/record-id';
import { createPurchaseOrderSchema, purchaseMessages } from '@shared/schemas/purchase-order';
import type { DraftLine } from './draft-lines';

export interface DraftValues {
  supplierId: string;
  note: string;
  lines: DraftLine[];
}

const argsOf = (lines: DraftLine[]) => lines.map(({ id, itemId, quantity, unitCost }) => ({ id, itemId, quantity, unitCost }));

/**
 * Saves a draft on this device: a new one numbered here (PO-<device code>-<sequence>) as one
 * createPurchaseOrder, an existing one's supplier, note and lines as one updatePurchaseOrder
 * (the lines taken off named, so the server removes the same). Checked by the shared schema
 * first, so bad input is the form's message and nothing is written or numbered. Answers the id.
 */
export async function saveDraft(existing: { id: string; lineIds: string[] } | null, values: DraftValues): Promise<string> {
  const check = createPurchaseOrderSchema.omit({ orderNo: true }).safeParse({ id: existing?.id ?? 'check', ...values, lines: argsOf(values.lines) });
  if (!check.success) throw ValidationError.from(check.error);
  if (existing) {
    const kept = new Set(values.lines.map((line) => line.id));
    await mutate('updatePurchaseOrder', {
      id: existing.id,
      supplierId: values.supplierId,
      note: values.note,
      lines: argsOf(values.lines),
      removedLineIds: existing.lineIds.filter((id) => !kept.has(id)),
    });
    return existing.id;
  }
  const supplier = await db.suppliers.get(values.supplierId);
  if (!supplier || supplier.deleted) throw new ValidationError(purchaseMessages.supplierGone, 'supplierId');
  const id = newRecordId();
  await mutate('createPurchaseOrder', { id, orderNo: await nextPurchaseOrderNo(db), ...values, lines: argsOf(values.lines) });
  return id;
}
