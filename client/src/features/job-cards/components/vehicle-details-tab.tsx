import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { formatAmount } from '@shared/domain/money';
import { isGuestCustomer, type CustomerRow } from '@shared/schemas/customer';
import { guestCustomerId, isGuestJobCustomer } from '@shared/domain/guest-job';
import { normalizePlate, type JobCardRow } from '@shared/schemas/job-card';
import { blankVehicleDetails, vehicleDetailsOf, type VehicleDetailsValues } from '../api/job-form-values';
import { saveVehicleDetails } from '../api/save-vehicle-details';
import { previousMileage } from '../api/previous-mileage';
import { useCustomerDue } from '@/lib/use-customer-due';
import { CustomerPicker } from './customer-picker';
import { QuickCustomerModal } from './quick-customer-modal';
import { JobNumber } from '@/components/job-number';
import { DateField } from '@/components/ui/date-field';

const customers = db.customers;
export const guestPlateHint = 'Guest customer: you can type a new vehicle number directly.';

interface VehicleDetailsTabProps {
  job: JobCardRow | null;
  /** After a save: the job's id and whether it was new. */
  onSaved: (jobId: string, created: boolean) => void;
}

/** Vehicle Details (spec 2.7): who and which vehicle, the mileage and the day it came in. */
export function VehicleDetailsTab({ job, onSaved }: VehicleDetailsTabProps) {
  const [values, setValues] = useState<VehicleDetailsValues>(() => (job ? vehicleDetailsOf(job) : blankVehicleDetails()));
  const [addingCustomer, setAddingCustomer] = useState(false);
  // A walk-in guest has no customer record: the plate is typed (issue 25).
  const walkIn = isGuestJobCustomer(values.customerId);
  const customer = useLiveQuery(() => (values.customerId && !walkIn ? customers.get(values.customerId) : undefined), [values.customerId, walkIn]);
  const guest = walkIn || (!!customer && isGuestCustomer(customer));
  const due = useCustomerDue(values.customerId && !walkIn ? values.customerId : null);
  const set = (patch: Partial<VehicleDetailsValues>) => setValues((v) => ({ ...v, ...patch }));
  const finished = job?.status === 'Finished';

  // Previous visit: at once for a chosen vehicle; for a guest's typed plate, after 2+ characters, 400 ms after typing stops.
  useEffect(() => {
    const plate = normalizePlate(values.vehicleLicensePlate);
    if (!plate || (guest && plate.length <= 2)) {
      setValues((v) => (v.previousMileage === '' ? v : { ...v, previousMileage: '' }));
      return;
    }
    let live = true;
    const timer = setTimeout(
      () => {
        previousMileage(plate, job?.id, job?.dateIn)
          .then((mileage) => live && set({ previousMileage: mileage === null ? '' : String(mileage) }))
          .catch(() => live && set({ previousMileage: '' }));
      },
      guest ? 400 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [values.vehicleLicensePlate, guest, job?.id, job?.dateIn]);

  function pickCustomer(picked: CustomerRow) {
    const vehicles = picked.vehicles ?? [];
    const only = vehicles.length === 1 ? vehicles[0] : undefined;
    set({
      customerId: picked.id,
      vehicleLicensePlate: only?.licensePlate ?? '',
      vehicleMake: only?.make ?? '',
      vehicleModel: only?.model ?? '',
    });
  }

  function pickVehicle(plate: string) {
    const vehicle = customer?.vehicles?.find((v) => v.licensePlate === plate);
    set({ vehicleLicensePlate: plate, vehicleMake: vehicle?.make ?? values.vehicleMake, vehicleModel: vehicle?.model ?? values.vehicleModel });
  }

  const { saving, submit } = useFormSubmit(
    async () => {
      const current = Number(values.currentMileage);
      const previous = values.previousMileage === '' ? null : Number(values.previousMileage);
      // Only a mileage that could be saved is compared; a bad one gets the rule's message instead.
      if (values.currentMileage.trim() !== '' && Number.isInteger(current) && current >= 0 && previous !== null && current < previous) {
        const go = window.confirm(
          `The current mileage (${current.toLocaleString('en-US')} km) is below the previous visit's (${previous.toLocaleString('en-US')} km). Save anyway?`,
        );
        if (!go) return;
      }
      const id = await saveVehicleDetails(values, job);
      toast.success(job ? 'Job Card updated successfully!' : 'Job Card created successfully!');
      onSaved(id, !job);
    },
    (error) => (error instanceof Error && error.message ? error.message : 'Failed to save job card.'),
  );

  const vehicles = customer?.vehicles ?? [];
  const plateInList = vehicles.some((v) => v.licensePlate === values.vehicleLicensePlate);

  return (
    <>
      <form onSubmit={submit} noValidate className="panel job-form">
        <div className="form-grid">
          <div className="field">
            <span>Job Number</span>
            <JobNumber job={job} asField />
          </div>
          <div className="field">
            <span className="required" id="customer-label">
              Customer
            </span>
            <CustomerPicker
              customer={customer}
              guest={walkIn}
              onPick={pickCustomer}
              onPickGuest={() => set({ customerId: guestCustomerId, vehicleLicensePlate: '', vehicleMake: '', vehicleModel: '' })}
              onAddCustomer={() => setAddingCustomer(true)}
              disabled={finished}
            />
          </div>
          <label className="field">
            <span>Phone</span>
            <input value={customer?.phone ?? ''} readOnly aria-readonly="true" className="read-only" />
          </label>
          <label className="field">
            <span className="required">Vehicle Reg No.</span>
            {guest ? (
              <>
                <input
                  name="vehicleLicensePlate"
                  aria-required="true"
                  maxLength={20}
                  value={values.vehicleLicensePlate}
                  autoCapitalize="characters"
                  onChange={(e) => set({ vehicleLicensePlate: e.target.value.toUpperCase() })}
                  onBlur={() => set({ vehicleLicensePlate: normalizePlate(values.vehicleLicensePlate) })}
                />
                <small className="muted">{guestPlateHint}</small>
              </>
            ) : (
              <select name="vehicleLicensePlate" aria-required="true" value={values.vehicleLicensePlate} onChange={(e) => pickVehicle(e.target.value)} disabled={!customer}>
                <option value="">{customer ? 'Select vehicle' : 'Select a customer first'}</option>
                {vehicles.map((vehicle) => (
                  <option key={vehicle.licensePlate} value={vehicle.licensePlate}>
                    {vehicle.licensePlate} ({vehicle.make} {vehicle.model})
                  </option>
                ))}
                {values.vehicleLicensePlate && !plateInList && <option value={values.vehicleLicensePlate}>{values.vehicleLicensePlate}</option>}
              </select>
            )}
          </label>
          <label className="field">
            <span>Vehicle Make</span>
            <input name="vehicleMake" maxLength={50} value={values.vehicleMake} onChange={(e) => set({ vehicleMake: e.target.value })} />
          </label>
          <label className="field">
            <span>Vehicle Model</span>
            <input name="vehicleModel" maxLength={50} value={values.vehicleModel} onChange={(e) => set({ vehicleModel: e.target.value })} />
          </label>
          <label className="field">
            <span className="required">Current Mileage (km)</span>
            <input
              name="currentMileage"
              aria-required="true"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.currentMileage}
              onChange={(e) => set({ currentMileage: e.target.value })}
            />
          </label>
          <label className="field">
            <span>Date In</span>
            <DateField name="dateIn" value={values.dateIn} onChange={(dateIn) => set({ dateIn })} />
          </label>
          <label className="field">
            <span>Previous Visit Mileage (km)</span>
            <input
              name="previousMileage"
              value={values.previousMileage === '' ? '' : Number(values.previousMileage).toLocaleString('en-US')}
              readOnly
              aria-readonly="true"
              className="read-only"
              placeholder="No earlier visit"
            />
          </label>
          <label className="field">
            <span>Due Amount (LKR)</span>
            <input
              name="dueAmount"
              value={!values.customerId || walkIn ? '' : due === undefined ? 'Loading...' : formatAmount(due.cents)}
              readOnly
              aria-readonly="true"
              className="read-only"
              aria-describedby={due?.error ? 'due-error' : undefined}
            />
            {due?.error && (
              <span id="due-error" className="error-text" role="alert">
                {due.error}
              </span>
            )}
          </label>
        </div>
        <div className="form-footer">
          <button type="submit" className="btn btn-primary" disabled={saving || finished}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      {/* Outside the form: a dialog's own form must not submit this one. */}
      {addingCustomer && (
        <QuickCustomerModal
          onClose={() => setAddingCustomer(false)}
          onCreated={async (id) => {
            setAddingCustomer(false);
            const created = await customers.get(id);
            if (created) pickCustomer(created);
          }}
        />
      )}
    </>
  );
}
