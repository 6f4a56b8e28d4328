/**
 * A sale or payment that happened at the counter is recorded, never refused by sync; the conflict it
 * causes is raised for review (docs/decisions.md, "Facts stand"). An invoice's review state:
 * '' nothing to review, 'open' waiting for a Manager or Admin, 'reviewed' looked at.
 */
export const saleReviewStates = ['', 'open', 'reviewed'] as const;
export type SaleReviewState = (typeof saleReviewStates)[number];

/** The review fields of a fact with nothing to review (a payment's: it has no duplicate). */
export const noFactReview = {
  reviewState: '' as SaleReviewState,
  reviewReason: '',
  reviewedById: null as string | null,
  reviewedBy: '',
  reviewedAt: null as string | null,
};

/** The review fields of a sale with nothing to review. */
export const noReview = { ...noFactReview, duplicateOfId: null as string | null };

export const saleReviewReasons = {
  duplicate: (jobNumber: string, firstInvoiceNo: string) => `Second sale of job ${jobNumber}: it was already invoiced as ${firstInvoiceNo}.`,
  jobDeleted: 'The job card was not on the server when this sale reached it (deleted meanwhile, or not sent yet).',
  customerMissing: 'The customer of this sale is not on the server (its record was never saved or was erased).',
  customerDeleted: 'The customer was deleted before this sale reached the server.',
  dateOutsideWindow: (date: string) => `The sale is dated ${date}, far from the server's time: the register's clock may be wrong.`,
  paymentDateOutsideWindow: (date: string) => `A payment on it is dated ${date}, far from the server's time: the device's clock may be wrong.`,
  otherCustomersJob: (jobNumber: string) => `Job ${jobNumber} belongs to another customer.`,
  itemsMissing: (names: readonly string[]) =>
    `${names.join(', ')}: not on the server when this sale reached it (never sent, or lost to a restore), so no stock moved for ${names.length === 1 ? 'it' : 'them'}.`,
  jobNotFinished: (jobNumber: string, status: string) =>
    `Job ${jobNumber} was ${status.toLowerCase()} on the server when this sale reached it (reopened or never finished): its lines may have changed since.`,
  numberUsed: (printed: string, holder: string) => `Printed as ${printed}, a number invoice ${holder} already had: recorded under the server's number.`,
  otherRegister: (printed: string) => `Printed as ${printed}, with another register's code: recorded under the server's number.`,
  taxNotInForce: (sent: string, inForce: string) =>
    `Taxed at ${sent}, while the shop's setting when it was sold was ${inForce}: the register's setting may be out of date, or the sale not made by this app.`,
  creditOverspent: (spent: string, left: string) => `Paid ${spent} with customer credit when ${left} was left on the server: another register may have spent it meanwhile.`,
  creditTakenBack: (taken: string, spent: string) =>
    `A correction took back ${taken} paid beyond what this invoice owes, when ${spent} of that customer credit had already been spent: the customer owes it.`,
  creditUnderReview: (spent: string, held: string) =>
    `Paid ${spent} with customer credit, of which ${held} came from a return still under review: the credit may not be the customer's.`,
  paymentWithoutSale: 'Taken on an invoice that is not on the server: its sale was refused, or has not reached the server yet.',
  paidTwice: (amount: string, invoiceNo: string) => `${amount} of this payment found ${invoiceNo} already paid: another device took a payment on it meanwhile.`,
  serverSeries: (printed: string) => `Printed as ${printed}, a number of the server's own series: recorded under the server's next number.`,
};

/** A payment raised as paid twice (saleReviewReasons.paidTwice), which a Manager settles by 'Refund' or 'Keep as credit'. */
export const paidTwicePattern = /of this payment found .* already paid: another device took a payment on it meanwhile\./;

/** Opens a review of a recorded sale. */
export const openReview = (reason: string, duplicateOfId: string | null = null) => ({ ...noReview, reviewState: 'open' as SaleReviewState, reviewReason: reason, duplicateOfId });

/** The fields 'Mark as reviewed' writes. */
export const reviewedBy = (author: { id: string; name: string }, now: string) => ({
  reviewState: 'reviewed' as SaleReviewState,
  reviewedById: author.id,
  reviewedBy: author.name,
  reviewedAt: now,
});

/**
 * Whether a return closes its invoice's review: a second sale of a job (raised with `duplicateOfId`)
 * is settled by taking it all back, with its money refunded or kept as the customer's credit (issue 26).
 * Only once the whole sale has come back: a part return leaves the duplicate open for a Manager to see.
 */
export function resolvesDuplicateReview(invoice: { reviewState: SaleReviewState; duplicateOfId: string | null; totalCents: number }, returnedCentsAfter: number): boolean {
  return invoice.reviewState === 'open' && invoice.duplicateOfId !== null && returnedCentsAfter >= invoice.totalCents;
}
