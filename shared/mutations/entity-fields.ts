import type { SyncedTable } from '../sync/tables';
import { toCents } from '../domain/money';

/**
 * How a mutation's arguments (API units: rupees) become stored row fields (cents), written once
 * so the device's optimistic row and the server's row are the same. A field whose source key is
 * missing from the arguments is left out, which makes an update a per-field patch.
 */
interface FieldSource {
  from: string;
  convert?: (value: unknown) => unknown;
}
type FieldMap = Record<string, FieldSource>;

const cents = (value: unknown) => toCents(Number(value));
const same = (...keys: string[]): FieldMap => Object.fromEntries(keys.map((key) => [key, { from: key }]));

export const entityFieldMaps: Record<SyncedTable, FieldMap> = {
  categories: same('name', 'description'),
  customers: same('customerName', 'contactPerson', 'email', 'phone', 'address', 'city', 'isGuest', 'customerType', 'vehicles'),
  items: {
    // No stock here: it changes only through movements (items.ts).
    ...same('itemName', 'barcode', 'reorderLevel', 'description'),
    categoryId: { from: 'category' },
    unitPriceCents: { from: 'unitPrice', convert: cents },
    costPriceCents: { from: 'costPrice', convert: cents },
  },
  services: { name: { from: 'name' }, priceCents: { from: 'price', convert: cents } },
  company: same('name', 'email', 'phone', 'address', 'footer', 'logoUrl', 'taxRatePercent', 'pricesIncludeTax', 'receiptLayout'),
  // The ledger is written only by the stock operations, never by a generic edit.
  stockMovements: {},
  // A job card's own fields, as createJobCard and updateJobCard carry them (shared/schemas/job-card.ts).
  jobCards: same(
    'customerId', 'vehicleLicensePlate', 'vehicleMake', 'vehicleModel', 'currentMileage', 'previousMileage', 'dateIn',
    'jobType', 'promisedDate', 'promisedTime', 'actionTaken', 'notes', 'mechanicId', 'mechanicName',
  ),
  // Lines and status history are written only by the job card operations (shared/mutations/job-cards.ts).
  jobLines: {},
  jobStatusChanges: {},
  // Invoices, their lines and payments are written only by the sale and payment operations (sales.ts).
  invoices: {},
  invoiceLines: {},
  payments: {},
};

export function fieldsFromArgs(table: SyncedTable, args: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(entityFieldMaps[table])) {
    const value = args[source.from];
    if (value !== undefined) fields[field] = source.convert ? source.convert(value) : value;
  }
  return fields;
}
