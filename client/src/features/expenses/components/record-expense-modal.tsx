import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { localDateInput } from '@/lib/format-date';
import { formatDay } from '@/lib/document-format';
import { ValidationError } from '@/sync/validation-error';
import { formatMoney } from '@shared/domain/money';
import { strictNumber } from '@shared/schemas/numbers';
import { expenseMessages, expensePaidFrom, type ExpenseRow } from '@shared/schemas/expense';
import { useExpenseCategories } from '../api/use-expense-categories';
import { recordExpense } from '../api/record-expense';
import { DateField } from '@/components/ui/date-field';

/**
 * Record Expense (issue 27): date, category, amount, what paid it, a note; offline like everything.
 * Given `correcting`, it records a Manager's or Admin's correction of that expense instead: the
 * amount taken back, its reason required, the rest as the expense was.
 */
export function RecordExpenseModal({ correcting, onClose }: { correcting?: ExpenseRow; onClose: () => void }) {
  const expenseCategories = useExpenseCategories(correcting?.category);
  const [date, setDate] = useState(correcting?.date ?? localDateInput());
  const [category, setCategory] = useState(correcting?.category ?? '');
  const [amount, setAmount] = useState('');
  const [paidFrom, setPaidFrom] = useState<string>(correcting?.paidFrom ?? 'Cash drawer');
  const [note, setNote] = useState('');
  const { saving, submit } = useFormSubmit(
    async () => {
      const value = strictNumber(amount);
      if (value === null || value <= 0) throw new ValidationError(expenseMessages.amount, 'amount');
      if (correcting && !note.trim()) throw new ValidationError(expenseMessages.correctionReason, 'note');
      await recordExpense({ date, category, amount, paidFrom, note, correctionOf: correcting?.id });
      toast.success(expenseMessages.recorded);
      onClose();
    },
    (error) => (error instanceof Error && error.message ? error.message : 'Failed to record the expense.'),
  );

  return (
    <Modal title={correcting ? 'Correct Expense' : 'Record Expense'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {correcting && (
          <p className="payment-total">
            {correcting.category} · {formatDay(correcting.date)} · <strong>{formatMoney(correcting.amountCents)}</strong> · {correcting.paidFrom}
          </p>
        )}
        <div className="form-grid">
          <label className="field">
            <span className="required">Date</span>
            <DateField name="date" value={date} disabled={!!correcting} onChange={setDate} />
          </label>
          <label className="field">
            <span className="required">Category</span>
            <select name="category" value={category} disabled={!!correcting} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Select category</option>
              {expenseCategories.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="required">{correcting ? 'Amount to take back (LKR)' : 'Amount (LKR)'}</span>
            <input name="amount" type="number" inputMode="decimal" min={0} step={0.01} value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
          </label>
          <label className="field">
            <span className="required">Paid From</span>
            <select name="paidFrom" value={paidFrom} disabled={!!correcting} onChange={(e) => setPaidFrom(e.target.value)}>
              {expensePaidFrom.map((source) => (
                <option key={source}>{source}</option>
              ))}
            </select>
          </label>
        </div>
        <label className="field">
          <span className={correcting ? 'required' : undefined}>Note</span>
          <input name="note" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} placeholder={correcting ? 'Why it is taken back' : 'Optional'} />
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : correcting ? 'Record Correction' : 'Record Expense'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
