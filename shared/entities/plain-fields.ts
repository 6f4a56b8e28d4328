import { z } from 'zod';
import { optionalText } from '../schemas/common';
import { cleanText } from '../schemas/text';
import { bounds, isBlank, numberField } from '../schemas/numbers';
import { groupedWhole } from '../domain/grouped-number';
import { fromCents, toCents } from '../domain/money';
import type { Permission } from '../domain/permissions';

// The fields of a plain synced entity (issue 48), each written once: how the form and the API take
// it (its zod rule and messages), its label, how it is stored (name, column kind, default) and read
// back over the API, a valid example (the bad-input tests' arguments), and whether it is searched,
// indexed on the device or hidden from a role. shared/entities/plain-entity.ts derives the rest.

/** A stored column's kind, as each engine's table is made from it (server/src/db/plain-columns.ts). */
export type ColumnKind = 'text' | 'nullableText' | 'integer' | 'nullableInteger';

/** What a column holds, by kind. */
export type ColumnValue<K extends ColumnKind> = K extends 'integer' ? number : K extends 'nullableInteger' ? number | null : K extends 'nullableText' ? string | null : string;

/** How a form shows a field (client/src/components/forms/plain-form-fields.tsx). */
/** 'lines': a list kept as JSON (a canned job's services and parts), edited by the entity's own form. */
export type InputKind = 'text' | 'multiline' | 'money' | 'whole' | 'email' | 'phone' | 'lines';

export interface PlainField<Stored extends string | undefined = string | undefined, Kind extends ColumnKind = ColumnKind, Input extends z.ZodType = z.ZodType> {
  /** The form's label, the later-edit notices' name of the field. */
  label: string;
  /** The create's rule (required or not); the update takes it as optional. */
  input: Input;
  inputKind: InputKind;
  /** The form marks it required (its rule refuses it blank). */
  required: boolean;
  /** The most characters its input takes (a text's rule). */
  maxLength?: number;
  /** What its input shows while empty ('e.g., Oil Change'). */
  placeholder?: string;
  /** The stored field's name when it differs from the argument's (price → priceCents). */
  storedAs?: Stored;
  column: Kind;
  /** The column's default (an optional text's ''); none for a required one. */
  columnDefault?: ColumnValue<Kind>;
  toStored: (value: unknown) => ColumnValue<Kind>;
  toApi: (stored: ColumnValue<Kind>) => unknown;
  /** A valid value: the bad-input tests' arguments, a scratch record's. */
  example: unknown;
  /** Its words are searched in lists (and by their last digits: a phone). */
  search?: 'words' | 'digits';
  /** An index on the device, for a list that sorts or looks up by it. */
  index?: boolean;
  /** Only roles with this permission read it (shared/sync/read-scope.ts): a cost. */
  readableBy?: Permission;
}

/** 'Category Name' → 'Category name': how the product's messages name a field. */
const inSentence = (label: string) => label.charAt(0) + label.slice(1).toLowerCase();

interface Options {
  search?: 'words' | 'digits';
  index?: boolean;
  readableBy?: Permission;
  placeholder?: string;
}

const requiredTextRule = (label: string, max: number, multiline: boolean) => {
  const named = inSentence(label);
  return z
    .string({ error: `${named} is required.` })
    .trim()
    .min(1, `${named} is required.`)
    .max(max, `${named} must be at most ${max} characters.`)
    .superRefine(cleanText(named, { multiline }));
};

/** A required text: 'Category name is required.', '… must be at most 50 characters.' */
export function requiredText(
  label: string,
  max: number,
  options: Options & { multiline?: boolean; example?: string } = {},
): PlainField<undefined, 'text', ReturnType<typeof requiredTextRule>> {
  return {
    label,
    input: requiredTextRule(label, max, options.multiline ?? false),
    inputKind: options.multiline ? 'multiline' : 'text',
    required: true,
    maxLength: max,
    column: 'text',
    toStored: (value) => String(value),
    toApi: (stored) => stored,
    example: options.example ?? `Example ${inSentence(label)}`.slice(0, max),
    ...pick(options),
  };
}

/** An optional text: missing, null or blank are all ''. */
export function optionalTextField(
  label: string,
  max: number,
  options: Options & { multiline?: boolean; example?: string } = {},
): PlainField<undefined, 'text', ReturnType<typeof optionalText>> {
  return {
    label,
    input: optionalText(max, label, { multiline: options.multiline ?? false }),
    inputKind: options.multiline ? 'multiline' : 'text',
    required: false,
    maxLength: max,
    column: 'text',
    columnDefault: '',
    toStored: (value) => String(value ?? ''),
    toApi: (stored) => stored,
    example: options.example ?? '',
    ...pick(options),
  };
}

/** An optional email: blank is '', anything else must look like an address (lower-cased). */
const optionalEmailRule = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .toLowerCase()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Please enter a valid email address.')
    .superRefine(cleanText(label))
    .nullish()
    .transform((value) => value ?? '');

export function optionalEmailField(label: string, max: number, options: Options & { example?: string } = {}): PlainField<undefined, 'text', ReturnType<typeof optionalEmailRule>> {
  return { ...optionalTextField(label, max, options), input: optionalEmailRule(label, max), inputKind: 'email' };
}

/** An optional phone: free text (a shop types '011 234 5678' or '+94 …'), shown as a phone input; searched by its digits when asked. */
export function optionalPhoneField(label: string, max: number, options: Options & { example?: string } = {}): PlainField<undefined, 'text', ReturnType<typeof optionalText>> {
  return { ...optionalTextField(label, max, options), inputKind: 'phone' };
}

