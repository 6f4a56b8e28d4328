// `npm run reset-password -- <email> [new password]`: sets a new password for an account, for a shop
// whose only Admin forgot theirs (issue 47). Without a password it makes one and prints it. It may
// run while the server does; the server notes the reset in its log (server/src/auth/password-reset.ts).
// A password typed here stays in the shell's history: change it in User Management once logged in.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readConfig } from '@server/config';
import { openDb } from '@server/db/connection';
import { resetPassword } from '@server/auth/password-reset';

const [email, given] = process.argv.slice(2);
if (!email) {
  console.error('Usage: npm run reset-password -- <email> [new password]   (without a password, one is made and printed)');
  process.exit(1);
}
const file = resolve(readConfig().DB_FILE);
// openDb would make an empty database where none is: a wrong DB_FILE must say so instead.
if (!existsSync(file)) {
  console.error(`No database at ${file}. Run this where the server runs, with its DB_FILE.`);
  process.exit(1);
}
const db = await openDb(file);
try {
  const { user, password } = await resetPassword(db, email, given);
  console.log(given ? `New password set for ${user.name} <${user.email}>.` : `New password for ${user.name} <${user.email}>: ${password}`);
  console.log("Their sessions on every device have ended. The server's log notes the reset (within seconds while it runs, else at its next start).");
  if (!user.active) console.log('This account is not active: an Admin must activate it in User Management before it can log in.');
} catch (error) {
  const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
  console.error(`Password not reset: ${busy ? 'the database stayed busy; try again.' : (error as Error).message}`);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
