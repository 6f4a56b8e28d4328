import type { JSX } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import type { SyncProblem } from '../db/db';
import { discardProblem } from '../features/sync-status/resolve-problem';
import { CategoryFormModal } from '../components/category-form/category-form-modal';
import { CustomerFormModal } from '../features/customers/components/customer-form-modal';
import { ItemFormModal } from '../features/items/components/item-form-modal';
import { ServiceFormModal } from '../features/services/components/service-form-modal';
import { CannedJobFormModal } from '../features/canned-jobs/components/canned-job-form-modal';
import { formFor } from '../sync/problem-kinds';
import { entities, type PlainEntityName, type ProblemFormEntity } from '@shared/entities';
import { PlainFormModal } from '../components/plain-form/plain-form-modal';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { toHundredths } from '@shared/domain/quantity';
import { strictNumber } from '@shared/schemas/numbers';

export { isEditableProblem } from '../sync/problem-kinds';

interface ProblemFormProps {
  /** The record as the device holds it, or null for a create (or an edit of a record that is gone). */
  record: unknown;
  draft: Record<string, unknown>;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The form of each entity that declares a `problemForm` (shared/entities): typed over those entities,
 * so a declaration without a form here, or a form here without a declaration, does not compile. A
 * plain entity needs none here: its declaration makes its form (PlainFormModal); the two with forms of
 * their own say so.
 */
type OwnForm = (props: ProblemFormProps) => JSX.Element;
const problemForms: { [Table in Exclude<ProblemFormEntity, PlainEntityName>]: OwnForm } & Partial<Record<PlainEntityName, OwnForm>> = {
  categories: ({ record, draft, ...props }) => <CategoryFormModal category={record as never} draft={draft as never} {...props} />,
  customers: ({ record, draft, ...props }) => <CustomerFormModal customer={record as never} draft={draft as never} {...props} />,
  items: ({ record, draft, ...props }) => <ItemFormModal item={record as never} draft={draft as never} {...props} />,
  services: ({ record, draft, ...props }) => <ServiceFormModal service={record as never} draft={draft as never} {...props} />,
  // Its lines are a list the generic form cannot edit.
  cannedJobs: ({ record, draft, ...props }) => <CannedJobFormModal cannedJob={record as never} draft={draft} {...props} />,
};

const formOf = (table: ProblemFormEntity): OwnForm =>
  problemForms[table] ?? (({ record, ...props }) => <PlainFormModal entity={entities[table as PlainEntityName]} record={record as { id: string } | null} {...props} />);

/**
 * Retry after editing (issue 6, defect 3): a refused create or edit opens in its own form with the
 * values that were refused; saving sends the corrected change as a new one and clears the problem.
 */
export function ProblemEditor({ problem, onClose }: { problem: SyncProblem; onClose: () => void }) {
  const form = formFor(problem);
  const args = problem.mutation.args;
  // The record as this device holds it now (the server's state, put back when the change was refused).
  const current = useLiveQuery(async () => (form ? ((await db.table(form.table).get(args.id)) ?? null) : null), [args.id]);
  if (!form || current === undefined) return null;

  const refused: Record<string, unknown> = { ...fieldsFromArgs(form.table, args) };
  if (problem.mutation.name === 'createItem') refused.stockHundredths = toHundredths(strictNumber(args.stockQuantity) ?? 0);
  const draft = { ...(form.isCreate ? {} : current), ...refused };
  // An edit of a record that is gone can only be made again as a new one.
  const record = form.isCreate ? null : current;
  const onSaved = () => void discardProblem(problem);

  const Form = formOf(form.table);
  return <Form record={record} draft={draft} onClose={onClose} onSaved={onSaved} />;
}
