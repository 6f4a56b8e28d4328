import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { localDateInput } from '@/lib/format-date';
import type { PayablesReport } from '@shared/reports/payables-aging';
import { readPayables } from './read-payables';

export type PayablesResult = { report: PayablesReport; error?: undefined } | { report?: undefined; error: string };

/** What is owed to each supplier on this device, live (a bill, a payment or a pulled change shows at once). */
export function usePayables(): PayablesResult | undefined {
  return useLiveQuery(
    () =>
      readPayables(db, localDateInput()).then(
        (report): PayablesResult => ({ report }),
        (error: unknown): PayablesResult => {
          console.error('Payables', error);
          return { error: 'Failed to load the payables' };
        },
      ),
    [],
  );
}
