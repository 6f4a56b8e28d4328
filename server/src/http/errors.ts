import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { firstIssueMessage } from '@shared/schemas/messages';

/** An answer for the caller, not a crash: 4xx with `{ success: false, message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
  return parsed.data;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Half of a surrogate pair: no UTF-8 text holds one, but a JSON escape (\ud800) can make one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string or key in a parsed JSON value holds a lone surrogate (a loop, not recursion: bodies nest deep). */
function hasLoneSurrogate(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string' && loneSurrogate.test(item)) return true;
    if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (loneSurrogate.test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * Reads a JSON body; malformed JSON is the caller's mistake (400), never a 500. Bytes that are not
 * UTF-8 are refused rather than silently replaced (a name would be stored with U+FFFD in it), and so
 * is an escaped lone surrogate, which SQLite would store as bytes that are not UTF-8 either.
 */
export async function readJson(c: Context): Promise<unknown> {
  let text: string;
  try {
    text = strictUtf8.decode(await c.req.arrayBuffer());
  } catch (error) {
    if (error instanceof HttpError) throw error; // the body limit's 413
    throw badRequest('The request body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  // Only a \uD800-\uDFFF escape can make a lone surrogate; most bodies have none and skip the walk.
  if (/\\u[dD][89a-fA-F]/.test(text) && hasLoneSurrogate(value)) {
    throw badRequest('The request body is not valid UTF-8 (it escapes half of a surrogate pair).');
  }
  // What the body was, for a reused Idempotency-Key (run-mutation.ts).
  c.set('bodyDigest', createHash('sha256').update(text).digest('hex'));
  return value;
}

export function errorResponse(error: unknown, c: Context) {
  if (error instanceof HttpError) return c.json({ success: false, message: error.message }, error.status);
  console.error('Unexpected error', error);
  return c.json({ success: false, message: 'Something went wrong on the server. Please try again.' }, 500);
}
