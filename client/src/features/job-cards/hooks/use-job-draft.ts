import { useCallback, useEffect, useRef, useState } from 'react';
import { formFromDraft, hasTypedChanges, jobDraftKey, savedJobForm, type JobForm } from '../api/job-form';
import { clearJobDraft, draftGeneration, readJobDraft, throwAwayJobDraft, writeJobDraft } from '../api/job-drafts';
import type { JobCardRow } from '@shared/schemas/job-card';

/** How long typing rests before the draft is written: a burst of keys is one write. */
export const draftWriteDelayMs = 300;

interface Shown {
  form: JobForm;
  saved: JobForm;
}

export interface JobDraft {
  form: JobForm;
  /** The form as saved (a blank one for a new job): what Discard draft goes back to. */
  saved: JobForm;
  /** Something typed is not saved: it is kept on this device. */
  isDraft: boolean;
  change: (update: (form: JobForm) => JobForm) => void;
  /** Throws the draft away: back to the saved job. */
  discard: () => Promise<void>;
  /** After a successful Save: what was typed is now the saved job, and no draft is kept. */
  settle: (saved: JobForm) => Promise<void>;
}

/**
 * The job card being written (issue 47): one form for both tabs, restored from this device's
 * draft, and written back as it is typed (debounced, and at once when the form closes or the page
 * is hidden), so a tab switch, a reload or a closed app loses nothing. A form that equals the
 * saved job keeps no draft. undefined while the draft is read.
 */
export function useJobDraft(job: JobCardRow | null, newJobMechanicId: string): JobDraft | undefined {
  const key = jobDraftKey(job?.id ?? null);
  const [state, setShown] = useState<Shown | undefined>(undefined);
  // The latest form at once (two changes in one event both land), the one waiting to be written
  // (null: nothing waits), and the timer that will write it.
  const latest = useRef<Shown | undefined>(undefined);
  const waiting = useRef<Shown | null>(null);
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The job and mechanic as the form opened: the page gives the form a new key for another job.
  const opened = useRef({ job, newJobMechanicId });
  useEffect(() => {
    let live = true;
    const saved = savedJobForm(opened.current.job, opened.current.newJobMechanicId);
    generation.current = draftGeneration(key);
    void readJobDraft(key)
      .catch(() => undefined) // an unreadable draft: the saved job, rather than no form at all
      .then((stored) => {
        if (!live) return;
        latest.current = { saved, form: stored === undefined ? saved : formFromDraft(stored, saved) };
        setShown(latest.current);
      });
    return () => {
      live = false;
    };
  }, [key]);

  const write = useCallback(() => {
    clearTimeout(timer.current);
    const next = waiting.current;
    waiting.current = null;
    if (!next) return;
    const draft = { form: next.form, typedOver: next.saved };
    const kept = hasTypedChanges(next.form, next.saved) ? writeJobDraft(key, draft, generation.current) : clearJobDraft(key, generation.current);
    void kept.catch(() => undefined);
  }, [key]);

  // Written at once when the form goes (another tab of the page, another screen) or the page is hidden (a reload, the app closed).
  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && write();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', write);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);

  const change = useCallback(
    (update: (form: JobForm) => JobForm) => {
      if (!latest.current) return;
      latest.current = { ...latest.current, form: update(latest.current.form) };
      setShown(latest.current);
      waiting.current = latest.current;
      clearTimeout(timer.current);
      timer.current = setTimeout(write, draftWriteDelayMs);
    },
    [write],
  );

  const forget = useCallback(
    async (saved: JobForm) => {
      clearTimeout(timer.current);
      waiting.current = null;
      latest.current = { form: saved, saved };
      setShown(latest.current);
      const gone = throwAwayJobDraft(key);
      // What is typed from now on is a draft of its own (the count moved on as the call began).
      generation.current = draftGeneration(key);
      await gone;
    },
    [key],
  );

  if (!state) return undefined;
  return {
    ...state,
    isDraft: hasTypedChanges(state.form, state.saved),
    change,
    discard: () => forget(state.saved),
    settle: forget,
  };
}
