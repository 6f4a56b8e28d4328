// `npm run restore -- <backup file>`: puts a backup in place of the shop's database. Stop the server first.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readConfig } from '../server/src/config';
import { restoreDatabase } from '../server/src/db/backup';

const backup = process.argv[2] ? resolve(process.argv[2]) : '';
if (!backup || !existsSync(backup)) {
  console.error('Usage: npm run restore -- <backup file>   (stop the server first)');
  process.exit(1);
}
const target = resolve(readConfig().DB_FILE);
restoreDatabase(backup, target);
console.log(`Restored ${target} from ${backup}. Start the server: devices reload and send again what the restore lost.`);
