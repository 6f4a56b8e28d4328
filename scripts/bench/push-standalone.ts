// Push throughput and the server's answer time during the largest push, standalone (issue 24, point 1):
//   npx tsx scripts/bench/push-standalone.ts [--mutations 5000] [--runs 3] [--sizes 100,250] [--server-profile DIR] [--built]
// (--sizes: push sizes to compare, each run taking them in turn so the machine's load falls on all alike;
// pushBatchMax alone by default.)
// (--built: the built server, dist/server/main.js, as `npm run bench` runs it; `npm run build` first.)
// (--server-profile: the server runs under node --cpu-prof and writes its profile to DIR when it
// stops; summarise it with scripts/bench/profile-top.ts.)
// Seeds a fresh database (an Admin, a category, 300 items), starts the server from source (tsx), or
// the built one with --built, in a process of its own, and measures through HTTP (one server for all
// runs: run 1 is timed while V8 still compiles the apply path, which npm run bench leaves out):
//   1. mutations a second: createItem and adjustStock taking turns, in pushes of pushBatchMax;
//   2. the largest push the server takes: as many 300-line sales as its limits allow in one request,
//      while /api/health is asked every 50 ms; the slowest health answer is the figure.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from '@server/db/connection';
import { items } from '@server/db/schema';
import { deviceKeyHeader, pushBatchMax } from '@shared/sync/messages';
import * as limits from '@shared/sync/messages';
import { applyBatch } from '@server/sync/apply-mutation';
import { makeWorkload } from './push-throughput';
import { seedAdminAndCategory } from './seed-admin';
import { startServer } from './server-process';
import { newRecordId } from '@shared/sync/record-id';

const { values } = parseArgs({
  options: {
    mutations: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    sizes: { type: 'string' },
    'server-profile': { type: 'string' },
    built: { type: 'boolean', default: false },
  },
});
const mutations = Number(values.mutations);
const runs = Number(values.runs);
const sizes = values.sizes ? values.sizes.split(',').map(Number) : [pushBatchMax];
const lineItems = 300;

async function seed(file: string) {
  const db = await openDb(file);
  const now = new Date().toISOString();
  const { adminId, categoryId, token } = await seedAdminAndCategory(db);
  const itemIds: string[] = [];
  for (let i = 0; i < lineItems; i++) {
    const id = newRecordId();
    itemIds.push(id);
    await db
      .insert(items)
      .values({ id, itemName: `Bench item ${i}`, barcode: `BI-${i}`, categoryId, unitPriceCents: 1000, stockHundredths: 100_000_00, version: 0, deleted: false, updatedAt: now })
      .run();
  }
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return { adminId, categoryId, itemIds, token };
}

/** The most 300-line sales one push may carry: the push's record limit where there is one, else the batch limit. */
function salesPerPush(): number {
  const maxRecords = (limits as Record<string, unknown>).maxPushRecords;
  const perSale = 1 + lineItems * 3 + 1; // invoice, lines, movements, items, payment (definition's touches)
  return typeof maxRecords === 'number' ? Math.max(1, Math.min(pushBatchMax, Math.floor(maxRecords / perSale))) : pushBatchMax;
}

function sale(itemIds: string[], deviceCode: string, sequence: number) {
  const lines = itemIds.map((refId, i) => ({ id: newRecordId(), kind: 'item', refId, name: `Bench item ${i}`, quantity: 1, unitPrice: 10, discountPercent: 0, warrantyMonths: 0 }));
  return {
    id: newRecordId(),
    invoiceNo: `INV-${deviceCode}-${String(sequence).padStart(5, '0')}`,
    date: new Date().toISOString(),
    customerId: null,
    guest: true,
    customerName: 'Guest',
    lines,
    taxRatePercent: 0,
    pricesIncludeTax: false,
    total: lines.length * 10,
    payment: { id: newRecordId(), method: 'Cash', tendered: lines.length * 10 },
  };
}

