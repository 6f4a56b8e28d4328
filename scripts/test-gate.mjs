// `npm test`: the quick, complete gate, one part after another, stopping at the first that fails.
// The long randomised tests run in their short form here (tests/support/soak.ts); `npm run test:soak`
// runs them at full length. At the end it prints how long each part took, and writes the same table
// to .tmp/gate-times.txt for .ci/run's summary.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const parts = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['format', 'npm run format:check'],
  ['unit + integration (vitest)', 'npx vitest run'],
  ['build', 'npm run build'],
  ['browser (playwright)', 'npx playwright test'],
];

const times = [];
let failed = null;
for (const [name, command] of parts) {
  console.log(`\n---- ${name}: ${command}`);
  const began = performance.now();
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  times.push([name, (performance.now() - began) / 1000, status === 0]);
  if (status !== 0) {
    failed = name;
    break;
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
const table = [
  'npm test, time of each part:',
  ...times.map(([name, seconds, ok]) => `  ${name.padEnd(30)} ${minutes(seconds).padStart(12)}${ok ? '' : '  FAILED'}`),
  `  ${'total'.padEnd(30)} ${minutes(total).padStart(12)}`,
].join('\n');
console.log(`\n${table}`);
mkdirSync('.tmp', { recursive: true });
writeFileSync('.tmp/gate-times.txt', `${table}\n`);
if (failed) {
  console.error(`npm test failed in: ${failed}`);
  process.exit(1);
}
