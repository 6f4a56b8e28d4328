import type { VehicleRow } from '../api/customer-row';

/** The Vehicles cell (spec 2.6): 'No vehicles', make and plate for one, or 'N vehicles'. */
export function vehiclesSummary(vehicles: VehicleRow[] | undefined): string {
  const list = vehicles ?? [];
  if (list.length === 0) return 'No vehicles';
  if (list.length === 1) return `${list[0]!.make} ${list[0]!.licensePlate}`;
  return `${list.length} vehicles`;
}

/** Every vehicle on its own line, for the cell's tooltip. */
export function vehiclesDetail(vehicles: VehicleRow[] | undefined): string | undefined {
  const list = vehicles ?? [];
  if (list.length < 2) return undefined;
  return list.map((v) => `${v.make} ${v.model} (${v.year}) ${v.licensePlate}`).join('\n');
}
