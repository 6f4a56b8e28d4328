import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { Modal } from '@/components/ui/modal';
import { useSession } from '@/session/session-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { queryPage } from '@/search';
import { ValidationError } from '@/sync/validation-error';
import { formatMoney, toCents } from '@shared/domain/money';
import { changeCents, dueCents } from '@shared/domain/sales';
import { cashRoundingCents, roundingLabel, roundsToRupee } from '@shared/domain/cash-rounding';
import { strictNumber } from '@shared/schemas/numbers';
import { registerPaymentMethods, saleMessages, type RegisterPaymentMethod } from '@shared/schemas/sale';
import { isGuestCustomer } from '@shared/schemas/customer';
import { guestCustomerId } from '@shared/domain/guest-job';
import { ExcessChoice, type Excess } from '@/components/excess-choice';
import { partChange, takesTendered, TenderedField } from '@/components/tendered-field';
import { useCustomerCredit } from '@/lib/use-customer-credit';
import { DrawerClosedNotice } from '@/components/drawer-closed-notice';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { paymentMessages } from '@shared/schemas/payment';
import type { CheckoutChoice } from '../api/checkout';

const customers = db.customers;
// The same value as a walk-in guest's job keeps, so a guest's job opens the modal on this choice.
export const guestChoice = guestCustomerId;

interface PaymentModalProps {
  totalCents: number;
  /** The shop rounds cash sales to the rupee (issue 47): paid in cash, the total is rounded, the difference a rounding line. */
  roundCash?: boolean;
  /** The job's customer, chosen already for a job-card sale. */
  initialCustomerId: string | null;
  onClose: () => void;
  onConfirm: (choice: CheckoutChoice) => Promise<void>;
}

/**
 * The payment modal (spec 2.8, Reading A): a customer (required; guest is a choice and always pays
 * in full), a method, the logged-in user, the paid amount (defaulting to the total payable), and
 * the due and change as they will be. Choosing Credit sets the paid amount to 0 until one is typed.
 */
