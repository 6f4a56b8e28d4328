import { customerCreditMethod } from './customer-credit';

/**
 * Every way money is taken or handed back, under one name each, in the order reports list them
 * (issue 47: one X report listed 'Bank Transfer' and 'Bank' for the same money). Each screen offers
 * some of them; none names a method another way. 'Credit' is a sale the customer owes, 'Customer
 * Credit' the customer's credit spent or kept (decisions.md, Customer credit).
 */
export const paymentMethods = ['Cash', 'Card', 'Bank Transfer', 'Cheque', 'Mobile', 'Credit', customerCreditMethod] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Names the spec's bulk payment and records made before the one list used for a method. */
const otherNames: Record<string, PaymentMethod> = { bank: 'Bank Transfer' };

/** A method's one name, whatever its case or older name; a name the list does not know stays as given. */
export function paymentMethodName(name: string): string {
  const key = name.trim().toLowerCase();
  return paymentMethods.find((method) => method.toLowerCase() === key) ?? otherNames[key] ?? name;
}

/** Totals by method stored under older names (a Z report's), one line a method, in the list's order. */
export function foldByMethod(rows: readonly { method: string; cents: number }[]): { method: string; cents: number }[] {
  const folded = new Map<string, number>();
  for (const { method, cents } of rows) {
    const name = paymentMethodName(method);
    folded.set(name, (folded.get(name) ?? 0) + cents);
  }
  const rank = (method: string) => {
    const index = (paymentMethods as readonly string[]).indexOf(method);
    return index < 0 ? paymentMethods.length : index;
  };
  return [...folded].map(([method, cents]) => ({ method, cents })).sort((a, b) => rank(a.method) - rank(b.method));
}
