import type { FormEvent, ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-date';
import type { JobCardRow, JobLineInput, JobLineRow } from '@shared/schemas/job-card';
import { jobLineFields } from '@shared/mutations/job-cards';
import type { JobDetailValues } from '../api/job-form-values';
import type { JobFormProblems } from '../api/job-form-problems';
import type { Mechanic } from '../api/use-mechanics';
import { LineEntry } from './line-entry';
import { CannedJobPicker } from '@/components/canned-job-picker';
import { JobLinesTable, type ShownLine } from './job-lines-table';
import { DateField } from '@/components/ui/date-field';
import { FieldMessage, fieldMessageProps } from '@/components/ui/field-message';

const messageId = (field: string) => `job-${field}-message`;
const labelId = (field: string) => `job-${field}-label`;

interface JobDetailTabProps {
  /** null: a new job, saved with these details by the same Save. */
  job: JobCardRow | null;
  /** The job's saved lines, live (another tablet's added lines show too). */
  savedLines: JobLineRow[];
  values: JobDetailValues;
  addedLines: JobLineInput[];
  removedLineIds: string[];
  mechanics: Mechanic[];
  problems: JobFormProblems;
  onChange: (patch: Partial<JobDetailValues>) => void;
  onAddLine: (line: JobLineInput) => void;
  /** A canned job's lines, added together (issue 45). */
  onAddLines: (lines: JobLineInput[]) => void;
  onRemoveLine: (line: ShownLine) => void;
  onSave: () => void;
  /** The form's footer: the draft's note, Discard draft and Save. */
  footer: ReactNode;
}

/**
 * Job Detail (spec 2.7): the problem, the promise, the work done, the mechanic, and the services
 * and items. The job card's form holds the values; lines added or removed are saved with the rest.
 */
export function JobDetailTab({
  job,
  savedLines,
  values,
  addedLines,
  removedLineIds,
  mechanics,
  problems,
  onChange,
  onAddLine,
  onAddLines,
  onRemoveLine,
  onSave,
  footer,
}: JobDetailTabProps) {
  const finished = job?.status === 'Finished';
  const removed = new Set(removedLineIds);
  const lines: ShownLine[] = [...savedLines.filter((line) => !removed.has(line.id)), ...addedLines.map((line) => ({ ...jobLineFields(job?.id ?? '', line), unsaved: true }))];
  const message = (field: string) => ({ ...fieldMessageProps(messageId(field), problems[field]), 'aria-labelledby': labelId(field) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };

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
          <select name="mechanicId" value={values.mechanicId} onChange={(e) => onChange({ mechanicId: e.target.value })} disabled={finished}>
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
          <span id={labelId('jobType')}>Problem Description</span>
          <textarea
            name="jobType"
            rows={3}
            maxLength={2000}
            value={values.jobType}
            onChange={(e) => onChange({ jobType: e.target.value })}
            readOnly={finished}
            {...message('jobType')}
          />
          <FieldMessage id={messageId('jobType')} message={problems.jobType} />
        </label>
        <label className="field">
          <span id={labelId('promisedDate')}>Promised Date</span>
          <DateField name="promisedDate" value={values.promisedDate} onChange={(promisedDate) => onChange({ promisedDate })} readOnly={finished} {...message('promisedDate')} />
          <FieldMessage id={messageId('promisedDate')} message={problems.promisedDate} />
        </label>
        <label className="field">
          <span id={labelId('promisedTime')}>Promised Time</span>
          <input
            name="promisedTime"
            type="time"
            value={values.promisedTime}
            onChange={(e) => onChange({ promisedTime: e.target.value })}
            readOnly={finished}
            {...message('promisedTime')}
          />
          <FieldMessage id={messageId('promisedTime')} message={problems.promisedTime} />
        </label>
        <label className="field field-wide">
          <span id={labelId('actionTaken')}>Action Taken</span>
          <textarea
            name="actionTaken"
            rows={3}
            maxLength={2000}
            value={values.actionTaken}
            onChange={(e) => onChange({ actionTaken: e.target.value })}
            readOnly={finished}
            {...message('actionTaken')}
          />
          <FieldMessage id={messageId('actionTaken')} message={problems.actionTaken} />
        </label>
      </div>
      <LineEntry onAdd={onAddLine} disabled={finished} />
      <CannedJobPicker onAdd={onAddLines} disabled={finished} />
      <JobLinesTable lines={lines} onRemove={finished ? undefined : onRemoveLine} />
      {footer}
    </form>
  );
}
