import { paths } from '../../../app/paths';

export type CreditNoteSize = 'a4' | '80mm';

/** The reprint route of a credit note, at a size. */
export const creditNotePath = (id: string, size: CreditNoteSize = 'a4') => `${paths.printCreditNote.replace(':id', encodeURIComponent(id))}?size=${size}`;
