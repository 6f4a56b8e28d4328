import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { dayKey } from '@shared/domain/dashboard';
import { openedText } from '@/lib/whatsapp';
import { messageLanguageOf, type MessageLanguage } from '@shared/domain/whatsapp-templates';
import type { CustomerRow } from '@shared/schemas/customer';
import type { WhatsappLogRow } from '@shared/schemas/whatsapp-log';

export interface PageContact {
  customer: { id: string; name: string; phone: string; language: MessageLanguage; noReminders: boolean } | null;
  /** The latest 'Opened by … at …' since `since` (the reminder's last visit), if any. */
  opened: string | null;
}

/**
 * For a page of reminders: each customer as a message needs them now (phone, language) and when
 * WhatsApp was last opened about the row. Two reads for the page, not two a row.
 */
export function usePageContacts(rows: readonly { id: string; customerId: string; since: string }[] | undefined): Map<string, PageContact> | undefined {
  const key = rows?.map((row) => `${row.id}:${row.customerId}:${row.since}`).join('|') ?? '';
  return useLiveQuery(async () => {
    if (!rows) return undefined;
    const customers = (await db.customers.bulkGet([...new Set(rows.map((row) => row.customerId))])) as (CustomerRow | undefined)[];
    const byId = new Map(customers.filter((customer): customer is CustomerRow => !!customer && !customer.deleted).map((customer) => [customer.id, customer]));
    const log = (
      (await db.whatsappLog
        .where('refId')
        .anyOf(rows.map((row) => row.id))
        .toArray()) as WhatsappLogRow[]
    ).filter((entry) => !entry.deleted);
    const contacts = new Map<string, PageContact>();
    for (const row of rows) {
      const customer = byId.get(row.customerId);
      const latest = log.filter((entry) => entry.refId === row.id && dayKey(new Date(entry.at)) >= row.since).sort((a, b) => b.at.localeCompare(a.at))[0];
      contacts.set(row.id, {
        customer: customer
          ? { id: customer.id, name: customer.customerName, phone: customer.phone, language: messageLanguageOf(customer.language), noReminders: customer.noReminders === true }
          : null,
        opened: latest ? openedText(latest) : null,
      });
    }
    return contacts;
  }, [key]);
}
