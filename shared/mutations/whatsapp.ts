import type { z } from 'zod';
import { defineMutation } from './define';
import { recordWhatsappOpenedSchema, type WhatsappLogRow } from '../schemas/whatsapp-log';
import { factTimesOf, type Occurred } from '../domain/device-time';

/** WhatsApp opened at a customer (a reminder, declined work, an estimate): Staff record it too. */
export const recordWhatsappOpened = defineMutation({
  name: 'recordWhatsappOpened',
  schema: recordWhatsappOpenedSchema,
  permission: 'operate',
  touches: (args) => [{ table: 'whatsappLog', id: args.id }],
});

/**
 * The log row, built once for both sides: its author is the one the side knows (the server: the
 * session's user, whatever the device said), its time the fact's (the server bounds the device's).
 */
export function whatsappLogRow(
  args: z.output<typeof recordWhatsappOpenedSchema>,
  author: { id: string; name: string },
  when: Occurred,
): Omit<WhatsappLogRow, 'version' | 'deleted' | 'updatedAt'> {
  return {
    id: args.id,
    customerId: args.customerId,
    plate: args.plate,
    kind: args.kind,
    refId: args.refId,
    userId: author.id,
    userName: author.name,
    at: when.at,
    ...factTimesOf(when),
  };
}

export const whatsappLogMessages = { duplicate: 'This WhatsApp opening was already recorded.' } as const;
