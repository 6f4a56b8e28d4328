import { describe, expect, it } from 'vitest';
import type { JobCardRow, JobLineInput } from '@shared/schemas/job-card';
import { jobCardMessages } from '@shared/schemas/job-card';
import { ValidationError } from '@/sync/validation-error';
import { savedJobForm, type JobForm } from './job-form';
import { jobEditArgs } from './job-edit';

const job = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  customerId: 'c1',
  vehicleLicensePlate: 'CAB-1234',
  vehicleMake: 'Toyota',
  vehicleModel: 'Axio',
  currentMileage: 45200,
  previousMileage: null,
  dateIn: '2026-12-01T04:30:00.000Z',
  jobType: 'Brakes squeal',
  promisedDate: '',
  promisedTime: '',
  actionTaken: '',
  notes: '',
  mechanicId: null,
  mechanicName: '',
} as unknown as JobCardRow;
const mechanics = [{ _id: 'u1', name: 'Kamal Silva', role: 'Staff' }];
const line: JobLineInput = {
  id: 'a1b2c3d4-0000-4000-8000-0000000000aa',
  kind: 'service',
  refId: null,
  name: 'Check ball joints',
  quantity: 1,
  unitPrice: 800,
  warranty: '',
  quickAdded: false,
};

const opened = savedJobForm(job);
const edit = (vehicle: Partial<JobForm['vehicle']>, detail: Partial<JobForm['detail']> = {}, lines: Partial<JobForm> = {}): JobForm => ({
  ...opened,
  vehicle: { ...opened.vehicle, ...vehicle },
  detail: { ...opened.detail, ...detail },
  ...lines,
});

describe("an edited job's one Save", () => {
  it.each<[string, JobForm, Record<string, unknown> | null]>([
    ['nothing changed: nothing sent', opened, null],
    ['the mileage on Vehicle Details', edit({ currentMileage: '45300' }), { currentMileage: 45300 }],
    ['the problem on Job Detail, trimmed', edit({}, { jobType: ' Brakes squeal and pull left ' }), { jobType: 'Brakes squeal and pull left' }],
    ['a field typed back to what it was: nothing sent', edit({ vehicleMake: 'Toyota' }), null],
    ['both tabs at once, as one operation', edit({ currentMileage: '45300' }, { actionTaken: 'Pads replaced' }), { currentMileage: 45300, actionTaken: 'Pads replaced' }],
    ['a mechanic chosen, with the name every device shows', edit({}, { mechanicId: 'u1' }), { mechanicId: 'u1', mechanicName: 'Kamal Silva' }],
    ['a line added and one removed', edit({}, {}, { addedLines: [line], removedLineIds: ['l9'] }), { addLines: [line], removeLineIds: ['l9'] }],
    ['the previous visit looked up anew', edit({ previousMileage: '40000' }), { previousMileage: 40000 }],
  ])('%s', (_case, form, expected) => {
    expect(jobEditArgs(form, job, opened, mechanics, null)).toEqual(expected && { ...expected, id: job.id });
  });

  it('sends back no field another tablet changed since the form opened, unless typed here', () => {
    const now = { ...job, vehicleModel: 'Axio Hybrid', jobType: 'Brakes squeal, pulls left' } as JobCardRow;
    expect(jobEditArgs(edit({ currentMileage: '45300' }), now, opened, mechanics, null)).toEqual({ currentMileage: 45300, id: job.id });
    expect(jobEditArgs(edit({}, { jobType: 'Knocking' }), now, opened, mechanics, null)).toEqual({ jobType: 'Knocking', id: job.id });
  });

  it("refuses what the rules refuse, with the field's message", () => {
    expect(() => jobEditArgs(edit({ currentMileage: '' }), job, opened, mechanics, null)).toThrow(new ValidationError(jobCardMessages.mileageRequired, 'currentMileage'));
  });
});
