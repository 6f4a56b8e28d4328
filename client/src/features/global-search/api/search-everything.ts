import type { Table } from 'dexie';
import { db } from '@/db/instance';
import { queryPage, warmSearchIndex, type SearchRow } from '@/search';
import { paths } from '@/lib/paths';
import { creditNotePath, jobPagePath, reprintPath, vehicleHistoryPath } from '@/components/print/reprint-path';
import { plateKey, searchShape, type SearchShape } from '@shared/domain/search-shape';
import { matchesTokens, searchTokens } from '@shared/domain/search-words';
import { formatMoney } from '@shared/domain/money';

export type ResultKind = 'customer' | 'vehicle' | 'job' | 'invoice' | 'creditNote' | 'item' | 'service';

export interface SearchResult {
  kind: ResultKind;
  id: string;
  /** What the result is called (a name, a number, a plate). */
  title: string;
  /** A line under it: a phone, a customer, a total. */
  detail: string;
  href: string;
}

export interface SearchGroup {
  kind: ResultKind;
  label: string;
  results: SearchResult[];
}

export const groupLabels: Record<ResultKind, string> = {
  customer: 'Customers',
  vehicle: 'Vehicles',
  job: 'Job Cards',
  invoice: 'Invoices',
  creditNote: 'Credit Notes',
  item: 'Items',
  service: 'Services',
};

/** The kinds in the order shown: what the search looks like first (a job number: its job), the rest after. */
const firstKinds: Record<SearchShape['kind'], ResultKind[]> = {
  job: ['job'],
  invoice: ['invoice'],
  creditNote: ['creditNote'],
  phone: ['customer'],
  plate: ['vehicle', 'job'],
  words: [],
};
const everyKind: ResultKind[] = ['customer', 'vehicle', 'job', 'invoice', 'creditNote', 'item', 'service'];

const link = (path: string, search: string) => `${path}?search=${encodeURIComponent(search)}`;

/** A vehicle found on a customer or a job, once per plate. */
function addVehicle(found: Map<string, SearchResult>, plate: string, detail: string): void {
  const key = plateKey(plate);
  if (!key || found.has(key)) return;
  found.set(key, { kind: 'vehicle', id: key, title: plate.toUpperCase(), detail, href: vehicleHistoryPath(key) });
}

/** What each kind's read found; a kind still being read is missing. */
type RowOf<T> = T extends Table<infer Row, string> ? Row : never;
interface Found {
  customers: RowOf<typeof db.customers>[];
  jobs: RowOf<typeof db.jobCards>[];
  invoices: RowOf<typeof db.invoices>[];
  items: RowOf<typeof db.items>[];
  services: RowOf<typeof db.services>[];
  creditNotes: RowOf<typeof db.creditNotes>[];
  jobByNumber: RowOf<typeof db.jobCards> | undefined;
}

/**
 * How long the top bar waits for every kind before it shows those that have answered. Right after
 * the app opens, an in-memory index may still be loading (items, customers) or building (job cards,
 * invoices), and one kind's wait must not hold back the others' results (issue 28).
 */
const earlyMs = 40;

/**
 * The box has the cursor: the indexes it searches are read now, before its first keystroke asks for
 * them (after a reload, each is read from its snapshot in turn: search/snapshot.ts). In the order a
 * phone's search asks, customers first. Usually done already by the app's idle warm-up.
 */
export function prepareSearch(): void {
  for (const table of [db.customers, db.jobCards, db.invoices, db.items, db.services] as Table<SearchRow, string>[]) void warmSearchIndex(table).catch(() => undefined);
}

/**
 * Everything the top bar finds for what was typed, from this device's own data (so offline too), at
 * most `perKind` of each kind, grouped, the kind the text looks like first (shared/domain/search-shape.ts).
 * A plate is searched as one key (CAB1234) whatever its spacing, dashes, case or province.
 * When some kinds are slow to answer, `onEarly` is given what the others found, as they answer.
 */
