// `npm run seam-check`: issue 48's proof that a new plain synced entity is its declaration plus the
// few places docs/architecture.md lists, and that each of those places is held by a check. In a
// scratch copy of HEAD (a git worktree in the system's temporary folder), it adds an entity
// `insurers` (the insurers a garage bills for accident repairs) the way a newcomer following the guide would, checks that everything passes, then
// takes each place out again, one at a time, and prints which check fails. Last it adds one field to
// the declaration (and its generated migration) and checks that it is stored, synced and answered
// by the API with no other edit. Nothing in the working tree changes. About ten minutes on 2 cores.
import { execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'seam-check-'));
const at = (path: string) => join(scratch, path);
const read = (path: string) => readFileSync(at(path), 'utf8');
const write = (path: string, text: string) => writeFileSync(at(path), text);
/** `text` with `from` replaced, or an error naming it: a stale anchor must not leave a place unmade in silence. */
const strictReplace = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`anchor not found: ${from}`);
  return text.replace(from, to);
};
const insertAfter = (path: string, anchor: string, text: string) => {
  const file = read(path);
  if (!file.includes(anchor)) throw new Error(`${path}: anchor not found: ${anchor}`);
  write(path, file.replace(anchor, `${anchor}${text}`));
};

/** The places a newcomer edits, each as a function that makes its edit in the scratch copy. */
const places: Record<string, () => void> = {
  'the declaration (shared/entities/insurers.ts)': () =>
    write(
      'shared/entities/insurers.ts',
      `import { definePlainEntity } from './plain-entity';
import { optionalTextField, requiredText, wholeField } from './plain-fields';

export const insurersEntity = definePlainEntity({
  name: 'insurers',
  sqlName: 'insurers',
  priority: true,
  permissions: { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  problemForm: { noun: 'Insurer' },
  fields: {
    name: requiredText('Insurer Name', 100, { search: 'words', index: true, example: 'Ceylinco Insurance' }),
    phone: optionalTextField('Phone', 30, { search: 'digits', example: '0112345678' }),
    email: optionalTextField('Email', 254, { example: 'claims@ceylinco.lk' }),
    address: optionalTextField('Address', 300, { multiline: true, example: '12 Galle Road, Colombo 3' }),
    paymentTermsDays: wholeField('Payment Terms (days)', 0, 365, { example: 30 }),
    notes: optionalTextField('Notes', 500, { multiline: true }),
  },
  title: 'name',
  rest: {
    read: 'viewCatalog',
    one: 'insurer',
    many: 'insurers',
    messages: { created: 'Insurer added', updated: 'Insurer updated', deleted: 'Insurer deleted' },
    orderBy: 'name',
  },
});
`,
    ),
  'its line in shared/entities/index.ts': () => {
    insertAfter('shared/entities/index.ts', "import { drawerMovesEntity } from './drawer-moves';", "\nimport { insurersEntity } from './insurers';");
    insertAfter('shared/entities/index.ts', '  drawerMoves: drawerMovesEntity,', '\n  insurers: insurersEntity,');
  },
  'its server table (server/src/db/schema.ts)': () => {
    insertAfter('server/src/db/schema.ts', "import { servicesEntity } from '@shared/entities/services';", "\nimport { insurersEntity } from '@shared/entities/insurers';");
    const schema = read('server/src/db/schema.ts').replace(
      '\nexport const syncedTableObjects = {',
      "\nexport const insurers = sqliteTable('insurers', { ...synced(), ...plainColumns(insurersEntity.plain) }, (t) => [index('insurers_version').on(t.version)]);\n\nexport const syncedTableObjects = {",
    );
    const listed = schema.replace(/(\nexport const syncedTableObjects = \{[^}]*)\n\} as const;/, '$1\n  insurers,\n} as const;');
    if (listed === schema) throw new Error('server/src/db/schema.ts: syncedTableObjects not found');
    write('server/src/db/schema.ts', listed);
  },
  'its migration (npm run db:generate)': () => {
    run('npx drizzle-kit generate --name insurers', 'drizzle-kit');
  },
  'its device store (a db.version() in client/src/db/db.ts)': () => {
    const db = read('client/src/db/db.ts');
    const versions = [...db.matchAll(/db\.version\((\d+)\)/g)].map((match) => Number(match[1]));
    const next = Math.max(...versions) + 1;
    const anchor = '  for (const sums of [salesMonths, jobCounts])';
    write('client/src/db/db.ts', db.replace(anchor, `  db.version(${next}).stores({ insurers: 'id, name, *searchWords, sortKey' });\n${anchor}`));
  },
  'the protocol raised and recorded (shared/sync/protocol.ts, protocol-record.ts)': () => {
    const protocol = read('shared/sync/protocol.ts');
    const current = Number(/export const syncProtocol = (\d+);/.exec(protocol)![1]);
    write('shared/sync/protocol.ts', protocol.replace(`export const syncProtocol = ${current};`, `export const syncProtocol = ${current + 1};`));
    const record = strictReplace(
      strictReplace(read('shared/sync/protocol-record.ts'), `protocol: ${current},`, `protocol: ${current + 1},`),
      '\n  ],\n  mutations: [',
      "\n    'insurers',\n  ],\n  mutations: [",
    ).replace(/(\n {2}mutations: \[[^\]]*)\n {2}\],/, "$1\n    'createInsurer',\n    'deleteInsurer',\n    'updateInsurer',\n  ],");
    write('shared/sync/protocol-record.ts', record);
  },
  'its screen path (client/src/lib/paths.ts)': () => insertAfter('client/src/lib/paths.ts', "  categories: '/categories',", "\n  insurers: '/inventory/insurers',"),
  'its route (client/src/app/routes.tsx)': () =>
    insertAfter(
      'client/src/app/routes.tsx',
      "screenRoute(paths.categories, 'viewCatalog', () => import('../features/categories/categories-page').then((m) => m.CategoriesPage)),",
      "\n              screenRoute(paths.insurers, 'viewCatalog', () => import('../features/categories/categories-page').then((m) => m.CategoriesPage)),",
    ),
  'its menu entry (client/src/app/menu.ts)': () =>
    insertAfter(
      'client/src/app/menu.ts',
      "      { label: 'Services', to: paths.services, permission: 'viewCatalog', icon: 'services' },",
      "\n      { label: 'Insurers', to: paths.insurers, permission: 'viewCatalog', icon: 'categories' },",
    ),
};

