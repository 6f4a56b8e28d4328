/** One vehicle as typed; `key` only tells React the rows apart and is never sent. */
export interface VehicleFormValues {
  key: string;
  make: string;
  model: string;
  year: string;
  licensePlate: string;
  vin: string;
}

/** An empty vehicle, for the customer form and the job card's quick customer alike. */
export function blankVehicle(): VehicleFormValues {
  return { key: crypto.randomUUID(), make: '', model: '', year: '', licensePlate: '', vin: '' };
}