export async function searchEverything(typed: string, perKind = 5, onEarly?: (groups: SearchGroup[]) => void): Promise<SearchGroup[]> {
  const text = typed.trim();
  // One letter finds too much to be useful; one digit is a job's number (7 is JOB-0007).
  if (text.length < 2 && !/^\d$/.test(text)) return [];
  const shape = searchShape(text);
  const search = shape.kind === 'plate' ? shape.key.toLowerCase() : shape.kind === 'phone' ? shape.digits : text;
  const page = { search, page: 1, pageSize: perKind, rowsOnly: true };
  const found: Partial<Found> = {};
  let early = false;
  const read = <K extends keyof Found>(kind: K, reading: Promise<Found[K]>) =>
    reading.then((value) => {
      found[kind] = value;
      if (early) onEarly?.(groupsOf(found, shape, search, perKind));
    });
  // One digit is only a job's number: as a word prefix it starts most phones, plates and barcodes,
  // and reading those (tens of thousands of keys at a big shop) is what made it slow.
  const jobNumberOnly = text.length === 1;
  const pageOf = <T extends SearchRow>(table: Table<T, string>) => (jobNumberOnly ? Promise.resolve([]) : queryPage(table, page).then((result) => result.rows));
  const isPlate = shape.kind === 'plate';
  const reads = Promise.all([
    read('customers', pageOf(db.customers)),
    read('jobs', pageOf(db.jobCards)),
    read('invoices', pageOf(db.invoices)),
    read('items', isPlate ? Promise.resolve([]) : pageOf(db.items)),
    read('services', isPlate ? Promise.resolve([]) : pageOf(db.services)),
    read(
      'creditNotes',
      shape.kind === 'creditNote' || shape.kind === 'words'
        ? db.creditNotes.where('creditNoteNo').startsWithIgnoreCase(text.replace(/\s+/g, '-')).limit(perKind).toArray()
        : Promise.resolve([]),
    ),
    read('jobByNumber', shape.kind === 'job' ? db.jobCards.where('jobNumber').equals(shape.jobNumber).first() : Promise.resolve(undefined)),
  ]);
  if (onEarly) {
    const done = await Promise.race([reads.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), earlyMs))]);
    if (!done) {
      early = true;
      onEarly(groupsOf(found, shape, search, perKind));
    }
  }
  await reads;
  early = false;
  return groupsOf(found, shape, search, perKind);
}

/** The groups shown for what has been found so far, in the order the text's shape asks. */
function groupsOf(found: Partial<Found>, shape: SearchShape, search: string, perKind: number): SearchGroup[] {
  const tokens = searchTokens(search);
  const customers = found.customers ?? [];
  const jobs = found.jobs ?? [];
  const jobByNumber = found.jobByNumber;

  const vehicles = new Map<string, SearchResult>();
  for (const customer of customers) {
    for (const vehicle of customer.vehicles ?? []) {
      const words = [vehicle.licensePlate, plateKey(vehicle.licensePlate), vehicle.vin ?? ''].flatMap((value) => [value.toLowerCase(), ...searchTokens(value)]);
      if (matchesTokens(words, tokens)) addVehicle(vehicles, vehicle.licensePlate, [vehicle.make, vehicle.model, customer.customerName].filter(Boolean).join(' · '));
    }
  }
  for (const job of jobs) {
    if (matchesTokens([job.vehicleLicensePlate.toLowerCase(), plateKey(job.vehicleLicensePlate).toLowerCase(), ...searchTokens(job.vehicleLicensePlate)], tokens)) {
      addVehicle(vehicles, job.vehicleLicensePlate, [job.vehicleMake, job.customerName].filter(Boolean).join(' · '));
    }
  }

  const jobRows = jobByNumber ? [jobByNumber, ...jobs.filter((row) => row.id !== jobByNumber.id)] : jobs;
  const results: Record<ResultKind, SearchResult[]> = {
    customer: customers.map((row) => ({
      kind: 'customer',
      id: row.id,
      title: row.customerName,
      detail: [row.phone, row.email].filter(Boolean).join(' · '),
      href: link(paths.customers, row.customerName),
    })),
    vehicle: [...vehicles.values()].slice(0, perKind),
    job: jobRows.slice(0, perKind).map((row) => ({
      kind: 'job',
      id: row.id,
      title: row.jobNumber ?? 'Job (number on its way)',
      detail: [row.vehicleLicensePlate, row.customerName, row.status].filter(Boolean).join(' · '),
      href: jobPagePath(row.id),
    })),
    invoice: (found.invoices ?? []).map((row) => ({
      kind: 'invoice',
      id: row.id,
      title: row.invoiceNo,
      detail: [row.customerName, formatMoney(row.totalCents)].filter(Boolean).join(' · '),
      href: reprintPath(row.id),
    })),
    creditNote: (found.creditNotes ?? []).map((row) => ({
      kind: 'creditNote',
      id: row.id,
      title: row.creditNoteNo,
      detail: [row.customerName, formatMoney(row.totalCents)].filter(Boolean).join(' · '),
      href: creditNotePath(row.id),
    })),
    item: (found.items ?? []).map((row) => ({ kind: 'item', id: row.id, title: row.itemName, detail: row.barcode, href: link(paths.items, row.barcode || row.itemName) })),
    service: (found.services ?? []).map((row) => ({
      kind: 'service',
      id: row.id,
      title: row.name,
      detail: row.serviceId ?? '',
      href: link(paths.services, row.serviceId || row.name),
    })),
  };
  const order = [...firstKinds[shape.kind], ...everyKind.filter((kind) => !firstKinds[shape.kind].includes(kind))];
  return order.filter((kind) => results[kind].length > 0).map((kind) => ({ kind, label: groupLabels[kind], results: results[kind] }));
}
