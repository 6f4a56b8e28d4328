import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { StockMovementRow } from '@shared/schemas/stock';

export interface MovementLine extends StockMovementRow {
  /** The stock after this movement. */
  balanceHundredths: number;
  /** Recorded on this device and not yet on the server. */
  isPending: boolean;
}

/**
 * An item's ledger, newest first, with the running balance. The server's order (version) is the
 * order the movements took effect; this device's unsent ones come last.
 */
export function useStockMovements(itemId: string): MovementLine[] | undefined {
  return useLiveQuery(async () => {
    const rows = (await db.stockMovements.where('itemId').equals(itemId).toArray()) as unknown as StockMovementRow[];
    const order = (row: StockMovementRow) => (row.version === 0 ? Number.MAX_SAFE_INTEGER : row.version);
    rows.sort((a, b) => order(a) - order(b) || a.createdAt.localeCompare(b.createdAt));
    let balance = 0;
    const lines = rows.map((row) => {
      balance += row.quantityHundredths;
      return { ...row, balanceHundredths: balance, isPending: row.version === 0 };
    });
    return lines.reverse();
  }, [itemId]);
}
