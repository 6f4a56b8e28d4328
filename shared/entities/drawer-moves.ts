import type { DrawerMoveRow } from '../schemas/drawer';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

export const drawerMovesEntity = defineEntity<DrawerMoveRow>()({
  name: 'drawerMoves',
  sqlName: 'drawer_moves',
  priority: false,
  // Written only by moveDrawerCash (shared/mutations/drawer.ts): pay-ins and pay-outs, append-only.
  fields: {},
  sortKey: (row) => newestFirst(String(row.createdAt || '')),
  deviceIndexes: 'id, sessionId',
});
