import { describe, expect, it } from 'vitest';
import type { JobCardRow, JobLineInput } from '@shared/schemas/job-card';
import { formFromDraft, hasTypedChanges, jobDraftKey, savedJobForm, type JobForm } from './job-form';

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
  mechanicId: null,
} as unknown as JobCardRow;

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

const withVehicle = (form: JobForm, patch: Partial<JobForm['vehicle']>): JobForm => ({ ...form, vehicle: { ...form.vehicle, ...patch } });
const withDetail = (form: JobForm, patch: Partial<JobForm['detail']>): JobForm => ({ ...form, detail: { ...form.detail, ...patch } });

describe('a job card draft', () => {
  it('is kept per job: a new job has one, each saved job its own', () => {
    expect(jobDraftKey(null)).toBe('new');
    expect(jobDraftKey(job.id)).toBe(`job:${job.id}`);
  });

  const blank = savedJobForm(null);
  const saved = savedJobForm(job);
  it.each<[string, JobForm, JobForm, boolean]>([
    ['a blank new job: nothing typed', blank, blank, false],
    ['a saved job as it was opened', saved, saved, false],
    ['the previous visit looked up: not typed', withVehicle(saved, { previousMileage: '40000' }), saved, false],
    ['a customer picked for a new job', withVehicle(blank, { customerId: 'c1' }), blank, true],
    ['a mileage typed', withVehicle(saved, { currentMileage: '45300' }), saved, true],
    ['the problem changed on Job Detail', withDetail(saved, { jobType: 'Brakes squeal and pull left' }), saved, true],
    ['a mechanic chosen', withDetail(saved, { mechanicId: 'u1' }), saved, true],
    ['a line added', { ...saved, addedLines: [line] }, saved, true],
    ['a saved line taken off', { ...saved, removedLineIds: ['l1'] }, saved, true],
  ])('%s: changes %s', (_case, form, base, expected) => {
    expect(hasTypedChanges(form, base)).toBe(expected);
  });

  it("a new job's form gives a Staff member the job, as a saved one keeps its mechanic", () => {
    expect(savedJobForm(null, 'u7').detail.mechanicId).toBe('u7');
    expect(savedJobForm({ ...job, mechanicId: 'u2' }, 'u7').detail.mechanicId).toBe('u2');
  });

  it('reads back what it stored', () => {
    const typed: JobForm = { ...withDetail(withVehicle(saved, { currentMileage: '45300' }), { jobType: 'Knocking' }), addedLines: [line], removedLineIds: ['l1'] };
    expect(formFromDraft(JSON.parse(JSON.stringify({ form: typed, typedOver: saved })), saved)).toEqual(typed);
  });

  it('keeps only what the user typed when the job was changed meanwhile on another tablet', () => {
    const typed = withDetail(withVehicle(saved, { currentMileage: '45300' }), { jobType: 'Knocking' });
    // Meanwhile another tablet changed the model (not typed here) and the problem (typed here too).
    const now = savedJobForm({ ...job, vehicleModel: 'Axio Hybrid', jobType: 'Brakes squeal, pulls left' });
    const read = formFromDraft({ form: typed, typedOver: saved }, now);
    expect(read.vehicle).toEqual({ ...now.vehicle, currentMileage: '45300' });
    expect(read.detail).toEqual({ ...now.detail, jobType: 'Knocking' });
  });

  it.each<[string, unknown]>([
    ['nothing', undefined],
    ['not an object', 'garbage'],
    ['an array', []],
    ['fields of the wrong kind', { form: { vehicle: { currentMileage: 45300 }, detail: null, addedLines: 'x', removedLineIds: [3] } }],
    ['a form with no saved job beside it, of the wrong kind', { form: 'x', typedOver: 7 }],
  ])('stored damaged (%s): the saved job instead, never a crash', (_case, stored) => {
    expect(formFromDraft(stored, saved)).toEqual(saved);
  });

  it('keeps what still reads from a draft of an older build, and drops a line the rules now refuse', () => {
    const stored = { form: { vehicle: { currentMileage: '50000', someOldField: 'x' }, addedLines: [line, { ...line, id: 'not-an-id', quantity: 0 }] } };
    const read = formFromDraft(stored, saved);
    expect(read.vehicle).toEqual({ ...saved.vehicle, currentMileage: '50000' });
    expect(read.detail).toEqual(saved.detail);
    expect(read.addedLines).toEqual([line]);
  });
});
