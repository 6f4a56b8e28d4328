import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { ReturnContext } from '@shared/mutations/returns';
import type { CreditNoteRow } from '@shared/schemas/return';
import type { InvoiceRow } from '@shared/schemas/sale';

export interface ReturnInvoice extends ReturnContext {
  /** The invoice's credit notes so far, oldest first. */
  creditNotes: CreditNoteRow[];
}

/**
 * An invoice as a return needs it, from the device's own data (offline too), live: its lines, what
 * came back of each so far, its payments and its credit notes. null when the device has no such invoice.
 */
export function useReturnInvoice(invoiceId: string | null): ReturnInvoice | null | undefined {
  return useLiveQuery(async () => {
    if (!invoiceId) return null;
    const invoice = await db.invoices.get(invoiceId);
    if (!invoice || invoice.deleted) return null;
    const [saleLines, returnedLines, payments, creditNotes] = await Promise.all([
      db.invoiceLines.where('invoiceId').equals(invoiceId).toArray(),
      db.creditNoteLines.where('invoiceId').equals(invoiceId).toArray(),
      db.payments.where('invoiceId').equals(invoiceId).toArray(),
      db.creditNotes.where('invoiceId').equals(invoiceId).toArray(),
    ]);
    return {
      invoice: { ...invoice, returnedCents: Number(invoice.returnedCents ?? 0) },
      saleLines: saleLines.filter((line) => !line.deleted).sort((a, b) => a.position - b.position),
      returnedLines: returnedLines.filter((line) => !line.deleted),
      payments: payments.filter((payment) => !payment.deleted),
      creditNotes: creditNotes.filter((note) => !note.deleted).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    };
  }, [invoiceId]);
}

/**
 * Invoices whose number, customer, phone or plate starts with what was typed (the invoices' search
 * words), newest first, with the text they answer: until the read for new text is done, the last
 * answer (for older text) is what there is, and a scanner's Enter must not open that one's match.
 */
export function useInvoiceMatches(text: string): { text: string; rows: InvoiceRow[] } | undefined {
  return useLiveQuery(async () => ({ text, rows: await readInvoiceMatches(text) }), [text]);
}

async function readInvoiceMatches(text: string): Promise<InvoiceRow[]> {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const exact = await db.invoices.where('invoiceNo').equals(text.trim().toUpperCase()).first();
  if (exact && !exact.deleted) return [exact];
  const first = await db.invoices.where('searchWords').startsWith(words[0]!).limit(200).toArray();
  const rest = words.slice(1);
  return [...new Map(first.map((row) => [row.id, row])).values()]
    .filter((row) => !row.deleted && rest.every((word) => (row.searchWords as string[] | undefined)?.some((w) => w.startsWith(word))))
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 20);
}