export function PaymentModal({ totalCents: linesTotalCents, roundCash = false, initialCustomerId, onClose, onConfirm }: PaymentModalProps) {
  const user = useSession((state) => state.user);
  const [customerId, setCustomerId] = useState(initialCustomerId ?? '');
  const [search, setSearch] = useState('');
  const [method, setMethod] = useState<RegisterPaymentMethod>('Cash');
  // What a method pays: cash, when the shop rounds it, to the rupee; every other to the cent.
  const roundingFor = (way: string) => (roundsToRupee({ roundCash }, way) ? cashRoundingCents(linesTotalCents) : 0);
  const roundingCents = roundingFor(method);
  const totalCents = linesTotalCents + roundingCents;
  const fullAmountFor = (way: string) => ((linesTotalCents + roundingFor(way)) / 100).toFixed(2);
  const [paid, setPaid] = useState(() => fullAmountFor('Cash'));
  // The setting read after opening changes the cash total: an amount not typed follows it.
  useEffect(() => {
    if (!paidTyped && method !== 'Credit' && method !== customerCreditMethod) setPaid(fullAmountFor(method));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [totalCents]);
  // Until the cashier types an amount, it follows the method: the total payable, or nothing paid
  // now for Credit (the customer owes it all; decisions.md).
  const [paidTyped, setPaidTyped] = useState(false);
  const matches = useLiveQuery(async () => (await queryPage(customers, { search, page: 1, pageSize: 40 })).rows, [search]);
  const chosen = useLiveQuery(() => (customerId && customerId !== guestChoice ? customers.get(customerId) : undefined), [customerId]);
  const paidNumber = strictNumber(paid);
  const paidCents = paidNumber === null ? 0 : toCents(paidNumber);
  const guest = customerId === guestChoice || (!!chosen && isGuestCustomer(chosen));
  // More handed over than the total: a customer with an account may leave it as credit (issue 23);
  // a guest's extra is always change.
  const extraCents = !guest && method !== customerCreditMethod && paidCents > totalCents ? paidCents - totalCents : 0;
  const [excess, setExcess] = useState<Excess | ''>('');
  // The customer's credit, offered as a method while there is some (shared/domain/customer-credit.ts).
  const creditCents = useCustomerCredit(!guest ? customerId : null) ?? 0;
  const methods = registerPaymentMethods.filter((m) => m !== customerCreditMethod || (!guest && creditCents > 0) || method === m);
  const creditPays = Math.min(totalCents, Math.max(creditCents, 0));
  const keepExcess = extraCents > 0 && excess === 'credit';
  // A part payment in cash or by card: what was handed over, and the change on it (issue 47).
  const [tendered, setTendered] = useState('');
  const part = takesTendered(method, paidCents, totalCents);
  const handed = part ? partChange(paidCents, tendered) : null;

  const { saving, submit } = useFormSubmit(
    async () => {
      if (!customerId) throw new ValidationError(saleMessages.customer, 'customerId');
      if (paidNumber === null || paid.trim() === '') throw new ValidationError(saleMessages.paidAmount, 'paidAmount');
      if (guest && paidCents < totalCents) throw new ValidationError(saleMessages.guestPaidInFull, 'paidAmount');
      if (extraCents > 0 && !excess) throw new ValidationError(paymentMessages.excessChoice, 'excess');
      if (handed && handed.tenderedCents < paidCents) throw new ValidationError(paymentMessages.tendered, 'tendered');
      const handedOver = handed && handed.changeCents > 0 ? tendered : undefined;
      const rounding = roundsToRupee({ roundCash }, method) ? { roundingCents } : {};
      await onConfirm({ customerId: customerId === guestChoice ? null : customerId, method, tendered: paid, keepExcess, handedOver, ...rounding });
    },
    (error) => (error instanceof Error && error.message ? error.message : 'Failed to save the sale.'),
  );

  const options = [...(matches ?? [])];
  if (chosen && !options.some((c) => c.id === chosen.id)) options.unshift(chosen);
  return (
    <Modal title="Payment" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {roundingCents !== 0 && (
          <p className="payment-rounding">
            {roundingLabel} <span data-testid="payment-rounding">{formatMoney(roundingCents)}</span>
          </p>
        )}
        <p className="payment-total">
          Total Payable <strong>{formatMoney(totalCents)}</strong>
        </p>
        <label className="field">
          <span>Find customer</span>
          <input type="search" placeholder="Search name, phone, vehicle..." value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label className="field">
          <span className="required">Customer</span>
          <select name="customerId" aria-required="true" value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
            <option value="">Select Customer</option>
            <option value={guestChoice}>Guest (walk-in, pays in full)</option>
            {options.map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customer.customerName} · {customer.phone}
              </option>
            ))}
          </select>
        </label>
        <div className="form-grid">
          <label className="field">
            <span className="required">Payment Method</span>
            <select
              name="method"
              value={method}
              onChange={(e) => {
                const next = e.target.value as RegisterPaymentMethod;
                setMethod(next);
                if (!paidTyped) setPaid(next === 'Credit' ? '0.00' : next === customerCreditMethod ? (creditPays / 100).toFixed(2) : fullAmountFor(next));
              }}
            >
              {methods.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
            {!guest && creditCents !== 0 && (
              <small className="field-hint" data-testid="credit-balance">
                Customer credit: {formatMoney(creditCents)}
              </small>
            )}
          </label>
          <label className="field">
            <span>Logged In User</span>
            <input value={user?.name ?? ''} disabled />
          </label>
          <label className="field">
            <span className="required">Paid Amount (LKR)</span>
            <input
              name="paidAmount"
              aria-required="true"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={paid}
              onChange={(e) => {
                setPaid(e.target.value);
                setPaidTyped(true);
              }}
            />
          </label>
          {part && <TenderedField value={tendered} onChange={setTendered} />}
        </div>
        {/* Cash taken with the drawer closed is still a sale (a fact): said, never refused (issue 47). */}
        {method === 'Cash' && <DrawerClosedNotice />}
        <dl className="payment-preview">
          <div>
            <dt>Due Amount</dt>
            <dd data-testid="payment-due">{formatMoney(dueCents(totalCents, paidCents))}</dd>
          </div>
          <div>
            <dt>Change Amount</dt>
            <dd data-testid="payment-change">{formatMoney(keepExcess ? 0 : (handed?.changeCents ?? changeCents(totalCents, paidCents)))}</dd>
          </div>
          {keepExcess && (
            <div>
              <dt>Kept as Credit</dt>
              <dd data-testid="payment-credit">{formatMoney(extraCents)}</dd>
            </div>
          )}
        </dl>
        {extraCents > 0 && <ExcessChoice extraCents={extraCents} value={excess} onChange={setExcess} />}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Confirm Payment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
