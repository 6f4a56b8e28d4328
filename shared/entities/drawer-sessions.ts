import type { DrawerSessionRow } from '../schemas/drawer';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

export const drawerSessionsEntity = defineEntity<DrawerSessionRow>()({
  name: 'drawerSessions',
  sqlName: 'drawer_sessions',
  priority: false,
  // Written only by openDrawer and closeDrawer (shared/mutations/drawer.ts): facts, never edited.
  fields: {},
  sortKey: (row) => newestFirst(String(row.createdAt || '')),
  // By register and state: "is this register's drawer open?" is one index read, whatever the history;
  // by closedAt for the newest Z reports of every register (an open session has none, so is not in it).
  deviceIndexes: 'id, [register+status], closedAt, reviewState',
});
