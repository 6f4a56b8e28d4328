import type { GarageDb } from '../db/db';
import { getClientId } from './client-id';
import { ValidationError } from './validation-error';
import { apiRequest } from '../lib/api-client';
import { formatCreditNoteNo, formatInvoiceNo, formatZReportNo } from '@shared/domain/invoice-number';

export const noDeviceCodeMessage = 'This register has no invoice code yet. Connect it to the server once, then sell.';

/**
 * Asks the server for this device's short code (once; it is kept on the device). Called after
 * login and when sync starts; offline it waits for the next chance.
 */
export async function ensureDeviceCode(db: GarageDb): Promise<string | null> {
  const stored = await db.syncState.get('deviceCode');
  if (stored) return stored.value;
  try {
    const { code } = await apiRequest<{ code: string }>('POST', '/api/sync/device', { clientId: await getClientId(db) });
    await db.syncState.put({ key: 'deviceCode', value: code });
    return code;
  } catch {
    return null;
  }
}

/**
 * The next invoice number of this register, final at once (decisions.md): INV-<device code>-<sequence>.
 * The sequence moves in one IndexedDB transaction, so two tabs never take the same number; a number
 * taken for a sale that is then refused on the device leaves a gap, never a duplicate.
 */
export function nextInvoiceNo(db: GarageDb): Promise<string> {
  return nextNumber(db, 'invoiceSeq', formatInvoiceNo);
}

/** The next credit note number of this register, the same way: CN-<device code>-<sequence>. */
export function nextCreditNoteNo(db: GarageDb): Promise<string> {
  return nextNumber(db, 'creditNoteSeq', formatCreditNoteNo);
}

/** The next Z report number of this register, the same way: Z-<device code>-<sequence>. */
export function nextZReportNo(db: GarageDb): Promise<string> {
  return nextNumber(db, 'zReportSeq', formatZReportNo);
}

function nextNumber(db: GarageDb, sequenceKey: 'invoiceSeq' | 'creditNoteSeq' | 'zReportSeq', format: (code: string, sequence: number) => string): Promise<string> {
  return db.transaction('rw', db.syncState, async () => {
    const code = (await db.syncState.get('deviceCode'))?.value;
    if (!code) throw new ValidationError(noDeviceCodeMessage);
    const sequence = Number((await db.syncState.get(sequenceKey))?.value ?? '0') + 1;
    await db.syncState.put({ key: sequenceKey, value: String(sequence) });
    return format(code, sequence);
  });
}
