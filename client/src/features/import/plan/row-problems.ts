import type { z } from 'zod';
import { issueMessage } from '@shared/schemas/messages';
import { importColumns, type ImportKind } from '@shared/import/columns';
import type { RowProblem } from './plan-types';

/** The rows an import leaves out and why: the first problem of each row, in the file's order. */
export class RowProblems {
  private readonly byRow = new Map<number, RowProblem>();

  constructor(private readonly kind: ImportKind) {}

  /** The label of a column ('Phone') from its key, or undefined when the problem is the row's as a whole. */
  label(key: string | undefined): string | undefined {
    return key === undefined ? undefined : (importColumns[this.kind].find((column) => column.key === key)?.label ?? undefined);
  }

  add(row: number, key: string | undefined, message: string): void {
    if (this.byRow.has(row)) return;
    const column = this.label(key);
    this.byRow.set(row, column ? { row, column, message } : { row, message });
  }

  /** A failed parse's first problem, its field named by `columnOf` (a schema path to a column key). */
  addIssue(row: number, error: z.ZodError, columnOf: (path: readonly PropertyKey[]) => string | undefined): void {
    const issue = error.issues[0];
    if (issue) this.add(row, columnOf(issue.path), issueMessage(issue));
  }

  has(row: number): boolean {
    return this.byRow.has(row);
  }

  list(): RowProblem[] {
    return [...this.byRow.values()].sort((a, b) => a.row - b.row);
  }
}
