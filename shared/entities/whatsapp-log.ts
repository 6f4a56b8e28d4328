import type { WhatsappLogRow } from '../schemas/whatsapp-log';
import { defineEntity } from './define-entity';

/** WhatsApp opened at a customer (issue 45, point 4): append-only, written only by recordWhatsappOpened. */
export const whatsappLogEntity = defineEntity<WhatsappLogRow>()({
  name: 'whatsappLog',
  sqlName: 'whatsapp_log',
  priority: false,
  fields: {},
  // By what it was about (a button's log: a reminder's or an estimate's) and by customer.
  deviceIndexes: 'id, refId, customerId',
});
