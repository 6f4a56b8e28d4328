import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { DateField } from '@/components/ui/date-field';
import { CataloguePicker } from '@/components/catalogue-picker/catalogue-picker';
import { CannedJobPicker } from '@/components/canned-job-picker';
import { localDateInput } from '@/lib/format-date';
import { newRecordId } from '@shared/sync/record-id';
import { formatMoney, toCents } from '@shared/domain/money';
import { jobLineTotalCents } from '@shared/domain/job-lines';
import { toHundredths } from '@shared/domain/quantity';
import { strictNumber } from '@shared/schemas/numbers';
import type { JobLineInput } from '@shared/schemas/job-card';
import type { CustomerRow } from '@shared/schemas/customer';
import { createEstimate } from '../api/create-estimate';
import { EstimateCustomer } from './estimate-customer';

/** A line as the form holds it: quantity and price as typed. */
type FormLine = Omit<JobLineInput, 'quantity' | 'unitPrice'> & { quantity: string; unitPrice: string };

const twoWeeksOn = () => localDateInput(new Date(Date.now() + 14 * 86_400_000));
const asForm = (line: JobLineInput): FormLine => ({ ...line, quantity: String(line.quantity), unitPrice: String(line.unitPrice) });
const lineTotal = (line: FormLine) =>
  jobLineTotalCents({ quantityHundredths: toHundredths(strictNumber(line.quantity) ?? 0), unitPriceCents: toCents(strictNumber(line.unitPrice) ?? 0) });

/** A new estimate (issue 45): who and which vehicle, its lines (services, parts, canned jobs), valid until. */
export function NewEstimateModal({ onClose, onSaved }: { onClose: () => void; onSaved: (id: string) => void }) {
  const [customer, setCustomer] = useState<{ id: string; name: string; vehicles: CustomerRow['vehicles'] }>({ id: '', name: '', vehicles: [] });
  const [vehicle, setVehicle] = useState({ vehicleLicensePlate: '', vehicleMake: '', vehicleModel: '', currentMileage: '' });
  const [validUntil, setValidUntil] = useState(twoWeeksOn);
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<FormLine[]>([]);
  const { saving, submit } = useFormSubmit(async () => {
    const id = await createEstimate({ customerId: customer.id, ...vehicle, validUntil, notes, lines: lines as unknown as JobLineInput[] });
    toast.success('Estimate saved');
    onSaved(id);
    onClose();
  }, 'Failed to save the estimate.');
  const change = (index: number, patch: Partial<FormLine>) => setLines((now) => now.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const total = lines.reduce((sum, line) => sum + lineTotal(line), 0);

  return (
    <Modal title="New Estimate" onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="estimate-form">
        <EstimateCustomer
          customerId={customer.id}
          customerName={customer.name}
          onPick={(picked) => {
            setCustomer(picked);
            const first = picked.vehicles[0];
            if (first) setVehicle((now) => ({ ...now, vehicleLicensePlate: first.licensePlate, vehicleMake: first.make ?? '', vehicleModel: first.model ?? '' }));
          }}
        />
        <div className="form-grid">
          <label className="field">
            <span className="required">Vehicle Reg Number</span>
            <input name="vehicleLicensePlate" value={vehicle.vehicleLicensePlate} onChange={(e) => setVehicle((now) => ({ ...now, vehicleLicensePlate: e.target.value }))} />
          </label>
          <label className="field">
            <span>Current Mileage (km)</span>
            <input name="currentMileage" inputMode="numeric" value={vehicle.currentMileage} onChange={(e) => setVehicle((now) => ({ ...now, currentMileage: e.target.value }))} />
          </label>
          <label className="field">
            <span className="required">Valid Until</span>
            <DateField name="validUntil" value={validUntil} onChange={setValidUntil} />
          </label>
          <label className="field field-wide">
            <span>Notes</span>
            <textarea name="notes" rows={2} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </label>
        </div>
        <table className="data-table estimate-lines">
          <thead>
            <tr>
              <th>Service or part</th>
              <th>Qty</th>
              <th>Unit Price (LKR)</th>
              <th>Total</th>
              <th aria-label="Remove" />
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.id}>
                <td>{line.name}</td>
                <td>
                  <input
                    name={`lines.${index}.quantity`}
                    aria-label={`Quantity of ${line.name}`}
                    inputMode="decimal"
                    value={line.quantity}
                    onChange={(e) => change(index, { quantity: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    name={`lines.${index}.unitPrice`}
                    aria-label={`Unit price of ${line.name}`}
                    inputMode="decimal"
                    value={line.unitPrice}
                    onChange={(e) => change(index, { unitPrice: e.target.value })}
                  />
                </td>
                <td className="num">{formatMoney(lineTotal(line))}</td>
                <td>
                  <button type="button" className="btn btn-secondary" aria-label={`Remove ${line.name}`} onClick={() => setLines((now) => now.filter((_, i) => i !== index))}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>Total</td>
              <td className="num" data-testid="estimate-total">
                {formatMoney(total)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
        <CataloguePicker
          onPick={(choice) =>
            setLines((now) => [
              ...now,
              {
                id: newRecordId(),
                kind: choice.kind,
                refId: choice.refId,
                name: choice.name,
                quantity: '1',
                unitPrice: (choice.priceCents / 100).toFixed(2),
                warranty: '',
                quickAdded: false,
              },
            ])
          }
        />
        <CannedJobPicker onAdd={(added) => setLines((now) => [...now, ...added.map(asForm)])} />
        <ModalActions onCancel={onClose} saving={saving} saveLabel="Save Estimate" />
      </form>
    </Modal>
  );
}
