import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/session/session-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { localDateInput } from '@/lib/format-date';
import { ValidationError } from '@/sync/validation-error';
import { formatAmount, formatMoney, toCents } from '@shared/domain/money';
import { can } from '@shared/domain/permissions';
import { strictNumber } from '@shared/schemas/numbers';
import { duePaymentMethods, paymentMessages } from '@shared/schemas/payment';
import { recordPayment } from '../api/record-payment';
import { ExcessChoice, type Excess } from '@/components/excess-choice';
import { partChange, takesTendered, TenderedField } from '@/components/tendered-field';
import { useCustomerCredit } from '@/lib/use-customer-credit';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { DateField } from '@/components/ui/date-field';
import { confirmInPage } from '@/components/ui/confirm-store';
import { DrawerClosedNotice } from '@/components/drawer-closed-notice';

const invoices = db.invoices;

/** What the payment will do, in words, as the cashier types. */
function previewText({
  paying,
  dueCents,
  newDue,
  extraCents,
  excess,
}: {
  paying: number | null;
  dueCents: number;
  newDue: number;
  extraCents: number;
  excess: Excess | '';
}): string {
  if (paying === null || paying <= 0) return `New due: ${formatMoney(dueCents)}`;
  if (extraCents > 0) {
    if (excess === 'change') return `Change to give: ${formatMoney(extraCents)}. This invoice will be fully paid.`;
    if (excess === 'credit') return `Overpaid by ${formatMoney(extraCents)}, kept as credit.`;
    return `${formatMoney(extraCents)} more than the due: give it back as change, or keep it as credit?`;
  }
  if (newDue === 0) return 'This invoice will be fully paid.';
  return newDue < 0 ? `Overpaid by ${formatMoney(-newDue)}, kept as credit.` : `New due: ${formatMoney(newDue)}`;
}

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
  const [excess, setExcess] = useState<Excess | ''>('');
  const paying = strictNumber(amount);
  const payingCents = paying === null ? 0 : toCents(paying);
  const dueCents = invoice?.dueCents ?? 0;
  const newDue = dueCents - (correction ? -payingCents : payingCents);
  // More handed over than is due: the cashier says whether the extra goes back as change (the
  // payment is the due) or stays with the shop as credit on the invoice (the payment is all of it).
  // Customer credit pays up to what is owed and gives no change; it is offered while there is some.
  const creditCents = useCustomerCredit(invoice && !invoice.guest ? invoice.customerId : null) ?? 0;
  const spendsCredit = method === customerCreditMethod;
  const methods = creditCents > 0 || spendsCredit ? [...duePaymentMethods, customerCreditMethod] : duePaymentMethods;
  const extraCents = !correction && !spendsCredit && dueCents > 0 && payingCents > dueCents ? payingCents - dueCents : 0;
  // A part payment in cash or by card: what was handed over, and the change on it (issue 47).
  const [tendered, setTendered] = useState('');
  const part = !correction && takesTendered(method, payingCents, dueCents);
  const handed = part ? partChange(payingCents, tendered) : null;

  const { saving, submit } = useFormSubmit(
    async () => {
      if (!invoice) throw new Error('This invoice is not on this device.');
      if (paying === null || paying <= 0) throw new ValidationError(paymentMessages.amount, 'amount');
      if (!date) throw new ValidationError(paymentMessages.date, 'date');
      if (!method) throw new ValidationError(paymentMessages.method, 'method');
      if (extraCents > 0 && !excess) throw new ValidationError(paymentMessages.excessChoice, 'excess');
      if (spendsCredit && !correction && payingCents > Math.max(dueCents, 0)) throw new ValidationError(paymentMessages.creditNoChange, 'amount');
      if (handed && handed.tenderedCents < payingCents) throw new ValidationError(paymentMessages.tendered, 'tendered');
      if (!correction) {
        const text = formatAmount(payingCents);
        const ask = (title: string, message: string) => confirmInPage({ title, message, confirmLabel: 'Record payment' });
        if (dueCents <= 0 && !(await ask('Already paid', paymentMessages.alreadyPaid(text)))) return;
        if (extraCents > 0 && excess === 'credit' && !(await ask('More than is due', paymentMessages.overpay(text, formatAmount(extraCents))))) return;
      }
      const withChange = extraCents > 0 && excess === 'change';
      const handedOver = withChange ? amount : handed && handed.changeCents > 0 ? tendered : undefined;
      await recordPayment(invoice.id, {
        date,
        method,
        amount: withChange ? (dueCents / 100).toFixed(2) : amount,
        note,
        correction,
        ...(handedOver ? { tendered: handedOver } : {}),
        // What this screen showed as owing: anything the server finds paid beyond it, another device took (issue 47).
        ...(correction ? {} : { dueShown: (Math.max(dueCents, 0) / 100).toFixed(2) }),
      });
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
            <DateField name="date" value={date} onChange={setDate} />
          </label>
          <label className="field">
            <span className="required">Payment Method</span>
            <select name="method" value={method} onChange={(e) => setMethod(e.target.value)}>
              <option value="">Select method</option>
              {methods.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
            {creditCents !== 0 && (
              <small className="field-hint" data-testid="credit-balance">
                Customer credit: {formatMoney(creditCents)}
              </small>
            )}
          </label>
          <label className="field">
            <span className="required">{correction ? 'Correction Amount (LKR)' : 'Paying Amount (LKR)'}</span>
            <input name="amount" type="number" inputMode="decimal" min={0} step={0.01} value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
          </label>
          {part && <TenderedField value={tendered} onChange={setTendered} />}
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
        {extraCents > 0 && <ExcessChoice extraCents={extraCents} value={excess} onChange={setExcess} />}
        {handed && (
          <p className="payment-preview-text">
            Change <strong data-testid="payment-change">{formatMoney(handed.changeCents)}</strong>
          </p>
        )}
        {/* Cash taken with the drawer closed still stands: said before it is taken (issue 47). */}
        {method === 'Cash' && !correction && <DrawerClosedNotice />}
        <p className="payment-preview-text" data-testid="new-due">
          {previewText({ paying, dueCents, newDue, extraCents, excess })}
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
