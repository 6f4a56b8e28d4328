import { z } from 'zod';
import { badRequest } from '../http/errors';
import { bulkPaymentMethods, duePaymentMethods, recordBulkPaymentSchema, recordPaymentSchema } from '@shared/schemas/payment';
import { firstIssueMessage } from '@shared/schemas/messages';
import { isBlank } from '@shared/schemas/numbers';
import { refOf } from '../routes/job-cards/aliases';
import { newRecordId } from '@shared/sync/record-id';

/**
 * The due list's payment bodies (spec 3, Payment record; spec 7: paymentDate, paymentMethod,
 * payingAmount, note) read as the arguments of recordPayment and of a bulk payment. Our own names
 * (date, method, amount) are read too. Nothing is coerced here: the shared schemas validate, and
 * their first problem is told in the spec's order of checks (spec 5, Record payment: the amount,
 * then the date, then the method).
 */

type Body = Record<string, unknown>;

export const paymentAliases = {
  id: ['id', 'paymentId'],
  date: ['paymentDate', 'date'],
  method: ['paymentMethod', 'method'],
  amount: ['payingAmount', 'amount', 'paidAmount'],
  /** Cash handed over when change was given back: the payment (amount) is what the shop keeps. */
  tendered: ['tenderedAmount', 'tendered'],
  note: ['note'],
} as const satisfies Record<string, readonly string[]>;

export const bulkPaymentAliases = {
  customerId: ['customerId', 'customer'],
  date: ['paymentDate', 'date'],
  method: ['paymentMethod', 'method'],
  amount: ['amount', 'payingAmount', 'appliedAmount'],
  note: ['note'],
} as const satisfies Record<string, readonly string[]>;

const specOrder = ['amount', 'date', 'method'];

function asBody(body: unknown): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Body;
}

/** The first of the names with a value that is not blank, else the first given (so a blank stays blank). */
function pick(body: Body, names: readonly string[]): unknown {
  const given = names.filter((name) => Object.hasOwn(body, name) && body[name] !== undefined);
  const name = given.find((key) => !isBlank(body[key])) ?? given[0];
  return name === undefined ? undefined : body[name];
}

/** A method in any case ('cash', 'BANK TRANSFER') as the list spells it; anything else as it came. */
function methodOf(value: unknown, methods: readonly string[]): unknown {
  if (typeof value !== 'string') return value;
  return methods.find((method) => method.toLowerCase() === value.trim().toLowerCase()) ?? value;
}

/** Parses, and when it fails tells the first problem of the fields in the spec's order, then the rest in the schema's. */
function parseInSpecOrder<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const rank = (issue: z.core.$ZodIssue) => {
    const at = specOrder.indexOf(String(issue.path[0]));
    return at < 0 ? specOrder.length : at;
  };
  const issues = [...parsed.error.issues].sort((a, b) => rank(a) - rank(b));
  throw badRequest(firstIssueMessage(new z.ZodError(issues)));
}

/** PUT /due-invoices/:invoiceId/record-payment's body as recordPayment's arguments (validated). */
export function recordPaymentArgsFromBody(input: unknown, invoiceId: string): z.output<typeof recordPaymentSchema> {
  const body = asBody(input);
  const id = pick(body, paymentAliases.id);
  return parseInSpecOrder(recordPaymentSchema, {
    id: typeof id === 'string' && id.trim() ? id : newRecordId(),
    invoiceId,
    date: pick(body, paymentAliases.date),
    method: methodOf(pick(body, paymentAliases.method), [...duePaymentMethods, ...bulkPaymentMethods, 'Credit']),
    amount: pick(body, paymentAliases.amount),
    ...(isBlank(pick(body, paymentAliases.tendered)) ? {} : { tendered: pick(body, paymentAliases.tendered) }),
    note: pick(body, paymentAliases.note),
  });
}

const bulkInputSchema = recordBulkPaymentSchema.pick({ customerId: true, date: true, method: true, amount: true, note: true });
export type BulkPaymentInput = z.output<typeof bulkInputSchema>;

/** POST /bulk-payments' body: the customer, the date, the method, the amount and the note (validated); the server allocates. */
export function bulkPaymentInputFromBody(input: unknown): BulkPaymentInput {
  const body = asBody(input);
  const customerId = refOf(pick(body, bulkPaymentAliases.customerId));
  if (isBlank(customerId)) throw badRequest('No customer selected');
  return parseInSpecOrder(bulkInputSchema, {
    customerId,
    date: pick(body, bulkPaymentAliases.date),
    method: methodOf(pick(body, bulkPaymentAliases.method), bulkPaymentMethods),
    amount: pick(body, bulkPaymentAliases.amount),
    note: pick(body, bulkPaymentAliases.note),
  });
}
