import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { cannedLinesOf } from '@/lib/canned-job-lines';
import { cannedJobsEntity, type CannedJobLine } from '@shared/entities/canned-jobs';
import { formValuesOf } from '@shared/entities/plain-entity';
import { saveCannedJob } from '../api/save-canned-job';
import type { CannedJobRow } from '../api/use-canned-jobs';
import { CataloguePicker } from '@/components/catalogue-picker/catalogue-picker';

interface CannedJobFormModalProps {
  cannedJob: CannedJobRow | null;
  /** Values to start from instead of the record's (a refused change opened again for correction). */
  draft?: Record<string, unknown>;
  onClose: () => void;
  onSaved?: (id: string) => void;
}

/** A line as the form holds it: the quantity as typed. */
type FormLine = Omit<CannedJobLine, 'quantity'> & { quantity: string };

function startingLines(source: Record<string, unknown> | null | undefined): FormLine[] {
  if (!source) return [];
  const stored = typeof source.linesJson === 'string' ? cannedLinesOf({ linesJson: source.linesJson }) : [];
  return stored.map((line) => ({ ...line, quantity: String(line.quantity) }));
}

/** Add or edit a canned job (issue 45): its name, its services and parts with quantities, a package price. */
export function CannedJobFormModal({ cannedJob, draft, onClose, onSaved }: CannedJobFormModalProps) {
  const source = (draft ?? cannedJob ?? undefined) as Record<string, unknown> | undefined;
  const [values, setValues] = useState(() => formValuesOf(cannedJobsEntity, source));
  const [lines, setLines] = useState<FormLine[]>(() => startingLines(source));
  const { saving, submit } = useFormSubmit(async () => {
    // The quantities go as typed: the shared rule refuses 0 or less with its message, nothing written.
    const id = await saveCannedJob(cannedJob, { name: values.name, packagePrice: values.packagePrice, lines: lines as unknown as CannedJobLine[] });
    toast.success(cannedJob ? 'Canned job updated' : 'Canned job added');
    onSaved?.(id);
    onClose();
  }, 'Failed to save the canned job.');
  const setLine = (index: number, quantity: string) => setLines((now) => now.map((line, i) => (i === index ? { ...line, quantity } : line)));

  return (
    <Modal title={cannedJob ? 'Edit Canned Job' : 'Add Canned Job'} onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="canned-job-form">
        <label className="field">
          <span className="required">{cannedJobsEntity.plain.fields.name.label}</span>
          <input
            name="name"
            value={values.name}
            maxLength={100}
            autoFocus
            placeholder="e.g., Full service"
            onChange={(e) => setValues((now) => ({ ...now, name: e.target.value }))}
          />
        </label>
        <table className="data-table canned-lines">
          <thead>
            <tr>
              <th>Service or part</th>
              <th>Qty</th>
              <th aria-label="Remove" />
            </tr>
          </thead>
          <tbody>
            {lines.length === 0 && (
              <tr>
                <td colSpan={3} className="muted">
                  No services or parts yet.
                </td>
              </tr>
            )}
            {lines.map((line, index) => (
              <tr key={`${line.kind}:${line.refId}:${index}`}>
                <td>
                  {line.kind === 'service' ? 'Service' : 'Part'}: {line.name}
                </td>
                <td>
                  <input
                    name={`lines.${index}.quantity`}
                    aria-label={`Quantity of ${line.name}`}
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    step={0.01}
                    value={line.quantity}
                    onChange={(e) => setLine(index, e.target.value)}
                  />
                </td>
                <td>
                  <button type="button" className="btn btn-secondary" aria-label={`Remove ${line.name}`} onClick={() => setLines((now) => now.filter((_, i) => i !== index))}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <CataloguePicker onPick={(choice) => setLines((now) => [...now, { kind: choice.kind, refId: choice.refId, name: choice.name, quantity: '1' }])} />
        <label className="field">
          <span>{cannedJobsEntity.plain.fields.packagePrice.label} (LKR, optional)</span>
          <input
            name="packagePrice"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.packagePrice}
            placeholder="Blank: each line at its catalogue price"
            onChange={(e) => setValues((now) => ({ ...now, packagePrice: e.target.value }))}
          />
          <small className="muted">Shared over the lines when the canned job is added, so the lines add up to it.</small>
        </label>
        <ModalActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
