// Test factories for job cards (see customers.ts for why they live here).

type Json = Record<string, unknown>;

/**
 * POST /api/job-cards's body in the spec's shape, as the job card screen sends it: `customer`'s
 * Toyota Axio cab-1234 at 45,000 km in for brake noise, no lines.
 */
export const jobBody = (customer: string, overrides: Json = {}): Json => ({
  customer,
  vehicleLicensePlate: 'cab-1234',
  vehicleMake: 'Toyota',
  vehicleModel: 'Axio',
  currentMileage: 45000,
  dateIn: '2026-11-23T08:30:00.000Z',
  jobType: 'Brake noise',
  jobItems: [],
  jobServices: [],
  ...overrides,
});
