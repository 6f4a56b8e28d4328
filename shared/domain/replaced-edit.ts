/**
 * The later edit wins (issue 23): when two people change the same field of the same record, the
 * change made later (by when it happened, shared/domain/device-time.ts) stands, whatever order their
 * devices reconnect in, and the person whose change was replaced is told in these words.
 */
export function replacedEditMessage(record: string, field: string, byName: string): string {
  return `Your change to ${possessive(record)} ${field} was replaced by a later change by ${byName}.`;
}

/** "Ruwan Jayasinghe's", "Brake Pads'" (a name ending in s takes the apostrophe alone), or 'this record's' when unnamed. */
export function possessive(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "this record's";
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}

export interface FieldEdit {
  /** When it happened, in the server's clock (ISO). */
  at: string;
  /** When the server received it (ISO). */
  receivedAt: string;
  mutationId: string;
  userId: string;
}

/** Whether `edit` happened after `other`: by time, ties by mutation id, so both servers' orders agree. */
export function happenedAfter(edit: Pick<FieldEdit, 'at' | 'mutationId'>, other: Pick<FieldEdit, 'at' | 'mutationId'>): boolean {
  const a = Date.parse(edit.at);
  const b = Date.parse(other.at);
  return a !== b ? a > b : edit.mutationId > other.mutationId;
}

/**
 * Whether a later edit replaced the earlier one unseen: it was made before the earlier one reached
 * the server (so its author could not have seen it), by someone else. An edit made after the earlier
 * one arrived is an ordinary correction, and nobody is told.
 */
export function replacedUnseen(later: Pick<FieldEdit, 'at' | 'userId'>, earlier: Pick<FieldEdit, 'receivedAt' | 'userId'>): boolean {
  return later.userId !== earlier.userId && Date.parse(later.at) < Date.parse(earlier.receivedAt);
}
