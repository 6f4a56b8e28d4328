// Job cards for the seed (`--jobs 100000`): a big shop's three years of work, built like the rest of
// the seed from the arguments of the app's own create mutation (createJobCard), parsed by the shared
// schema and turned into columns by the shared field maps. scripts/bench/seed-data.ts writes them.
import { findMutation } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { jobLineFields, openedChangeId } from '@shared/mutations/job-cards';
import type { JobLineInput } from '@shared/schemas/job-card';
import type { JobStatus } from '@shared/domain/job-status';
import { Random } from './random';
import { jobNotes, jobProblems } from './vocabulary';

export interface JobPools {
  /** Customers with their vehicles (the plates jobs are opened for). */
  customers: { id: string; customerName: string; phone: string; vehicles: { make: string; model: string; year: number; licensePlate: string }[] }[];
  items: { id: string; itemName: string; unitPriceCents: number }[];
  services: { id: string; name: string; priceCents: number }[];
  /** Who opens, moves and works on the jobs: the shop's Admin (the only staff member the seed knows). */
  staff: { id: string; name: string };
}

/** One job as the app would hold it after its create and (for most) one status move. */
export interface PlannedJob {
  /** The job's final row, without its number (the server's sequence gives it when writing). */
  job: Record<string, unknown>;
  /** Written at the create's version. */
  lines: Record<string, unknown>[];
  /** The opening status row, at the create's version. */
  opened: Record<string, unknown>;
  /** Open → Finished or Open → Suspended, at a version of its own (the job's); null for an open job. */
  move: Record<string, unknown> | null;
}

const day = 24 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;
/** Three years of work, newest at the seed's own time. */
const spanDays = 3 * 365;

/** Status mix of a shop that has run for years: nearly everything is finished. */
function pickStatus(random: Random): JobStatus {
  const r = random.next();
  return r < 0.97 ? 'Finished' : r < 0.99 ? 'Open' : 'Suspended';
}

/**
 * When the vehicle came in: finished jobs anywhere in the three years, open ones in the last two
 * weeks (most of them in the last few days), suspended ones in the last two months. Working hours in
 * Sri Lanka (07:30 to 18:00, UTC+5:30), never after `now`.
 */
function dateInFor(random: Random, status: JobStatus, now: number): number {
  const back = status === 'Finished' ? random.next() * spanDays : status === 'Open' ? random.next() ** 2 * 14 : random.next() * 60;
  const dayStart = Math.floor((now - back * day) / day) * day;
  const at = dayStart + 2 * hour + random.next() * 10.5 * hour;
  return Math.min(at, now - random.int(5, 120) * 60 * 1000);
}

const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

function lineInputs(random: Random, pools: JobPools): Record<string, unknown>[] {
  const count = random.int(2, 4);
  const serviceCount = pools.services.length === 0 ? 0 : pools.items.length === 0 ? count : random.int(1, Math.min(2, count));
  const lines: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    if (i < serviceCount) {
      const service = random.pick(pools.services);
      lines.push({
        id: random.uuid(),
        kind: 'service',
        refId: service.id,
        name: service.name,
        quantity: 1,
        unitPrice: service.priceCents / 100,
        warranty: random.chance(0.1) ? random.pick(['1 month', '3 months']) : '',
      });
    } else if (pools.items.length > 0 && random.chance(0.95)) {
      const item = random.pick(pools.items);
      lines.push({
        id: random.uuid(),
        kind: 'item',
        refId: item.id,
        name: item.itemName,
        quantity: random.chance(0.75) ? 1 : random.pick([2, 4]),
        unitPrice: item.unitPriceCents / 100,
        warranty: random.chance(0.2) ? random.pick(['6 months', '1 year', '3 months']) : '',
      });
    } else {
      // Typed by hand: outside work or a part bought in for this job.
      lines.push({
        id: random.uuid(),
        kind: random.chance(0.5) ? 'service' : 'item',
        refId: null,
        name: random.pick(['Outside work - lathe', 'Welding', 'Part bought in', 'Towing', 'Sundries']),
        quantity: 1,
        unitPrice: random.int(5, 200) * 100,
        warranty: '',
      });
    }
  }
  return lines;
}

/** The shared schema's reading of createJobCard's arguments (what the server's create stores). */
function parseCreate(args: Record<string, unknown>): Record<string, unknown> & { lines: JobLineInput[] } {
  const parsed = findMutation('createJobCard')!.schema.safeParse(args);
  if (!parsed.success) throw new Error(`createJobCard refused seed data ${JSON.stringify(args)}: ${parsed.error.issues[0]?.message}`);
  return parsed.data as Record<string, unknown> & { lines: JobLineInput[] };
}

