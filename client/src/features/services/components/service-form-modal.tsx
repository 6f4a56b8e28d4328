import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { fromCents } from '@shared/domain/money';
import type { ServiceRow } from '@shared/schemas/service';
import { createService } from '../api/create-service';
import { updateService } from '../api/update-service';

interface ServiceFormModalProps {
  service: ServiceRow | null;
  /** Values to start from instead of the service's (a refused change opened again for correction). */
  draft?: Partial<ServiceRow>;
  onClose: () => void;
  /** Called with the saved record's id (the list shows it). */
  onSaved?: (id: string) => void;
}

/** Add or edit a service (spec 2.11): name and price; the server-assigned Service ID is read-only. */
export function ServiceFormModal({ service, draft, onClose, onSaved }: ServiceFormModalProps) {
  const start = draft ?? service;
  const [name, setName] = useState(start?.name ?? '');
  const [price, setPrice] = useState(start?.priceCents !== undefined ? fromCents(start.priceCents).toFixed(2) : '');
  const { saving, submit } = useFormSubmit(async () => {
    const id = service ? service.id : await createService({ name, price });
    if (service) await updateService(service, { name, price });
    toast.success(service ? 'Service updated' : 'Service created');
    onSaved?.(id);
    onClose();
  }, 'Failed to save service');

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
          <span className="required">Service Name</span>
          <input name="name" aria-required="true" value={name} maxLength={100} placeholder="e.g., Oil Change" onChange={(e) => setName(e.target.value)} autoFocus />
        </label>
        <label className="field">
          <span className="required">Price</span>
          <input name="price" aria-required="true" type="number" inputMode="decimal" min={0} step={0.01} value={price} onChange={(e) => setPrice(e.target.value)} />
        </label>
        <ModalActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
