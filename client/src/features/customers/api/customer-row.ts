// A customer and a vehicle as the device stores them: declared once in shared/ for both sides.
export type { CustomerRow, VehicleRow } from '@shared/schemas/customer';
