import { db } from '../db/instance';
import { startSync } from '../sync/start-sync';
import { warmSearchIndexesWhenIdle } from '../lib/warm-search-indexes';
import { keepLogoOffline } from '../lib/keep-logo-offline';

// Evaluated once, when app/device.ts first loads this chunk.
startSync(db);
warmSearchIndexesWhenIdle(db);
keepLogoOffline(db);

export { syncNow } from '../sync/start-sync';