/**
 * `count` jobs in the order they came in (oldest first, so the server's numbers follow the dates):
 * each of a customer's real vehicles (regular customers come far more often), mileage growing
 * visit after visit (the previous mileage is that plate's last job's), 2 to 4 lines of the shop's
 * services and items, and the status history the app writes (opened; then finished or suspended).
 */
export function planJobs(random: Random, count: number, pools: JobPools, now: number): PlannedJob[] {
  const customers = pools.customers.filter((customer) => customer.vehicles.length > 0);
  if (count === 0 || customers.length === 0) return [];
  const plan = Array.from({ length: count }, () => {
    const status = pickStatus(random);
    return { status, dateIn: dateInFor(random, status, now) };
  }).sort((a, b) => a.dateIn - b.dateIn);

  const lastMileage = new Map<string, { mileage: number; at: number }>();
  const thisYear = new Date(now).getUTCFullYear();
  const { staff } = pools;
  return plan.map(({ status, dateIn }) => {
    // A skewed pick: fleets and regulars come back every few weeks, most customers now and then.
    const customer = customers[Math.floor(random.next() ** 1.3 * customers.length)]!;
    const vehicle = random.pick(customer.vehicles);
    const last = lastMileage.get(vehicle.licensePlate);
    const firstMileage = () => Math.max(1000, Math.round(Math.max(1, thisYear - vehicle.year) * random.int(6000, 18000) + random.int(0, 999)));
    const currentMileage = last ? last.mileage + Math.max(100, Math.round(((dateIn - last.at) / day) * random.int(15, 70))) : firstMileage();
    lastMileage.set(vehicle.licensePlate, { mileage: currentMileage, at: dateIn });

    const id = random.uuid();
    const problem = random.pick(jobProblems);
    const promised = random.chance(0.7) ? iso(dateIn + random.int(0, 2) * day).slice(0, 10) : '';
    const args = {
      id,
      customerId: customer.id,
      vehicleLicensePlate: vehicle.licensePlate,
      vehicleMake: vehicle.make,
      vehicleModel: vehicle.model,
      currentMileage,
      previousMileage: last ? last.mileage : null,
      dateIn: iso(dateIn),
      jobType: problem.problem,
      promisedDate: promised,
      promisedTime: promised && random.chance(0.5) ? random.pick(['10:00', '12:00', '14:30', '16:00', '17:30']) : '',
      actionTaken: status === 'Finished' || random.chance(0.3) ? random.pick(problem.actions) : '',
      notes:
        status === 'Suspended'
          ? random.pick(['Waiting for parts', 'Customer to confirm the estimate', 'Waiting for insurance approval'])
          : random.chance(0.1)
            ? random.pick(jobNotes)
            : '',
      mechanicId: random.chance(0.8) ? staff.id : null,
      mechanicName: '',
      lines: lineInputs(random, pools),
    };
    const parsed = parseCreate(args);
    const createdAt = iso(Math.min(dateIn + random.int(0, 600) * 1000, now - 3 * 60 * 1000));
    // After the create: finished within hours or days, suspended the same day or the next.
    const movedAt =
      status === 'Open' ? null : iso(Math.max(Date.parse(createdAt) + 60_000, Math.min(dateIn + random.int(1, status === 'Finished' ? 72 : 30) * hour, now - 60_000)));
    const job = {
      ...fieldsFromArgs('jobCards', parsed),
      // As createJobCard: the customer's name and phone and the mechanic's name as they were then.
      customerName: customer.customerName,
      customerPhone: customer.phone,
      mechanicId: parsed.mechanicId ?? null,
      mechanicName: parsed.mechanicId ? staff.name : '',
      id,
      status,
      invoiceId: null,
      invoiceNo: null,
      createdAt,
      finishedAt: status === 'Finished' ? movedAt : null,
    };
    const change = (changeId: string, fromStatus: JobStatus | null, toStatus: JobStatus, at: string) => ({
      id: changeId,
      jobCardId: id,
      fromStatus,
      toStatus,
      userId: staff.id,
      userName: staff.name,
      at,
    });
    return {
      job,
      lines: parsed.lines.map((line) => ({ ...jobLineFields(id, line), createdAt })),
      opened: change(openedChangeId(id), null, 'Open', createdAt),
      move: movedAt ? change(random.uuid(), 'Open', status, movedAt) : null,
    };
  });
}
