import type { GarageDb } from '@/db/db';
import type { Author } from '@/sync/local-tx';
import { exportOnlyHeaders, importColumns, type ImportKind } from '@shared/import/columns';
import { headerKey, matchColumns } from '@shared/import/match-columns';
import { notATableMessage } from '@shared/import/detect-encoding';
import { readTextCell } from '@shared/import/read-cells';
import { newRecordId } from '@shared/sync/record-id';
import { openTable, type TableFile } from '../read/read-table';
import { fileRowsOf, findHeader } from '../read/file-rows';
import { problemColumn, problemRowsCsv } from '../read/problem-rows-csv';
import { planImport } from '../plan/plan-import';
import { readShop } from '../plan/read-shop';
import type { FileRow, ImportPlan, RowProblem } from '../plan/plan-types';
import { applyPlan, startImportRun } from '../apply/apply-plan';
import { shopTotals } from './shop-totals';
import type { Applied, ColumnsAnswer, DryRun, Progress } from './protocol';

/** Problems the screen lists; all of them are in the problems file. */
const problemsShown = 200;

/**
 * One file's import, from its header to its last batch (issue 43, points 2 to 6), run in the
 * import's worker (import.worker.ts) and, in tests and the benchmark, in Node: the file is read there
 * a slice at a time, checked against the shop, and written, so the page only shows what it says.
 */
export class ImportSession {
  private table: TableFile | null = null;
  private headerIndex = 0;
  private headers: string[] = [];
  private byKey: Record<string, number> = {};
  private plan: ImportPlan | null = null;
  private stopping = false;

  constructor(
    private readonly db: GarageDb,
    private readonly file: Blob,
    private readonly fileName: string,
    private readonly kind: ImportKind,
    private readonly onProgress: (progress: Progress) => void = () => {},
  ) {}

  /** The file's header matched to the kind's columns, or why the file cannot be read as a table. */
  async open(remembered: Record<string, string>): Promise<ColumnsAnswer | { problem: string }> {
    const table = await openTable(this.file);
    if ('problem' in table) return table;
    this.table = table;
    let head: unknown[][] = [];
    try {
      await table.readRows((rows) => {
        head = rows.slice(0, 20);
        return false;
      });
    } catch (error) {
      return { problem: (error as Error).message };
    }
    const columns = importColumns[this.kind];
    this.headerIndex = Math.max(0, findHeader(head, columns));
    this.headers = (head[this.headerIndex] ?? []).map((cell) => readTextCell(cell) ?? '');
    // A problems file we wrote, fixed and brought back: its problem column is no column of ours; nor
    // are the columns our exports add (exportOnlyHeaders), unless the user mapped them before.
    const ignored = Object.fromEntries([problemColumn, ...exportOnlyHeaders[this.kind]].map((header) => [headerKey(header), '']));
    const match = matchColumns(this.headers, columns, { ...ignored, ...remembered });
    // One column of text that names none of ours: a letter or a list, not a table.
    if (Object.keys(match.byKey).length === 0 && this.headers.filter(Boolean).length < 2) return { problem: notATableMessage };
    return { format: table.format, headers: this.headers, match };
  }

  /** The dry run (issue 43, point 4): every row read and checked against the shop; nothing is written. */
  async check(byKey: Record<string, number>): Promise<DryRun> {
    if (!this.table) throw new Error('Open the file first.');
    this.byKey = byKey;
    const columns = importColumns[this.kind];
    const rows: FileRow[] = [];
    const unreadable = await this.table.readRows(
      (chunk, firstRow) => {
        const data = chunk.slice(Math.max(0, this.headerIndex + 1 - (firstRow - 1)));
        const dataFirstRow = Math.max(firstRow, this.headerIndex + 2);
        for (const row of fileRowsOf(data, dataFirstRow, columns, byKey)) rows.push(row);
      },
      (read, total) => this.onProgress({ phase: 'reading', done: read, total }),
    );
    this.onProgress({ phase: 'checking', done: 0, total: rows.length });
    const plan = planImport(this.kind, rows, await readShop(this.db, this.kind), newRecordId);
    const broken: RowProblem[] = unreadable.map(({ row, message }) => ({ row, message }));
    if (broken.length) {
      // A row papaparse could not close swallows the rows after it: nothing is written from that row on.
      const from = Math.min(...broken.map((problem) => problem.row));
      plan.steps = plan.steps.filter((step) => step.rows.every((row) => row < from));
      plan.problems = [...plan.problems.filter((problem) => problem.row < from), ...broken].sort((a, b) => a.row - b.row);
    }
    this.plan = plan;
    return {
      rows: rows.length,
      steps: plan.steps.length,
      // As apply-plan.ts counts them: a category's rows are its items'.
      rowsToWrite: new Set(plan.steps.flatMap((step) => (step.table === 'categories' ? [] : step.rows))).size,
      tallies: plan.tallies,
      totals: plan.totals,
      problems: plan.problems.slice(0, problemsShown),
      problemCount: plan.problems.length,
    };
  }

  /** The rows with problems as the file wrote them, with a Problem column, to fix and import again. */
  async problemsFile(): Promise<string> {
    if (!this.table || !this.plan) throw new Error('Check the file first.');
    return problemRowsCsv(this.table, this.headerIndex, this.headers, this.plan.problems);
  }

  /** Writes the dry run's plan (issue 43, point 5); the rows with problems are left out, and only when the user chose so. */
  async apply(author: Author, skipProblems: boolean): Promise<Applied> {
    const plan = this.plan;
    if (!plan) throw new Error('Check the file first.');
    if (plan.problems.length && !skipProblems) throw new Error('Some rows have problems: fix them, or choose to skip them.');
    const run = await startImportRun(this.db, author, { kind: this.kind, fileName: this.fileName, plan });
    const result = await applyPlan(this.db, author, plan, {
      importId: run.id,
      shouldStop: () => this.stopping,
      onProgress: (progress) => this.onProgress({ phase: 'writing', done: progress.done, total: progress.total, rowsDone: progress.rowsDone }),
    });
    return { importId: run.id, written: result.written, stopped: result.stopped, failed: result.failed, file: plan.totals, shop: await shopTotals(this.db) };
  }

  /** Stops an apply before its next batch; what was written stays. */
  stop(): void {
    this.stopping = true;
  }
}
