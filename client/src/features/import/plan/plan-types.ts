import type { SyncedTable } from '@shared/sync/tables';
import type { MutationName } from '@shared/mutations/definitions';

/**
 * A data row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells
 * read by column. Not the row as written: the rows with problems are read again for their file
 * (problem-rows-csv.ts), so memory holds what the dry run needs and no copy of the file.
 */
export interface FileRow {
  row: number;
  cells: Record<string, unknown>;
}

/** A row the import leaves out, with our form's own message and the column it is about (its label). */
export interface RowProblem {
  row: number;
  column?: string;
  message: string;
}

/** A record the import makes: the mutation and its arguments, and the file's rows it comes from. */
export interface CreateStep {
  op: 'create';
  table: SyncedTable;
  id: string;
  name: MutationName;
  args: Record<string, unknown>;
  rows: readonly number[];
}

/**
 * A record the import changes: what the file says of it (`record`), made into an edit against the
 * record as it stands when the step is written (apply-plan.ts), so a change made meanwhile on
 * another device is kept and an edit that changes nothing writes nothing.
 */
export interface UpdateStep {
  op: 'update';
  table: SyncedTable;
  id: string;
  name: MutationName;
  record: Record<string, unknown>;
  rows: readonly number[];
}

export type PlanStep = CreateStep | UpdateStep;

export interface Tally {
  new: number;
  update: number;
  unchanged: number;
}

/** What the file holds, for the reconciliation beside the shop's figures (issue 43, point 6). */
export interface FileTotals {
  customers?: number;
  vehicles?: number;
  items?: number;
  stockValueCents?: number;
  services?: number;
  /** Opening balances: the file's invoices, and Σ (Total − Paid) over them. */
  invoices?: number;
  dueCents?: number;
}

/** The dry run's answer: the steps that write the rows without problems, in order, and what they come to. */
export interface ImportPlan {
  steps: PlanStep[];
  /** By what is counted ('customers', 'vehicles', 'items', 'categories', 'services', 'invoices'). */
  tallies: Record<string, Tally>;
  problems: RowProblem[];
  totals: FileTotals;
}

export const emptyTally = (): Tally => ({ new: 0, update: 0, unchanged: 0 });
