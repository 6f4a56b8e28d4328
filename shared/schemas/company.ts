import { z } from 'zod';
import { emailSchema, optionalText } from './common';
import { percentField } from './numbers';
import { cleanText, type TextRule } from './text';
import { expenseCategoriesProblem } from './expense-categories';
import { maxTemplateLength, messageLanguages, templateLabel, templateProblem, whatsappKinds, whatsappTemplateKey, type WhatsappTemplateKey } from '../domain/whatsapp-templates';

export const companyId = 'company';
/** 2 MB of image: a base64 data URL is about 4/3 of the file's size. */
export const maxLogoBytes = 2 * 1024 * 1024;
export const logoTooLargeMessage = 'The logo must be at most 2 MB.';

/** The receipt printer the shop has (decisions.md, Printing): a 5.5 in square page or an 80 mm thermal roll. */
export const receiptLayouts = ['square', 'thermal80'] as const;
export type ReceiptLayout = (typeof receiptLayouts)[number];
export const defaultReceiptLayout: ReceiptLayout = 'square';
export const receiptLayoutLabels: Record<ReceiptLayout, string> = { square: 'Receipt 5.5 × 5.5 in', thermal80: 'Thermal 80 mm' };

const required = (message: string, max: number, rule: TextRule = {}) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message.replace('is required.', `must be at most ${max} characters.`))
    .superRefine(cleanText(message.replace(' is required.', ''), rule));

/** Where the server serves a saved logo: the company record carries this path, not the image. */
export const logoPath = (id: string) => `/api/company/logo/${id}`;
const logoPathPattern = /^\/api\/company\/logo\/[A-Za-z0-9-]{1,64}$/;
export const isLogoPath = (value: string) => logoPathPattern.test(value);

export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/** One WhatsApp template (issue 45): blank is the default; refused when its link would be too long. */
function templateField(label: string) {
  return optionalText(maxTemplateLength, label, { multiline: true }).superRefine((text, context) => {
    const problem = templateProblem(text, label);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}
type TemplateField = ReturnType<typeof templateField>;

/** The shop's WhatsApp templates, one field per kind and language (whatsappReminderEn …): each edited and synced on its own. */
export const whatsappTemplateFields = Object.fromEntries(
  whatsappKinds.flatMap((kind) => messageLanguages.map((language) => [whatsappTemplateKey(kind, language), templateField(templateLabel(kind, language))])),
) as Record<WhatsappTemplateKey, TemplateField>;

export const companyFields = {
  name: required('Company Name is required.', 100),
  email: emailSchema,
  phone: required('Phone is required.', 30),
  address: required('Address is required.', 300, { multiline: true }),
  footer: optionalText(300, 'Footer Message', { multiline: true }),
  // A new logo comes as a data URL; the server keeps it apart and the record names it by path.
  logoUrl: z
    .string()
    .refine((value) => value === '' || isLogoPath(value) || /^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,/.test(value), 'The logo must be a PNG, JPG or GIF image.')
    .refine((value) => value === '' || dataUrlBytes(value) <= maxLogoBytes, logoTooLargeMessage)
    .optional(),
  taxRatePercent: percentField('Tax rate').optional(),
  pricesIncludeTax: z.boolean().optional(),
  receiptLayout: z.enum(receiptLayouts, { error: 'Receipt printer must be Receipt 5.5 × 5.5 in or Thermal 80 mm.' }).optional(),
  // A VAT-registered shop's number (issue 47): its invoices then print 'Tax Invoice' with it, as Sri
  // Lanka's Inland Revenue requires. Blank: not registered, the invoice keeps its plain title.
  vatNumber: optionalText(30, 'VAT Number'),
  // The receipt lists the sale's lines (issue 47): a counter's 80 mm roll is often the customer's only paper.
  itemisedReceipt: z.boolean({ error: 'Itemised receipt must be yes or no.' }).optional(),
  // Cash sales rounded to the rupee, the difference a rounding line (issue 47; shared/domain/cash-rounding.ts).
  roundCash: z.boolean({ error: 'Round cash sales must be yes or no.' }).optional(),
  // The shop's own expense categories, one per line (issue 27); blank keeps the starting list.
  expenseCategories: optionalText(1300, 'Expense Categories', { multiline: true }).superRefine((text, context) => {
    const problem = expenseCategoriesProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  ...whatsappTemplateFields,
};

/** The whole record: what the first save must give, and what every save must leave. */
export const companyRecordSchema = z.object({ id: z.literal(companyId).default(companyId), ...companyFields });
export type CompanyInput = z.input<typeof companyRecordSchema>;

/**
 * Company settings are one record; saving creates it the first time. A save sends only the fields
 * the user changed (per-field last-writer-wins), so every field is optional here and the merged
 * record is checked with companyRecordSchema.
 */
export const saveCompanySchema = companyRecordSchema.partial().extend({ id: z.literal(companyId).default(companyId) });

export interface CompanyRow {
  id: string;
  name: string;
  address: string;
  email: string;
  phone: string;
  footer: string;
  logoUrl: string;
  taxRatePercent: number;
  pricesIncludeTax: boolean;
  /** Missing on a record saved before the setting existed: the square receipt. */
  receiptLayout?: ReceiptLayout;
  /** A VAT-registered shop's VAT number; '' or missing: not registered (issue 47). */
  vatNumber?: string;
  /** Whether receipts list the sale's lines; missing: no (issue 47). */
  itemisedReceipt?: boolean;
  /** Whether cash sales are rounded to the rupee; missing: no (issue 47). */
  roundCash?: boolean;
  /** The shop's expense categories, one per line; '' or missing: the starting list (shared/schemas/expense-categories.ts). */
  expenseCategories?: string;
  /** The shop's WhatsApp templates (issue 45); '' or missing: the default (shared/domain/whatsapp-templates.ts). */
  whatsappReminderEn?: string;
  whatsappReminderSi?: string;
  whatsappReminderTa?: string;
  whatsappDeclinedEn?: string;
  whatsappDeclinedSi?: string;
  whatsappDeclinedTa?: string;
  whatsappEstimateEn?: string;
  whatsappEstimateSi?: string;
  whatsappEstimateTa?: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
