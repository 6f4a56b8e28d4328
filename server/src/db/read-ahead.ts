/**
 * A rule in shared/ runs on the device too, where it asks for a record by key and gets it at once
 * (`itemOf(id)`). On the server a read is asynchronous (the storage seam, issue 46), so the records
 * the rule will ask for are read first, each key once, and the rule gets a lookup into what was read.
 * A key not read ahead is a mistake in the caller, said loudly rather than answered as missing.
 */
export async function readAhead<V>(keys: Iterable<string>, read: (key: string) => Promise<V>): Promise<(key: string) => V> {
  const found = new Map<string, V>();
  for (const key of keys) if (!found.has(key)) found.set(key, await read(key));
  return (key) => {
    if (!found.has(key)) throw new Error(`No record was read ahead for ${key}.`);
    return found.get(key)!;
  };
}
