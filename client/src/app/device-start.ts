import { db } from '../db/instance';
import { startSync } from '../sync/start-sync';
import { warmSearchIndexesWhenIdle } from '../lib/warm-search-indexes';

// Evaluated once, when app/device.ts first loads this chunk.
startSync(db);
warmSearchIndexesWhenIdle(db);

export { syncNow } from '../sync/start-sync';
