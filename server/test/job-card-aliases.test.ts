import { describe, expect, it } from 'vitest';
import { jobCardFieldsFromBody, lineFromBody, linesFromBody, refOf } from '../src/routes/job-cards/aliases';
import { HttpError } from '../src/http/errors';

// The spec's older names (spec 3) read as ours: one row per case.

describe('job card field aliases', () => {
  it.each([
    ['vehicleLicensePlate', { vehicleLicensePlate: 'CAB-1234' }, { vehicleLicensePlate: 'CAB-1234' }],
    ['vehicleRegistrationNumber', { vehicleRegistrationNumber: 'CAB-1234' }, { vehicleLicensePlate: 'CAB-1234' }],
    ['vehicleRegNumber', { vehicleRegNumber: 'cab-1234' }, { vehicleLicensePlate: 'cab-1234' }],
    ['ours first when both are given', { vehicleLicensePlate: 'OURS', vehicleRegNumber: 'OLD' }, { vehicleLicensePlate: 'OURS' }],
    ['a blank one gives way to a filled alias', { vehicleLicensePlate: ' ', vehicleRegNumber: 'OLD' }, { vehicleLicensePlate: 'OLD' }],
    ['all blank: the first, for the schema to refuse', { vehicleLicensePlate: '', vehicleRegNumber: null }, { vehicleLicensePlate: '' }],
    ['mileage', { mileage: 45000 }, { currentMileage: 45000 }],
    ['odometer', { odometer: '45000' }, { currentMileage: '45000' }],
    ['currentMileage before mileage', { currentMileage: 1, mileage: 2 }, { currentMileage: 1 }],
    ['a mileage of 0 is a value, not a blank', { currentMileage: 0, mileage: 2 }, { currentMileage: 0 }],
    ['issueDescription', { issueDescription: 'Brake noise' }, { jobType: 'Brake noise' }],
    ['description', { description: 'Brake noise' }, { jobType: 'Brake noise' }],
    ['problem', { problem: 'Brake noise' }, { jobType: 'Brake noise' }],
    ['customerComplaint', { customerComplaint: 'Brake noise' }, { jobType: 'Brake noise' }],
    ['promiseDate', { promiseDate: '2026-11-25' }, { promisedDate: '2026-11-25' }],
    ['promissedDate', { promissedDate: '2026-11-25' }, { promisedDate: '2026-11-25' }],
    ['dateOut as a timestamp keeps its day', { dateOut: '2026-11-25T10:00:00.000Z' }, { promisedDate: '2026-11-25' }],
    ['customer as an id', { customer: 'c1' }, { customerId: 'c1' }],
    ['customer as { _id }', { customer: { _id: 'c1', customerName: 'Nimal' } }, { customerId: 'c1' }],
    ['customer as { id }', { customer: { id: 'c1' } }, { customerId: 'c1' }],
    ['customerId before customer', { customerId: 'c1', customer: 'c2' }, { customerId: 'c1' }],
    ['customer of the wrong kind passes on', { customer: 42 }, { customerId: 42 }],
    ['mechanic as an id', { mechanic: 'u1' }, { mechanicId: 'u1' }],
    ['mechanic as { _id, name }', { mechanic: { _id: 'u1', name: 'Kamal' } }, { mechanicId: 'u1' }],
    ['assignedMechanic', { assignedMechanic: { _id: 'u2' } }, { mechanicId: 'u2' }],
    ['assignedTo', { assignedTo: 'u3' }, { mechanicId: 'u3' }],
    ['mechanic null clears it', { mechanic: null }, { mechanicId: null }],
    [
      'plain fields stay',
      { vehicleMake: 'Toyota', vehicleModel: 'Axio', promisedTime: '10:30', actionTaken: 'x', notes: 'y', dateIn: '2026-11-23', previousMileage: 4 },
      { vehicleMake: 'Toyota', vehicleModel: 'Axio', promisedTime: '10:30', actionTaken: 'x', notes: 'y', dateIn: '2026-11-23', previousMileage: 4 },
    ],
    ['no field, nothing', { _id: 'j1', status: 'Open', jobNumber: 'JOB-0001', customerName: 'Nimal', mechanicName: 'Kamal' }, {}],
  ])('%s', (_label, body, expected) => {
    expect(jobCardFieldsFromBody(body as Record<string, unknown>)).toEqual(expected);
  });
});

describe('job lines from the spec shapes', () => {
  const newId = () => 'new-id';
  it.each([
    [
      'an item with its id',
      'item',
      { _id: 'l1', item: 'i1', itemName: 'Oil filter', quantity: 2, unitPrice: 1250.5, warranty: '6 Months', quickAdded: true, itemPrice: 2501 },
      { id: 'l1', kind: 'item', refId: 'i1', name: 'Oil filter', quantity: 2, unitPrice: 1250.5, warranty: '6 Months', quickAdded: true },
    ],
    [
      'a new item gets an id',
      'item',
      { item: 'i1', itemName: 'Oil filter', quantity: 1, unitPrice: 10 },
      { id: 'new-id', kind: 'item', refId: 'i1', name: 'Oil filter', quantity: 1, unitPrice: 10 },
    ],
    [
      'an item typed by hand has no item',
      'item',
      { itemName: 'Bolt', quantity: 1, unitPrice: 10 },
      { id: 'new-id', kind: 'item', refId: null, name: 'Bolt', quantity: 1, unitPrice: 10 },
    ],
    [
      'item as { _id }',
      'item',
      { item: { _id: 'i1', itemName: 'x' }, itemName: 'Oil', quantity: 1, unitPrice: 1 },
      { id: 'new-id', kind: 'item', refId: 'i1', name: 'Oil', quantity: 1, unitPrice: 1 },
    ],
    [
      'a service',
      'service',
      { _id: 's1', service: 'svc', serviceName: 'Wheel alignment', quantity: 1, unitPrice: 2500, warranty: '', servicePrice: 2500 },
      { id: 's1', kind: 'service', refId: 'svc', name: 'Wheel alignment', quantity: 1, unitPrice: 2500, warranty: '' },
    ],
    [
      'id instead of _id',
      'service',
      { id: 's2', serviceName: 'Wash', quantity: 1, unitPrice: 500 },
      { id: 's2', kind: 'service', refId: null, name: 'Wash', quantity: 1, unitPrice: 500 },
    ],
    ['not an object passes on', 'item', 42, 42],
  ] as const)('%s', (_label, kind, line, expected) => {
    expect(lineFromBody(kind, line, newId)).toEqual(expected);
  });

  it('reads jobItems and jobServices, none when absent or null, and refuses a list that is not one', () => {
    expect(linesFromBody({ jobItems: [{ itemName: 'A', quantity: 1, unitPrice: 1 }] }, 'item', newId)).toEqual([
      { id: 'new-id', kind: 'item', refId: null, name: 'A', quantity: 1, unitPrice: 1 },
    ]);
    expect(linesFromBody({}, 'service')).toBeUndefined();
    expect(linesFromBody({ jobServices: null }, 'service')).toBeUndefined();
    expect(() => linesFromBody({ jobServices: 'oil' }, 'service')).toThrow(HttpError);
    expect(() => linesFromBody({ jobItems: { a: 1 } }, 'item')).toThrow('jobItems must be a list.');
  });

  it('refOf takes an id or a record', () => {
    expect(refOf('x')).toBe('x');
    expect(refOf({ _id: 'a', id: 'b' })).toBe('a');
    expect(refOf(null)).toBeNull();
  });
});
