import { z } from 'zod';
import { groupedWhole } from '../domain/grouped-number';

/**
 * The bounds of every number the product accepts, written once (issue 6, defect 7). Money stays
 * exact in integer cents far below 2^53 even summed over 100,000 invoices; quantities stay exact in
 * hundredths; a page number times the largest page stays a safe offset.
 */
export const bounds = {
  /** Rupees: a price, a cost, a line or an invoice total. */
  money: { min: 0, max: 100_000_000 },
  /** A stock or line quantity (two decimals). */
  quantity: { min: 0, max: 1_000_000 },
  /** A reorder level (whole). */
  reorderLevel: { min: 0, max: 1_000_000 },
  /** Tax rates and discounts. */
  percent: { min: 0, max: 100 },
  /** ?page= of a list. */
  page: { min: 1, max: 1_000_000 },
  /** ?limit= of a list; a larger one is cut down to it. */
  limit: { min: 1, max: 500 },
} as const;

const decimalText = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/**
 * A number from a form or a JSON body: a finite number, or text that is a plain decimal. Nothing
 * else is coerced (true, [], '', '0x10', '1e5', 'Infinity' are not numbers): null.
 */
export function strictNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && decimalText.test(value)) return Number(value);
  return null;
}

/** Missing, null or blank text: a form field left empty. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

interface NumberRule {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** The message for anything that is not a number in range. */
  message: string;
  /** The message when the value is missing or blank (defaults to `message`). */
  requiredMessage?: string;
  /** The message when the value is above `max` (defaults to `message`). */
  tooLargeMessage?: string;
  /** The message when the value is not a number at all (defaults to `message`). */
  notNumberMessage?: string;
}

/** A bounded number parsed with strictNumber: one schema shape for every number field. */
export function numberField({ min, max, integer, message, requiredMessage, tooLargeMessage, notNumberMessage }: NumberRule) {
  return z.unknown().transform((value, ctx) => {
    const number = isBlank(value) ? null : strictNumber(value);
    const problem =
      number === null
        ? isBlank(value)
          ? (requiredMessage ?? message)
          : (notNumberMessage ?? message)
        : number < min || (integer && !Number.isInteger(number))
          ? message
          : number > max
            ? (tooLargeMessage ?? message)
            : null;
    if (problem === null) return number!;
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });
}

const range = (min: number, max: number) => `${groupedWhole(min)} and ${groupedWhole(max)}`;

export const moneyField = (label: string) => numberField({ ...bounds.money, message: `${label} must be a number between ${range(bounds.money.min, bounds.money.max)}.` });

export const percentField = (label: string) =>
  numberField({
    ...bounds.percent,
    message: `${label} must be between ${bounds.percent.min} and ${bounds.percent.max}.`,
    notNumberMessage: `${label} must be a number.`,
  });
