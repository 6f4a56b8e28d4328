// `npm run backup [-- <file>]`: a consistent copy of the shop's database while the server runs.
// Without a file name it goes to <database folder>/backups/garage-<date-time>.sqlite.
// To restore one: stop the server, then `npm run restore -- <backup file>`, then start it again;
// every device notices, keeps its unsent work, reloads, and sends again what the restore lost.
import { join, dirname, resolve } from 'node:path';
import { readConfig } from '@server/config';
import { backupDatabase } from '@server/db/backup';

const source = resolve(readConfig().DB_FILE);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = resolve(process.argv[2] ?? join(dirname(source), 'backups', `garage-${stamp}.sqlite`));
await backupDatabase(source, target);
console.log(`Backed up ${source} to ${target}`);
