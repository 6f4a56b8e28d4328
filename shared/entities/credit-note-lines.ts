import type { CreditNoteLineRow } from '../schemas/return';
import { defineEntity } from './define-entity';

export const creditNoteLinesEntity = defineEntity<CreditNoteLineRow>()({
  name: 'creditNoteLines',
  sqlName: 'credit_note_lines',
  priority: false,
  // Written only by the return operation; read by credit note and by invoice (what came back of it).
  fields: {},
  deviceIndexes: 'id, creditNoteId, invoiceId',
});
