import { createGarageDb } from '@/db/db';
import { ImportSession } from './import-session';
import { undoImport } from '../apply/undo-import';
import type { ImportReply, ImportRequest } from './protocol';

// The import's worker (issue 43, point 2): the file is read, checked and written here, with the
// device's own database, so the page stays free while 100,000 rows are read and written. Its writes
// reach the page as any other context's do: Dexie's live queries (the sync engine's outbox watch
// among them) and the search indexes' change feed (db/change-feed.ts).

const db = createGarageDb();
let session: ImportSession | null = null;
const post = (reply: ImportReply) => (self as unknown as Worker).postMessage(reply);

async function answer(request: ImportRequest): Promise<ImportReply | null> {
  switch (request.type) {
    case 'open': {
      session = new ImportSession(db, request.file, request.file.name, request.kind, (progress) => post({ type: 'progress', progress }));
      const columns = await session.open(request.remembered);
      return 'problem' in columns ? { type: 'failed', message: columns.problem } : { type: 'columns', answer: columns };
    }
    case 'check':
      return { type: 'checked', dryRun: await opened().check(request.byKey) };
    case 'problemsFile':
      return { type: 'problemsFile', csv: await opened().problemsFile() };
    case 'apply':
      return { type: 'applied', applied: await opened().apply(request.author, request.skipProblems) };
    case 'stop':
      session?.stop();
      return null;
    case 'undo':
      return { type: 'undone', report: await undoImport(db, request.author, request.importId) };
  }
}

function opened(): ImportSession {
  if (!session) throw new Error('Choose a file first.');
  return session;
}

self.onmessage = (event: MessageEvent<ImportRequest>) => {
  answer(event.data).then(
    (reply) => reply && post(reply),
    (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
