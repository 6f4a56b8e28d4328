import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { companyId, type CompanyRow } from '@shared/schemas/company';
import type { CustomerRow } from '@shared/schemas/customer';
import { messageLanguageOf, type MessageLanguage, type WhatsappTemplates } from '@shared/domain/whatsapp-templates';

export interface WhatsappShop {
  /** The shop's templates (blank ones are the defaults: composeWhatsappMessage). */
  templates: WhatsappTemplates;
  shop: string;
  shopPhone: string;
}

/** The shop's name, phone and WhatsApp templates, from the company record on this device (offline too). */
export function useWhatsappShop(): WhatsappShop | undefined {
  return useLiveQuery(async () => {
    const company = (await db.company.get(companyId)) as CompanyRow | undefined;
    return { templates: company ?? {}, shop: company?.name ?? '', shopPhone: company?.phone ?? '' };
  }, []);
}

/** A customer as a WhatsApp message needs them: their phone now and their message language; null when not on this device. */
export function useWhatsappCustomer(customerId: string | null | undefined) {
  return useLiveQuery(async (): Promise<{ id: string; name: string; phone: string; language: MessageLanguage; noReminders: boolean } | null> => {
    const customer = customerId ? ((await db.customers.get(customerId)) as CustomerRow | undefined) : undefined;
    if (!customer || customer.deleted) return null;
    return { id: customer.id, name: customer.customerName, phone: customer.phone, language: messageLanguageOf(customer.language), noReminders: customer.noReminders === true };
  }, [customerId]);
}
