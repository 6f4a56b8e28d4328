import { customersList } from './customers';
import { itemsList, servicesList } from './catalogue';
import { creditNotesList, dueListList, invoiceLinesList, invoicesList, paymentsList } from './sales';
import { expensesList, jobCardsList, stockMovementsList } from './work';

/** Every exported list, in the whole shop's zip in this order (issue 43). */
export const exportLists = {
  customers: customersList,
  items: itemsList,
  services: servicesList,
  invoices: invoicesList,
  invoiceLines: invoiceLinesList,
  payments: paymentsList,
  dueList: dueListList,
  creditNotes: creditNotesList,
  expenses: expensesList,
  stockMovements: stockMovementsList,
  jobCards: jobCardsList,
};
export type ExportListKey = keyof typeof exportLists;
