// Where a PostgreSQL push's time goes, alone (the last part of `npm run bench -- --engine pg`):
// `npx tsx scripts/bench/pg-push-profile.ts [--mutations 4000]` with PG_TEST_URL (or PG_BENCH_URL) set.
import { loadavg } from 'node:os';
import { profileLines, profilePgPush } from './engines';

const url = process.env.PG_BENCH_URL ?? process.env.PG_TEST_URL;
if (!url) throw new Error('Set PG_TEST_URL (or PG_BENCH_URL): a role that may create databases.');
const at = process.argv.indexOf('--mutations');
const mutations = at > 0 ? Number(process.argv[at + 1]) : 4000;
console.log(
  `load ${loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')}`,
);
for (const line of profileLines(await profilePgPush(url, mutations))) console.log(line);
