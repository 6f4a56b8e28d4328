import { z } from 'zod';
import { defineMutation } from './define';
import { idSchema } from '../schemas/common';

export const noticeMessages = {
  notFound: 'Notice not found.',
  notYours: 'This notice is for someone else.',
};

/** 'OK' on a notice: its user has read it. Dismissing one already dismissed changes nothing. */
export const dismissNotice = defineMutation({
  name: 'dismissNotice',
  schema: z.object({ id: idSchema }),
  permission: 'operate',
  touches: (args) => [{ table: 'notices', id: args.id }],
});
