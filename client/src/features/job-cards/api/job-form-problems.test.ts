import { describe, expect, it } from 'vitest';
import { jobCardMessages } from '@shared/schemas/job-card';
import { savedJobForm, type JobForm } from './job-form';
import { firstProblemField, jobFormProblems, tabOfField } from './job-form-problems';

const blank = savedJobForm(null);
const filled: JobForm = { ...blank, vehicle: { ...blank.vehicle, customerId: 'c1', vehicleLicensePlate: 'cab-1234', currentMileage: '45200' } };
const form = (vehicle: Partial<JobForm['vehicle']>, detail: Partial<JobForm['detail']> = {}): JobForm => ({
  ...filled,
  vehicle: { ...filled.vehicle, ...vehicle },
  detail: { ...filled.detail, ...detail },
});

describe("a job card's Save: what is missing, field by field", () => {
  it("a blank job: the three required fields at once, in the spec's words", () => {
    expect(jobFormProblems(blank, null)).toEqual({
      customerId: jobCardMessages.customer,
      vehicleLicensePlate: jobCardMessages.plate,
      currentMileage: jobCardMessages.mileageRequired,
    });
  });

  it.each<[string, JobForm, Record<string, string>]>([
    ['complete', filled, {}],
    ['a negative mileage', form({ currentMileage: '-5' }), { currentMileage: jobCardMessages.mileage }],
    ['a mileage with a fraction', form({ currentMileage: '100.5' }), { currentMileage: jobCardMessages.mileage }],
    ['no date in', form({ dateIn: '' }), { dateIn: jobCardMessages.dateIn }],
    ['an impossible promised day, on Job Detail', form({}, { promisedDate: '31/02/2026' }), { promisedDate: jobCardMessages.promisedDate }],
    ['a promised time that is no time', form({}, { promisedTime: '25:00' }), { promisedTime: jobCardMessages.promisedTime }],
    ['a plate of spaces', form({ vehicleLicensePlate: '   ' }), { vehicleLicensePlate: jobCardMessages.plate }],
  ])('%s', (_case, typed, expected) => {
    expect(jobFormProblems(typed, null)).toEqual(expected);
  });

  it('shows the tab the first problem is on, Vehicle Details before Job Detail', () => {
    expect(firstProblemField({ promisedDate: 'x', currentMileage: 'y' })).toBe('currentMileage');
    expect(firstProblemField({ promisedTime: 'x' })).toBe('promisedTime');
    expect(firstProblemField({})).toBeUndefined();
    expect(tabOfField('customerId')).toBe('vehicle');
    expect(tabOfField('promisedDate')).toBe('detail');
  });
});
