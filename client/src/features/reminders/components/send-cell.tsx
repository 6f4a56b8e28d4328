import { WhatsappSendButton, type WhatsappShop } from '@/lib/whatsapp';
import { composeWhatsappMessage, type TemplateValues, type WhatsappKind } from '@shared/domain/whatsapp-templates';
import type { PageContact } from '../api/use-page-contacts';

interface SendCellProps {
  refId: string;
  kind: Extract<WhatsappKind, 'reminder' | 'declined'>;
  plate: string;
  fallback: { customerId: string; name: string; phone: string };
  contact: PageContact | undefined;
  shop: WhatsappShop | undefined;
  values: Pick<TemplateValues, 'due' | 'when'>;
}

/** A reminder's 'Send': WhatsApp at the customer in their language, and when it was last opened. */
export function SendCell({ refId, kind, plate, fallback, contact, shop, values }: SendCellProps) {
  // Until the customer is read, nothing to send: their language may not be English.
  if (!contact) return null;
  const customer = contact.customer ?? { id: fallback.customerId, name: fallback.name, phone: fallback.phone, language: 'en' as const, noReminders: false };
  // Asked for no reminders on this device, before the server has taken the vehicle off the list.
  if (customer.noReminders) return <small className="muted">No reminders</small>;
  return (
    <div className="reminder-send">
      <WhatsappSendButton
        customer={customer}
        kind={kind}
        refId={refId}
        plate={plate}
        label="Send"
        className="btn btn-secondary btn-small"
        message={() =>
          composeWhatsappMessage(shop?.templates, kind, customer.language, { name: customer.name, plate, shop: shop?.shop ?? '', shopPhone: shop?.shopPhone ?? '', ...values })
        }
      />
      {contact?.opened && <small className="muted reminder-opened">{contact.opened}</small>}
    </div>
  );
}
