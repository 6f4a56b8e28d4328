import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { VehicleFields } from '@/components/vehicle-fields';
import { blankVehicle, type VehicleFormValues } from '@/lib/vehicle-form-values';
import { quickCreateCustomer, type QuickCustomerValues } from '../api/quick-create-customer';

interface QuickCustomerModalProps {
  onClose: () => void;
  onCreated: (customerId: string) => void;
}

/** '+ Add Customer' from the job card picker: name, phone, address, optional email, vehicles. */
export function QuickCustomerModal({ onClose, onCreated }: QuickCustomerModalProps) {
  const [values, setValues] = useState<QuickCustomerValues>({ customerName: '', phone: '', address: '', email: '', vehicles: [blankVehicle()] });
  const set = (field: 'customerName' | 'phone' | 'address' | 'email', value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setVehicle = (index: number, field: keyof VehicleFormValues, value: string) =>
    setValues((v) => ({ ...v, vehicles: v.vehicles.map((vehicle, i) => (i === index ? { ...vehicle, [field]: value } : vehicle)) }));
  const { saving, submit } = useFormSubmit(
    async () => {
      const id = await quickCreateCustomer(values);
      toast.success('New customer added successfully!');
      onCreated(id);
    },
    (error) => (error instanceof Error && error.message ? error.message : 'Failed to create customer'),
  );

  return (
    <Modal title="Add Customer" onClose={onClose} wide>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <label className="field">
            <span className="required">Customer Name</span>
            <input name="customerName" aria-required="true" maxLength={100} value={values.customerName} onChange={(e) => set('customerName', e.target.value)} autoFocus />
          </label>
          <label className="field">
            <span className="required">Phone</span>
            <input name="phone" aria-required="true" type="tel" maxLength={30} value={values.phone} onChange={(e) => set('phone', e.target.value)} />
          </label>
          <label className="field">
            <span className="required">Address</span>
            <input name="address" aria-required="true" maxLength={300} value={values.address} onChange={(e) => set('address', e.target.value)} />
          </label>
          <label className="field">
            <span>Email</span>
            <input name="email" type="email" maxLength={254} placeholder="Optional" value={values.email} onChange={(e) => set('email', e.target.value)} />
          </label>
        </div>
        {values.vehicles.map((vehicle, index) => (
          <VehicleFields
            key={vehicle.key}
            number={index + 1}
            index={index}
            vehicle={vehicle}
            onChange={(field, value) => setVehicle(index, field, value)}
            onRemove={values.vehicles.length > 1 ? () => setValues((v) => ({ ...v, vehicles: v.vehicles.filter((_, i) => i !== index) })) : undefined}
          />
        ))}
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setValues((v) => ({ ...v, vehicles: [...v.vehicles, blankVehicle()] }))}>
          Add Another Vehicle
        </button>
        <ModalActions onCancel={onClose} saving={saving} saveLabel="Save Customer" />
      </form>
    </Modal>
  );
}
