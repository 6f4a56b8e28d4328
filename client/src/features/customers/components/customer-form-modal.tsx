import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { atLeastOneVehicleMessage } from '@shared/schemas/customer';
import type { CustomerRow } from '../api/customer-row';
import { initialFormValues, type CustomerFormValues } from '../api/customer-form-values';
import { blankVehicle, type VehicleFormValues } from '@/lib/vehicle-form-values';
import { createCustomer } from '../api/create-customer';
import { updateCustomer } from '../api/update-customer';
import { VehicleFields } from '@/components/vehicle-fields';
import { useCustomerCredit } from '@/lib/use-customer-credit';
import { formatMoney } from '@shared/domain/money';
import { messageLanguageLabels, messageLanguageOf, messageLanguages } from '@shared/domain/whatsapp-templates';

type CustomerField = Exclude<keyof CustomerFormValues, 'vehicles' | 'language' | 'noReminders'>;

interface CustomerFormModalProps {
  customer: CustomerRow | null;
  /** Values to start from instead of the customer's (a refused change opened again for correction). */
  draft?: Partial<CustomerRow>;
  onClose: () => void;
  /** Called with the saved record's id (the list shows it). */
  onSaved?: (id: string) => void;
}

const customerFields: { field: CustomerField; label: string; type?: string; maxLength: number; optional?: boolean }[] = [
  { field: 'customerName', label: 'Customer Name', maxLength: 100 },
  { field: 'contactPerson', label: 'Contact Person', maxLength: 100, optional: true },
  { field: 'email', label: 'Email', type: 'email', maxLength: 254 },
  { field: 'phone', label: 'Phone', type: 'tel', maxLength: 30 },
  { field: 'address', label: 'Address', maxLength: 300 },
  { field: 'city', label: 'City', maxLength: 100, optional: true },
];

/**
 * Add or edit a customer with their vehicles (spec 2.6). The shared schema checks the form in the
 * spec's order; its first message is shown as a warning and nothing is saved.
 */
export function CustomerFormModal({ customer, draft, onClose, onSaved }: CustomerFormModalProps) {
  const [values, setValues] = useState(() => initialFormValues((draft as CustomerRow | undefined) ?? customer));
  const creditCents = useCustomerCredit(customer?.id ?? null);

  const setField = (field: CustomerField) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function setVehicle(key: string, field: keyof VehicleFormValues, value: string) {
    setValues((current) => ({
      ...current,
      vehicles: current.vehicles.map((vehicle) => (vehicle.key === key ? { ...vehicle, [field]: value } : vehicle)),
    }));
  }

  function addVehicle() {
    setValues((current) => ({ ...current, vehicles: [...current.vehicles, blankVehicle()] }));
  }

  function removeVehicle(key: string) {
    if (values.vehicles.length <= 1) {
      toast.warning(atLeastOneVehicleMessage);
      return;
    }
    setValues((current) => ({ ...current, vehicles: current.vehicles.filter((vehicle) => vehicle.key !== key) }));
  }

  const { saving, submit } = useFormSubmit(async () => {
    const id = customer ? customer.id : await createCustomer(values);
    if (customer) await updateCustomer(customer, values);
    toast.success(customer ? 'Customer updated successfully!' : 'New customer added successfully!');
    onSaved?.(id);
    onClose();
  }, 'Failed to save customer.');

  return (
    <Modal title={customer ? 'Edit Customer' : 'Add New Customer & Vehicle Details'} onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="customer-form">
        {customer && creditCents !== undefined && creditCents !== 0 && (
          <p className="customer-credit" data-testid="customer-credit">
            Customer credit: {formatMoney(creditCents)}
          </p>
        )}
        <section className="form-section" aria-labelledby="customer-information">
          <h3 id="customer-information">Customer Information</h3>
          <div className="form-grid">
            {customerFields.map(({ field, label, type, maxLength, optional }) => (
              <label key={field} className="field">
                <span className={optional ? undefined : 'required'}>{label}</span>
                <input
                  name={field}
                  aria-required={optional ? undefined : true}
                  type={type ?? 'text'}
                  value={values[field]}
                  maxLength={maxLength}
                  onChange={setField(field)}
                  placeholder={optional ? 'Optional' : undefined}
                  autoFocus={field === 'customerName'}
                />
              </label>
            ))}
            <label className="field">
              <span>Message language</span>
              <select name="language" value={values.language} onChange={(event) => setValues((current) => ({ ...current, language: messageLanguageOf(event.target.value) }))}>
                {messageLanguages.map((language) => (
                  <option key={language} value={language}>
                    {messageLanguageLabels[language]}
                  </option>
                ))}
              </select>
            </label>
            <label className="checkbox-field">
              <input
                type="checkbox"
                name="noReminders"
                checked={values.noReminders}
                onChange={(event) => setValues((current) => ({ ...current, noReminders: event.target.checked }))}
              />
              <span>No reminders</span>
            </label>
          </div>
        </section>
        <section className="form-section" aria-labelledby="vehicle-information">
          <h3 id="vehicle-information">Vehicle Information</h3>
          {values.vehicles.length === 0 && <p className="muted">No vehicles</p>}
          {values.vehicles.map((vehicle, index) => (
            <VehicleFields
              key={vehicle.key}
              number={index + 1}
              index={index}
              vehicle={vehicle}
              onChange={(field, value) => setVehicle(vehicle.key, field, value)}
              onRemove={values.vehicles.length > 1 ? () => removeVehicle(vehicle.key) : undefined}
            />
          ))}
          <button type="button" className="btn btn-secondary" onClick={addVehicle}>
            Add Another Vehicle
          </button>
        </section>
        <ModalActions onCancel={onClose} saving={saving} saveLabel="Save Customer" />
      </form>
    </Modal>
  );
}
