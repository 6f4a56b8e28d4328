import { ValidationError } from '@/sync/validation-error';
import { mutateEdit } from '@/sync/mutate';
import { companyId, companyRecordSchema, defaultReceiptLayout, type CompanyInput, type CompanyRow } from '@shared/schemas/company';

/**
 * Saves the company details on this device and queues them: the whole form must be valid, but
 * only the fields changed since the form showed `original` are sent, so a tax rate changed on
 * another device meanwhile survives a change of the phone number here. The first save sends all.
 */
export async function saveCompany(input: Omit<CompanyInput, 'id'>, original: CompanyRow | null): Promise<void> {
  const parsed = companyRecordSchema.safeParse({ ...input, id: companyId });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  // A record pulled before a setting existed (the receipt printer, the expense categories, the VAT
  // number, the itemised receipt, cash rounding) showed its default: unchanged, it is not sent.
  const shown = original && { receiptLayout: defaultReceiptLayout, expenseCategories: '', vatNumber: '', itemisedReceipt: false, roundCash: false, ...original };
  await mutateEdit('saveCompany', companyId, input, shown as unknown as Record<string, unknown> | null);
}
