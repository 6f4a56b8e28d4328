import { useState } from 'react';
import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/instance';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast-store';
import { useSession } from '../../../app/session-store';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { localDateInput } from '../../../lib/format-date';
import { ValidationError } from '../../../sync/validation-error';
import { formatAmount, formatMoney, toCents } from '../../../../../shared/domain/money';
import { can } from '../../../../../shared/domain/permissions';
import { strictNumber } from '../../../../../shared/schemas/numbers';
import { duePaymentMethods, paymentMessages } from '../../../../../shared/schemas/payment';
import type { DueInvoice } from '../api/use-due-invoices';
import { recordPayment } from '../api/record-payment';

const invoices = db.invoices as unknown as Table<DueInvoice, string>;

/**
 * Record Payment (spec 2.12, 5): date, method, amount, the new due as it will be, the spec's
 * confirmations before an overpayment or a payment on a settled invoice. An Admin or Manager may
 * record a correction instead: a negative entry with its reason. The invoice is read live, so a
 * payment another device synced meanwhile shows in its due (and a settled one asks first).
 */
export function RecordPaymentModal({ invoiceId, onClose, onRecorded }: { invoiceId: string; onClose: () => void; onRecorded: (invoiceId: string) => void }) {
  const invoice = useLiveQuery(async () => {
    const row = await invoices.get(invoiceId);
    return row && !row.deleted ? row : null;
  }, [invoiceId]);
  const role = useSession((state) => state.user?.role);
  const mayCorrect = can(role, 'correctPayments');
  const [date, setDate] = useState(localDateInput());
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [correction, setCorrection] = useState(false);
  const paying = strictNumber(amount);
  const payingCents = paying === null ? 0 : toCents(paying);
  const dueCents = invoice?.dueCents ?? 0;
  const newDue = dueCents - (correction ? -payingCents : payingCents);

  const { saving, submit } = useFormSubmit(
    async () => {
      if (!invoice) throw new Error('This invoice is not on this device.');
      if (paying === null || paying <= 0) throw new ValidationError(paymentMessages.amount, 'amount');
      if (!date) throw new ValidationError(paymentMessages.date, 'date');
      if (!method) throw new ValidationError(paymentMessages.method, 'method');
      if (!correction) {
        const text = formatAmount(payingCents);
        if (dueCents <= 0 && !window.confirm(paymentMessages.alreadyPaid(text))) return;
        if (dueCents > 0 && payingCents > dueCents && !window.confirm(paymentMessages.overpay(text, formatAmount(payingCents - dueCents)))) return;
      }
      await recordPayment(invoice.id, { date, method, amount, note, correction });
      toast.success(paymentMessages.recorded);
      onRecorded(invoice.id);
    },
    (error) => (error instanceof Error && error.message ? error.message : 'Failed to record payment.'),
  );

  return (
    <Modal title="Record Payment" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="payment-total">
          {invoice === undefined ? (
            'Loading...'
          ) : invoice === null ? (
            'This invoice is not on this device.'
          ) : (
            <>
              {invoice.invoiceNo} · {invoice.customerName} · Due <strong data-testid="payment-due">{formatMoney(invoice.dueCents)}</strong>
            </>
          )}
        </p>
        <div className="form-grid">
          <label className="field">
            <span className="required">Payment Date</span>
            <input name="date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <label className="field">
            <span className="required">Payment Method</span>
            <select name="method" value={method} onChange={(e) => setMethod(e.target.value)}>
              <option value="">Select method</option>
              {duePaymentMethods.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="required">{correction ? 'Correction Amount (LKR)' : 'Paying Amount (LKR)'}</span>
            <input name="amount" type="number" inputMode="decimal" min={0} step={0.01} value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
          </label>
        </div>
        {mayCorrect && (
          <label className="checkbox-field">
            <input type="checkbox" checked={correction} onChange={(e) => setCorrection(e.target.checked)} />
            Correction: take back a wrong payment (recorded as a negative entry; give the reason)
          </label>
        )}
        <label className="field">
          <span className={correction ? 'required' : undefined}>Note</span>
          <input name="note" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} placeholder={correction ? 'Why this payment is taken back' : 'Optional'} />
        </label>
        <p className="payment-preview-text" data-testid="new-due">
          {paying === null || paying <= 0
            ? `New due: LKR ${formatAmount(dueCents)}`
            : newDue === 0
              ? 'This invoice will be fully paid.'
              : newDue < 0
                ? `Change to give: LKR ${formatAmount(-newDue)}`
                : `New due: LKR ${formatAmount(newDue)}`}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || !invoice}>
            {saving ? 'Saving...' : 'Record Payment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
