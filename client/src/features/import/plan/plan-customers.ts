import type { z } from 'zod';
import { createCustomerSchema, customerInputSchema, quickCreateCustomerSchema, vehicleSchema, type VehicleRow } from '@shared/schemas/customer';
import { plateKey } from '@shared/domain/search-shape';
import { readTextCell } from '@shared/import/read-cells';
import { editPatch } from '@/sync/edit-patch';
import { ValidationError } from '@/sync/validation-error';
import { messageLanguageFromText } from '@shared/domain/whatsapp-templates';
import { nameKey, phoneKey } from './keys';
import { RowProblems } from './row-problems';
import { emptyTally, type FileRow, type ImportPlan, type PlanStep } from './plan-types';

/** A customer of the shop as the plan compares it (the device's row). */
export interface ShopCustomer {
  id: string;
  customerName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  contactPerson: string;
  vehicles: VehicleRow[];
  language?: string;
  noReminders?: boolean;
}

const customerKeys = ['customerName', 'phone', 'email', 'address', 'city', 'contactPerson', 'language', 'noReminders'] as const;
type CustomerKey = (typeof customerKeys)[number];
type CustomerFields = Partial<Record<CustomerKey, string>>;
type VehicleCells = { make?: string; model?: string; year?: unknown; licensePlate?: string; vin?: string };

/** What the file says of one customer: the fields its rows give, and a vehicle a row. */
export interface CustomerRecord {
  fields: CustomerFields;
  vehicles: VehicleCells[];
}

interface Line {
  row: number;
  fields: CustomerFields;
  vehicle: VehicleCells;
}

interface Group {
  lines: Line[];
  /** The shop's customer these rows are, when found. */
  stored?: ShopCustomer;
}

const text = (cells: Record<string, unknown>, key: string) => readTextCell(cells[key]);
const lineOf = (file: FileRow): Line => ({
  row: file.row,
  fields: Object.fromEntries(customerKeys.flatMap((key) => (text(file.cells, key) === undefined ? [] : [[key, text(file.cells, key)]]))),
  vehicle: {
    make: text(file.cells, 'make') ?? '',
    model: text(file.cells, 'model') ?? '',
    year: file.cells.year ?? '',
    licensePlate: text(file.cells, 'licensePlate') ?? '',
    vin: text(file.cells, 'vin') ?? '',
  },
});

/** 'Yes' or 'No' as a file writes it; anything else as written, for the schema to refuse with its message. */
function yesNo(text: string): boolean | string {
  const written = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(written)) return true;
  if (['no', 'n', 'false', '0', ''].includes(written)) return false;
  return text.trim();
}

/** The file's fields as the customer's schema takes them: the language as its code, no reminders as yes or no. */
function customerArgs(fields: CustomerFields): Record<string, unknown> {
  const { language, noReminders, ...rest } = fields;
  return {
    ...rest,
    ...(language === undefined ? {} : { language: messageLanguageFromText(language) }),
    ...(noReminders === undefined ? {} : { noReminders: yesNo(noReminders) }),
  };
}

/** A schema path's column: a customer's field, or a vehicle's ('vehicles.0.year' is Year). */
const columnOf = (path: readonly PropertyKey[]) => (path[0] === 'vehicles' ? (path.length > 2 ? String(path[2]) : 'licensePlate') : path.length ? String(path[0]) : undefined);

/**
 * The shop's customer with the updates the file gives: its non-blank fields over the stored ones,
 * each vehicle matched by its plate (its details updated, its VIN kept when the file gives none),
 * new plates added. Run at the dry run against the shop as it was, and again as each update is
 * written against the customer as it is then (apply-plan.ts).
 */
export function customerUpdateInput(current: ShopCustomer, record: CustomerRecord): Record<string, unknown> {
  const vehicles: Record<string, unknown>[] = (current.vehicles ?? []).map((vehicle) => ({ ...vehicle }));
  for (const vehicle of record.vehicles) {
    const at = vehicles.findIndex((stored) => plateKey(String(stored.licensePlate ?? '')) === plateKey(vehicle.licensePlate ?? ''));
    if (at < 0) vehicles.push({ ...vehicle, vin: vehicle.vin ?? '' });
    else vehicles[at] = { ...vehicles[at], make: vehicle.make, model: vehicle.model, year: vehicle.year, ...(vehicle.vin ? { vin: vehicle.vin } : {}) };
  }
  // The phone found the customer: written another way ('+94 77…'), it is still theirs as stored.
  const { phone, ...fields } = customerArgs(record.fields) as CustomerFields;
  return { ...fields, ...(phone !== undefined && phoneKey(phone) !== phoneKey(current.phone ?? '') ? { phone } : {}), vehicles };
}

