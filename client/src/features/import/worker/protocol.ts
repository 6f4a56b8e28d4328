import type { ColumnMatch } from '@shared/import/match-columns';
import type { ImportKind } from '@shared/import/columns';
import type { Author } from '@/sync/local-tx';
import type { FileTotals, RowProblem, Tally } from '../plan/plan-types';
import type { ShopTotals } from './shop-totals';
import type { UndoReport } from '../apply/undo-import';

// The messages between the import screen and its worker (import.worker.ts): the file is read, checked
// and written there, so the page only shows what it says.

export type ImportRequest =
  | { type: 'open'; file: File; kind: ImportKind; remembered: Record<string, string> }
  | { type: 'check'; byKey: Record<string, number> }
  | { type: 'problemsFile' }
  | { type: 'apply'; author: Author; skipProblems: boolean }
  | { type: 'stop' }
  | { type: 'undo'; importId: string; author: Author };

export interface ColumnsAnswer {
  format: string;
  headers: string[];
  match: ColumnMatch;
}

export interface DryRun {
  /** Data rows read (blank rows aside). */
  rows: number;
  /** Changes the import would write, and the rows they come from (the progress bar's whole). */
  steps: number;
  rowsToWrite: number;
  tallies: Record<string, Tally>;
  totals: FileTotals;
  /** The first problems, in row order (all of them are in the problems file). */
  problems: RowProblem[];
  problemCount: number;
}

export interface Applied {
  importId: string;
  written: number;
  stopped: boolean;
  /** Rows the device refused as they were written. */
  failed: RowProblem[];
  file: FileTotals;
  shop: ShopTotals;
}

export interface Progress {
  phase: 'reading' | 'checking' | 'writing';
  done: number;
  total: number;
  /** Writing: the file's rows written so far. */
  rowsDone?: number;
}

export type ImportReply =
  | { type: 'columns'; answer: ColumnsAnswer }
  | { type: 'checked'; dryRun: DryRun }
  | { type: 'problemsFile'; csv: string }
  | { type: 'progress'; progress: Progress }
  | { type: 'applied'; applied: Applied }
  | { type: 'undone'; report: UndoReport }
  | { type: 'failed'; message: string };
