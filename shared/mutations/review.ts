import { z } from 'zod';
import { defineMutation } from './define';
import { idSchema } from '../schemas/common';

export const saleReviewMessages = {
  notFound: 'Invoice not found.',
  returnNotFound: 'Credit note not found.',
};

/** What is reviewed: a sale (an invoice) or a return (a credit note). Builds before returns sent no kind: a sale. */
export const reviewedTable = (kind: 'sale' | 'return') => (kind === 'return' ? ('creditNotes' as const) : ('invoices' as const));

/**
 * 'Mark as reviewed' on a sale or a return recorded with a conflict (shared/domain/sale-review.ts).
 * Reviewing one that has nothing open changes nothing, so two managers marking it at once both succeed.
 */
export const markSaleReviewed = defineMutation({
  name: 'markSaleReviewed',
  schema: z.object({ id: idSchema, kind: z.enum(['sale', 'return']).optional().default('sale') }),
  permission: 'reviewSales',
  touches: (args) => [{ table: reviewedTable(args.kind), id: args.id }],
});
