import { describe, expect, it } from 'vitest';
import { planCustomers, type ShopCustomer } from './plan-customers';
import type { FileRow } from './plan-types';

type Column = 'customerName' | 'phone' | 'email' | 'address' | 'city' | 'contactPerson' | 'make' | 'model' | 'year' | 'licensePlate' | 'vin' | 'language' | 'noReminders';
type Cells = Partial<Record<Column, unknown>>;
const sunil: Cells = { customerName: 'Sunil Perera', phone: '0771234567', email: 'sunil@mail.lk', address: '12 Galle Road', city: 'Colombo' };
const axio: Cells = { make: 'Toyota', model: 'Axio', year: 2015, licensePlate: 'CAB-1234' };
const rows = (...cells: Cells[]): FileRow[] => cells.map((c, i) => ({ row: i + 2, cells: c }));
let serial = 0;
const newId = () => `new-${++serial}`;
const plan = (file: FileRow[], shop: ShopCustomer[] = []) => {
  serial = 0;
  return planCustomers(file, shop, newId);
};
const stored: ShopCustomer = {
  id: 'c1',
  customerName: 'Sunil Perera',
  phone: '077 123 4567',
  email: 'sunil@mail.lk',
  address: '12 Galle Road',
  city: 'Colombo',
  contactPerson: '',
  vehicles: [{ make: 'Toyota', model: 'Axio', year: 2015, licensePlate: 'CAB-1234', vin: '' }],
};

describe('planCustomers: a row a vehicle, grouped by phone, else by name', () => {
  it("makes one customer of a phone's rows, with each row's vehicle", () => {
    const result = plan(rows({ ...sunil, ...axio }, { ...sunil, make: 'Honda', model: 'Fit', year: '2012', licensePlate: 'wp kl-5678' }));
    expect(result.problems).toEqual([]);
    expect(result.steps).toEqual([
      {
        op: 'create',
        table: 'customers',
        id: 'new-1',
        name: 'createCustomer',
        rows: [2, 3],
        args: {
          id: 'new-1',
          customerName: 'Sunil Perera',
          phone: '0771234567',
          email: 'sunil@mail.lk',
          address: '12 Galle Road',
          city: 'Colombo',
          contactPerson: '',
          vehicles: [
            { make: 'Toyota', model: 'Axio', year: 2015, licensePlate: 'CAB-1234', vin: '' },
            { make: 'Honda', model: 'Fit', year: '2012', licensePlate: 'wp kl-5678', vin: '' },
          ],
        },
      },
    ]);
    expect(result.tallies).toEqual({ customers: { new: 1, update: 0, unchanged: 0 }, vehicles: { new: 2, update: 0, unchanged: 0 } });
    expect(result.totals).toEqual({ customers: 1, vehicles: 2 });
  });

  it('adds a customer without an email the way the job card does, keeping the city', () => {
    const result = plan(rows({ ...sunil, email: undefined, ...axio }));
    expect(result.steps[0]).toMatchObject({ name: 'quickCreateCustomer', args: { email: '', city: 'Colombo' } });
  });

  it('puts a row with a name and no phone under the customer of that name', () => {
    const result = plan(rows({ ...sunil, ...axio }, { customerName: ' sunil  PERERA', make: 'Honda', model: 'Fit', year: 2012, licensePlate: 'KL-5678' }));
    expect(result.problems).toEqual([]);
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]!.rows).toEqual([2, 3]);
  });

  it.each<[string, Cells[], { row: number; column?: string; message: string }[]]>([
    ['no phone and no customer of that name', [{ ...sunil, phone: undefined, ...axio }], [{ row: 2, column: 'Phone', message: 'Phone number is required.' }]],
    ['no name and no phone', [{ ...axio }], [{ row: 2, column: 'Customer Name', message: 'Customer Name is required.' }]],
    [
      "the customer form's rules, on every row of that customer",
      [
        { ...sunil, address: '', ...axio },
        { ...sunil, address: undefined, ...axio, licensePlate: 'KL-5678' },
      ],
      [
        { row: 2, column: 'Address', message: 'Address is required.' },
        { row: 3, column: 'Address', message: 'Address is required.' },
      ],
    ],
    ['a bad email', [{ ...sunil, email: 'sunil.mail.lk', ...axio }], [{ row: 2, column: 'Email', message: 'Please enter a valid email address.' }]],
    [
      "the vehicle form's rules",
      [
        { ...sunil, ...axio, year: 'old' },
        { ...sunil, ...axio, make: '', licensePlate: 'KL-5678' },
      ],
      [
        { row: 2, column: 'Year', message: 'Valid vehicle year is required (e.g., 2020).' },
        { row: 3, column: 'Make', message: 'Vehicle make is required.' },
      ],
    ],
    [
      'a plate twice in the file, however it is written',
      [
        { ...sunil, ...axio },
        { ...sunil, ...axio, licensePlate: 'WP cab 1234' },
      ],
      [{ row: 3, column: 'License Plate', message: 'License plate WP cab 1234 is also on row 2.' }],
    ],
    [
      'one customer written two ways',
      [
        { ...sunil, ...axio },
        { ...sunil, address: '5 Kandy Road', ...axio, licensePlate: 'KL-5678' },
      ],
      [{ row: 3, column: 'Address', message: "This customer's Address is '12 Galle Road' on row 2 and '5 Kandy Road' here: write it the same way on each of their rows." }],
    ],
    [
      'a name that two phones in the file share',
      [
        { ...sunil, ...axio },
        { ...sunil, phone: '0711111111', ...axio, licensePlate: 'KL-5678' },
        { customerName: 'Sunil Perera', ...axio, licensePlate: 'HH-1111' },
      ],
      [{ row: 4, column: 'Phone', message: 'More than one customer is named Sunil Perera: give this row their phone.' }],
    ],
  ])('refuses %s, in the forms own words', (_case, file, problems) => {
    const result = plan(rows(...file));
    expect(result.problems).toEqual(problems);
  });

  it('imports the rows without problems and counts only them', () => {
    const result = plan(rows({ ...sunil, ...axio }, { ...sunil, ...axio, make: '', licensePlate: 'KL-5678' }));
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]!.rows).toEqual([2]);
    expect(result.tallies.vehicles).toEqual({ new: 1, update: 0, unchanged: 0 });
  });
});

