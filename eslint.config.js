import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Every path here is read from this file's folder, not from the directory ESLint
 * runs in: run from elsewhere (an editor, `cd src && npx eslint …`), the zones
 * would otherwise point at folders that do not exist and fence nothing.
 */
const root = import.meta.dirname;

/** The feature folders of a layer, read at lint time so a new area is fenced in without editing this file. */
const featuresOf = (dir) => {
  const absolute = path.join(root, dir);
  return fs.existsSync(absolute)
    ? fs.readdirSync(absolute, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    : [];
};

const serverFeatures = featuresOf('src/server/features');

/**
 * The web's shared pieces go one way (docs/architecture.md#layers-and-boundaries):
 * lib ← api ← components. lib (the API client, the screen hooks, helpers)
 * imports neither; api (requests several areas share) imports lib only;
 * components import both. In components/, the generic UI at the top imports no
 * group, and a group (a subfolder: labels, scan, roast-curve, charts) imports
 * no other group but those listed here: the roast curve draws in the charts' frame.
 */
const webComponentGroups = featuresOf('src/web/components');
const COMPONENT_GROUP_USES = { 'roast-curve': ['charts'] };

/**
 * The server's infrastructure, in floors (docs/decisions/0015): each imports
 * only the floors below it, and none imports an area of src/server/features.
 */
const SERVER_FLOORS = [
  ['./src/server/config.ts', './src/server/errors.ts'],
  ['./src/server/db'],
  ['./src/server/ledger'],
  ['./src/server/http'],
  ['./src/server/auth'],
  ['./src/server/write-pipeline'],
  ['./src/server/untrusted-files'],
];

/**
 * Import zones (docs/decisions/0007-subpath-imports.md, docs/decisions/0015):
 * the flow is one-way, shared → server | web; on the server, infrastructure →
 * features, and in an area repository → service → routes; in the web,
 * lib → api → components → features → app.
 */
const importZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared lo usan servidor y web: no importa nada de src/server ni de src/web.',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'La web no importa nada del servidor: lo que comparten (esquemas, mensajes, unidades) está en src/shared.',
  },
  {
    target: './src/server',
    from: './src/web',
    message: 'El servidor no importa nada de la web: lo que comparten (esquemas, mensajes, unidades) está en src/shared.',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/api'],
    from: ['./src/web/features', './src/web/app'],
    message: 'Las piezas compartidas de la web no dependen de ninguna área ni de src/web/app.',
  },
  {
    target: './src/web/lib',
    from: ['./src/web/components', './src/web/api'],
    message: 'src/web/lib está debajo de src/web/api y src/web/components: no importa nada de ellos (lib ← api ← components).',
  },
  {
    target: './src/web/api',
    from: './src/web/components',
    message: 'src/web/api importa solo src/web/lib: un componente usa una petición, nunca al revés (lib ← api ← components).',
  },
  {
    target: './src/web/components/*.{ts,tsx}',
    from: webComponentGroups.map((group) => `./src/web/components/${group}`),
    message: 'Las piezas genéricas de src/web/components no importan ningún grupo (labels, scan, roast-curve, charts): los grupos las usan a ellas.',
  },
  ...webComponentGroups.map((group) => ({
    target: `./src/web/components/${group}`,
    from: webComponentGroups.filter((other) => other !== group && !(COMPONENT_GROUP_USES[group] ?? []).includes(other)).map((other) => `./src/web/components/${other}`),
    message: 'Un grupo de src/web/components no importa otro grupo (solo roast-curve usa charts): lo que comparten va a las piezas genéricas de src/web/components.',
  })),
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'Un área de la web no importa nada de src/web/app (el router la importa a ella).',
  },
  ...featuresOf('src/web/features').map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Un área de la web no importa otra área: sube lo compartido a src/web/components, src/web/lib o src/web/api.',
  })),
  {
    target: SERVER_FLOORS.flat(),
    from: './src/server/features',
    message: 'La infraestructura del servidor (db, http, ledger, auth, write-pipeline, untrusted-files, config.ts, errors.ts) no importa ninguna área: las áreas la usan a ella.',
  },
  ...SERVER_FLOORS.slice(0, -1).map((floor, index) => ({
    target: floor,
    from: SERVER_FLOORS.slice(index + 1).flat(),
    message: 'La infraestructura del servidor va por pisos (config.ts y errors.ts → db → ledger → http → auth → write-pipeline → untrusted-files): un piso no importa uno de encima.',
  })),
  ...serverFeatures.map((feature) => ({
    target: `./src/server/features/${feature}/repository.ts`,
    from: serverFeatures.map((area) => `./src/server/features/${area}/service.ts`),
    message: 'Un repository no importa ningún service: el service usa el repository, nunca al revés.',
  })),
  ...serverFeatures.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: './src/server/features',
    except: [`./${feature}`, ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/service.ts`)],
    message: 'Un área del servidor llega a otra solo por su service.ts (nunca por su repository ni sus rutas).',
  })),
];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every folder under `dir` ('' for `dir` itself), read at lint time like the feature folders. */
const foldersOf = (dir) => {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  const below = fs.readdirSync(absolute, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return ['', ...below.flatMap((entry) => foldersOf(path.posix.join(dir, entry.name)).map((folder) => path.posix.join(entry.name, folder)))];
};

/**
 * One spelling per module in src/server and src/shared (docs/decisions/0036-plain-subpath-imports.md):
 * a file of the same folder is './file.js', anything else is '#server/…' or '#shared/…', one level up
 * or down included. One block per folder, since the second pattern names the folder the file is in;
 * each block also keeps the relative rule (a later block's no-restricted-imports replaces an earlier one's).
 */
const importSpellingBlocks = ['server', 'shared'].flatMap((layer) =>
  foldersOf(`src/${layer}`).map((folder) => ({
    files: [path.posix.join('src', layer, folder, '*.{ts,tsx}')],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./|^\\./.*/',
              message: `Una importación relativa es solo de la misma carpeta (./archivo.js); lo demás se importa con ${layer === 'server' ? '#server/… o #shared/…' : '#shared/…'} (package.json "imports").`,
            },
            {
              regex: `^#${layer}/${folder ? `${escapeRegex(folder)}/` : ''}[^/]+$`,
              message: 'Un archivo de la misma carpeta se importa como ./archivo.js.',
            },
          ],
        },
      ],
    },
  })),
);

