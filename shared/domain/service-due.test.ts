import { describe, expect, it } from 'vitest';
import { addMonths, believedReadings, defaultKmPerDay, dueState, intervalText, kmPerDayOf, vehicleDue, type OdometerReading, type ServiceDone } from './service-due';

const oil = (date: string, mileage: number | null, months: number | null = 6, km: number | null = 10_000): ServiceDone => ({
  name: 'Oil change',
  date,
  mileage,
  intervalMonths: months,
  intervalKm: km,
});

describe('addMonths', () => {
  it.each([
    ['2026-01-15', 6, '2026-07-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-12-07', 12, '2027-12-07'],
  ])('%s + %i months = %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe('the km a vehicle covers a day', () => {
  it.each<[string, OdometerReading[], number, boolean]>([
    ['one visit: the default', [{ date: '2026-01-01', mileage: 40_000 }], defaultKmPerDay, false],
    [
      'two visits 100 days and 5,000 km apart',
      [
        { date: '2026-01-01', mileage: 40_000 },
        { date: '2026-04-11', mileage: 45_000 },
      ],
      50,
      true,
    ],
    [
      'first to last over three visits',
      [
        { date: '2026-01-01', mileage: 10_000 },
        { date: '2026-02-01', mileage: 10_100 },
        { date: '2026-05-01', mileage: 13_600 },
      ],
      30,
      true,
    ],
    [
      'two visits on one day: the default',
      [
        { date: '2026-01-01', mileage: 40_000 },
        { date: '2026-01-01', mileage: 40_020 },
      ],
      defaultKmPerDay,
      false,
    ],
    ['no mileage known: the default', [{ date: '2026-01-01', mileage: null }], defaultKmPerDay, false],
    // The odometer going backwards: the lower reading is not believed.
    [
      'a reading going backwards is left out',
      [
        { date: '2026-01-01', mileage: 50_000 },
        { date: '2026-02-01', mileage: 5_000 },
        { date: '2026-04-11', mileage: 55_000 },
      ],
      50,
      true,
    ],
    [
      'only a backwards reading after the first: the default',
      [
        { date: '2026-01-01', mileage: 50_000 },
        { date: '2026-03-01', mileage: 49_000 },
      ],
      defaultKmPerDay,
      false,
    ],
    [
      'a slip of a digit (500,000 km in a month) is left out',
      [
        { date: '2026-01-01', mileage: 40_000 },
        { date: '2026-02-01', mileage: 540_000 },
        { date: '2026-04-11', mileage: 45_000 },
      ],
      50,
      true,
    ],
  ])('%s', (_name, readings, kmPerDay, measured) => {
    expect(kmPerDayOf(readings)).toEqual({ kmPerDay, measured });
  });

  it('keeps the believed readings in date order', () => {
    expect(
      believedReadings([
        { date: '2026-03-01', mileage: 3 },
        { date: '2026-01-01', mileage: 1 },
        { date: 'bad', mileage: 2 },
      ]),
    ).toEqual([
      { date: '2026-01-01', mileage: 1 },
      { date: '2026-03-01', mileage: 3 },
    ]);
  });
});

describe('when the next service is due', () => {
  it.each<[string, OdometerReading[], ServiceDone[], string | null, 'date' | 'mileage' | null, number | null]>([
    // 6 months or 10,000 km: 30 km a day covers 10,000 km in 334 days, after the 6 months (181 days).
    ['date first: a vehicle seen once, at the default pace', [{ date: '2026-01-01', mileage: 40_000 }], [oil('2026-01-01', 40_000)], '2026-07-01', 'date', 50_000],
    // 100 km a day: 5,000 km in 50 days.
    [
      'mileage first: a vehicle driven far',
      [
        { date: '2026-01-01', mileage: 40_000 },
        { date: '2026-02-01', mileage: 43_100 },
      ],
      [oil('2026-01-01', 40_000, 6, 5000)],
      '2026-02-20',
      'mileage',
      45_000,
    ],
    // Already past the km at the last visit: due that day.
    [
      'the km already passed at the last visit',
      [
        { date: '2026-01-01', mileage: 40_000 },
        { date: '2026-03-01', mileage: 46_000 },
      ],
      [oil('2026-01-01', 40_000, 6, 5000)],
      '2026-03-01',
      'mileage',
      45_000,
    ],
    ['months only', [{ date: '2026-01-01', mileage: 40_000 }], [oil('2026-01-01', 40_000, 12, null)], '2027-01-01', 'date', null],
    // 5,000 km at 30 km a day from the service's own reading: 167 days.
    ['km only, one visit', [{ date: '2026-01-01', mileage: 40_000 }], [oil('2026-01-01', 40_000, null, 5000)], '2026-06-17', 'mileage', 45_000],
    ['km only with no reading: nothing known', [{ date: '2026-01-01', mileage: null }], [oil('2026-01-01', null, null, 5000)], null, null, null],
    ['no interval: no reminder', [{ date: '2026-01-01', mileage: 40_000 }], [oil('2026-01-01', 40_000, null, null)], null, null, null],
    // The odometer went backwards at the second visit: that reading is ignored, the pace is the default.
    [
      'odometer going backwards',
      [
        { date: '2026-01-01', mileage: 40_000 },
        { date: '2026-02-01', mileage: 4_100 },
      ],
      [oil('2026-01-01', 40_000)],
      '2026-07-01',
      'date',
      50_000,
    ],
    // Done again later: the later service counts.
    [
      'the last time a service was done counts',
      [
        { date: '2026-01-01', mileage: 40_000 },
        { date: '2026-05-01', mileage: 43_600 },
      ],
      [oil('2026-01-01', 40_000), oil('2026-05-01', 43_600)],
      '2026-11-01',
      'date',
      53_600,
    ],
  ])('%s', (_name, readings, done, dueDate, by, dueKm) => {
    const due = vehicleDue(readings, done);
    if (dueDate === null) {
      expect(due).toBeNull();
      return;
    }
    expect(due?.dueDate).toBe(dueDate);
    expect(due?.services[0]).toMatchObject({ name: 'Oil change', by, dueKm });
  });

  it('names every service due within 30 days of the first, earliest first', () => {
    const due = vehicleDue(
      [{ date: '2026-01-01', mileage: 40_000 }],
      [
        oil('2026-01-01', 40_000),
        { name: 'Brake fluid', date: '2025-12-20', mileage: 39_700, intervalMonths: 7, intervalKm: null },
        { name: 'Timing belt', date: '2026-01-01', mileage: 40_000, intervalMonths: 48, intervalKm: null },
      ],
    );
    expect(due?.services.map((service) => service.name)).toEqual(['Oil change', 'Brake fluid']);
    expect(due).toMatchObject({ lastVisit: '2026-01-01', lastMileage: 40_000, measured: false });
  });
});

describe('where a due day stands', () => {
  it.each([
    ['2026-12-06', 'overdue'],
    ['2026-12-07', 'thisWeek'],
    ['2026-12-13', 'thisWeek'],
    ['2026-12-14', 'later'],
    // A vehicle never seen again: a year overdue, it is no longer listed.
    ['2025-12-07', 'overdue'],
    ['2025-12-06', 'lapsed'],
  ])('due %s on 2026-12-07 is %s', (dueDate, state) => {
    expect(dueState(dueDate, '2026-12-07')).toBe(state);
  });
});

describe('a service interval as a list shows it', () => {
  it.each([
    [6, 5000, 'Every 6 months or 5,000 km'],
    [1, null, 'Every 1 month'],
    [null, 10000, 'Every 10,000 km'],
    [null, null, ''],
  ])('%s months, %s km: %s', (intervalMonths, intervalKm, text) => {
    expect(intervalText({ intervalMonths, intervalKm })).toBe(text);
  });
});