describe("planCustomers against the shop's customers", () => {
  it('finds a customer by phone however it is written, and adds the new vehicle', () => {
    const result = plan(rows({ ...sunil, phone: '+94 77 123 4567', ...axio }, { ...sunil, make: 'Honda', model: 'Fit', year: 2012, licensePlate: 'KL-5678' }), [stored]);
    expect(result.problems).toEqual([]);
    expect(result.steps).toEqual([expect.objectContaining({ op: 'update', table: 'customers', id: 'c1', name: 'updateCustomer', rows: [2, 3] })]);
    expect(result.tallies).toEqual({ customers: { new: 0, update: 1, unchanged: 0 }, vehicles: { new: 1, update: 0, unchanged: 1 } });
  });

  it('changes nothing when the file says what the shop holds (the same file imported twice)', () => {
    const result = plan(rows({ ...sunil, ...axio }), [stored]);
    expect(result.steps).toEqual([]);
    expect(result.tallies).toEqual({ customers: { new: 0, update: 0, unchanged: 1 }, vehicles: { new: 0, update: 0, unchanged: 1 } });
  });

  it("keeps what a blank cell leaves out, and updates a vehicle's details by its plate", () => {
    const result = plan(rows({ customerName: 'Sunil Perera', phone: '0771234567', ...axio, year: 2016 }), [stored]);
    expect(result.problems).toEqual([]);
    expect(result.tallies).toEqual({ customers: { new: 0, update: 1, unchanged: 0 }, vehicles: { new: 0, update: 1, unchanged: 0 } });
  });

  it("puts a row with only a name under the shop's one customer of that name", () => {
    const result = plan(rows({ customerName: 'SUNIL PERERA', make: 'Honda', model: 'Fit', year: 2012, licensePlate: 'KL-5678' }), [stored]);
    expect(result.problems).toEqual([]);
    expect(result.steps).toEqual([expect.objectContaining({ op: 'update', id: 'c1' })]);
  });

  it('refuses a plate the shop holds on another customer', () => {
    const result = plan(rows({ ...sunil, phone: '0712222222', ...axio }), [stored]);
    expect(result.problems).toEqual([{ row: 2, column: 'License Plate', message: 'License plate CAB-1234 belongs to Sunil Perera (077 123 4567) in the shop.' }]);
  });

  it('refuses a change the server would refuse: a customer without an email cannot be edited until one is given', () => {
    const result = plan(rows({ customerName: 'Sunil Perera', phone: '0771234567', make: 'Honda', model: 'Fit', year: 2012, licensePlate: 'KL-5678' }), [{ ...stored, email: '' }]);
    expect(result.problems).toEqual([{ row: 2, column: 'Email', message: 'Email is required.' }]);
  });
});

describe('planCustomers: message language and no reminders (issue 45)', () => {
  it.each([
    ['Sinhala by name, reminded', { language: 'Sinhala', noReminders: 'No' }, { language: 'si', noReminders: false }],
    ['Tamil as the form shows it, left out', { language: 'தமிழ்', noReminders: 'yes' }, { language: 'ta', noReminders: true }],
    ['the code', { language: 'EN', noReminders: 'Y' }, { language: 'en', noReminders: true }],
  ])('%s', (_name, cells, args) => {
    const result = plan(rows({ ...sunil, ...axio, ...cells }));
    expect(result.problems).toEqual([]);
    expect(result.steps[0]).toMatchObject({ op: 'create', args });
  });

  it('leaves blank cells to the defaults (English, reminded)', () => {
    const result = plan(rows({ ...sunil, ...axio, language: '', noReminders: ' ' }));
    expect(result.problems).toEqual([]);
    const step = result.steps[0] as { op: string; args: Record<string, unknown> };
    expect(step.op).toBe('create');
    expect(step.args).toMatchObject({ customerName: 'Sunil Perera' });
    expect(Object.keys(step.args)).not.toContain('language');
    expect(Object.keys(step.args)).not.toContain('noReminders');
  });

  it.each([
    ['a language it does not know', { language: 'French' }, { row: 2, column: 'Message Language', message: 'Message language must be English, Sinhala or Tamil.' }],
    ['no reminders neither yes nor no', { noReminders: 'maybe' }, { row: 2, column: 'No Reminders', message: 'No reminders must be yes or no.' }],
  ])('refuses %s, in the form’s words', (_name, cells, problem) => {
    expect(plan(rows({ ...sunil, ...axio, ...cells })).problems).toEqual([problem]);
  });

  it("updates a stored customer's language, and leaves it when the file gives none", () => {
    const update = plan(rows({ ...sunil, ...axio, language: 'Tamil' }), [{ ...stored, language: 'en', noReminders: false }]);
    expect(update.tallies.customers).toEqual({ new: 0, update: 1, unchanged: 0 });
    const same = plan(rows({ ...sunil, ...axio }), [{ ...stored, language: 'ta', noReminders: true }]);
    expect(same.tallies.customers).toEqual({ new: 0, update: 0, unchanged: 1 });
  });
});
