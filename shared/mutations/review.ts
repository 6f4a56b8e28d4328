import { z } from 'zod';
import { defineMutation } from './define';
import { idSchema } from '../schemas/common';

export const saleReviewMessages = {
  notFound: 'Invoice not found.',
};

/**
 * 'Mark as reviewed' on a sale recorded with a conflict (shared/domain/sale-review.ts). Reviewing a
 * sale that has nothing open changes nothing, so two managers marking it at once both succeed.
 */
export const markSaleReviewed = defineMutation({
  name: 'markSaleReviewed',
  schema: z.object({ id: idSchema }),
  permission: 'reviewSales',
  touches: (args) => [{ table: 'invoices', id: args.id }],
});
