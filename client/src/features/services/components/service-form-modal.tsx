import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast-store';
import { ValidationError } from '../../../sync/local-mutation';
import { fromCents } from '../../../../../shared/domain/money';
import type { ServiceRow } from '../../../../../shared/schemas/service';
import { createService } from '../api/create-service';
import { updateService } from '../api/update-service';

interface ServiceFormModalProps {
  service: ServiceRow | null;
  onClose: () => void;
}

/** Add or edit a service (spec 2.11): name and price; the server-assigned Service ID is read-only. */
export function ServiceFormModal({ service, onClose }: ServiceFormModalProps) {
  const [name, setName] = useState(service?.name ?? '');
  const [price, setPrice] = useState(service ? fromCents(service.priceCents).toFixed(2) : '');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      if (service) await updateService(service.id, { name, price });
      else await createService({ name, price });
      toast.success(service ? 'Service updated' : 'Service created');
      onClose();
    } catch (error) {
      if (error instanceof ValidationError) toast.warning(error.message);
      else toast.error('Failed to save service');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={service ? 'Edit Service' : 'Add Service'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {service && (
          <label className="field">
            <span>Service ID</span>
            <input value={service.serviceId ?? 'Pending'} readOnly aria-readonly="true" className="read-only" />
            {!service.serviceId && <small className="muted">The number is given by the server when this device syncs.</small>}
          </label>
        )}
        <label className="field">
          <span>Service Name</span>
          <input value={name} maxLength={100} placeholder="e.g., Oil Change" onChange={(e) => setName(e.target.value)} autoFocus />
        </label>
        <label className="field">
          <span>Price</span>
          <input type="number" inputMode="decimal" min={0} step={0.01} value={price} onChange={(e) => setPrice(e.target.value)} />
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
