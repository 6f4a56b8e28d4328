import { useState, type FormEvent, type ReactNode } from 'react';
import { db } from '@/db/instance';
import { formatAmount } from '@shared/domain/money';
import { DeclinedWorkNote } from '@/components/declined-work-note';
import type { CustomerRow } from '@shared/schemas/customer';
import { guestCustomerId } from '@shared/domain/guest-job';
import { normalizePlate, type JobCardRow } from '@shared/schemas/job-card';
import type { VehicleDetailsValues } from '../api/job-form-values';
import type { JobFormProblems } from '../api/job-form-problems';
import type { JobCustomer } from '../hooks/use-job-customer';
import { useCustomerDue } from '@/lib/use-customer-due';
import { CustomerPicker } from './customer-picker';
import { QuickCustomerModal } from './quick-customer-modal';
import { JobNumber } from '@/components/job-number';
import { DateField } from '@/components/ui/date-field';
import { FieldMessage, fieldMessageProps } from '@/components/ui/field-message';

export const guestPlateHint = 'Guest customer: you can type a new vehicle number directly.';

// The message beside a field, and the field's own name for it (a <label> holding the message would read it as part of the name).
const messageId = (field: string) => `job-${field}-message`;
const labelId = (field: string) => `job-${field}-label`;

interface VehicleDetailsTabProps {
  job: JobCardRow | null;
  values: VehicleDetailsValues;
  jobCustomer: JobCustomer;
  previousMileage: string;
  problems: JobFormProblems;
  onChange: (patch: Partial<VehicleDetailsValues>) => void;
  onSave: () => void;
  /** The form's footer: the draft's note, Discard draft and Save. */
  footer: ReactNode;
}

/** Vehicle Details (spec 2.7): who and which vehicle, the mileage and the day it came in. The job card's form holds the values. */
export function VehicleDetailsTab({ job, values, jobCustomer, previousMileage, problems, onChange, onSave, footer }: VehicleDetailsTabProps) {
  const [addingCustomer, setAddingCustomer] = useState(false);
  const { customer, walkIn, guest } = jobCustomer;
  const due = useCustomerDue(values.customerId && !walkIn ? values.customerId : null);
  const finished = job?.status === 'Finished';
  const message = (field: string) => ({ ...fieldMessageProps(messageId(field), problems[field]), 'aria-labelledby': labelId(field) });

  function pickCustomer(picked: CustomerRow) {
    const vehicles = picked.vehicles ?? [];
    const only = vehicles.length === 1 ? vehicles[0] : undefined;
    onChange({ customerId: picked.id, vehicleLicensePlate: only?.licensePlate ?? '', vehicleMake: only?.make ?? '', vehicleModel: only?.model ?? '' });
  }

  function pickVehicle(plate: string) {
    const vehicle = customer?.vehicles?.find((v) => v.licensePlate === plate);
    onChange({ vehicleLicensePlate: plate, vehicleMake: vehicle?.make ?? values.vehicleMake, vehicleModel: vehicle?.model ?? values.vehicleModel });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
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
              onPickGuest={() => onChange({ customerId: guestCustomerId, vehicleLicensePlate: '', vehicleMake: '', vehicleModel: '' })}
              onAddCustomer={() => setAddingCustomer(true)}
              disabled={finished}
              {...fieldMessageProps(messageId('customerId'), problems.customerId)}
            />
            <FieldMessage id={messageId('customerId')} message={problems.customerId} />
          </div>
          <label className="field">
            <span>Phone</span>
            <input value={customer?.phone ?? ''} readOnly aria-readonly="true" className="read-only" />
          </label>
          <label className="field">
            <span className="required" id={labelId('vehicleLicensePlate')}>
              Vehicle Reg No.
            </span>
            {guest ? (
              <>
                <input
                  name="vehicleLicensePlate"
                  aria-required="true"
                  maxLength={20}
                  value={values.vehicleLicensePlate}
                  autoCapitalize="characters"
                  onChange={(e) => onChange({ vehicleLicensePlate: e.target.value.toUpperCase() })}
                  onBlur={() => onChange({ vehicleLicensePlate: normalizePlate(values.vehicleLicensePlate) })}
                  {...message('vehicleLicensePlate')}
                />
                <small className="muted">{guestPlateHint}</small>
              </>
            ) : (
              <select
                name="vehicleLicensePlate"
                aria-required="true"
                value={values.vehicleLicensePlate}
                onChange={(e) => pickVehicle(e.target.value)}
                disabled={!customer}
                {...message('vehicleLicensePlate')}
              >
                <option value="">{customer ? 'Select vehicle' : 'Select a customer first'}</option>
                {vehicles.map((vehicle) => (
                  <option key={vehicle.licensePlate} value={vehicle.licensePlate}>
                    {vehicle.licensePlate} ({vehicle.make} {vehicle.model})
                  </option>
                ))}
                {values.vehicleLicensePlate && !plateInList && <option value={values.vehicleLicensePlate}>{values.vehicleLicensePlate}</option>}
              </select>
            )}
            <FieldMessage id={messageId('vehicleLicensePlate')} message={problems.vehicleLicensePlate} />
          </label>
          <label className="field">
            <span id={labelId('vehicleMake')}>Vehicle Make</span>
            <input name="vehicleMake" maxLength={50} value={values.vehicleMake} onChange={(e) => onChange({ vehicleMake: e.target.value })} {...message('vehicleMake')} />
            <FieldMessage id={messageId('vehicleMake')} message={problems.vehicleMake} />
          </label>
          <label className="field">
            <span id={labelId('vehicleModel')}>Vehicle Model</span>
            <input name="vehicleModel" maxLength={50} value={values.vehicleModel} onChange={(e) => onChange({ vehicleModel: e.target.value })} {...message('vehicleModel')} />
            <FieldMessage id={messageId('vehicleModel')} message={problems.vehicleModel} />
          </label>
          <label className="field">
            <span className="required" id={labelId('currentMileage')}>
              Current Mileage (km)
            </span>
            <input
              name="currentMileage"
              aria-required="true"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.currentMileage}
              onChange={(e) => onChange({ currentMileage: e.target.value })}
              {...message('currentMileage')}
            />
            <FieldMessage id={messageId('currentMileage')} message={problems.currentMileage} />
          </label>
          <label className="field">
            <span id={labelId('dateIn')}>Date In</span>
            <DateField name="dateIn" value={values.dateIn} onChange={(dateIn) => onChange({ dateIn })} {...message('dateIn')} />
            <FieldMessage id={messageId('dateIn')} message={problems.dateIn} />
          </label>
          <label className="field">
            <span>Previous Visit Mileage (km)</span>
            <input
              name="previousMileage"
              value={previousMileage === '' ? '' : Number(previousMileage).toLocaleString('en-US')}
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
        {/* Work the customer declined on an estimate for this vehicle, offered again at check-in (issue 45). */}
        <DeclinedWorkNote plate={values.vehicleLicensePlate} />
        {footer}
      </form>
      {/* Outside the form: a dialog's own form must not submit this one. */}
      {addingCustomer && (
        <QuickCustomerModal
          onClose={() => setAddingCustomer(false)}
          onCreated={async (id) => {
            setAddingCustomer(false);
            const created = await db.customers.get(id);
            if (created) pickCustomer(created);
          }}
        />
      )}
    </>
  );
}
