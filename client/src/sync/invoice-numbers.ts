import type { GarageDb } from '../db/db';
import { getClientId, getDeviceKey } from './client-id';
import { ValidationError } from './validation-error';
import { apiRequest } from '../session/api-client';
import { getStoredUser, storeSigningKey } from '../session/session-storage';
import { formatCreditNoteNo, formatEstimateNo, formatInvoiceNo, formatZReportNo } from '@shared/domain/invoice-number';
import { formatPurchaseOrderNo } from '@shared/domain/purchase-order-number';

/** Each numbered series of a register, counted on the device per code. */
const numberSequences = ['invoiceSeq', 'creditNoteSeq', 'zReportSeq', 'estimateSeq', 'purchaseOrderSeq'] as const;

export const noDeviceCodeMessage = 'This register has no invoice code yet. Connect it to the server once, then sell.';

/**
 * This device's short code for its numbers, asked of the server after login and whenever the
 * connection returns (one small request), with the code the device holds: a server that knows this
 * device answers its code, and a server restored from an older backup keeps the held one. The answer
 * is the one to number with. It differs from the held code only on a device that once made two client
 * ids at start-up (client-id.ts): its code was given to the other id, so its sales were recorded under
 * the server's numbers and its drawer had no register. It then numbers with the new code from 1.
 * Offline, the held code stands until the next chance.
 */
export async function ensureDeviceCode(db: GarageDb): Promise<string | null> {
  const held = (await db.syncState.get('deviceCode'))?.value;
  try {
    const { code, userId, signingKey } = await apiRequest<{ code: string; userId?: string; signingKey?: string }>('POST', '/api/sync/device', {
      clientId: await getClientId(db),
      ...(held ? { code: held } : {}),
      // The device's own key, made and kept here before it is sent (sync/client-id.ts).
      deviceKey: await getDeviceKey(db),
    });
    // The key of the user whose session asked: the one logged in now, unless someone else logged in meanwhile.
    if (userId && signingKey && getStoredUser()?._id === userId) storeSigningKey(userId, signingKey);
    if (code !== held) {
      await db.transaction('rw', db.syncState, async () => {
        await db.syncState.put({ key: 'deviceCode', value: code });
        // Each code numbers from 1: INV-<new code>-00001 is a number no register has printed.
        if (held) await db.syncState.bulkDelete([...numberSequences]);
      });
    }
    return code;
  } catch {
    return held ?? null;
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

/** The next purchase order number of this device, the same way: PO-<device code>-<sequence> (issue 44). */
export function nextPurchaseOrderNo(db: GarageDb): Promise<string> {
  return nextNumber(db, 'purchaseOrderSeq', formatPurchaseOrderNo);
}

/** The next estimate number of this device, the same way: EST-<device code>-<sequence> (issue 45). */
export function nextEstimateNo(db: GarageDb): Promise<string> {
  return nextNumber(db, 'estimateSeq', formatEstimateNo);
}

/**
 * `count` purchase order numbers of this device at once, in order, in one transaction: 'Order' from
 * low stock drafts one order a supplier, hundreds at a shop's scale (issue 44).
 */
export function nextPurchaseOrderNos(db: GarageDb, count: number): Promise<string[]> {
  return nextNumbers(db, 'purchaseOrderSeq', formatPurchaseOrderNo, count);
}

async function nextNumber(db: GarageDb, sequenceKey: (typeof numberSequences)[number], format: (code: string, sequence: number) => string): Promise<string> {
  return (await nextNumbers(db, sequenceKey, format, 1))[0]!;
}

function nextNumbers(db: GarageDb, sequenceKey: (typeof numberSequences)[number], format: (code: string, sequence: number) => string, count: number): Promise<string[]> {
  return db.transaction('rw', db.syncState, async () => {
    const code = (await db.syncState.get('deviceCode'))?.value;
    if (!code) throw new ValidationError(noDeviceCodeMessage);
    const last = Number((await db.syncState.get(sequenceKey))?.value ?? '0');
    await db.syncState.put({ key: sequenceKey, value: String(last + count) });
    return Array.from({ length: count }, (_, i) => format(code, last + 1 + i));
  });
}
