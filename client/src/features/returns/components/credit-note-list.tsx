import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/format-date';
import { creditNotePath } from '@/components/print/reprint-path';
import { formatMoney } from '@shared/domain/money';
import type { CreditNoteRow } from '@shared/schemas/return';

/** The invoice's returns so far: each credit note, what it was worth and how it was settled. */
export function CreditNoteList({ creditNotes }: { creditNotes: readonly CreditNoteRow[] }) {
  if (creditNotes.length === 0) return null;
  return (
    <div className="panel">
      <h2>Returns of this invoice</h2>
      <table className="table data-table credit-notes" aria-label="Credit notes">
        <thead>
          <tr>
            <th>Credit Note No</th>
            <th className="p4">Date</th>
            <th className="p2">Reason</th>
            <th className="num">Worth</th>
            <th className="num p2">Reduced Due</th>
            <th className="num">Refund</th>
            <th className="p4">By</th>
            <th className="actions-col">Print</th>
          </tr>
        </thead>
        <tbody>
          {creditNotes.map((note) => (
            <tr key={note.id}>
              <td className="mono">
                {note.creditNoteNo}
                {note.reviewState === 'open' && <div className="review-flag">{note.reviewReason}</div>}
              </td>
              <td className="p4 nowrap">{formatDate(note.date)}</td>
              <td className="p2">{note.reason}</td>
              <td className="num">{formatMoney(note.totalCents)}</td>
              <td className="num p2">{formatMoney(note.reducedDueCents)}</td>
              <td className="num">
                {formatMoney(note.refundCents)}
                {note.refundCents > 0 && <div className="muted">{note.refundMethod}</div>}
              </td>
              <td className="p4">{note.userName}</td>
              <td className="actions-col">
                <Link className="btn btn-small btn-secondary" to={creditNotePath(note.id, 'a4')} aria-label={`Print ${note.creditNoteNo} on A4`}>
                  A4
                </Link>
                <Link className="btn btn-small btn-secondary" to={creditNotePath(note.id, '80mm')} aria-label={`Print ${note.creditNoteNo} on 80 mm`}>
                  80 mm
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
