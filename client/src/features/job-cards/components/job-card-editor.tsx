import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { confirmInPage } from '@/components/ui/confirm-store';
import { ValidationError } from '@/sync/validation-error';
import { useSession } from '@/session/session-store';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';
import type { JobForm } from '../api/job-form';
import { defaultMechanicOf, type JobDetailValues, type VehicleDetailsValues } from '../api/job-form-values';
import { firstProblemField, jobFormProblems, tabOfField, type JobFormProblems } from '../api/job-form-problems';
import { saveJobCard } from '../api/save-job-card';
import { useMechanics } from '../api/use-mechanics';
import { useJobDraft } from '../hooks/use-job-draft';
import { useJobCustomer } from '../hooks/use-job-customer';
import { usePreviousMileage } from '../hooks/use-previous-mileage';
import { VehicleDetailsTab } from './vehicle-details-tab';
import { JobDetailTab } from './job-detail-tab';
import { JobFormFooter } from './job-form-footer';
import type { ShownLine } from './job-lines-table';

export type FormTab = 'vehicle' | 'detail';

interface JobCardEditorProps {
  /** The job being edited; null for a new one. */
  job: JobCardRow | null;
  savedLines: JobLineRow[];
  tab: FormTab;
  onShowTab: (tab: FormTab) => void;
  /** After a Save: the job's id, whether it was new, and the tab it was saved from. */
  onSaved: (jobId: string, created: boolean, from: FormTab) => void;
  /** Told whether something typed is not saved, as it changes (false when the form closes). */
  onDraft?: (isDraft: boolean) => void;
}

const mileageQuestion = (current: number, previous: number) =>
  `The current mileage (${current.toLocaleString('en-US')} km) is below the previous visit's (${previous.toLocaleString('en-US')} km). Save anyway?`;

/**
 * The job card being written (issue 47): Vehicle Details and Job Detail are two views of one form,
 * kept as a draft on this device until it is saved or discarded on purpose. One Save saves the job
 * whole, or puts each problem beside its field and shows the tab it is on.
 */
export function JobCardEditor({ job, savedLines, tab, onShowTab, onSaved, onDraft }: JobCardEditorProps) {
  const user = useSession((state) => state.user);
  const mechanics = useMechanics();
  const draft = useJobDraft(job, defaultMechanicOf(user).mechanicId ?? '');
  const vehicle = draft?.form.vehicle;
  const jobCustomer = useJobCustomer(vehicle?.customerId ?? '');
  const previousMileage = usePreviousMileage(vehicle?.vehicleLicensePlate ?? '', jobCustomer.guest, job);
  const [problems, setProblems] = useState<JobFormProblems>({});
  const [saving, setSaving] = useState(false);
  // The field to put the cursor in once its tab shows (a problem found on the other tab).
  const [focusField, setFocusField] = useState<string | null>(null);
  const ready = draft !== undefined;
  const isDraft = draft?.isDraft ?? false;
  useEffect(() => onDraft?.(isDraft), [isDraft, onDraft]);
  useEffect(() => () => onDraft?.(false), [onDraft]);

  useEffect(() => {
    if (!focusField) return;
    const control = document.querySelector<HTMLElement>(`.job-form [name="${focusField}"]`);
    if (!control) return;
    control.focus();
    setFocusField(null);
  }, [focusField, tab, ready]);

  if (!draft || !vehicle) return <p className="muted">Loading...</p>;

  const change = (update: (form: JobForm) => JobForm, fields: string[]) => {
    draft.change(update);
    // A field changed: its message is no longer about what it holds (the next Save checks again).
    setProblems((current) => (fields.some((field) => field in current) ? Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))) : current));
  };
  const changeVehicle = (patch: Partial<VehicleDetailsValues>) => change((form) => ({ ...form, vehicle: { ...form.vehicle, ...patch } }), Object.keys(patch));
  const changeDetail = (patch: Partial<JobDetailValues>) => change((form) => ({ ...form, detail: { ...form.detail, ...patch } }), Object.keys(patch));
  const removeLine = (line: ShownLine) =>
    change(
      (form) => (line.unsaved ? { ...form, addedLines: form.addedLines.filter((l) => l.id !== line.id) } : { ...form, removedLineIds: [...form.removedLineIds, line.id] }),
      [],
    );

  function showProblems(found: JobFormProblems) {
    setProblems(found);
    const first = firstProblemField(found);
    if (!first) return;
    onShowTab(tabOfField(first));
    setFocusField(first);
  }

  async function save(from: FormTab) {
    if (!draft || saving) return;
    const form: JobForm = { ...draft.form, vehicle: { ...draft.form.vehicle, previousMileage } };
    const found = jobFormProblems(form, job);
    if (Object.keys(found).length > 0) return showProblems(found);
    setProblems({});
    const current = Number(form.vehicle.currentMileage);
    const previous = previousMileage === '' ? null : Number(previousMileage);
    if (previous !== null && current < previous) {
      const go = await confirmInPage({ title: 'Mileage below the last visit', message: mileageQuestion(current, previous), confirmLabel: 'Save anyway' });
      if (!go) return setFocusField('currentMileage');
    }
    setSaving(true);
    try {
      const { id, created } = await saveJobCard(form, job, draft.saved, mechanics, user);
      await draft.settle({ ...form, addedLines: [], removedLineIds: [] });
      toast.success(created ? 'Job Card created successfully!' : 'Job Card updated successfully!');
      onSaved(id, created, from);
    } catch (error) {
      // The device's own check of the operation (a customer deleted meanwhile): beside its field when it has one.
      if (error instanceof ValidationError && error.field && document.querySelector(`.job-form [name="${error.field}"]`)) showProblems({ [error.field]: error.message });
      else if (error instanceof ValidationError) toast.warning(error.message);
      else toast.error(error instanceof Error && error.message ? error.message : 'Failed to save job card.');
    } finally {
      setSaving(false);
    }
  }

  async function discard() {
    const go = await confirmInPage({
      title: 'Discard this draft?',
      message: 'What was typed on this job card and not saved is thrown away.',
      confirmLabel: 'Discard draft',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!go || !draft) return;
    await draft.discard();
    setProblems({});
  }

  const footer = <JobFormFooter isDraft={draft.isDraft} saving={saving} finished={job?.status === 'Finished'} onDiscard={() => void discard()} />;
  return tab === 'vehicle' ? (
    <VehicleDetailsTab
      job={job}
      values={vehicle}
      jobCustomer={jobCustomer}
      previousMileage={previousMileage}
      problems={problems}
      onChange={changeVehicle}
      onSave={() => void save('vehicle')}
      footer={footer}
    />
  ) : (
    <JobDetailTab
      job={job}
      savedLines={savedLines}
      values={draft.form.detail}
      addedLines={draft.form.addedLines}
      removedLineIds={draft.form.removedLineIds}
      mechanics={mechanics}
      problems={problems}
      onChange={changeDetail}
      onAddLine={(line) => change((form) => ({ ...form, addedLines: [...form.addedLines, line] }), [])}
      onAddLines={(lines) => change((form) => ({ ...form, addedLines: [...form.addedLines, ...lines] }), [])}
      onRemoveLine={removeLine}
      onSave={() => void save('detail')}
      footer={footer}
    />
  );
}
