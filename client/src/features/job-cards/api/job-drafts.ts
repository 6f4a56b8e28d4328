import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { newJobDraftKey, type StoredJobDraft } from './job-form';

const drafts = db.jobDrafts;

// Each key's count of drafts thrown away (saved or discarded) in this page: a form that read its
// draft before then must not write it back afterwards (its last keystrokes, written as it closes).
const thrownAway = new Map<string, number>();

/** Which draft of `key` a form holds: a write with an older one is dropped. */
export const draftGeneration = (key: string): number => thrownAway.get(key) ?? 0;

/** The draft kept for `key`, as stored (read with formFromDraft); undefined when there is none. */
export async function readJobDraft(key: string): Promise<unknown> {
  return (await drafts.get(key))?.value;
}

/** Keeps the form as typed over the saved job, unless its draft was thrown away since the form read it. */
export async function writeJobDraft(key: string, draft: StoredJobDraft, generation: number): Promise<void> {
  if (generation !== draftGeneration(key)) return;
  await drafts.put({ key, value: draft, savedAt: new Date().toISOString() });
}

/** Removes a draft that is no different from the saved job (nothing thrown away). */
export async function clearJobDraft(key: string, generation: number): Promise<void> {
  if (generation !== draftGeneration(key)) return;
  await drafts.delete(key);
}

/** Throws the draft away (saved, or discarded on purpose): a form still holding it writes it back no more. */
export async function throwAwayJobDraft(key: string): Promise<void> {
  thrownAway.set(key, draftGeneration(key) + 1);
  await drafts.delete(key);
}

/** Whether a new job is being written on this device (Add New Job asks before it starts another); undefined while read. */
export function useNewJobDraftKept(): boolean | undefined {
  return useLiveQuery(async () => (await drafts.get(newJobDraftKey)) !== undefined, []);
}
