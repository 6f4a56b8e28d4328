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

/**
 * The least POST /api/job-cards takes: `customer`'s `plate` in at 30,000 km, no date (the server's
 * now, so the job is today's), no type, no lines; a test adds what it checks (lines, type, promise).
 * jobBody instead when the job's date or vehicle must be fixed.
 */
export const openJobBody = (customer: string, plate: string, overrides: Json = {}): Json => ({
  customer,
  vehicleLicensePlate: plate,
  currentMileage: 30000,
  ...overrides,
});

/** A service line of a job card: one of `serviceName` at `unitPrice`. */
export const jobService = (serviceName: string, unitPrice: number, overrides: Json = {}): Json => ({ serviceName, quantity: 1, unitPrice, ...overrides });

/** An item line of a job card typed by hand (no catalogue item unless `item` says): one of `itemName` at `unitPrice`. */
export const jobItem = (itemName: string, unitPrice: number, overrides: Json = {}): Json => ({ itemName, quantity: 1, unitPrice, ...overrides });
