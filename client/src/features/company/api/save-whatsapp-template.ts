import { ValidationError } from '@/sync/validation-error';
import { mutate } from '@/sync/mutate';
import { companyId, type CompanyRow } from '@shared/schemas/company';
import { templateLabel, templateProblem, whatsappTemplateKey, type MessageLanguage, type WhatsappKind } from '@shared/domain/whatsapp-templates';

export const whatsappTemplateMessages = {
  noCompany: "Save the company's details above first: the messages are part of them.",
} as const;

/**
 * Saves one WhatsApp template (Settings → WhatsApp messages) on this device and queues it: only that
 * field, so another template or detail changed elsewhere meanwhile stands. '' is the default again.
 * A template whose link would be too long is refused here with the server's words, nothing written.
 */
export async function saveWhatsappTemplate(kind: WhatsappKind, language: MessageLanguage, text: string, company: CompanyRow | null): Promise<void> {
  const template = text.trim();
  const problem = templateProblem(template, templateLabel(kind, language));
  if (problem) throw new ValidationError(problem);
  if (!company) throw new ValidationError(whatsappTemplateMessages.noCompany);
  await mutate('saveCompany', { id: companyId, [whatsappTemplateKey(kind, language)]: template });
}
