import type { SaleReviewState } from '../domain/sale-review';
import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { cleanText } from './text';
import { isStrictDate } from './dates';
import { bounds, numberField, percentField } from './numbers';
import { roundQuantity } from '../domain/quantity';
import { customerCreditMethod } from '../domain/customer-credit';
import { paymentMethodField } from './payment-method-field';
import { paymentMessages } from './payment';

/** The register's words (spec 5, 8) and ours where the spec has none (docs/decisions.md). */
export const saleMessages = {
  jobNotFinished: 'Finish the job before selling it: its lines may still change.',
  emptyCart: 'No items to checkout.',
  notFound: 'Item not found!',
  outOfStock: 'Item is out of stock',
  customer: 'Please select a customer.',
  paidAmount: 'Paid amount is required.',
  guestKeepsNoCredit: "A guest's extra is given back as change: credit needs a customer's account.",
  method: 'Please select a payment method.',
  invoiceNo: 'The invoice number is missing or not this register’s.',
  quantity: 'Enter a valid quantity (> 0)',
  guestPaidInFull: 'A guest sale must be paid in full.',
  partPayment: 'A part payment is less than the total.',
  roundingMismatch: (client: string, server: string) => `The rounding (${client}) is not the total's to the rupee (${server}). Nothing was saved.`,
  duplicateLineId: 'Two lines of the sale have the same id.',
  totalMismatch: (client: string, server: string) => `The invoice total (${client}) does not match its lines (${server}). Nothing was saved.`,
} as const;

export const registerPaymentMethods = ['Cash', 'Card', 'Bank Transfer', 'Cheque', 'Credit', customerCreditMethod] as const;
export type RegisterPaymentMethod = (typeof registerPaymentMethods)[number];

export { formatInvoiceNo, invoiceNoPattern } from '../domain/invoice-number';
import { invoiceNoPattern } from '../domain/invoice-number';
import type { FactTimes } from '../domain/device-time';

export const saleLineInputSchema = z.object({
  id: idSchema,
  kind: z.enum(['item', 'service'], { error: 'A line is an item or a service.' }),
  /** The item or service sold; null for a job line typed by hand. */
  refId: z
    .string()
    .trim()
    .max(64)
    .superRefine(cleanText('The line’s item'))
    .nullish()
    .transform((value) => value || null),
  name: z.string().trim().min(1, 'A line needs a name.').max(100, 'The name must be at most 100 characters.').superRefine(cleanText('The line’s name')),
  quantity: numberField({ min: 0.01, max: bounds.quantity.max, message: saleMessages.quantity })
    .transform(roundQuantity)
    .refine((quantity) => quantity >= 0.01, saleMessages.quantity),
  unitPrice: numberField({ ...bounds.money, message: 'Unit price cannot be negative.' }),
  discountPercent: percentField('Disc. %').optional().default(0),
  warrantyMonths: numberField({ min: 0, max: 120, integer: true, message: 'Warranty months must be a whole number from 0 to 120.' }).optional().default(0),
});
export type SaleLineInput = z.output<typeof saleLineInputSchema>;

export const checkoutSaleSchema = z
  .object({
    id: idSchema,
    invoiceNo: z.string({ error: saleMessages.invoiceNo }).trim().regex(invoiceNoPattern, saleMessages.invoiceNo),
    date: z
      .string()
      .trim()
      .refine(isStrictDate, 'The invoice date must be a date.')
      .transform((value) => new Date(value).toISOString()),
    /** null for a guest sale. */
    customerId: z
      .string()
      .trim()
      .max(64)
      .superRefine(cleanText('The customer'))
      .nullish()
      .transform((value) => value || null),
    guest: z.boolean().optional().default(false),
    customerName: optionalText(100, 'Customer name'),
    customerPhone: optionalText(30, 'Customer phone'),
    customerAddress: optionalText(300, 'Customer address', { multiline: true }),
    jobCardId: z
      .string()
      .trim()
      .max(64)
      .superRefine(cleanText('The job card'))
      .nullish()
      .transform((value) => value || null),
    lines: z
      .array(saleLineInputSchema, { error: saleMessages.emptyCart })
      .min(1, saleMessages.emptyCart)
      .max(300, 'A sale holds at most 300 lines.')
      // Each line is a record of its own: two with one id would be one row written twice.
      .refine((lines) => new Set(lines.map((line) => line.id)).size === lines.length, saleMessages.duplicateLineId),
    taxRatePercent: percentField('Tax rate'),
    pricesIncludeTax: z.boolean(),
    /** What the register showed as Total Payable: the server recomputes it and refuses a difference. */
    total: numberField({ ...bounds.money, message: 'The total must be a number of at least 0.' }),
    /**
     * A cash sale rounded to the rupee (issue 47): the rounding line in rupees (−0.49 to 0.50),
     * included in `total`. The server recomputes it from the lines and refuses a difference.
     */
    rounding: numberField({ min: -0.49, max: 0.5, message: 'The rounding is at most half a rupee.' }).optional(),
    payment: z.object({
      id: idSchema,
      method: paymentMethodField(registerPaymentMethods, saleMessages.method),
      /** What the customer handed over; more than the total is change unless `keepExcess`. */
      tendered: numberField({ ...bounds.money, message: 'Paid amount must be a number of 0 or more.', requiredMessage: saleMessages.paidAmount }),
      /**
       * The customer left what is over the total with the shop (issue 23): the payment is all that
       * was handed over and the invoice is overpaid, as credit. Without it the excess is change.
       */
      keepExcess: z.boolean().optional(),
      /**
       * A part payment with change (issue 47): what stays in the shop, less than the total, when
       * `tendered` is what was handed over. Absent: the payment is `tendered`, up to the total.
       */
      amount: numberField({ ...bounds.money, message: 'Paid amount must be a number of 0 or more.' }).optional(),
    }),
  })
  .refine((sale) => sale.payment.amount === undefined || Math.round(sale.payment.amount * 100) <= Math.round(sale.payment.tendered * 100), {
    message: paymentMessages.tendered,
    path: ['payment', 'tendered'],
  })
  .refine((sale) => sale.payment.amount === undefined || Math.round(sale.payment.amount * 100) < Math.round(sale.total * 100), {
    message: saleMessages.partPayment,
    path: ['payment', 'amount'],
  })
  // Credit needs an account to sit on: a guest's extra is always given back.
  .refine((sale) => !(sale.payment.keepExcess && (sale.guest || !sale.customerId)), { message: saleMessages.guestKeepsNoCredit, path: ['payment', 'keepExcess'] });
