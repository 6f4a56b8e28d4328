import type { CreditNoteRow } from '../schemas/return';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

export const creditNotesEntity = defineEntity<CreditNoteRow>()({
  name: 'creditNotes',
  sqlName: 'credit_notes',
  priority: false,
  // Written only by the return operation (shared/mutations/returns.ts); final when made.
  fields: {},
  sortKey: (row) => newestFirst(String(row.date || row.createdAt || '')),
  deviceIndexes: 'id, &creditNoteNo, invoiceId, date, sortKey, reviewState',
});
