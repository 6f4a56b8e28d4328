import type { NoticeRow } from '../schemas/notice';
import { defineEntity } from './define-entity';

export const noticesEntity = defineEntity<NoticeRow>()({
  name: 'notices',
  sqlName: 'notices',
  priority: false,
  // Written by the server's rules (server/src/mutations/later-edit-wins.ts) and dismissNotice only.
  fields: {},
  deviceIndexes: 'id, userId',
});
