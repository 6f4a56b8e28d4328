import type { VehicleFormValues } from '../lib/vehicle-form-values';

type VehicleField = Exclude<keyof VehicleFormValues, 'key'>;

interface VehicleFieldsProps {
  number: number;
  /** Its place in the customer's vehicles: controls are named 'vehicles.<index>.<field>', as validation names them. */
  index: number;
  vehicle: VehicleFormValues;
  onChange: (field: VehicleField, value: string) => void;
  /** Absent when this is the only vehicle: a customer keeps at least one (spec 5). */
  onRemove?: () => void;
}

/** One vehicle's Make, Model, Year, License Plate and VIN, as a labelled group. */
export function VehicleFields({ number, index, vehicle, onChange, onRemove }: VehicleFieldsProps) {
  const input = (field: VehicleField, required = true) => ({
    name: `vehicles.${index}.${field}`,
    'aria-required': required || undefined,
    value: vehicle[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <fieldset className="vehicle-card">
      <legend>Vehicle {number}</legend>
      {onRemove && (
        <button type="button" className="btn btn-small btn-danger vehicle-remove" onClick={onRemove} aria-label={`Remove vehicle ${number}`}>
          Remove
        </button>
      )}
      <div className="form-grid">
        <label className="field">
          <span className="required">Make</span>
          <input {...input('make')} maxLength={50} placeholder="e.g., Toyota" />
        </label>
        <label className="field">
          <span className="required">Model</span>
          <input {...input('model')} maxLength={50} placeholder="e.g., Axio" />
        </label>
        <label className="field">
          <span className="required">Year</span>
          <input {...input('year')} type="number" inputMode="numeric" min={1900} step={1} placeholder="e.g., 2020" />
        </label>
        <label className="field">
          <span className="required">License Plate</span>
          <input {...input('licensePlate')} maxLength={20} placeholder="e.g., CAB-1234" autoCapitalize="characters" />
        </label>
        <label className="field">
          <span>VIN</span>
          <input {...input('vin', false)} maxLength={40} placeholder="Optional" autoCapitalize="characters" />
        </label>
      </div>
    </fieldset>
  );
}
