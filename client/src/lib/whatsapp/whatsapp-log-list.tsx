import { useWhatsappLog } from './use-whatsapp-log';

/** The latest openings of a reminder's or an estimate's WhatsApp message, beside its button. */
export function WhatsappLogList({ refId, limit = 3 }: { refId: string; limit?: number }) {
  const entries = useWhatsappLog(refId, limit);
  if (!entries || entries.length === 0) return null;
  return (
    <ul className="whatsapp-log muted" aria-label="WhatsApp log" data-testid="whatsapp-log">
      {entries.map((entry) => (
        <li key={entry.id}>
          {entry.text}
          {entry.pending && ' (not yet synced)'}
        </li>
      ))}
    </ul>
  );
}
