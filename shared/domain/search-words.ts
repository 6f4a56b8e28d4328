import type { SyncedTable } from '../sync/tables';

/**
 * Each searchable row carries `searchWords`: the lower-cased words and whole values of the fields a
 * screen searches, in a multi-entry index. A search then reads only the rows whose words start
 * with what was typed, instead of scanning every row (50,000 items stay fast).
 */
const searchedFields: Partial<Record<SyncedTable, (row: Record<string, unknown>) => unknown[]>> = {
  categories: (row) => [row.name, row.description],
  customers: (row) => [
    row.customerName,
    row.contactPerson,
    row.email,
    row.phone,
    ...((row.vehicles as { licensePlate?: string }[] | undefined) ?? []).map((v) => v.licensePlate),
  ],
  items: (row) => [row.itemName, row.barcode],
  services: (row) => [row.serviceId, row.name],
  jobCards: (row) => [row.jobNumber, row.customerName, row.customerPhone, row.vehicleLicensePlate],
  invoices: (row) => [row.invoiceNo, row.customerName, row.customerPhone, row.vehicleLicensePlate],
};

/**
 * Words no typed search can produce (search tokens have no '~'), so a list can ask for them as a
 * filter through the same index: `~finished` is every finished job (see statusWord).
 */
const filterWords: Partial<Record<SyncedTable, (row: Record<string, unknown>) => string[]>> = {
  jobCards: (row) => (typeof row.status === 'string' ? [statusWord(row.status), ...(isCurrent(row.status) ? [currentWord] : [])] : []),
};

/** Current Jobs lists the open jobs and the suspended ones waiting to be resumed, under one word. */
export const currentWord = '~current';
const isCurrent = (status: string) => ['open', 'suspended'].includes(status.trim().toLowerCase());

export const statusWord = (status: string) => `~${status.trim().toLowerCase()}`;

export function searchTokens(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

// Fields people look up by their last digits (a phone's '4567', a plate's '1234', a barcode's end).
const numberFields: Partial<Record<SyncedTable, (row: Record<string, unknown>) => unknown[]>> = {
  customers: (row) => [row.phone, ...((row.vehicles as { licensePlate?: string }[] | undefined) ?? []).map((v) => v.licensePlate)],
  items: (row) => [row.barcode],
  jobCards: (row) => [row.customerPhone, row.vehicleLicensePlate, row.jobNumber],
  invoices: (row) => [row.invoiceNo, row.customerPhone],
};

/**
 * Every ending of 3 or more digits of each run of digits: a search matches the start of a word,
 * so '4567' then finds 0771234567 and '234' finds it too (any run of 3 or more of its digits).
 */
export function digitEndings(value: string): string[] {
  const endings: string[] = [];
  for (const run of value.match(/\d{3,}/g) ?? []) {
    for (let start = 1; start <= run.length - 3; start++) endings.push(run.slice(start));
  }
  return endings;
}

export function searchWordsFor(table: SyncedTable, row: Record<string, unknown>): string[] | undefined {
  const fields = searchedFields[table];
  if (!fields) return undefined;
  const words = new Set<string>();
  for (const value of fields(row)) {
    if (typeof value !== 'string' || !value) continue;
    const whole = value.toLowerCase().trim();
    if (whole.length <= 60) words.add(whole);
    for (const token of searchTokens(value)) words.add(token);
  }
  for (const value of numberFields[table]?.(row) ?? []) {
    if (typeof value === 'string') for (const ending of digitEndings(value)) words.add(ending);
  }
  for (const word of filterWords[table]?.(row) ?? []) words.add(word);
  return [...words];
}

export const searchableTables = Object.keys(searchedFields) as SyncedTable[];

// Lists sort by this lower-cased name in an index, so 'bosch' sorts with 'Bosch', not after 'Z'.
const sortFields: Partial<Record<SyncedTable, string>> = {
  categories: 'name',
  customers: 'customerName',
  items: 'itemName',
  services: 'name',
};

/** Digits of a timestamp turned 9 − d: ascending keys, newest first. */
const newestFirst = (iso: string) => iso.replace(/\D/g, '').replace(/\d/g, (digit) => String(9 - Number(digit)));

// Job cards list newest first by date in, else created, else updated (spec 2.7, Finished Jobs).
const sortKeyMakers: Partial<Record<SyncedTable, (row: Record<string, unknown>) => string>> = {
  jobCards: (row) => newestFirst(String(row.dateIn || row.createdAt || row.updatedAt || '')),
  invoices: (row) => newestFirst(String(row.date || row.createdAt || '')),
};

export function sortKeyFor(table: SyncedTable, row: Record<string, unknown>): string {
  const make = sortKeyMakers[table];
  if (make) return make(row);
  const field = sortFields[table];
  const value = field ? row[field] : '';
  return typeof value === 'string' ? value.trim().toLocaleLowerCase() : '';
}

/** A row matches a search when each typed token starts one of its words (the device's lists and the server's search agree). */
export function matchesTokens(words: readonly string[], tokens: readonly string[]): boolean {
  return tokens.every((token) => words.some((word) => word.startsWith(token)));
}

/** The lists' order: `sortKey` by code unit (IndexedDB's order of strings), ties by id. */
export function compareSortKeys(a: { key: string; id: string }, b: { key: string; id: string }): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The tables whose search the server answers while a new device downloads them (server/src/sync/search.ts). */
export const downloadSearchTables = ['items', 'customers'] as const satisfies readonly SyncedTable[];
export type DownloadSearchTable = (typeof downloadSearchTables)[number];
