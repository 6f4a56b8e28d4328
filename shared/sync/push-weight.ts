import { findMutation } from '../mutations/definitions';
import { recordKey, type RecordRef } from './tables';

/**
 * The records a mutation touches by its definition, never by what the device claims (issue 24,
 * point 2). Arguments that failed validation still name their records (touches only reads ids);
 * what is not an id is skipped, and an unknown name touches nothing.
 */
export function definedTouches(name: string, args: unknown, options: { parse: boolean } = { parse: true }): RecordRef[] {
  const def = findMutation(name);
  if (!def) return [];
  const parsed = options.parse ? def.schema.safeParse(args) : null;
  let named: RecordRef[];
  try {
    named = def.touches(parsed?.success ? parsed.data : args);
  } catch {
    return [];
  }
  const refs = new Map<string, RecordRef>();
  for (const ref of Array.isArray(named) ? named : []) {
    if (typeof ref?.id === 'string' && ref.id.length > 0 && ref.id.length <= 140) refs.set(recordKey(ref), ref);
  }
  return [...refs.values()];
}

/**
 * What a mutation counts against maxPushRecords: the distinct records it touches, at least 1. Read
 * from the arguments as sent, without validating them: the count must cost little next to the apply
 * it guards (validating 100 sales of 300 lines took seconds).
 */
export function pushWeight(name: string, args: unknown): number {
  return Math.max(1, definedTouches(name, args, { parse: false }).length);
}
