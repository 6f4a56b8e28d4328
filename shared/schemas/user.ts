import { z } from 'zod';
import { emailSchema } from './common';
import { cleanText } from './text';
import { roles } from '../domain/permissions';

/** The shortest password an account may be given (login still takes an older, shorter one). */
export const minPasswordLength = 8;

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(minPasswordLength, `Password must be at least ${minPasswordLength} characters.`)
  .max(200, 'Password must be at most 200 characters.');

export const nameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.')
  .superRefine(cleanText('Name'));

export const loginSchema = z.object({
  email: emailSchema,
  // Login checks presence only: an old password shorter than today's rule must still work.
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export type RegisterInput = z.infer<typeof registerSchema>;

export const roleSchema = z.enum(roles, { error: 'Role must be Admin, Manager or Staff.' });

/** What the client keeps in local storage under 'user' after login. */
export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: z.infer<typeof roleSchema>;
  status: boolean;
}
