import { z } from 'zod';
import { idSchema } from './common';
import { cleanText } from './text';
import { whatsappKinds, type WhatsappKind } from '../domain/whatsapp-templates';
import type { FactTimes } from '../domain/device-time';

/**
 * 'Opened by Nimal at 07/12/2026 10:32' (issue 45, point 4): WhatsApp was opened at a customer with a
 * message typed in. The app cannot know the message was sent, only that WhatsApp was opened.
 */
export const recordWhatsappOpenedSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  plate: z.string({ error: 'Plate must be text.' }).trim().max(20, 'Plate must be at most 20 characters.').superRefine(cleanText('Plate')).default(''),
  kind: z.enum(whatsappKinds, { error: 'The message kind must be reminder, declined or estimate.' }),
  // The reminder's or the estimate's id: the button's log is read by it.
  refId: idSchema,
});

/** A WhatsApp opening as both sides store it: who opened it, the server's word; when, bounded as a fact's time. */
export interface WhatsappLogRow extends FactTimes {
  id: string;
  customerId: string;
  plate: string;
  kind: WhatsappKind;
  refId: string;
  userId: string;
  userName: string;
  at: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
