// Drops a test's PostgreSQL database. DROP DATABASE … WITH (FORCE) must end every session on it, and an
// autovacuum worker's belongs to the superuser, which the tests' role may not end ("must be a member of
// the role whose process is being terminated"). A plain DROP ends autovacuum by itself and waits for
// nothing else, so it is tried first, a few times while a session of our own is still closing; FORCE last.
const busy = '55006'; // object_in_use: "database … is being accessed by other users"

/** @param {{ query(text: string): Promise<unknown> }} admin a connection to another database of the server */
export async function dropDatabase(admin, name) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error).code !== busy) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
