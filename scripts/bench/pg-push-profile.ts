// Where a PostgreSQL push's time goes, alone (the last part of `npm run bench -- --engine pg`):
// `npx tsx scripts/bench/pg-push-profile.ts [--mutations 4000] [--uncounted]` with PG_TEST_URL (or PG_BENCH_URL) set.
// --uncounted: statements not counted (the count's wrapper costs a little a statement), for the push's own speed.
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
const counted = !process.argv.includes('--uncounted');
const profile = await profilePgPush(url, mutations, { counted });
const perMutation = (ms: number | null) => (ms === null ? 'not read' : `${(ms / mutations).toFixed(3)} ms`);
const uncounted = [
  `${mutations} mutations (applyBatch, statements not counted): ${Math.round(mutations / (profile.ms / 1000))}/s (SQLite in this process: ${Math.round(profile.sqlitePerSecond)}/s)`,
  `time: ${perMutation(profile.ms)} a mutation; CPU a mutation: this process ${perMutation(profile.cpuMs)}, PostgreSQL's backends ${perMutation(profile.backendCpuMs)}`,
];
for (const line of counted ? profileLines(profile) : uncounted) console.log(line);
