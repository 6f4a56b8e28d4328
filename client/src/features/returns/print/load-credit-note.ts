import { db } from '@/db/instance';
import { companyId, type CompanyRow } from '@shared/schemas/company';
import type { CreditNoteLineRow, CreditNoteRow } from '@shared/schemas/return';
import type { InvoiceRow } from '@shared/schemas/sale';

/** Everything a printed credit note shows, from this device alone (it prints offline). */
export interface CreditNoteData {
  creditNote: CreditNoteRow;
  /** In the order they were returned. */
  lines: CreditNoteLineRow[];
  /** The invoice it returns against (null when this device no longer holds it). */
  invoice: InvoiceRow | null;
  company: CompanyRow | null;
}

export const creditNoteNotFoundMessage = 'This credit note is not on this device yet. Sync, then try again.';

/** The credit note's rows in one read transaction; null when this device does not hold it. */
export async function loadCreditNote(id: string): Promise<CreditNoteData | null> {
  return db.transaction('r', [db.creditNotes, db.creditNoteLines, db.invoices, db.company], async () => {
    const creditNote = await db.creditNotes.get(id);
    if (!creditNote || creditNote.deleted) return null;
    const [lines, invoice, company] = await Promise.all([
      db.creditNoteLines.where('creditNoteId').equals(id).toArray(),
      db.invoices.get(creditNote.invoiceId),
      db.company.get(companyId),
    ]);
    return {
      creditNote,
      lines: lines.filter((line) => !line.deleted).sort((a, b) => a.position - b.position),
      invoice: invoice && !invoice.deleted ? invoice : null,
      company: company && !company.deleted ? company : null,
    };
  });
}
