import { describe, expect, it } from 'vitest';
import { happenedAfter, possessive, replacedEditMessage, replacedUnseen } from './replaced-edit';

describe('replacedEditMessage', () => {
  it.each([
    ['Ruwan Jayasinghe', 'City', 'Nimal Fernando', "Your change to Ruwan Jayasinghe's City was replaced by a later change by Nimal Fernando."],
    ['Brake Pads', 'Unit Price', 'Ann', "Your change to Brake Pads' Unit Price was replaced by a later change by Ann."],
    ['the company', 'Phone', 'Ann', "Your change to the company's Phone was replaced by a later change by Ann."],
    ['  ', 'City', 'Ann', "Your change to this record's City was replaced by a later change by Ann."],
  ])('%s / %s', (record, field, by, message) => {
    expect(replacedEditMessage(record, field, by)).toBe(message);
    expect(possessive(record).length).toBeGreaterThan(0);
  });
});

describe('happenedAfter', () => {
  it.each([
    ['later by 2.5 s', '2026-11-26T09:43:02.500Z', 'b', '2026-11-26T09:43:00.000Z', 'a', true],
    ['earlier by 2.5 s', '2026-11-26T09:43:00.000Z', 'z', '2026-11-26T09:43:02.500Z', 'a', false],
    ['same time, larger mutation id', '2026-11-26T09:43:00.000Z', 'b', '2026-11-26T09:43:00.000Z', 'a', true],
    ['same time, smaller mutation id', '2026-11-26T09:43:00.000Z', 'a', '2026-11-26T09:43:00.000Z', 'b', false],
    ['same instant written two ways', '2026-11-26T09:43:00Z', 'a', '2026-11-26T09:43:00.000Z', 'b', false],
  ])('%s', (_case, at, id, otherAt, otherId, expected) => {
    expect(happenedAfter({ at: at as string, mutationId: id as string }, { at: otherAt as string, mutationId: otherId as string })).toBe(expected);
  });
});

describe('replacedUnseen', () => {
  const earlier = { userId: 'counter', receivedAt: '2026-11-26T10:00:00.000Z' };
  it.each([
    ['made offline before the earlier one arrived, by someone else', '2026-11-26T09:43:02.500Z', 'tablet', true],
    ['made after the earlier one arrived (could have seen it)', '2026-11-26T10:05:00.000Z', 'tablet', false],
    ['by the same person', '2026-11-26T09:43:02.500Z', 'counter', false],
  ])('%s', (_case, at, userId, expected) => {
    expect(replacedUnseen({ at: at as string, userId: userId as string }, earlier)).toBe(expected);
  });
});
