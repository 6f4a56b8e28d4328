import { z } from 'zod';
import { cleanText, type TextRule } from './text';

export const idSchema = z.string().trim().min(1, 'id is required.').max(64, 'id is too long.').superRefine(cleanText('The id'));

/** Optional free text: missing, null or blank all mean empty. */
export function optionalText(max: number, label: string, rule: TextRule = {}) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .superRefine(cleanText(label, rule))
    .nullish()
    .transform((value) => value ?? '');
}

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.')
  .superRefine(cleanText('Email'));