/** Whether the file's vehicle changes the stored one of its plate. */
function vehicleChanges(stored: VehicleRow, vehicle: VehicleCells): boolean {
  const parsed = vehicleSchema.safeParse({ ...stored, ...vehicle, vin: vehicle.vin || stored.vin });
  return !parsed.success || JSON.stringify({ ...stored, ...parsed.data, licensePlate: stored.licensePlate }) !== JSON.stringify(stored);
}

/**
 * The dry run of a customers file (issue 43, point 4): a row a vehicle, a customer's rows grouped
 * by phone, or by name where a row has none; every row checked by the customer and vehicle forms'
 * own rules, a customer written two ways or a plate written twice refused; each customer matched to
 * the shop's by phone (else name), and made, updated or left alone.
 */
export function planCustomers(rows: readonly FileRow[], shop: readonly ShopCustomer[], newId: () => string): ImportPlan {
  const problems = new RowProblems('customers');
  const byPhone = new Map<string, ShopCustomer[]>();
  const byName = new Map<string, ShopCustomer[]>();
  const byPlate = new Map<string, ShopCustomer>();
  for (const customer of shop) {
    byPhone.set(phoneKey(customer.phone ?? ''), [...(byPhone.get(phoneKey(customer.phone ?? '')) ?? []), customer]);
    byName.set(nameKey(customer.customerName ?? ''), [...(byName.get(nameKey(customer.customerName ?? '')) ?? []), customer]);
    for (const vehicle of customer.vehicles ?? []) byPlate.set(plateKey(vehicle.licensePlate ?? ''), customer);
  }

  // Rows with a phone first, so a row with only a name can join the customer of that name.
  const lines = rows.map(lineOf);
  const groups = new Map<string, Group>();
  const phonesOfName = new Map<string, Set<string>>();
  for (const line of lines) {
    if (!line.fields.phone) continue;
    const key = `phone:${phoneKey(line.fields.phone)}`;
    const group = groups.get(key) ?? { lines: [] };
    group.lines.push(line);
    groups.set(key, group);
    if (line.fields.customerName) phonesOfName.set(nameKey(line.fields.customerName), (phonesOfName.get(nameKey(line.fields.customerName)) ?? new Set()).add(key));
  }
  for (const line of lines) {
    if (line.fields.phone) continue;
    if (!line.fields.customerName) {
      problems.add(line.row, 'customerName', 'Customer Name is required.');
      continue;
    }
    const name = nameKey(line.fields.customerName);
    const inFile = [...(phonesOfName.get(name) ?? [])];
    const inShop = byName.get(name) ?? [];
    const candidates = inFile.length ? inFile : inShop.map((customer) => `shop:${customer.id}`);
    if (candidates.length > 1) problems.add(line.row, 'phone', `More than one customer is named ${line.fields.customerName.trim()}: give this row their phone.`);
    else if (candidates.length === 0) problems.add(line.row, 'phone', 'Phone number is required.');
    else {
      const group = groups.get(candidates[0]!) ?? { lines: [], stored: inShop[0] };
      group.lines.push(line);
      groups.set(candidates[0]!, group);
    }
  }
  for (const [key, group] of groups) {
    if (!key.startsWith('phone:') || group.stored) continue;
    const found = byPhone.get(key.slice('phone:'.length)) ?? [];
    const name = nameKey(group.lines[0]?.fields.customerName ?? '');
    group.stored = found.find((customer) => nameKey(customer.customerName) === name) ?? found[0];
  }

  const steps: PlanStep[] = [];
  const tallies = { customers: emptyTally(), vehicles: emptyTally() };
  const platesSeen = new Map<string, number>();
  let customerTotal = 0;
  let vehicleTotal = 0;
  for (const group of [...groups.values()].sort((a, b) => a.lines[0]!.row - b.lines[0]!.row)) {
    group.lines.sort((a, b) => a.row - b.row);
    // The customer as its rows give it: a field given two ways refuses the later row.
    const fields: CustomerFields = {};
    const givenOn: Partial<Record<CustomerKey, number>> = {};
    const clean: Line[] = [];
    for (const line of group.lines) {
      const clash = customerKeys.find(
        (key) => line.fields[key] !== undefined && fields[key] !== undefined && nameKey(line.fields[key]!) !== nameKey(fields[key]!) && key !== 'phone',
      );
      if (clash) {
        problems.add(
          line.row,
          clash,
          `This customer's ${problems.label(clash)} is '${fields[clash]}' on row ${givenOn[clash]} and '${line.fields[clash]}' here: write it the same way on each of their rows.`,
        );
        continue;
      }
      for (const key of customerKeys) {
        if (line.fields[key] !== undefined && fields[key] === undefined) {
          fields[key] = line.fields[key];
          givenOn[key] = line.row;
        }
      }
      const vehicle = vehicleSchema.safeParse(line.vehicle);
      if (!vehicle.success) {
        problems.addIssue(line.row, vehicle.error, (path) => String(path[0]));
        continue;
      }
      const plate = plateKey(vehicle.data.licensePlate);
      const earlier = platesSeen.get(plate);
      if (earlier !== undefined) {
        problems.add(line.row, 'licensePlate', `License plate ${line.vehicle.licensePlate} is also on row ${earlier}.`);
        continue;
      }
      platesSeen.set(plate, line.row);
      const owner = byPlate.get(plate);
      if (owner && owner.id !== group.stored?.id) {
        problems.add(line.row, 'licensePlate', `License plate ${line.vehicle.licensePlate} belongs to ${owner.customerName} (${owner.phone}) in the shop.`);
        continue;
      }
      clean.push(line);
    }
    if (!clean.length) continue;
    const refuseAll = (error: z.ZodError) => {
      for (const line of clean) problems.addIssue(line.row, error, columnOf);
    };
    const vehicles = clean.map((line) => line.vehicle);
    const rowsOf = clean.map((line) => line.row);
    if (!group.stored) {
      const id = newId();
      const args = { id, ...customerArgs(fields), email: fields.email ?? '', city: fields.city ?? '', contactPerson: fields.contactPerson ?? '', vehicles };
      const schema = fields.email ? createCustomerSchema : quickCreateCustomerSchema;
      const parsed = schema.safeParse(args);
      if (!parsed.success) {
        refuseAll(parsed.error);
        continue;
      }
      steps.push({ op: 'create', table: 'customers', id, name: fields.email ? 'createCustomer' : 'quickCreateCustomer', args, rows: rowsOf });
      tallies.customers.new++;
      tallies.vehicles.new += clean.length;
    } else {
      const stored = group.stored;
      const record: CustomerRecord = { fields, vehicles };
      let patch: Record<string, unknown> | null;
      try {
        patch = editPatch('updateCustomer', stored.id, customerUpdateInput(stored, record), stored as unknown as Record<string, unknown>);
      } catch (error) {
        for (const line of clean) problems.add(line.row, error instanceof ValidationError ? columnOf(error.field?.split('.') ?? []) : undefined, (error as Error).message);
        continue;
      }
      if (patch) {
        // The server checks the customer whole after an edit (entity-rules.ts): refused here, not there.
        const whole = customerInputSchema.safeParse({ ...stored, ...patch });
        if (!whole.success) {
          refuseAll(whole.error);
          continue;
        }
        steps.push({ op: 'update', table: 'customers', id: stored.id, name: 'updateCustomer', record: record as unknown as Record<string, unknown>, rows: rowsOf });
      }
      tallies.customers[patch ? 'update' : 'unchanged']++;
      for (const vehicle of vehicles) {
        const same = stored.vehicles.find((candidate) => plateKey(candidate.licensePlate) === plateKey(vehicle.licensePlate ?? ''));
        tallies.vehicles[!same ? 'new' : vehicleChanges(same, vehicle) ? 'update' : 'unchanged']++;
      }
    }
    customerTotal++;
    vehicleTotal += clean.length;
  }
  return { steps, tallies, problems: problems.list(), totals: { customers: customerTotal, vehicles: vehicleTotal } };
}
