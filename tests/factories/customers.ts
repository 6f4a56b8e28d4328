// Test factories for customers with vehicles: the bodies the REST routes take (server/test, the
// browser specs' API calls) and the arguments of the sync mutations (tests/sync). Every test file
// builds its customers here instead of with its own copy; a test passes what it asserts on.
import { randomUUID } from 'node:crypto';

type Json = Record<string, unknown>;

/** A vehicle as the customer form sends it: a 2018 Toyota Axio, plate 'cab-1234' unless given. */
export const vehicleBody = <T extends Json>(overrides: T = {} as T) => ({ make: 'Toyota', model: 'Axio', year: 2018, licensePlate: 'cab-1234', vin: '', ...overrides });

/** The email a customer's first name gives: 'Nimal Perera' → nimal@mail.lk. */
export const emailOf = (customerName: string) => `${customerName.split(' ')[0]!.toLowerCase()}@mail.lk`;

/**
 * POST /api/customers's body for a new customer (id null: the server gives it) with one vehicle:
 * `name`, `phone` and the vehicle as given (a plate, or the vehicle's fields over vehicleBody's), the
 * email from the first name, an address in Colombo.
 */
export const customerBody = <T extends Json>(name: string, phone: string, vehicle: string | Json, overrides: T = {} as T) => ({
  id: null,
  customerName: name,
  email: emailOf(name),
  phone,
  address: '12 Galle Road',
  city: 'Colombo',
  vehicles: [vehicleBody(typeof vehicle === 'string' ? { licensePlate: vehicle } : vehicle)],
  ...overrides,
});

let customerSerial = 0;
/**
 * A new customer's sync arguments (createCustomer, quickCreateCustomer) with one vehicle, CAB-1001
 * up, each call a new customer (Kasun Perera 1, 2, …); an email of its own when asked.
 */
export function customerWithVehicle(options: { email?: boolean } = {}) {
  customerSerial += 1;
  return {
    id: randomUUID(),
    customerName: `Kasun Perera ${customerSerial}`,
    phone: `0771${String(100_000 + customerSerial)}`,
    address: '12 Galle Road',
    email: options.email ? `kasun${customerSerial}@example.com` : '',
    vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CAB-${1000 + customerSerial}`, vin: '' }],
  };
}
