import { Link } from 'react-router-dom';
import { useDeclinedWork } from '@/lib/use-declined-work';
import { invoiceDay } from '@/lib/document-format';
import { estimatePagePath } from './print/reprint-path';
import { formatMoney } from '@shared/domain/money';

/** 'Declined 12/10/2026: front brake pads, Rs. 8,500.00', the way check-in and the vehicle's history say it. */
export const declinedWorkText = (work: { decidedAt: string; name: string; totalCents: number }) =>
  `Declined ${invoiceDay(work.decidedAt)}: ${work.name}, ${formatMoney(work.totalCents)}`;

/**
 * Work this vehicle's customer declined on an estimate (issue 45), shown where the vehicle is next
 * seen: at check-in and on its history. Nothing when there is none.
 */
export function DeclinedWorkNote({ plate }: { plate: string }) {
  const declined = useDeclinedWork(plate);
  if (!declined || declined.length === 0) return null;
  return (
    <div className="panel declined-work" role="note" aria-label="Declined work">
      <h2 className="report-section-title">Declined work</h2>
      <ul>
        {declined.map((work) => (
          <li key={work.id}>
            {declinedWorkText(work)} (<Link to={estimatePagePath(work.estimateId)}>{work.estimateNumber}</Link>)
          </li>
        ))}
      </ul>
    </div>
  );
}