const SQL_RAW = { selector: "CallExpression[callee.property.name='raw'][callee.object.name='sql']", message: 'sql.raw salta los parámetros: usa sql`…${valor}`.' };

const NUMBER_INPUT = {
  selector: "JSXAttribute[name.name='type'][value.value='number']",
  message: 'Un número se escribe en un campo de texto con DECIMAL_INPUT: type="number" pierde la coma decimal (docs/decisions/0035-decimal-inputs-as-text.md).',
};

/**
 * Every write of the web goes through src/web/lib/write-request.ts (apiWrite,
 * apiUpload): its Idempotency-Key and retries make a write sent twice on a shaky
 * connection count once (docs/architecture.md#the-web-side,
 * docs/decisions/0023-idempotency-keys.md). Sign-in and sign-out take no key
 * (the server refuses to replay them), so apiRequest may still send those two.
 */
const WRITE_METHOD = '/^(POST|PUT|PATCH|DELETE)$/i';
const RAW_WRITES = [
  {
    selector: `CallExpression[callee.name=/^(apiRequest|jsonRequest)$/][arguments.0.value=${WRITE_METHOD}]:not([arguments.1.value=/^.auth.(login|logout)$/])`,
    message: 'Una escritura va con apiWrite (src/web/lib/write-request.ts), con su Idempotency-Key y sus reintentos; apiRequest es para lecturas, iniciar y cerrar sesión.',
  },
  {
    selector: `Property[key.name='method'][value.value=${WRITE_METHOD}]`,
    message: 'Una escritura va con apiWrite o apiUpload (src/web/lib/write-request.ts), con su Idempotency-Key y sus reintentos, no con fetch ni send.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'screenshots/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': [
        'error',
        SQL_RAW,
      ],
      // Imports say which layer they come from (docs/decisions/0007-subpath-imports.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'No subas dos niveles: usa #shared/…, #server/… o #web/… (package.json "imports").' },
            { group: ['../src/*', '**/../shared/*', '**/../server/*', '**/../web/*'], message: 'Otra capa se importa con #shared/…, #server/… o #web/… (package.json "imports").' },
          ],
        },
      ],
    },
  },
  {
    // One order for the imports of every file, so a reader finds each group where it always is and
    // two branches that add imports merge into one answer (`npx eslint --fix` writes it): Node's
    // builtins, packages, '#…' subpath imports, then relative ones. A type import sits with its group.
    plugins: { 'import-x': importX },
    settings: { 'import-x/internal-regex': '^#' },
    rules: {
      'import-x/order': ['error', { groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']] }],
    },
  },
  {
    // Scripts are tools, not tests: what they share with e2e/ lives in support/.
    files: ['scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'No subas dos niveles: usa #shared/…, #server/…, #web/… o #support/….' },
            { group: ['../src/*'], message: 'Otra capa se importa con #shared/…, #server/… o #web/….' },
            { group: ['../e2e/*', '**/e2e/**'], message: 'scripts/ no importa nada de e2e/: lo que comparten va en support/ (#support/…).' },
          ],
        },
      ],
    },
  },
  ...importSpellingBlocks,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files import-x reads to follow imports (no-cycle): TypeScript through its parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves '#shared/…' like tsc and Vite do (package.json "imports", .js → .ts/.tsx).
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['import', 'default'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones }],
      // A cycle of files has no order to read or load them in (docs/decisions/0015).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', SQL_RAW, NUMBER_INPUT, ...RAW_WRITES],
    },
  },
  {
    // The one module that sends writes (RAW_WRITES).
    files: ['src/web/lib/write-request.ts'],
    rules: { 'no-restricted-syntax': ['error', SQL_RAW, NUMBER_INPUT] },
  },
);
