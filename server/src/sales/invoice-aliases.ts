import { badRequest } from '../http/errors';
import { refOf } from '../routes/job-cards/aliases';
import { invoiceNoPattern, registerPaymentMethods } from '@shared/schemas/sale';
import { isBlank, strictNumber } from '@shared/schemas/numbers';
import { parseWarrantyMonths } from '@shared/domain/warranty';
import { fromCents, toCents } from '@shared/domain/money';
import type { TaxSetting } from '@shared/domain/sales';
import { codeOfNumber, isServerCode, serverInvoiceCode } from './server-invoice-no';
import { newRecordId } from '@shared/sync/record-id';

/**
 * The spec's sales invoice body (spec 3, Sales invoice; POST /api/sales/sales-invoices) as the
 * arguments of checkoutSale. Like the job card's aliases, nothing here validates: the shared schema
 * does, with its own messages, so a value of the wrong kind is passed on as it came. What the server
 * decides itself is taken from the context: the invoice number when the body has none of the device
 * pattern, the tax setting when the body names no rate. soldBy (the logged-in user), status (derived
 * from the payments), the vehicle (from the job card) and the client's sub total, tax and line totals
 * (recomputed) are not read; the total is, and must agree with the recomputation.
 */

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body => !!value && typeof value === 'object' && !Array.isArray(value);

/** The refusal of a REST sale that names a number of the server's own series. */
export const serverSeriesMessage = `Invoice numbers INV-${serverInvoiceCode}-… are given by the server: leave the invoice number out.`;

/** Our field ← the names it is read from, ours first. */
export const invoiceAliases = {
  id: ['id', '_id'],
  invoiceNo: ['invoiceNo', 'invoiceNumber'],
  date: ['date', 'invoiceDate'],
  customerId: ['customerId', 'customer'],
  customerName: ['customerName'],
  customerPhone: ['customerPhone', 'phone'],
  customerAddress: ['customerAddress', 'address'],
  jobCardId: ['jobCardId', 'jobCard', 'jobId'],
  taxRatePercent: ['taxRatePercent', 'taxRate'],
  pricesIncludeTax: ['pricesIncludeTax'],
  total: ['total', 'totalAmount', 'grandTotal'],
  tendered: ['paidAmount', 'amountPaid', 'tendered'],
  method: ['paymentMethod', 'method'],
} as const satisfies Record<string, readonly string[]>;

/** A line's field ← the names it is read from (spec 3: items[] of the invoice). */
export const lineAliases = {
  id: ['_id', 'lineId'],
  refId: ['itemId', 'item', 'refId', 'serviceId', 'service'],
  name: ['itemName', 'name', 'serviceName'],
  quantity: ['quantity', 'qty'],
  unitPrice: ['unitPriceAtSale', 'unitPrice', 'price'],
  discountPercent: ['discountPercentageAtSale', 'discountPercent', 'discountPct', 'discount'],
  warrantyMonths: ['warrantyMonths', 'warranty'],
} as const satisfies Record<string, readonly string[]>;

/** The first of the names with a value that is not blank, else the first given (so a blank stays blank). */
function pick(body: Body, names: readonly string[]): unknown {
  const given = names.filter((name) => Object.hasOwn(body, name) && body[name] !== undefined);
  const name = given.find((key) => !isBlank(refOf(body[key]))) ?? given[0];
  return name === undefined ? undefined : body[name];
}

/** A reference (an id, or the record as GET answers it): blank is none. */
const refOrNull = (value: unknown) => {
  const ref = refOf(value);
  return isBlank(ref) ? null : ref;
};

/** A value the schema defaults when absent: blank means absent. */
const unlessBlank = (value: unknown) => (isBlank(value) ? undefined : value);

/** Warranty as whole months: a number (or decimal text) as it is, for the schema to check; '6 Months', '1 year' read as months. */
function warrantyOf(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  if (typeof value === 'string' && strictNumber(value) === null) return parseWarrantyMonths(value);
  return value;
}

/** A payment method in any case ('cash', 'BANK TRANSFER') as the register's; anything else as it came. */
function methodOf(value: unknown): unknown {
  if (isBlank(value)) return 'Cash';
  if (typeof value !== 'string') return value;
  return registerPaymentMethods.find((method) => method.toLowerCase() === value.trim().toLowerCase()) ?? value;
}

export const overallDiscountMessage = 'An overall discount is not taken: give each line its discount (discountPercentageAtSale) instead.';

export interface InvoiceBodyContext {
  /** The invoice number of a sale whose body has none of the device pattern: the route's serverInvoiceNoToTake, numbered in the sale's transaction. */
  serverInvoiceNo: () => string;
  /** The company's tax setting, for a body that names no rate. */
  companyTax: TaxSetting;
  /** Whether an id names a service: a line that does not say isService is a service when it does. */
  isServiceId?: (id: string) => boolean;
  newId?: () => string;
  now?: () => string;
}

/**
 * One of the spec's invoice lines as a line of ours (saleLineInputSchema). A line without `_id` gets
 * a new one. A line that is not an object is passed on for the schema to refuse.
 */
