// CPU profile of the in-process push apply (issue 24, point 1): seeds a small database, then applies
// createItem/adjustStock in pushes of pushBatchMax through applyBatch, as push-standalone.ts does.
//   node --cpu-prof --cpu-prof-dir=/tmp/push-prof --import tsx scripts/bench/push-profile.ts [--mutations 20000]
// Then summarise: npx tsx scripts/bench/profile-top.ts /tmp/push-prof/<file>.cpuprofile
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from '@server/db/connection';
import { categories, users } from '@server/db/schema';
import { pushBatchMax } from '@shared/sync/messages';
import { applyBatch } from '@server/sync/apply-mutation';
import { makeWorkload } from './push-throughput';

const { values } = parseArgs({ options: { mutations: { type: 'string', default: '20000' } } });
const mutations = Number(values.mutations);

const dir = mkdtempSync(join(tmpdir(), 'push-profile-'));
try {
  const db = await openDb(join(dir, 'garage.sqlite'));
  const now = new Date().toISOString();
  const user = { id: randomUUID(), name: 'Bench Admin', email: 'bench@garage.local', role: 'Admin' as const };
  await db
    .insert(users)
    .values({ ...user, status: true, passwordHash: 'x', createdAt: now, updatedAt: now })
    .run();
  const categoryId = randomUUID();
  await db.insert(categories).values({ id: categoryId, name: 'Bench', description: '', version: 0, deleted: false, updatedAt: now }).run();
  const { batches } = makeWorkload(mutations, pushBatchMax, categoryId, 'prof');
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const batch of batches) {
    const outcomes = await applyBatch(db, user, batch);
    const refused = outcomes.find((outcome) => outcome.status !== 'applied');
    if (refused) throw new Error(`refused: ${JSON.stringify(refused)}`);
  }
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  console.log(
    `${mutations} mutations in ${(ms / 1000).toFixed(2)} s = ${Math.round(mutations / (ms / 1000))}/s; ${((used.user + used.system) / 1000 / mutations).toFixed(3)} ms CPU a mutation`,
  );
  db.$client.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