/** Money in rupees over the API and forms, stored as whole cents under `storedAs`. */
export function moneyFieldOf<const Stored extends string>(
  label: string,
  storedAs: Stored,
  options: Options & { example?: number } = {},
): PlainField<Stored, 'integer', ReturnType<typeof numberField>> {
  const named = inSentence(label);
  return {
    label,
    input: numberField({
      ...bounds.money,
      message: `${label} must be a number of at least 0.`,
      requiredMessage: `${label} is required.`,
      tooLargeMessage: `${label} must be at most ${groupedWhole(bounds.money.max)}.`,
      notNumberMessage: `${named} must be a number of at least 0.`,
    }),
    inputKind: 'money',
    required: true,
    storedAs,
    column: 'integer',
    columnDefault: 0,
    toStored: (value) => toCents(Number(value)),
    toApi: (stored) => fromCents(stored),
    example: options.example ?? 1500,
    ...pick(options),
  };
}

/** Money that may be left blank (a canned job's package price): blank is null, stored as null. */
const optionalMoneyRule = (label: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? null : value),
    numberField({
      ...bounds.money,
      message: `${label} must be a number of at least 0.`,
      tooLargeMessage: `${label} must be at most ${groupedWhole(bounds.money.max)}.`,
    }).nullable(),
  );

export function optionalMoneyFieldOf<const Stored extends string>(
  label: string,
  storedAs: Stored,
  options: Options & { example?: number | null } = {},
): PlainField<Stored, 'nullableInteger', ReturnType<typeof optionalMoneyRule>> {
  return {
    label,
    input: optionalMoneyRule(label),
    inputKind: 'money',
    required: false,
    storedAs,
    column: 'nullableInteger',
    toStored: (value) => (value === null || value === undefined ? null : toCents(Number(value))),
    toApi: (stored) => (stored === null ? null : fromCents(stored)),
    example: options.example === undefined ? 1500 : options.example,
    ...pick(options),
  };
}

/**
 * A list of records kept in one column as JSON (a canned job's lines): its rule is `item`'s for
 * each entry, at least one and at most `max`; the API reads it back as the list. Nothing searches it.
 */
export function jsonListField<const Stored extends string, Item extends z.ZodType>(
  label: string,
  storedAs: Stored,
  item: Item,
  options: { max: number; emptyMessage: string; example: z.input<Item>[] },
) {
  const rule = z.preprocess(
    // A form's value is the list as text; the API and the device send the list itself.
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z
      .array(item, { error: `${label} must be a list.` })
      .min(1, options.emptyMessage)
      .max(options.max, `${label} may hold at most ${options.max} entries.`),
  );
  const field: PlainField<Stored, 'text', typeof rule> = {
    label,
    input: rule,
    inputKind: 'lines',
    required: true,
    storedAs,
    column: 'text',
    columnDefault: '[]',
    toStored: (value) => JSON.stringify(value ?? []),
    toApi: (stored) => JSON.parse(stored || '[]') as unknown,
    example: options.example,
  };
  return field;
}

/** A whole number from `min` to `max` (days, counts), optional: blank is `min`. */
const wholeRule = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? min : value),
    numberField({ min, max, integer: true, message: `${label} must be a whole number from ${min} to ${groupedWhole(max)}.` }),
  );

export function wholeField(label: string, min: number, max: number, options: Options & { example?: number } = {}): PlainField<undefined, 'integer', ReturnType<typeof wholeRule>> {
  return {
    label,
    input: wholeRule(label, min, max),
    inputKind: 'whole',
    required: false,
    column: 'integer',
    columnDefault: min,
    toStored: (value) => Number(value),
    toApi: (stored) => stored,
    example: options.example ?? min,
    ...pick(options),
  };
}

/** A whole number from `min` to `max`, or nothing: blank is null (a service's interval, issue 45). */
const optionalWholeRule = (label: string, min: number, max: number) =>
  z
    .preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      numberField({ min, max, integer: true, message: `${label} must be a whole number from ${min} to ${groupedWhole(max)}, or blank.` }).nullable(),
    )
    .optional(); // a caller that predates the field leaves it out

export function optionalWholeField(
  label: string,
  min: number,
  max: number,
  options: Options & { example?: number | null } = {},
): PlainField<undefined, 'nullableInteger', ReturnType<typeof optionalWholeRule>> {
  return {
    label,
    input: optionalWholeRule(label, min, max),
    inputKind: 'whole',
    required: false,
    column: 'nullableInteger',
    toStored: (value) => (value === null || value === undefined ? null : Number(value)),
    toApi: (stored) => stored,
    example: options.example === undefined ? null : options.example,
    ...pick(options),
  };
}

function pick(options: Options): Pick<PlainField, 'search' | 'index' | 'readableBy' | 'placeholder'> {
  return {
    ...(options.placeholder ? { placeholder: options.placeholder } : {}),
    ...(options.search ? { search: options.search } : {}),
    ...(options.index ? { index: true } : {}),
    ...(options.readableBy ? { readableBy: options.readableBy } : {}),
  };
}

/** A column only the server writes (a readable number such as SRV-0001): no input, read back as stored. */
export interface ServerField<Kind extends ColumnKind = ColumnKind> {
  label: string;
  column: Kind;
  search?: 'words' | 'digits';
  index?: boolean;
}

export const serverText = (label: string, options: Omit<ServerField, 'label' | 'column'> = {}): ServerField<'nullableText'> => ({ label, column: 'nullableText', ...options });