export function saleLineFromBody(line: unknown, context: Pick<InvoiceBodyContext, 'isServiceId' | 'newId'> = {}): unknown {
  if (!isObject(line)) return line;
  const newId = context.newId ?? newRecordId;
  const id = pick(line, lineAliases.id);
  const refId = refOrNull(pick(line, lineAliases.refId));
  const flag = line.isService ?? (line.kind === 'service' ? true : line.kind === 'item' ? false : line.kind);
  const kind =
    flag === true || flag === 'true'
      ? 'service'
      : flag === false || flag === 'false'
        ? 'item'
        : flag === undefined || flag === null
          ? typeof refId === 'string' && context.isServiceId?.(refId)
            ? 'service'
            : 'item'
          : flag; // not a kind: the schema says so
  const result: Body = {
    id: isBlank(id) ? newId() : id,
    kind,
    refId,
    name: pick(line, lineAliases.name),
    quantity: pick(line, lineAliases.quantity),
    unitPrice: pick(line, lineAliases.unitPrice),
    discountPercent: unlessBlank(pick(line, lineAliases.discountPercent)),
    warrantyMonths: warrantyOf(pick(line, lineAliases.warrantyMonths)),
  };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

/**
 * What was paid: paidAmount when given, else the sum of paymentHistory's amounts (an amount that is
 * not a number of 0 or more is passed on for the schema to refuse), else nothing (the schema's
 * 'Paid amount is required.').
 */
function tenderedOf(body: Body, history: unknown[]): unknown {
  const paid = pick(body, invoiceAliases.tendered);
  if (!isBlank(paid)) return paid;
  if (history.length === 0) return paid;
  let cents = 0;
  for (const entry of history) {
    const amount = isObject(entry) ? entry.amount : entry;
    const number = strictNumber(amount);
    if (number === null || !Number.isFinite(number) || number < 0) return amount ?? null;
    cents += toCents(number);
  }
  return fromCents(cents);
}

/** The ids the body's lines name (`isServiceId` is asked of these only): read ahead, since a read is asynchronous. */
export function lineRefIdsOfBody(body: unknown): string[] {
  const items = isObject(body) && Array.isArray(body.items) ? body.items : [];
  return items.flatMap((line) => {
    const refId = isObject(line) ? refOrNull(pick(line, lineAliases.refId)) : null;
    return typeof refId === 'string' ? [refId] : [];
  });
}

/** The spec's invoice body as checkoutSale's arguments (not yet validated). */
export function checkoutArgsFromBody(body: unknown, context: InvoiceBodyContext): Body {
  if (!isObject(body)) throw badRequest('The request body must be a JSON object.');
  const newId = context.newId ?? newRecordId;

  const items = body.items;
  if (items !== undefined && items !== null && !Array.isArray(items)) throw badRequest('items must be a list.');
  const history = body.paymentHistory ?? [];
  if (history !== null && !Array.isArray(history)) throw badRequest('paymentHistory must be a list.');
  const payments = (history ?? []) as unknown[];

  const overall = body.overallDiscountPercentage;
  if (!isBlank(overall) && strictNumber(overall) !== 0) throw badRequest(overallDiscountMessage);

  const id = pick(body, invoiceAliases.id);
  const invoiceNo = pick(body, invoiceAliases.invoiceNo);
  // The server's own series moves only by the server's numbering: a number given from outside could
  // push it to the end of its format, and every later server-numbered sale would be refused.
  if (typeof invoiceNo === 'string' && isServerCode(codeOfNumber(invoiceNo))) throw badRequest(serverSeriesMessage);
  const date = pick(body, invoiceAliases.date);
  const customerId = refOrNull(pick(body, invoiceAliases.customerId));
  const rate = pick(body, invoiceAliases.taxRatePercent);
  const includes = pick(body, invoiceAliases.pricesIncludeTax);
  const first = payments[0];

  return {
    id: isBlank(id) ? newId() : id,
    invoiceNo: typeof invoiceNo === 'string' && invoiceNoPattern.test(invoiceNo.trim()) ? invoiceNo.trim() : context.serverInvoiceNo(),
    date: isBlank(date) ? (context.now?.() ?? new Date().toISOString()) : date,
    customerId,
    // No customer is a guest sale (paid in full); so is one the body marks as a guest's.
    guest: customerId === null || body.isGuest === true || body.guest === true,
    customerName: pick(body, invoiceAliases.customerName),
    customerPhone: pick(body, invoiceAliases.customerPhone),
    customerAddress: pick(body, invoiceAliases.customerAddress),
    jobCardId: refOrNull(pick(body, invoiceAliases.jobCardId)),
    lines: Array.isArray(items) ? items.map((line) => saleLineFromBody(line, { isServiceId: context.isServiceId, newId })) : items,
    taxRatePercent: isBlank(rate) ? context.companyTax.taxRatePercent : rate,
    pricesIncludeTax: includes === undefined || includes === null ? context.companyTax.pricesIncludeTax : includes,
    total: pick(body, invoiceAliases.total),
    payment: {
      id: newId(),
      method: methodOf(isObject(first) && !isBlank(first.method) ? first.method : pick(body, invoiceAliases.method)),
      tendered: tenderedOf(body, payments),
    },
  };
}
