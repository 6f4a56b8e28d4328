import { entrySigningText, fileSigningText, type SignedEntryFields, type SignedFileFields } from '@shared/sync/entry-signature';

// The device's half of signed changes (shared/sync/entry-signature.ts): HMAC-SHA256 by WebCrypto,
// checked on the server by node:crypto over the same text. WebCrypto exists only in a secure context
// (https, or localhost), which the installed app always is; elsewhere nothing is signed, and such a
// change can still be pushed by its own device, only not sent from an exported file.

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(key: string): Promise<CryptoKey> {
  let imported = keys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(key, imported);
  }
  return imported;
}

async function hmacHex(key: string, text: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await importKey(key), encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The key an author signs with on this device: their own key bound to the device's (as
 * server/src/sync/device-keys.ts, entryKeyFor, makes it), so an entry cannot claim another register.
 * Undefined while either is missing: nothing is signed then.
 */
export async function entryKeyOf(authorKey: string | undefined, deviceKey: string | undefined): Promise<string | undefined> {
  return authorKey && deviceKey ? hmacHex(authorKey, `device:${deviceKey}`) : undefined;
}

/** An outbox entry's signature by its author's key on this device, or undefined where the device cannot sign. */
export function signEntry(key: string | undefined, entry: SignedEntryFields): Promise<string | undefined> {
  return key ? hmacHex(key, entrySigningText(entry)) : Promise.resolve(undefined);
}

/** An exported file's signature by its exporter's key. */
export function signFile(key: string | undefined, file: SignedFileFields): Promise<string | undefined> {
  return key ? hmacHex(key, fileSigningText(file)) : Promise.resolve(undefined);
}
