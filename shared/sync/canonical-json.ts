/**
 * JSON with every object's keys in sorted order: one text for one value, whichever side built the
 * object and in whatever order its keys were set. A signature is made over this text on the device
 * and checked over it on the server (entry-signature.ts), after the value has travelled through
 * IndexedDB, a file and JSON.parse. Otherwise as JSON.stringify: undefined properties are left out,
 * undefined in an array is null, -0 is 0, and a value JSON cannot hold (NaN, Infinity) is null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value as object)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
