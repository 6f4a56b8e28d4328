// `npm run restore -- <backup file>`: puts a backup in place of the shop's database. Stop the server
// first: the restore refuses while it runs, and refuses a file that is not a sound backup of this
// server's database (server/src/db/restore.ts). The database it replaces is kept beside it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readConfig } from '@server/config';
import { restoreDatabase } from '@server/db/restore';

const backup = process.argv[2] ? resolve(process.argv[2]) : '';
if (!backup || !existsSync(backup)) {
  console.error('Usage: npm run restore -- <backup file>   (stop the server first)');
  process.exit(1);
}
const target = resolve(readConfig().DB_FILE);
try {
  const { kept } = await restoreDatabase(backup, target);
  console.log(`Restored ${target} from ${backup}.`);
  if (kept) console.log(`The database it replaced is kept as ${kept} (delete it once the shop is running again).`);
  console.log('Start the server: devices reload and send again what the restore lost.');
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exit(1);
}
