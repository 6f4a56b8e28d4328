import { badRequest } from '@server/http/errors';
import { isBlank } from '@shared/schemas/numbers';
import { newRecordId } from '@shared/sync/record-id';

/**
 * The spec's job card bodies (spec 3) as our mutations' arguments. Older clients and records name
 * fields differently (vehicleRegNumber, mileage, problem, customer as an object, ...); each of our
 * fields lists the names it is read from, ours first. Nothing here validates: the shared schema
 * does, with its own messages, so a value of the wrong kind is passed on as it came.
 */
export const fieldAliases = {
  customerId: ['customerId', 'customer'],
  vehicleLicensePlate: ['vehicleLicensePlate', 'vehicleRegistrationNumber', 'vehicleRegNumber'],
  vehicleMake: ['vehicleMake'],
  vehicleModel: ['vehicleModel'],
  currentMileage: ['currentMileage', 'mileage', 'odometer'],
  previousMileage: ['previousMileage'],
  dateIn: ['dateIn'],
  jobType: ['jobType', 'issueDescription', 'description', 'problem', 'customerComplaint'],
  promisedDate: ['promisedDate', 'promiseDate', 'promissedDate', 'dateOut'],
  promisedTime: ['promisedTime'],
  actionTaken: ['actionTaken'],
  notes: ['notes'],
  mechanicId: ['mechanicId', 'mechanic', 'assignedMechanic', 'assignedTo'],
} as const satisfies Record<string, readonly string[]>;

export type JobCardField = keyof typeof fieldAliases;

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body => !!value && typeof value === 'object' && !Array.isArray(value);

/** A reference sent as an id or as the record itself (`{ _id }` or `{ id }`, as GET answers it). */
export function refOf(value: unknown): unknown {
  if (!isObject(value)) return value;
  if (value._id !== undefined) return value._id;
  if (value.id !== undefined) return value.id;
  return value;
}

const converters: Partial<Record<JobCardField, (value: unknown) => unknown>> = {
  customerId: refOf,
  mechanicId: refOf,
  // Older records keep the promised date as a timestamp; the job card keeps the day.
  promisedDate: (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value.trim()) ? value.trim().slice(0, 10) : value),
};

/**
 * The value of one field: the first of its names with a value that is not blank (so that an empty
 * `vehicleLicensePlate` next to a filled `vehicleRegNumber` takes the latter), else the first given.
 */
function pick(body: Body, names: readonly string[]): unknown {
  const given = names.filter((name) => Object.hasOwn(body, name) && body[name] !== undefined);
  const name = given.find((key) => !isBlank(refOf(body[key]))) ?? given[0];
  return name === undefined ? undefined : body[name];
}

/** The job card's own fields a body names, under our names; a field the body does not name is absent. */
export function jobCardFieldsFromBody(body: Body): Partial<Record<JobCardField, unknown>> {
  const fields: Partial<Record<JobCardField, unknown>> = {};
  for (const [field, names] of Object.entries(fieldAliases) as [JobCardField, readonly string[]][]) {
    const value = pick(body, names);
    if (value === undefined) continue;
    const convert = converters[field];
    fields[field] = convert ? convert(value) : value;
  }
  return fields;
}

export type LineKind = 'item' | 'service';

/** The spec's line names per kind: jobItems[] { item, itemName, itemPrice }, jobServices[] { service, serviceName, servicePrice }. */
const lineNames = {
  item: { list: 'jobItems', ref: 'item', name: 'itemName' },
  service: { list: 'jobServices', ref: 'service', name: 'serviceName' },
} as const;

/** The line's own id as the body names it (`_id`, or `id`), or undefined for a new line. */
export function lineIdOf(line: unknown): unknown {
  if (!isObject(line)) return undefined;
  return line._id ?? line.id ?? undefined;
}

/**
 * One of the spec's job lines as a line of ours (`jobLineInputSchema`): a line without an id gets a
 * new one. A line that is not an object is passed on for the schema to refuse.
 */
export function lineFromBody(kind: LineKind, line: unknown, newId: () => string = newRecordId): unknown {
  if (!isObject(line)) return line;
  const names = lineNames[kind];
  const id = lineIdOf(line);
  const result: Body = {
    id: id === undefined || id === null ? newId() : id,
    kind,
    refId: refOf(line[names.ref] ?? line.refId ?? null),
    name: line[names.name] ?? line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    warranty: line.warranty,
  };
  if (line.quickAdded !== undefined) result.quickAdded = line.quickAdded;
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

/**
 * A body's jobItems or jobServices: undefined when it has none (or null), else the list as lines of
 * ours. Anything but a list is refused here: there is no line in it to report on.
 */
export function linesFromBody(body: Body, kind: LineKind, newId: () => string = newRecordId): unknown[] | undefined {
  const { list } = lineNames[kind];
  const value = body[list];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw badRequest(`${list} must be a list.`);
  return value.map((line) => lineFromBody(kind, line, newId));
}
