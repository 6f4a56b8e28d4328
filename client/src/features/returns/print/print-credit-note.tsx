import { printJob, printStartDelayMs } from '@/components/print/print-job';
import { CreditNoteDocument, CreditNoteSlip } from './credit-note-document';
import { creditNoteNotFoundMessage, loadCreditNote } from './load-credit-note';
import '@/components/print/print.css';

/**
 * A credit note from this device's own data (offline too), printed 100 ms after it is drawn: on the
 * 80 mm roll when the shop's receipt printer is one (Company Detail), else on A4.
 */
export async function printCreditNoteNow(id: string): Promise<void> {
  const data = await loadCreditNote(id);
  if (!data) throw new Error(creditNoteNotFoundMessage);
  const Document = data.company?.receiptLayout === 'thermal80' ? CreditNoteSlip : CreditNoteDocument;
  await printJob(<Document data={data} />, printStartDelayMs);
}
