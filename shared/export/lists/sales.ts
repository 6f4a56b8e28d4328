import type { InvoiceLineRow, InvoiceRow, PaymentRow } from '../../schemas/sale';
import type { CreditNoteRow } from '../../schemas/return';
import { dayCell, moneyCell, quantityCell, yesNo } from '../cells';
import { exportList } from '../list';
import { invoiceDueDate, owedCents } from '../../domain/sales';
import { daysPastDue } from '../../domain/allocation';
import { typedDayText } from '../../schemas/dates';
import { localDay } from '../../domain/dashboard';

/** The shop's day of an invoice: a stored day as it is, a moment as the day it fell on here. */
const dayOf = (stored: string) => (/^\d{4}-\d{2}-\d{2}$/.test(stored) ? stored : localDay(new Date(stored)));
const dueDayOf = (invoice: InvoiceRow) => invoiceDueDate(dayOf(invoice.date), invoice.dueDate);

export const invoicesList = exportList<InvoiceRow>({
  key: 'invoices',
  title: 'Invoices',
  file: 'invoices.csv',
  table: 'invoices',
  lookups: [],
  header: () => [
    'Invoice No',
    'Date',
    'Due Date',
    'Customer Name',
    'Phone',
    'License Plate',
    'Sub Total',
    'Tax',
    'Total',
    'Returned',
    'Paid',
    'Due',
    'Status',
    'Opening Balance',
    'Sold By',
  ],
  lines: (invoice) =>
    invoice.deleted
      ? []
      : [
          [
            invoice.invoiceNo,
            dayCell(invoice.date),
            typedDayText(dueDayOf(invoice)),
            invoice.customerName,
            invoice.customerPhone,
            invoice.vehicleLicensePlate,
            moneyCell(invoice.subTotalCents),
            moneyCell(invoice.taxCents),
            moneyCell(invoice.totalCents),
            moneyCell(invoice.returnedCents ?? 0),
            moneyCell(invoice.paidCents),
            moneyCell(invoice.dueCents),
            invoice.status,
            yesNo(invoice.openingBalance),
            invoice.soldBy,
          ],
        ],
});

/** The invoices' lines, each naming its invoice by number. */
export const invoiceLinesList = exportList<InvoiceLineRow>({
  key: 'invoiceLines',
  title: 'Invoice lines',
  file: 'invoice-lines.csv',
  table: 'invoiceLines',
  lookups: ['invoices'],
  header: () => ['Invoice No', 'Item Name', 'Type', 'Quantity', 'Unit Price', 'Disc. %', 'Total', 'Tax', 'Warranty Months'],
  lines: (line, { invoice }) =>
    line.deleted
      ? []
      : [
          [
            invoice(line.invoiceId)?.invoiceNo ?? '',
            line.name,
            line.kind === 'service' ? 'Service' : 'Item',
            quantityCell(line.quantityHundredths),
            moneyCell(line.unitPriceCents),
            line.discountPercent,
            moneyCell(line.totalCents),
            moneyCell(line.taxCents),
            line.warrantyMonths,
          ],
        ],
});

export const paymentsList = exportList<PaymentRow>({
  key: 'payments',
  title: 'Payments',
  file: 'payments.csv',
  table: 'payments',
  lookups: ['invoices'],
  header: () => ['Date', 'Invoice No', 'Customer Name', 'Method', 'Amount', 'Tendered', 'Note', 'Recorded By', 'Register'],
  lines: (payment, { invoice }) => {
    if (payment.deleted) return [];
    const of = invoice(payment.invoiceId);
    return [
      [
        dayCell(payment.date),
        of?.invoiceNo ?? '',
        of?.customerName ?? '',
        payment.method,
        moneyCell(payment.amountCents),
        moneyCell(payment.tenderedCents),
        payment.note,
        payment.userName,
        payment.register,
      ],
    ];
  },
});

/**
 * The due list: what each unpaid invoice still owes. Its columns are what the import reads as an
 * opening balance (Invoice No, Customer Name, Phone, Date, Due Date, Total, Paid), so a shop's dues
 * move to another install with the same totals; Total is after returns, so Total − Paid is the Due.
 * The Phone is the customer's as it is now (the invoice's own, printed then, when the customer is not
 * on the device): the import finds the customer by it, and a number changed since the sale would
 * find no one in the shop the customers' file made.
 */
export const dueListList = exportList<InvoiceRow>({
  key: 'dueList',
  title: 'Due list',
  file: 'due-list.csv',
  table: 'invoices',
  lookups: ['customers'],
  header: () => ['Invoice No', 'Customer Name', 'Phone', 'Date', 'Due Date', 'Total', 'Paid', 'Due', 'Days Past Due', 'Note'],
  lines: (invoice, { today, customerPhone }) =>
    invoice.deleted || invoice.status !== 'Due'
      ? []
      : [
          [
            invoice.invoiceNo,
            invoice.customerName,
            customerPhone(invoice.customerId) ?? invoice.customerPhone,
            dayCell(invoice.date),
            typedDayText(dueDayOf(invoice)),
            moneyCell(owedCents(invoice)),
            moneyCell(invoice.paidCents),
            moneyCell(invoice.dueCents),
            Math.max(daysPastDue(dayOf(invoice.date), today, invoice.dueDate), 0),
            invoice.note ?? '',
          ],
        ],
});

export const creditNotesList = exportList<CreditNoteRow>({
  key: 'creditNotes',
  title: 'Credit notes',
  file: 'credit-notes.csv',
  table: 'creditNotes',
  lookups: [],
  header: () => ['Credit Note No', 'Date', 'Invoice No', 'Customer Name', 'Reason', 'Note', 'Sub Total', 'Tax', 'Total', 'Refund', 'Refund Method', 'Recorded By'],
  lines: (note) =>
    note.deleted
      ? []
      : [
          [
            note.creditNoteNo,
            dayCell(note.date),
            note.invoiceNo,
            note.customerName,
            note.reason,
            note.note,
            moneyCell(note.subTotalCents),
            moneyCell(note.taxCents),
            moneyCell(note.totalCents),
            moneyCell(note.refundCents),
            note.refundMethod,
            note.userName,
          ],
        ],
});
