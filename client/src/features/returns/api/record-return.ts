import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import { nextCreditNoteNo } from '@/sync/invoice-numbers';
import { fromCents } from '@shared/domain/money';
import type { MutationInput } from '@shared/mutations/definitions';
import type { RefundMethod, ReturnDisposition, ReturnReason } from '@shared/schemas/return';
import { newRecordId } from '@shared/sync/record-id';

export interface ReturnLineChoice {
  invoiceLineId: string;
  itemId: string | null;
  /** As typed. */
  quantity: string;
  disposition: ReturnDisposition;
  supplierName: string;
}

export interface ReturnChoice {
  invoiceId: string;
  reason: ReturnReason | '';
  note: string;
  refundMethod: RefundMethod | '';
  /** The refund the screen showed, in cents: what the cashier hands back. */
  refundCents: number;
  lines: ReturnLineChoice[];
}

/**
 * Records a return on this device, offline too: the credit note takes this register's next number,
 * final at once, and is written with its refund and stock movements in one transaction with the
 * outbox entry. Answers the credit note's id and number.
 */
export async function recordReturn(choice: ReturnChoice): Promise<{ id: string; creditNoteNo: string }> {
  const id = newRecordId();
  const creditNoteNo = await nextCreditNoteNo(db);
  // The selects' values ('' when none is chosen): the schema refuses them with its words.
  await mutate('returnSale', {
    id,
    creditNoteNo,
    invoiceId: choice.invoiceId,
    date: new Date().toISOString(),
    reason: choice.reason as MutationInput<'returnSale'>['reason'],
    note: choice.note,
    refundMethod: choice.refundMethod as MutationInput<'returnSale'>['refundMethod'],
    refundPaymentId: newRecordId(),
    refund: fromCents(choice.refundCents),
    lines: choice.lines.map((line) => ({ id: newRecordId(), ...line })),
  });
  return { id, creditNoteNo };
}
