import { db } from '../db/instance';
import { startSync } from '../sync/start-sync';
import { warmSearchIndexesWhenIdle } from './warm-search-indexes';
import { keepLogoOffline } from './keep-logo-offline';

// Evaluated once, when lib/device.ts first loads this chunk.
startSync(db);
warmSearchIndexesWhenIdle(db);
keepLogoOffline(db);

export { syncNow } from '../sync/start-sync';
