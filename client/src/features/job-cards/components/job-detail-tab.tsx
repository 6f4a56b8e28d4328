import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { formatDateTime } from '@/lib/format-date';
import { jobCardMessages, type JobLineInput } from '@shared/schemas/job-card';
import { jobLineFields } from '@shared/mutations/job-cards';
import type { JobCardView } from '../api/use-job-card';
import { jobDetailOf, type JobDetailValues } from '../api/job-form-values';
import { saveJobDetail } from '../api/save-job-detail';
import { useMechanics } from '../api/use-mechanics';
import { LineEntry } from './line-entry';
import { JobLinesTable, type ShownLine } from './job-lines-table';
import { DateField } from '@/components/ui/date-field';

interface JobDetailTabProps {
  /** null: Vehicle Details not saved yet. */
  view: JobCardView | null;
  onSaved: () => void;
}

/**
 * Job Detail (spec 2.7): the problem, the promise, the work done, the mechanic, and the services
 * and items. Lines added or removed here are saved together with the fields, as one operation.
 */
export function JobDetailTab({ view, onSaved }: JobDetailTabProps) {
  const job = view?.job ?? null;
  const [values, setValues] = useState<JobDetailValues>(() => jobDetailOf(job));
  const [added, setAdded] = useState<JobLineInput[]>([]);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const mechanics = useMechanics();
  const set = (patch: Partial<JobDetailValues>) => setValues((v) => ({ ...v, ...patch }));
  const finished = job?.status === 'Finished';

  const lines: ShownLine[] = [...(view?.lines ?? []).filter((line) => !removed.has(line.id)), ...added.map((line) => ({ ...jobLineFields(job?.id ?? '', line), unsaved: true }))];

  const { saving, submit } = useFormSubmit(
    async () => {
      if (!job) {
        window.alert(jobCardMessages.saveVehicleFirst);
        return;
      }
      await saveJobDetail(job, values, { add: added, removeIds: [...removed] }, mechanics);
      setAdded([]);
      setRemoved(new Set());
      toast.success('Job Card updated successfully!');
      onSaved();
    },
    (error) => (error instanceof Error && error.message ? error.message : 'Failed to save job card.'),
  );

  function remove(line: ShownLine) {
    if (line.unsaved) setAdded((list) => list.filter((l) => l.id !== line.id));
    else setRemoved((set) => new Set(set).add(line.id));
  }

  const mechanicKnown = !values.mechanicId || mechanics.some((m) => m._id === values.mechanicId);
  return (
    <form onSubmit={submit} noValidate className="panel job-form">
      <div className="form-grid">
        <label className="field">
          <span>Date</span>
          <input value={job ? formatDateTime(job.dateIn) : formatDateTime(new Date().toISOString())} readOnly aria-readonly="true" className="read-only" />
        </label>
        <label className="field">
          <span>Mechanic</span>
          <select name="mechanicId" value={values.mechanicId} onChange={(e) => set({ mechanicId: e.target.value })} disabled={finished}>
            <option value="">Not assigned</option>
            {mechanics.map((mechanic) => (
              <option key={mechanic._id} value={mechanic._id}>
                {mechanic.name}
              </option>
            ))}
            {!mechanicKnown && <option value={values.mechanicId}>{job?.mechanicName || 'Assigned mechanic'}</option>}
          </select>
        </label>
        <label className="field field-wide">
          <span>Problem Description</span>
          <textarea name="jobType" rows={3} maxLength={2000} value={values.jobType} onChange={(e) => set({ jobType: e.target.value })} readOnly={finished} />
        </label>
        <label className="field">
          <span>Promised Date</span>
          <DateField name="promisedDate" value={values.promisedDate} onChange={(promisedDate) => set({ promisedDate })} readOnly={finished} />
        </label>
        <label className="field">
          <span>Promised Time</span>
          <input name="promisedTime" type="time" value={values.promisedTime} onChange={(e) => set({ promisedTime: e.target.value })} readOnly={finished} />
        </label>
        <label className="field field-wide">
          <span>Action Taken</span>
          <textarea name="actionTaken" rows={3} maxLength={2000} value={values.actionTaken} onChange={(e) => set({ actionTaken: e.target.value })} readOnly={finished} />
        </label>
      </div>
      <LineEntry onAdd={(line) => setAdded((list) => [...list, line])} disabled={finished} />
      <JobLinesTable lines={lines} onRemove={finished ? undefined : remove} />
      <div className="form-footer">
        {(added.length > 0 || removed.size > 0) && <span className="muted">Unsaved changes to the lines: press Save to keep them.</span>}
        <button type="submit" className="btn btn-primary" disabled={saving || finished}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
