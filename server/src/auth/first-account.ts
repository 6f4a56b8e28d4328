import { randomInt } from 'node:crypto';
import { forbidden } from '../http/errors';

/**
 * Who may create the first account, which becomes the Admin (issue 24, 18). The server listens on
 * every interface from its first start, so a stranger on the shop's network could otherwise claim
 * the shop: the first registration comes from the shop PC itself (a loopback address), or carries
 * the one-time setup code the server printed on its console at start.
 */
export function isLoopback(address: string): boolean {
  // 'local': app.request() in tests and in-process callers, which have no socket at all.
  return address === 'local' || address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

// No 0/O or 1/I/L: the code is read off a screen and typed on a tablet.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A setup code for this start of the server: 8 characters, about 40 bits, as XXXX-XXXX. */
export function newSetupCode(): string {
  const chars = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

const normalise = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export const firstAccountMessage =
  "The first account (the administrator) can only be created on the shop PC itself, or with the setup code shown in the server's window when it started.";

/** Refuses the first registration unless it is from the shop PC or carries this start's setup code. */
export function assertMayCreateFirstAccount(address: string, givenCode: unknown, setupCode: string | null | undefined): void {
  if (isLoopback(address)) return;
  if (setupCode && typeof givenCode === 'string' && normalise(givenCode) === normalise(setupCode)) return;
  throw forbidden(firstAccountMessage);
}
