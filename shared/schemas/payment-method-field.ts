import { z } from 'zod';
import { paymentMethodName } from '../domain/payment-methods';

/** Older names of a method that a schema still reads (the spec's bulk payment and records made before the one list). */
const olderMethodNames = ['Bank'] as const;

/**
 * A method a screen offers, one of the one list (shared/domain/payment-methods.ts). 'Bank', from the
 * spec's bulk payment or an older device's queue, is read and recorded as 'Bank Transfer'; the input
 * type names only the methods, so a call with another does not compile.
 */
export function paymentMethodField<const M extends readonly [string, ...string[]]>(methods: M, error: string) {
  // Typed as the screen's methods alone: new code never sends an older name.
  const read = z.enum([...methods, ...olderMethodNames] as unknown as M, { error });
  return read.transform((name) => paymentMethodName(name) as M[number]);
}
