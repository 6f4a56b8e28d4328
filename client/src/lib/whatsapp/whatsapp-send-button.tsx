import { useState } from 'react';
import { Link } from 'react-router-dom';
import { mutate } from '@/sync/mutate';
import { customerEditPath } from '@/lib/paths';
import { newRecordId } from '@shared/sync/record-id';
import { whatsappLink, whatsappNumber } from '@shared/domain/whatsapp';
import type { WhatsappKind } from '@shared/domain/whatsapp-templates';

export interface WhatsappCustomer {
  id: string;
  name: string;
  phone: string;
  language?: string;
}

export interface WhatsappSendButtonProps {
  customer: WhatsappCustomer;
  kind: WhatsappKind;
  /** The reminder's or the estimate's id: its log (useWhatsappLog) is read by it. */
  refId: string;
  plate: string;
  /** The message, or what makes it when the button is pressed (the customer's language, the shop's template). */
  message: string | (() => string);
  label?: string;
  className?: string;
}

/**
 * 'Send by WhatsApp' (issue 45, point 4): opens wa.me at the customer with the message typed in, and
 * records 'Opened by <user> at <time>' on this device, queued for the server (offline too: only
 * WhatsApp itself needs the internet). A phone that cannot be a WhatsApp number, or a message too
 * long for a link, is said in the page, with the way to mend it; nothing is opened or recorded.
 */
export function WhatsappSendButton({ customer, kind, refId, plate, message, label = 'Send by WhatsApp', className = 'btn btn-secondary' }: WhatsappSendButtonProps) {
  const [problem, setProblem] = useState<{ text: string; badNumber: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    const text = typeof message === 'function' ? message() : message;
    const link = whatsappLink(customer.phone, text);
    if (!link.ok) {
      // The phone is what to mend (the customer's form); a message too long is the template's (Settings).
      setProblem({ text: link.message, badNumber: whatsappNumber(customer.phone) === null });
      return;
    }
    setProblem(null);
    // Opened first, within the tap: a browser lets a page open a window only in answer to one.
    window.open(link.url, '_blank', 'noopener');
    setBusy(true);
    try {
      await mutate('recordWhatsappOpened', { id: newRecordId(), customerId: customer.id, plate, kind, refId });
    } catch (error) {
      setProblem({
        text: error instanceof Error ? `WhatsApp was opened, but it could not be recorded: ${error.message}` : 'WhatsApp was opened, but it could not be recorded.',
        badNumber: false,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="whatsapp-send">
      <button type="button" className={className} disabled={busy} onClick={() => void send()}>
        {label}
      </button>
      {problem && (
        <span className="whatsapp-problem warning-text" role="alert" data-testid="whatsapp-problem">
          {problem.text}
          {problem.badNumber && (
            <>
              {' '}
              <Link to={customerEditPath(customer.id)}>Edit customer</Link>
            </>
          )}
        </span>
      )}
    </span>
  );
}
