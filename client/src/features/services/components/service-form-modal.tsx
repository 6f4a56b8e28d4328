import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { PlainFormFields } from '@/components/plain-form/plain-form-fields';
import { savePlainRecord } from '@/components/plain-form/save-plain-record';
import { servicesEntity } from '@shared/entities/services';
import { formValuesOf } from '@shared/entities/plain-entity';
import type { ServiceRow } from '@shared/schemas/service';

interface ServiceFormModalProps {
  service: ServiceRow | null;
  /** Values to start from instead of the service's (a refused change opened again for correction). */
  draft?: Partial<ServiceRow>;
  onClose: () => void;
  /** Called with the saved record's id (the list shows it). */
  onSaved?: (id: string) => void;
}

/** Add or edit a service (spec 2.11): its declared fields (name and price); the server-assigned Service ID is read-only. */
export function ServiceFormModal({ service, draft, onClose, onSaved }: ServiceFormModalProps) {
  const [values, setValues] = useState(() => formValuesOf(servicesEntity, draft ?? service ?? undefined));
  const { saving, submit } = useFormSubmit(async () => {
    const id = await savePlainRecord(servicesEntity, service, values);
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
        <PlainFormFields fields={servicesEntity.plain.fields} values={values} onChange={(key, value) => setValues((now) => ({ ...now, [key]: value }))} autoFocus="name" />
        <ModalActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
