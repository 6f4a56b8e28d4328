import { describe, expect, it } from 'vitest';
import { defaultMechanicOf } from './job-form-values';

describe("a new job's mechanic", () => {
  it.each([
    ['Staff: the one who opens it', { _id: 'u1', name: 'Kamal', role: 'Staff' as const }, { mechanicId: 'u1', mechanicName: 'Kamal' }],
    ['Manager: chosen on the form', { _id: 'u2', name: 'Mala', role: 'Manager' as const }, {}],
    ['Admin: chosen on the form', { _id: 'u3', name: 'Ann', role: 'Admin' as const }, {}],
    ['nobody logged in: none', null, {}],
  ])('%s', (_case, user, expected) => {
    expect(defaultMechanicOf(user)).toEqual(expected);
  });
});
