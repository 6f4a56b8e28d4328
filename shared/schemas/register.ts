import { z } from 'zod';
import { cleanText } from './text';

/** A register's name (issue 47): what the shop calls the device, shown beside its code. */
export const maxRegisterNameLength = 40;

export const registerNameSchema = z.object({
  name: z.string({ error: 'Name must be text.' }).trim().max(maxRegisterNameLength, `Name must be at most ${maxRegisterNameLength} characters.`).superRefine(cleanText('Name')),
});

export interface RegisterName {
  code: string;
  /** '' until an Admin names it. */
  name: string;
}

export const registerNameMessage = ({ code, name }: RegisterName) => (name ? `Register ${code} is now named ${name}.` : `Register ${code} has no name now.`);
