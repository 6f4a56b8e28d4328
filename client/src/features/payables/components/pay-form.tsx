import { useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '@/components/ui/toast-store';
import { PanelFooter, usePanelAction } from '@/components/ui/use-panel-action';
import { ValidationError } from '@/sync/validation-error';
import { Modal } from '@/components/ui/modal';
import { OpenDrawerForm } from '@/components/open-drawer-form';
import { useOpenDrawerSession } from '@/lib/use-drawer-open';
import { formatMoney, fromCents, toCents } from '@shared/domain/money';
import { supplierStanding, type BillStanding } from '@shared/domain/payables';
import { paidWords } from '@shared/mutations/supplier-bills';
import { drawerWords } from '@shared/schemas/drawer';
import { billMessages, supplierPaymentMethods, type SupplierPaymentMethod } from '@shared/schemas/supplier-bill';
import { paySupplier } from '../api/pay-supplier';
import type { SupplierAccount } from '../api/read-supplier-account';

interface PayFormProps {
  account: SupplierAccount & { supplier: NonNullable<SupplierAccount['supplier']> };
  onDone: () => void;
}

const methodLabel = (method: SupplierPaymentMethod) => (method === 'Cash' ? 'Cash (from this drawer)' : method);

/**
 * Paying a supplier (issue 44, point 6): against one bill, or against the oldest bills first (a bulk
 * payment), by cash from this register's open drawer (a pay-out in its session, on the X and Z
 * reports), bank transfer or cheque. What the payment settles is shown before it is recorded.
 */
export function PayForm({ account, onDone }: PayFormProps) {
  const open = account.standing.bills.filter((bill) => bill.openCents > 0);
  const [billId, setBillId] = useState('');
  const [amount, setAmount] = useState(String(fromCents(account.standing.owedCents) || ''));
  const [method, setMethod] = useState<SupplierPaymentMethod>('Bank Transfer');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const { saving, problem, run } = usePanelAction('Failed to record the payment.');
  const [opening, setOpening] = useState(false);
  const session = useOpenDrawerSession();

  function chooseBill(id: string) {
    setBillId(id);
    const bill = open.find((candidate) => candidate.id === id);
    setAmount(String(fromCents(bill ? bill.openCents : account.standing.owedCents) || ''));
  }

  // What this payment would settle: the standing again with it added, bill by bill.
  const typed = Number(amount);
  const cents = amount.trim() !== '' && Number.isFinite(typed) && typed > 0 ? toCents(typed) : 0;
  const after = supplierStanding(
    account.bills,
    [...account.payments, { billId: billId || null, amountCents: cents }],
    account.returns.map((sent) => sent.totalCents),
  );
  const settles = after.bills
    .map((bill): [BillStanding, number] => [bill, (open.find((before) => before.id === bill.id)?.openCents ?? 0) - bill.openCents])
    .filter(([, applied]) => applied > 0);
  const beyond = after.creditCents - account.standing.creditCents;

  const pay = () =>
    run(async () => {
      if (method === 'Cash' && !session) throw new ValidationError(billMessages.openDrawer);
      await paySupplier({ supplierId: account.supplier.id, ...(billId ? { billId } : {}), amount, method, ...(session ? { sessionId: session.id } : {}), reference, note });
      toast.success(paidWords(cents, account.supplier.name));
      onDone();
    });

  return (
    <div className="panel pay-form" role="region" aria-label="Pay supplier">
      <h2>Pay Supplier</h2>
      <div className="form-grid">
        <label className="field">
          <span>Against</span>
          <select value={billId} onChange={(event) => chooseBill(event.target.value)}>
            <option value="">Oldest bills first</option>
            {open.map((bill) => (
              <option key={bill.id} value={bill.id}>
                {bill.billNo} ({formatMoney(bill.openCents)} open)
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Amount</span>
          <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder="0.00" />
        </label>
        <label className="field">
          <span>Method</span>
          <select value={method} onChange={(event) => setMethod(event.target.value as SupplierPaymentMethod)}>
            {supplierPaymentMethods.map((name) => (
              <option key={name} value={name}>
                {methodLabel(name)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Reference</span>
          <input
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            maxLength={60}
            placeholder={method === 'Cheque' ? 'Cheque number' : 'e.g., transfer reference'}
          />
        </label>
      </div>
      {method === 'Cash' && session === null && (
        <div className="drawer-closed-notice" role="status">
          <span>{billMessages.openDrawer}</span>
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setOpening(true)}>
            {drawerWords.openButton}
          </button>
        </div>
      )}
      {cents > 0 && (
        <div className="payment-settles" aria-label="This payment settles">
          {settles.length > 0 && (
            <ul>
              {settles.map(([bill, applied]) => (
                <li key={bill.id}>
                  {bill.billNo}: {formatMoney(applied)}
                  {bill.openCents === 0 ? ' (paid in full)' : ` (${formatMoney(bill.openCents)} still open)`}
                </li>
              ))}
            </ul>
          )}
          {beyond > 0 && <p className="muted">{formatMoney(beyond)} more than is owed: kept as credit with the supplier.</p>}
        </div>
      )}
      <label className="field">
        <span>Note</span>
        <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={300} />
      </label>
      <PanelFooter problem={problem} saving={saving} label="Record Payment" onAction={() => void pay()} onClose={onDone} />
      {opening &&
        createPortal(
          <Modal title={drawerWords.openButton} onClose={() => setOpening(false)}>
            <OpenDrawerForm look="dialog" onOpened={() => setOpening(false)} />
          </Modal>,
          document.body,
        )}
    </div>
  );
}
