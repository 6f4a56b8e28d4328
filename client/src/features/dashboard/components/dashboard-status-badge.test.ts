import { describe, expect, it } from 'vitest';
import { dashboardStatusTone } from './dashboard-status-badge';

describe("the dashboard's status colours (spec 2.5)", () => {
  it.each([
    ['Open', 'blue'],
    ['open', 'blue'],
    ['Received', 'blue'],
    ['', 'blue'],
    ['Pending', 'yellow'],
    ['In Progress', 'yellow'],
    ['Suspended', 'green'],
    ['Finished', 'green'],
  ])('%s is %s', (status, tone) => {
    expect(dashboardStatusTone(status)).toBe(tone);
  });
});
