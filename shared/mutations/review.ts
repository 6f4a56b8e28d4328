import { z } from 'zod';
import { defineMutation } from './define';
import { idSchema } from '../schemas/common';

export const saleReviewMessages = {
  notFound: 'Invoice not found.',
  returnNotFound: 'Credit note not found.',
  paymentNotFound: 'Payment not found.',
};

/** What is reviewed: a sale, a return or a payment (issue 42: one taken on an invoice the server does not hold). */
export const reviewedKinds = ['sale', 'return', 'payment'] as const;
export type ReviewedKind = (typeof reviewedKinds)[number];

const reviewed = {
  sale: { table: 'invoices', notFound: saleReviewMessages.notFound },
  return: { table: 'creditNotes', notFound: saleReviewMessages.returnNotFound },
  payment: { table: 'payments', notFound: saleReviewMessages.paymentNotFound },
} as const;

/** The table of what is reviewed. Builds before returns sent no kind: a sale. */
export const reviewedTable = <K extends ReviewedKind>(kind: K): (typeof reviewed)[K]['table'] => reviewed[kind].table;

/** What 'Mark as reviewed' answers when the record is not there. */
export const reviewedNotFound = (kind: ReviewedKind): string => reviewed[kind].notFound;

/**
 * 'Mark as reviewed' on a sale, a return or a payment recorded with a conflict (shared/domain/sale-review.ts).
 * Reviewing one that has nothing open changes nothing, so two managers marking it at once both succeed.
 */
export const markSaleReviewed = defineMutation({
  name: 'markSaleReviewed',
  schema: z.object({ id: idSchema, kind: z.enum(reviewedKinds).optional().default('sale') }),
  permission: 'reviewSales',
  touches: (args) => [{ table: reviewedTable(args.kind), id: args.id }],
});
