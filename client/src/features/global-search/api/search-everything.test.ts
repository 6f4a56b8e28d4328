import { beforeEach, describe, expect, it, vi } from 'vitest';

// The device's tables, each answering when the test says: a kind whose index is still loading is slow.
const delays: Record<string, number> = {};
const rowsOf: Record<string, object[]> = {
  customers: [{ id: 'c1', customerName: 'Nimal Perera', phone: '0771234567', vehicles: [{ licensePlate: 'CAB-1234', make: 'Toyota', model: 'Axio' }] }],
  jobCards: [{ id: 'j1', jobNumber: 'JOB-0012', vehicleLicensePlate: 'CAB-1234', vehicleMake: 'Toyota', customerName: 'Nimal Perera', status: 'Open' }],
  invoices: [],
  items: [],
  services: [],
};
const table = (name: string) => ({
  name,
  where: () => ({ startsWithIgnoreCase: () => ({ limit: () => ({ toArray: async () => [] }) }), equals: () => ({ first: async () => undefined }) }),
});
vi.mock('@/db/instance', () => ({
  db: Object.fromEntries(['customers', 'jobCards', 'invoices', 'items', 'services', 'creditNotes'].map((name) => [name, table(name)])),
}));
const asked: string[] = [];
vi.mock('@/search', () => ({
  queryPage: (source: { name: string }) =>
    asked.push(source.name) &&
    new Promise((resolve) => setTimeout(() => resolve({ rows: rowsOf[source.name] ?? [], total: (rowsOf[source.name] ?? []).length }), delays[source.name] ?? 0)),
}));

const { searchEverything } = await import('./search-everything');
const kinds = (groups: { kind: string }[]) => groups.map((group) => group.kind);

describe('searchEverything: a slow kind does not hold back the others', () => {
  beforeEach(() => {
    for (const key of Object.keys(delays)) delete delays[key];
    asked.length = 0;
  });

  it('looks a single digit up as a job number only, not as a prefix of every word', async () => {
    await searchEverything('7', 5, vi.fn());
    expect(asked).toEqual([]);
    await searchEverything('71', 5, vi.fn());
    expect(asked.sort()).toEqual(['customers', 'invoices', 'items', 'jobCards', 'services']);
  });

  it('answers once, with every kind, when all answer at once', async () => {
    const early = vi.fn();
    const groups = await searchEverything('cab1234', 5, early);
    expect(early).not.toHaveBeenCalled();
    expect(kinds(groups)).toEqual(['vehicle', 'job', 'customer']);
  });

  it('shows the kinds that answered while one is still being read, then all of them', async () => {
    delays.customers = 300; // the customers' index still loading after the app opened
    const early = vi.fn();
    const groups = await searchEverything('cab1234', 5, early);
    // A plate: vehicles, then jobs first. First what the job cards found (the vehicle through its job), then the customer too.
    expect(kinds(early.mock.calls[0]![0])).toEqual(['vehicle', 'job']);
    expect(kinds(early.mock.calls.at(-1)![0])).toEqual(['vehicle', 'job', 'customer']);
    expect(kinds(groups)).toEqual(['vehicle', 'job', 'customer']);
  });
});
