import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { formatDate, localDateInput } from '@/lib/format-date';
import { ValidationError } from '@/sync/validation-error';
import { formatAmount, formatMoney, fromCents, toCents } from '@shared/domain/money';
import { allocatePayment } from '@shared/domain/allocation';
import { strictNumber } from '@shared/schemas/numbers';
import { bulkPaymentMethods, paymentMessages } from '@shared/schemas/payment';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { useCustomerCredit } from '@/lib/use-customer-credit';
import { customerOpenInvoices } from '@/lib/use-customer-due';
import { recordBulkPayment } from '../api/record-bulk-payment';
import { printBulkReceiptLater } from '../api/print-receipts';
import { DateField } from '@/components/ui/date-field';
import { DrawerClosedNotice } from '@/components/drawer-closed-notice';

/**
 * Bulk Payment (spec 2.12, 4, 5): the customer's open invoices take the amount oldest first, each
 * min(its due, what remains); the preview shows what each gets and the remainder; applying is one
 * operation, and its receipt prints at once and is then cleared.
 */
export function BulkPaymentModal({ customerId, customerName, onClose }: { customerId: string; customerName: string; onClose: () => void }) {
  const open = useLiveQuery(() => customerOpenInvoices(customerId), [customerId]);
  const totalDue = (open ?? []).reduce((sum, invoice) => sum + invoice.dueCents, 0);
  const [amount, setAmount] = useState<string | null>(null);
  const [method, setMethod] = useState<string>('Cash');
  const [date, setDate] = useState(localDateInput());
  const [note, setNote] = useState('');
  // Customer credit can pay the dues too, while there is some (it gives no change: no remainder).
  const creditCents = useCustomerCredit(customerId) ?? 0;
  const methods = creditCents > 0 || method === customerCreditMethod ? [...bulkPaymentMethods, customerCreditMethod] : bulkPaymentMethods;
  const shownAmount = amount ?? (open ? fromCents(totalDue).toFixed(2) : '');
  const amountNumber = strictNumber(shownAmount);
  const plan = useMemo(
    () =>
      allocatePayment(
        (open ?? []).map((i) => ({ invoiceId: i.id, invoiceNo: i.invoiceNo, date: i.date, dueCents: i.dueCents })),
        amountNumber === null ? 0 : toCents(amountNumber),
      ),
    [open, amountNumber],
  );
  const applicable = plan.allocations.length > 0 && shownAmount.trim() !== '';

  const { saving, submit } = useFormSubmit(
    async () => {
      if (!applicable) throw new ValidationError(paymentMessages.nothingToApply, 'amount');
      const bulkId = await recordBulkPayment({ customerId, date, method, amount: shownAmount, note }, plan);
      toast.success(paymentMessages.bulkApplied(formatAmount(plan.appliedCents)));
      onClose();
      printBulkReceiptLater(bulkId);
    },
    (error) => (error instanceof ValidationError ? error.message : 'Bulk payment failed.'),
  );

  return (
    <Modal title="Bulk Payment" onClose={onClose} wide>
      <form onSubmit={submit} noValidate>
        <p className="payment-total">
          {customerName} · Total due <strong data-testid="bulk-total-due">{open ? formatMoney(totalDue) : 'Loading...'}</strong>
        </p>
        <div className="form-grid">
          <label className="field">
            <span className="required">Amount (LKR)</span>
            <input name="amount" type="number" inputMode="decimal" min={0} step={0.01} value={shownAmount} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <label className="field">
            <span className="required">Payment Method</span>
            <select name="method" value={method} onChange={(e) => setMethod(e.target.value)}>
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
            <span className="required">Payment Date</span>
            <DateField name="date" value={date} onChange={setDate} />
          </label>
          <label className="field">
            <span>Note</span>
            <input name="note" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} placeholder="Optional" />
          </label>
        </div>
        <table className="table allocation-table">
          <thead>
            <tr>
              <th>Invoice No</th>
              <th>Date</th>
              <th className="num">Due</th>
              <th className="num">Applied</th>
            </tr>
          </thead>
          <tbody>
            {plan.allocations.length === 0 && (
              <tr>
                <td colSpan={4} className="muted table-message">
                  Nothing to apply.
                </td>
              </tr>
            )}
            {plan.allocations.map((allocation) => {
              const invoice = open?.find((i) => i.id === allocation.invoiceId);
              return (
                <tr key={allocation.invoiceId}>
                  <td className="mono">{allocation.invoiceNo}</td>
                  <td className="nowrap">{invoice ? formatDate(invoice.date) : ''}</td>
                  <td className="num">{formatMoney(invoice?.dueCents ?? 0)}</td>
                  <td className="num">{formatMoney(allocation.amountCents)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="payment-preview-text" data-testid="bulk-remainder">
          Applied {formatMoney(plan.appliedCents)} · Remainder {formatMoney(plan.remainderCents)}
        </p>
        {/* Cash taken with the drawer closed still stands: said before it is taken (issue 47). */}
        {method === 'Cash' && <DrawerClosedNotice />}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || !applicable}>
            {saving ? 'Saving...' : 'Apply & Print Receipt'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
