/**
 * The dashboard's month's result (issue 27; Managers and Admins, `readCostPrices`): what the shop made
 * in a month, before tax (tax collected is the state's, not the shop's):
 *
 *   result = sales − returns − cost of the parts sold + cost of the parts returned to stock − expenses
 *
 * - Sales: the month's invoices, total less tax.
 * - Returns: the month's credit notes, total less tax: the 'refunds', whether the worth was
 *   handed back, kept as the customer's credit or taken off what the customer owed (the sale is undone
 *   either way), as the dashboard's Overall sales nets them.
 * - Cost of the parts sold: each invoice line of kind 'item', its quantity × its cost at the sale, as
 *   the server recorded it on the line (issue 44: a later receipt moves the item's average cost, not
 *   a past month's result). A line without one (sold before costs were kept, or not yet back from the
 *   server) counts the item's current cost price (a deleted item keeps its last one); a part whose
 *   item the device does not hold costs nothing and is counted in `partsWithoutCost`. A part a return
 *   put back on the shelf (disposition 'restock') was not sold after all: its cost at the sale comes
 *   off. A scrapped part's cost is lost, and a part sent to the supplier is not known to be paid back,
 *   so both stay counted.
 * - Expenses: the month's expenses, signed (a correction is negative).
 */

export interface ResultDocument {
  totalCents: number;
  taxCents: number;
}

export interface ResultPartLine {
  kind: 'item' | 'service';
  /** The item, for kind 'item'. */
  refId: string | null;
  quantityHundredths: number;
  /** Its unit cost at the sale (a returned line: that of the line it returns), when known. */
  costCents?: number | null;
}

export interface ResultReturnLine extends ResultPartLine {
  /** Where a returned part went; null for a service. */
  disposition: 'restock' | 'scrap' | 'supplier' | null;
}

export interface MonthResultInput {
  invoices: readonly ResultDocument[];
  invoiceLines: readonly ResultPartLine[];
  creditNotes: readonly ResultDocument[];
  creditNoteLines: readonly ResultReturnLine[];
  /** An item's cost price in cents, or undefined when the item is not known. */
  costOf: (itemId: string) => number | undefined;
  /** Signed amounts of the month's expenses. */
  expenses: readonly { amountCents: number }[];
}

export interface MonthResult {
  salesCents: number;
  returnsCents: number;
  /** The cost of the parts sold less that of the parts returned to stock. */
  partsCostCents: number;
  expensesCents: number;
  resultCents: number;
  /** Part lines whose item is not known, so counted at no cost. */
  partsWithoutCost: number;
}

const beforeTax = (documents: readonly ResultDocument[]) => documents.reduce((sum, document) => sum + document.totalCents - document.taxCents, 0);

export function monthResult({ invoices, invoiceLines, creditNotes, creditNoteLines, costOf, expenses }: MonthResultInput): MonthResult {
  let partsWithoutCost = 0;
  const costOfLine = (line: ResultPartLine) => {
    if (line.kind !== 'item') return 0;
    const cost = typeof line.costCents === 'number' ? line.costCents : line.refId === null ? undefined : costOf(line.refId);
    if (cost === undefined) {
      partsWithoutCost += 1;
      return 0;
    }
    // Quantities are in hundredths (1.5 l of oil is 150): a line's cost is rounded to the cent.
    return Math.round((line.quantityHundredths * cost) / 100);
  };
  const soldCents = invoiceLines.reduce((sum, line) => sum + costOfLine(line), 0);
  const restockedCents = creditNoteLines.reduce((sum, line) => sum + (line.disposition === 'restock' ? costOfLine(line) : 0), 0);
  const salesCents = beforeTax(invoices);
  const returnsCents = beforeTax(creditNotes);
  const partsCostCents = soldCents - restockedCents;
  const expensesCents = expenses.reduce((sum, expense) => sum + expense.amountCents, 0);
  return { salesCents, returnsCents, partsCostCents, expensesCents, resultCents: salesCents - returnsCents - partsCostCents - expensesCents, partsWithoutCost };
}
