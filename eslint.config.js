// ESLint for the whole repo (`npm run lint`, and a part of `npm test`). What it checks and why: docs/architecture.md, "Lint".
//
// TypeScript 7 (the native compiler that `tsc` runs) exports no compiler API, and typescript-eslint needs
// TypeScript 5's. So typescript-eslint and the import plugin come from scripts/lint-tools, a local package with
// its own TypeScript 5.9 installed beside them (npm nests it there because it conflicts with the root's 7).
// Nothing is redirected at run time and `npx tsc` stays TypeScript 7.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { tseslint, importX, createTypeScriptImportResolver } from '@garage/lint-tools';

// Paths below are from the repo root (this file's folder), wherever ESLint is started.
const root = fileURLToPath(new URL('.', import.meta.url));

// Each folder in client/src/features is one feature; the list is read here so a new feature is covered at once.
const features = readdirSync(`${root}client/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The layout's rules: which folder may not import which. `from` is where the forbidden import points.
const layerZones = [
  { target: './shared', from: './client', message: 'shared/ runs on both sides: it may not import client code.' },
  { target: './shared', from: './server', message: 'shared/ runs on both sides: it may not import server code.' },
  { target: './server', from: './client', message: 'The server may not import client code: move what both need to shared/.' },
  { target: './client', from: './server', message: 'The client may not import server code: move what both need to shared/.' },
];
const featureZone = (feature) => ({
  target: `./client/src/features/${feature}`,
  from: './client/src/features',
  except: [`./${feature}`],
  message: 'One feature does not import another: move what two features share to client/src/components/, client/src/lib/ or shared/.',
});
// client/src's floors, top to bottom (issue 47): the shell (router, layout, the problem editor that imports each
// feature's form), the screens, the shared UI, the shared hooks and helpers, the sync engine, the search indexes,
// the device's database, and the session with the API client. Every import points down: a floor imports none
// above it, so a lower module never depends on a screen or the shell, and moving one is never a cycle.
const clientFloors = ['app', 'features', 'components', 'lib', 'sync', 'search', 'db', 'session'].map((floor) => `./client/src/${floor}`);
const floorZone = (floor, index) => ({
  target: floor,
  from: ['./client/src/main.tsx', ...clientFloors.slice(0, index)],
  message: `client/src's floors are ${clientFloors.map((each) => each.slice('./client/src/'.length)).join(' > ')}: an import points down. Move what a lower floor needs below it (docs/architecture.md, "Lint").`,
});
const layoutZones = [...layerZones, ...features.map(featureZone), ...clientFloors.map(floorZone).slice(1)];

// Path aliases (issue 29): client/src, server/src and shared/ are reached as `@/`, `@server/` and `@shared/`, not by
// climbing folders; which import takes which: docs/architecture.md, "Imports and aliases". Inside client/src and
// server/src no relative import climbs two levels (`../../`); elsewhere (tests, scripts, e2e) no relative import
// climbs into those trees, but a test may still reach its own support files relatively. shared/ imports itself
// relatively only: it must not depend on an alias being set up wherever it is used.
const aliasHint = 'write it with the alias: @/ for client/src, @server/ for server/src, @shared/ for shared/ (docs/architecture.md, "Imports and aliases").';
const deepRelative = { regex: '^\\.\\./\\.\\./', message: `A relative import that climbs two folders or more: ${aliasHint}` };
const intoAliasedTree = { regex: '^(\\.\\./)+(client/src|server/src|shared)(/|$)', message: `A relative import into client/src, server/src or shared/: ${aliasHint}` };
const intoClientSrc = { regex: '^(\\.\\./)+src(/|$)', message: `A relative import into client/src: ${aliasHint}` };
// The same for what no-restricted-imports does not see: import('…') and vi.mock('…') and its kin. (esquery's
// patterns cannot hold a slash: \x2F is one.)
const deepSpecifier = '/^\\.\\.\\x2F\\.\\.\\x2F/';
const deepDynamicImports = [
  'error',
  { selector: `ImportExpression[source.value=${deepSpecifier}]`, message: `A dynamic import that climbs two folders or more: ${aliasHint}` },
  { selector: `CallExpression[callee.object.name='vi'][arguments.0.value=${deepSpecifier}]`, message: `A mocked path that climbs two folders or more: ${aliasHint}` },
];

// Test code may use `any` to poke at raw JSON and to build bad input on purpose.
const testFiles = ['**/*.test.{ts,tsx}', 'tests/**', 'server/test/**', 'client/e2e/**'];

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'certs/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'client/public/**', 'server/drizzle/**', 'server/drizzle-pg/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.serviceworker },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks what is left out on purpose (a rest that drops fields, an unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The text rules (shared/schemas/text.ts) and search normalising match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The import plugin's TypeScript settings (which files it parses to follow imports: no-cycle needs them),
      ...importX.flatConfigs.typescript.settings,
      // and a resolver that resolves imports as tsc does (tsconfig.json), aliased ones included.
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layoutZones }],
      // Type-only imports are erased at build time, so the rule (by its design) follows value imports only.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [intoAliasedTree] }] },
  },
  {
    files: ['client/e2e/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [intoAliasedTree, intoClientSrc] }] },
  },
  {
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepRelative] }], 'no-restricted-syntax': deepDynamicImports },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@shared/', message: 'shared/ imports its own files relatively: it must stay portable, with no alias set up for it.' }] },
      ],
    },
  },
  {
    // The server's storage is asynchronous (issue 46, db/prepared.ts): a write or read not awaited runs
    // after its transaction has committed, or fails where no one hears it, and a test that does not
    // await passes whatever happened. These rules read the types, so they run on the server's code and
    // on the tests and scripts that drive it (about a minute on this machine).
    files: ['server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['scripts/lint-tools/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Inside try, a promise is awaited before it is returned, so that its failure is the catch's.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    // React code only: elsewhere (Playwright fixtures) a function named `use` is not a hook.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The browser's alert(), confirm() and prompt() speak in the browser's words, block the tablet, and on a
    // phone look like the site is broken (issue 47): the product asks and tells in the page (confirmInPage,
    // toasts, the field's own message).
    files: ['client/src/**/*.{ts,tsx}'],
    rules: { 'no-alert': 'error' },
  },
  {
    files: testFiles,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures take their dependencies as a destructured first argument, empty when there are none.
    files: ['client/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
