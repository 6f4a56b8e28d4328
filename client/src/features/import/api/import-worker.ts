import type { ImportKind } from '@shared/import/columns';
import type { Author } from '@/sync/local-tx';
import type { Applied, ColumnsAnswer, DryRun, ImportReply, ImportRequest, Progress } from '../worker/protocol';
import type { UndoReport } from '../apply/undo-import';

type Answer = Exclude<ImportReply, { type: 'progress' } | { type: 'failed' }>;
type Payload<T extends Answer['type']> = Extract<Answer, { type: T }>;

/**
 * The page's side of the import's worker: one worker for one file's import (or an undo), each
 * request answered in turn; progress goes to `onProgress`. The worker is ended with `end()` (the
 * page left, or another file chosen).
 */
export class ImportWorker {
  private readonly worker = new Worker(new URL('../worker/import.worker.ts', import.meta.url), { type: 'module', name: 'import' });
  private waiting: { type: Answer['type']; resolve: (reply: Answer) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly onProgress: (progress: Progress) => void = () => {}) {
    this.worker.onmessage = (event: MessageEvent<ImportReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') return this.onProgress(reply.progress);
      const waiting = this.waiting;
      this.waiting = null;
      if (reply.type === 'failed') waiting?.reject(new Error(reply.message));
      else waiting?.resolve(reply);
    };
    this.worker.onerror = (event) => {
      this.waiting?.reject(new Error(event.message || 'The import could not start.'));
      this.waiting = null;
    };
  }

  private ask<T extends Answer['type']>(request: ImportRequest, type: T): Promise<Payload<T>> {
    return new Promise((resolve, reject) => {
      this.waiting = { type, resolve: resolve as (reply: Answer) => void, reject };
      this.worker.postMessage(request);
    });
  }

  async open(file: File, kind: ImportKind, remembered: Record<string, string>): Promise<ColumnsAnswer> {
    return (await this.ask({ type: 'open', file, kind, remembered }, 'columns')).answer;
  }

  async check(byKey: Record<string, number>): Promise<DryRun> {
    return (await this.ask({ type: 'check', byKey }, 'checked')).dryRun;
  }

  async problemsFile(): Promise<string> {
    return (await this.ask({ type: 'problemsFile' }, 'problemsFile')).csv;
  }

  async apply(author: Author, skipProblems: boolean): Promise<Applied> {
    return (await this.ask({ type: 'apply', author, skipProblems }, 'applied')).applied;
  }

  /** Stops an apply before its next batch (answered by the apply itself). */
  stop(): void {
    this.worker.postMessage({ type: 'stop' } satisfies ImportRequest);
  }

  async undo(importId: string, author: Author): Promise<UndoReport> {
    return (await this.ask({ type: 'undo', importId, author }, 'undone')).report;
  }

  end(): void {
    this.waiting?.reject(new Error('The import was closed.'));
    this.waiting = null;
    this.worker.terminate();
  }
}
