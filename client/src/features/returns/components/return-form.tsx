import { useMemo, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { ValidationError } from '@/sync/validation-error';
import { useSession } from '@/session/session-store';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { refundableByMethod, returnableHundredths } from '@shared/domain/returns';
import { warrantyExpiry } from '@shared/domain/sales';
import { strictNumber } from '@shared/schemas/numbers';
import { checkReturnRights, returnRows } from '@shared/mutations/returns';
import { notYetReceived } from '@shared/domain/device-time';
import {
  dispositionLabels,
  guestRefundMethods,
  refundMethods,
  returnDispositions,
  returnMessages,
  returnReasons,
  type RefundMethod,
  type ReturnDisposition,
  type ReturnReason,
} from '@shared/schemas/return';
import { recordReturn } from '../api/record-return';
import { printCreditNote } from '../api/print-credit-note';
import type { ReturnInvoice } from '../api/use-return-invoice';

interface LineChoice {
  quantity: string;
  disposition: ReturnDisposition;
  supplierName: string;
}

const none: LineChoice = { quantity: '', disposition: 'restock', supplierName: '' };

/** Every line's returnable quantity, chosen: the whole sale coming back (a duplicate sale from Sales to Review). */
function everythingLeft({ saleLines, returnedLines }: ReturnInvoice): Record<string, LineChoice> {
  const choices: Record<string, LineChoice> = {};
  for (const line of saleLines) {
    const left = returnableHundredths(
      line.quantityHundredths,
      returnedLines.filter((r) => r.invoiceLineId === line.id).map((r) => r.quantityHundredths),
    );
    if (left > 0) choices[line.id] = { ...none, quantity: String(left / 100) };
  }
  return choices;
}

/**
 * The chosen return of one invoice: its lines with what can still come back, the reason, the refund,
 * and Confirm Return. `whole`: everything still returnable is chosen to start with, for the reason
 * 'Duplicate sale' (Sales to Review's 'Return in full'); the cashier still picks the refund method.
 */
export function ReturnForm({ data, whole = false }: { data: ReturnInvoice; whole?: boolean }) {
  const { invoice, saleLines, returnedLines } = data;
  const author = useSession((state) => state.user);
  const [choices, setChoices] = useState<Record<string, LineChoice>>(() => (whole ? everythingLeft(data) : {}));
  const [reason, setReason] = useState<ReturnReason | ''>(whole ? 'Duplicate sale' : '');
  const [note, setNote] = useState('');
  // The methods that paid this invoice (a refund never exceeds what its method paid), Cash when none did.
  const paidBy = refundMethods.filter((method) => (!invoice.guest || guestRefundMethods.includes(method)) && refundableByMethod(data.payments, method) > 0);
  const methods: readonly RefundMethod[] = paidBy.length > 0 ? paidBy : ['Cash'];
  const [refundMethod, setRefundMethod] = useState<RefundMethod>(methods[0]!);
  const choiceOf = (id: string) => choices[id] ?? none;
  const set = (id: string, change: Partial<LineChoice>) => setChoices((all) => ({ ...all, [id]: { ...choiceOf(id), ...change } }));

  const chosen = saleLines
    .map((line) => ({ line, choice: choiceOf(line.id), quantity: strictNumber(choiceOf(line.id).quantity) }))
    .filter(({ quantity }) => quantity !== null && quantity > 0);

  // What the return comes to, as the mutation will compute it (the sale's own prices), while it is chosen.
  const preview = useMemo(() => {
    if (chosen.length === 0 || !author) return null;
    const args = {
      id: 'preview',
      creditNoteNo: 'CN-PREVIEW-00000',
      invoiceId: invoice.id,
      date: new Date().toISOString(),
      reason: reason || 'Not needed',
      note,
      refundMethod,
      refundPaymentId: 'preview',
      lines: chosen.map(({ line, choice, quantity }) => ({
        id: line.id,
        invoiceLineId: line.id,
        itemId: line.refId,
        quantity: quantity!,
        disposition: choice.disposition,
        supplierName: choice.supplierName,
      })),
    };
    const who = { id: author._id, name: author.name, role: author.role };
    const rows = returnRows(args, data, who, { at: args.date, ...notYetReceived });
    // The rules the device applies on Confirm, said while choosing (so a refused try takes no number).
    const refused = checkReturnRights(args, data, who);
    return { ...rows, problems: [...(refused ? [refused.message] : []), ...rows.problems] };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(chosen.map(({ line, choice }) => [line.id, choice])), refundMethod, reason, data, author]);

  const { saving, submit } = useFormSubmit(
    async () => {
      if (chosen.length === 0) throw new ValidationError(returnMessages.noLines);
      if (!reason) throw new ValidationError(returnMessages.reason, 'reason');
      if (reason === 'Other' && !note.trim()) throw new ValidationError(returnMessages.otherNote, 'note');
      // Said before a credit note number is taken, so a refused try leaves no gap in the series.
      if (preview?.problems.length) throw new ValidationError(preview.problems[0]!);
      const { id, creditNoteNo } = await recordReturn({
        invoiceId: invoice.id,
        reason,
        note,
        refundMethod,
        refundCents: preview?.creditNote.refundCents ?? 0,
        lines: chosen.map(({ line, choice }) => ({
          invoiceLineId: line.id,
          itemId: line.refId,
          quantity: choice.quantity,
          disposition: choice.disposition,
          supplierName: choice.supplierName,
        })),
      });
      toast.success(returnMessages.recorded(creditNoteNo));
      // The customer's copy, on the shop's receipt printer (an 80 mm roll, or A4).
      void printCreditNote(id).catch(() => toast.error('The credit note could not be printed. Print it again from the list below.'));
      setChoices({});
      setReason('');
      setNote('');
    },
    (error) => (error instanceof Error && error.message ? error.message : 'The return could not be recorded.'),
  );

  return (
    <form className="panel return-form" onSubmit={submit} noValidate>
      <p className="return-invoice">
        <strong className="mono">{invoice.invoiceNo}</strong> · {formatDate(invoice.date)} · {invoice.customerName} · Total {formatMoney(invoice.totalCents)}
        {invoice.returnedCents > 0 && <> · Returned {formatMoney(invoice.returnedCents)}</>}
      </p>
      <table className="table return-lines" aria-label="Lines of the sale">
        <thead>
          <tr>
            <th>Item / Service</th>
            <th className="num">Sold</th>
            <th className="num">Returned</th>
            <th className="num">Returnable</th>
            <th className="num">Return Qty</th>
            <th>What happens to it</th>
          </tr>
        </thead>
        <tbody>
          {saleLines.map((line) => {
            const returned = returnedLines.filter((r) => r.invoiceLineId === line.id).reduce((sum, r) => sum + r.quantityHundredths, 0);
            const left = returnableHundredths(line.quantityHundredths, [returned]);
            const choice = choiceOf(line.id);
            return (
              <tr key={line.id}>
                <td>
                  {line.name}
                  <div className="muted">{formatMoney(line.totalCents)}</div>
                  {line.warrantyMonths > 0 && <div className="muted">Warranty to {formatDate(warrantyExpiry(invoice.date, line.warrantyMonths))}</div>}
                </td>
                <td className="num">{formatQuantity(line.quantityHundredths)}</td>
                <td className="num">{formatQuantity(returned)}</td>
                <td className="num">{formatQuantity(left)}</td>
                <td className="num">
                  <input
                    className="qty-input"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    max={left / 100}
                    disabled={left === 0}
                    aria-label={`Return quantity of ${line.name}`}
                    value={choice.quantity}
                    onChange={(event) => set(line.id, { quantity: event.target.value })}
                  />
                </td>
                <td>
                  {line.kind === 'item' ? (
                    <div className="disposition">
                      <select
                        aria-label={`What happens to ${line.name}`}
                        value={choice.disposition}
                        onChange={(event) => set(line.id, { disposition: event.target.value as ReturnDisposition })}
                      >
                        {returnDispositions.map((disposition) => (
                          <option key={disposition} value={disposition}>
                            {dispositionLabels[disposition]}
                          </option>
                        ))}
                      </select>
                      {choice.disposition === 'supplier' && (
                        <input
                          aria-label={`Supplier of ${line.name}`}
                          placeholder="Supplier name"
                          value={choice.supplierName}
                          onChange={(event) => set(line.id, { supplierName: event.target.value })}
                        />
                      )}
                    </div>
                  ) : (
                    <span className="muted">Service: no stock</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="form-grid">
        <label className="field">
          <span className="required">Reason</span>
          <select name="reason" value={reason} onChange={(event) => setReason(event.target.value as ReturnReason | '')}>
            <option value="">Select a reason</option>
            {returnReasons.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="required">Refund Method</span>
          <select name="refundMethod" value={refundMethod} onChange={(event) => setRefundMethod(event.target.value as RefundMethod)}>
            {methods.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label className="field field-wide">
          <span className={reason === 'Other' ? 'required' : undefined}>Note</span>
          <textarea name="note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
      </div>
      <dl className="return-summary" aria-label="What the return comes to">
        <div>
          <dt>Return worth</dt>
          <dd data-testid="return-worth">{formatMoney(preview?.creditNote.totalCents ?? 0)}</dd>
        </div>
        <div>
          <dt>Reduces the due by</dt>
          <dd data-testid="return-reduced-due">{formatMoney(preview?.creditNote.reducedDueCents ?? 0)}</dd>
        </div>
        <div>
          <dt>Refund ({refundMethod})</dt>
          <dd data-testid="return-refund">{formatMoney(preview?.creditNote.refundCents ?? 0)}</dd>
        </div>
      </dl>
      {!!preview?.problems.length && (
        <p className="error-text" role="alert">
          {preview.problems.join(' ')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Confirm Return
        </button>
      </div>
    </form>
  );
}