/** The same workload applied in this process (applyBatch): CPU time a mutation, which the machine's load hardly moves. */
async function inProcessCpu(file: string, adminId: string, categoryId: string, itemIds: string[]) {
  const db = await openDb(file);
  try {
    const user = { id: adminId, name: 'Bench Admin', email: 'bench@garage.local', role: 'Admin' as const };
    const { batches } = makeWorkload(mutations, pushBatchMax, categoryId, 'cpu');
    let cpu = process.cpuUsage();
    for (const batch of batches) await applyBatch(db, user, batch);
    let used = process.cpuUsage(cpu);
    console.log(`in process: ${((used.user + used.system) / 1000 / mutations).toFixed(3)} ms CPU a mutation (createItem/adjustStock)`);
    const clientCode = 'CPU1';
    const sales = Array.from({ length: 5 }, (_, i) => ({ id: newRecordId(), name: 'checkoutSale', args: sale(itemIds, clientCode, i + 1) }));
    cpu = process.cpuUsage();
    const outcomes = await applyBatch(db, user, sales);
    used = process.cpuUsage(cpu);
    const refused = outcomes.filter((o) => o.status !== 'applied');
    console.log(
      `in process: ${((used.user + used.system) / 1000 / (5 * lineItems)).toFixed(3)} ms CPU a sale line (5 sales of ${lineItems} lines${refused.length ? `, ${refused.length} refused: ${(refused[0] as { message: string }).message}` : ''})`,
    );
  } finally {
    db.$client.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'push-bench-'));
  const file = join(dir, 'garage.sqlite');
  const { adminId, categoryId, itemIds, token } = await seed(file);
  await inProcessCpu(file, adminId, categoryId, itemIds);
  const profileDir = values['server-profile'];
  const entry = values.built ? ['dist/server/main.js'] : ['--import', 'tsx', 'server/src/main.ts'];
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServer({ command: process.execPath, args: [...profile, ...entry], cwd: process.cwd(), dbFile: file });
  // The device's own key (server/src/sync/device-keys.ts), sent with its check-in and its pushes.
  const deviceKey = randomBytes(24).toString('base64url');
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', [deviceKeyHeader]: deviceKey },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { results?: { status: string; message?: string }[]; message?: string; code?: string };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
    const rejected = answer.results?.filter((r) => r.status !== 'applied') ?? [];
    if (rejected.length) throw new Error(`${path}: ${rejected.length} rejected, the first: ${rejected[0]!.message}`);
    return answer;
  };
  try {
    const clientId = `bench-${newRecordId().slice(-8)}`;
    let seq = 0;
    const envelope = (request: { id: string; name: string; args: unknown }) => ({ ...request, clientId, seq: ++seq, createdAt: new Date().toISOString(), authorId: adminId });

    for (let run = 1; run <= runs; run++) {
      for (const size of sizes) {
        const { batches } = makeWorkload(mutations, size, categoryId, `r${run}s${size}`);
        const started = performance.now();
        for (const batch of batches) await post('/api/sync/push', { clientId, mutations: batch.map(envelope) });
        const ms = performance.now() - started;
        console.log(`run ${run}, pushes of ${size}: ${mutations} mutations in ${(ms / 1000).toFixed(2)} s = ${Math.round(mutations / (ms / 1000))} mutations/s through HTTP`);
      }
    }

    const { code } = (await post('/api/sync/device', { clientId, deviceKey })) as unknown as { code: string };
    const count = salesPerPush();
    const body = { clientId, mutations: Array.from({ length: count }, (_, i) => envelope({ id: newRecordId(), name: 'checkoutSale', args: sale(itemIds, code, i + 1) })) };
    let slowest = 0;
    let asked = 0;
    let pushing = true;
    const probe = (async () => {
      while (pushing) {
        const t = performance.now();
        await fetch(`${server.baseUrl}/api/health`).catch((error: Error) => console.log(`health: ${error.message} ${(error.cause as Error)?.message}`));
        slowest = Math.max(slowest, performance.now() - t);
        asked++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    await post('/api/sync/push', body);
    const ms = performance.now() - started;
    pushing = false;
    await probe;
    console.log(
      `largest push: ${count} sales of ${lineItems} lines (${(JSON.stringify(body).length / 1e6).toFixed(1)} MB) in ${(ms / 1000).toFixed(2)} s; ` +
        `slowest of ${asked} /api/health answers during it: ${Math.round(slowest)} ms`,
    );
  } catch (error) {
    console.log(server.output().slice(-3000));
    throw error;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