export type CheckoutSaleInput = z.input<typeof checkoutSaleSchema>;

export interface InvoiceRow extends FactTimes {
  id: string;
  invoiceNo: string;
  date: string;
  customerId: string | null;
  guest: boolean;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  jobCardId: string | null;
  vehicleLicensePlate: string;
  vehicleMake: string;
  vehicleModel: string;
  currentMileage: number | null;
  taxRatePercent: number;
  pricesIncludeTax: boolean;
  grossCents: number;
  discountCents: number;
  subTotalCents: number;
  taxCents: number;
  /** What the customer pays: the sub total (plus the tax when added), plus the rounding. */
  totalCents: number;
  /** A cash sale rounded to the rupee (issue 47): the rounding line, already in the total; 0 or missing otherwise. */
  roundingCents?: number;
  /** The sum of the invoice's live payments and what is left, kept with the invoice when a payment is recorded. */
  paidCents: number;
  dueCents: number;
  status: 'Paid' | 'Due';
  /** Σ of its returns' worth (credit notes): what it comes to is the total less this (owedCents). */
  returnedCents: number;
  /** '' for a sale with nothing to review; 'open' until a Manager or Admin marks it reviewed (shared/domain/sale-review.ts). */
  reviewState: SaleReviewState;
  /** Why the sale is to be reviewed, in words. */
  reviewReason: string;
  /** The job's first invoice, when this is a second sale of it. */
  duplicateOfId: string | null;
  reviewedById: string | null;
  reviewedBy: string;
  reviewedAt: string | null;
  soldById: string;
  soldBy: string;
  createdAt: string;
  /**
   * An opening balance (issue 43; shared/domain/opening-balance.ts): a debt of the old books, due like
   * any invoice but no sale. Absent on rows a device stored before it was added (read as false).
   */
  openingBalance?: boolean;
  /** The due date the invoice states (an opening balance's); '' or absent: its date + 14 days (invoiceDueDate). */
  dueDate?: string;
  /** What the invoice says beside its lines (an opening balance's note); ''. */
  note?: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

export interface InvoiceLineRow {
  id: string;
  invoiceId: string;
  position: number;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  quantityHundredths: number;
  unitPriceCents: number;
  discountPercent: number;
  totalCents: number;
  taxCents: number;
  warrantyMonths: number;
  /** A part's cost at its sale, set by the server (issue 44); null or absent where not known, left out for Staff. */
  costCents?: number | null;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

export interface PaymentRow extends FactTimes {
  id: string;
  invoiceId: string;
  customerId: string | null;
  amountCents: number;
  /** What was handed over, when more than the amount (change given). */
  tenderedCents: number;
  method: string;
  date: string;
  note: string;
  userId: string;
  userName: string;
  createdAt: string;
  /** The bulk payment this one is an allocation of, or null. */
  bulkId: string | null;
  /** The register that took it (its device code, shared/domain/device-time.ts Occurred): its drawer counts it. '' over REST. */
  register: string;
  /** 'open' while the server holds no sale for its invoice (refused, or not arrived): Sales to Review lists it. */
  reviewState: SaleReviewState;
  reviewReason: string;
  reviewedById: string | null;
  reviewedBy: string;
  reviewedAt: string | null;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