/** The checks every place must be held by: the typecheck, and the tests named by the guide. */
const checks = [
  ['typecheck', 'npx tsc --noEmit --pretty false'],
  [
    'the seam tests',
    'npx vitest run --project parallel server/test/entity-tables.test.ts server/test/migrations-match-schema.test.ts server/test/entity-routes.test.ts client/src/db/entity-indexes.test.ts client/src/db/db-versions.test.ts shared/sync/protocol-record.test.ts client/src/app/screens.test.ts tests/sync/plain-entities.test.ts',
  ],
] as const;

function run(command: string, label: string): { ok: boolean; output: string } {
  const result = spawnSync(command, { cwd: scratch, shell: true, encoding: 'utf8', env: { ...process.env, CI: '1', FORCE_COLOR: '0', NO_COLOR: '1' } });
  const output = `${result.stdout}${result.stderr}`;
  if (label === 'drizzle-kit' && result.status !== 0) throw new Error(`drizzle-kit failed:\n${output}`);
  return { ok: result.status === 0, output };
}

/** Which checks fail, with the first line that names the problem. */
function failures(): string[] {
  const failed: string[] = [];
  for (const [name, command] of checks) {
    const { ok, output } = run(command, name);
    if (ok) continue;
    const line = output.split('\n').find((text) => /error TS|AssertionError|FAIL|×|Error:/.test(text)) ?? '';
    failed.push(`${name}: ${line.trim().slice(0, 220)}`);
  }
  return failed;
}

function freshCopy(): void {
  execSync(`git worktree remove --force ${scratch}`, { cwd: root, stdio: 'ignore' });
  execSync(`git worktree add --detach ${scratch} HEAD`, { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), at('node_modules'));
}

function applyAll(except?: string): void {
  for (const [name, edit] of Object.entries(places)) if (name !== except) edit();
}

try {
  rmSync(scratch, { recursive: true, force: true });
  execSync(`git worktree add --detach ${scratch} HEAD`, { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), at('node_modules'));
  console.log(`A new plain entity, insurers, added at ${Object.keys(places).length} places in a scratch copy of HEAD (${scratch}).\n`);

  applyAll();
  const all = failures();
  console.log(all.length === 0 ? 'All places made: every check passes.\n' : `All places made, yet checks fail:\n  ${all.join('\n  ')}\n`);

  let held = 0;
  const leaveOut = Object.keys(places).filter((name) => !name.startsWith('the declaration'));
  for (const name of leaveOut) {
    freshCopy();
    applyAll(name);
    const failed = failures();
    if (failed.length > 0) held += 1;
    console.log(`Without ${name}:\n  ${failed.length === 0 ? 'NOTHING FAILS' : failed.join('\n  ')}`);
  }

  // One field added to the declaration alone, with its generated migration.
  freshCopy();
  applyAll();
  const declaration = read('shared/entities/insurers.ts').replace(
    "    notes: optionalTextField('Notes', 500, { multiline: true }),",
    "    notes: optionalTextField('Notes', 500, { multiline: true }),\n    website: optionalTextField('Website', 200, { example: 'ceylinco.lk' }),",
  );
  write('shared/entities/insurers.ts', declaration);
  run('npx drizzle-kit generate --name insurer_website', 'drizzle-kit');
  const migrations = readdirSync(at('server/drizzle')).filter((file) => file.endsWith('.sql'));
  const field = failures();
  console.log(
    `\nA field (website) added to the declaration alone, with its migration (${migrations.at(-1)}): ${field.length === 0 ? 'stored, synced and answered by the API; every check passes' : field.join('; ')}.`,
  );
  console.log(`\n${held} of ${leaveOut.length} places are held by a check.`);
  process.exitCode = held === leaveOut.length && all.length === 0 && field.length === 0 ? 0 : 1;
} finally {
  if (existsSync(scratch)) execSync(`git worktree remove --force ${scratch}`, { cwd: root, stdio: 'ignore' });
}
