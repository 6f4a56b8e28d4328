import type { VehicleFormValues } from '../api/customer-form-values';

type VehicleField = Exclude<keyof VehicleFormValues, 'key'>;

interface VehicleFieldsProps {
  number: number;
  vehicle: VehicleFormValues;
  onChange: (field: VehicleField, value: string) => void;
  /** Absent when this is the only vehicle: a customer keeps at least one (spec 5). */
  onRemove?: () => void;
}

/** One vehicle's Make, Model, Year, License Plate and VIN, as a labelled group. */
export function VehicleFields({ number, vehicle, onChange, onRemove }: VehicleFieldsProps) {
  const input = (field: VehicleField) => ({
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
          <span>Make</span>
          <input {...input('make')} maxLength={50} placeholder="e.g., Toyota" />
        </label>
        <label className="field">
          <span>Model</span>
          <input {...input('model')} maxLength={50} placeholder="e.g., Axio" />
        </label>
        <label className="field">
          <span>Year</span>
          <input {...input('year')} type="number" inputMode="numeric" min={1900} step={1} placeholder="e.g., 2020" />
        </label>
        <label className="field">
          <span>License Plate</span>
          <input {...input('licensePlate')} maxLength={20} placeholder="e.g., CAB-1234" autoCapitalize="characters" />
        </label>
        <label className="field">
          <span>VIN</span>
          <input {...input('vin')} maxLength={40} placeholder="Optional" autoCapitalize="characters" />
        </label>
      </div>
    </fieldset>
  );
}
