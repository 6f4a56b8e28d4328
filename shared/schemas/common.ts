import { z } from 'zod';

export const idSchema = z.string().trim().min(1, 'id is required.').max(64, 'id is too long.');

/** Optional free text: missing, null or blank all mean empty. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '');
}

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.');
