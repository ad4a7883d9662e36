import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The feature folders of a layer, read at lint time so a new area is fenced in without editing this file. */
const featuresOf = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];

/**
 * Import zones (docs/decisions/0007-subpath-imports.md): the flow is one-way,
 * shared → server | web; in the web, components/lib/api → features → app.
 */
const importZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared lo usan servidor y web: no importa nada de src/server ni de src/web.',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/api'],
    from: ['./src/web/features', './src/web/app'],
    message: 'Las piezas compartidas de la web no dependen de ninguna área ni de src/web/app.',
  },
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
  ...featuresOf('src/server/features').map((feature, _index, all) => ({
    target: `./src/server/features/${feature}`,
    from: './src/server/features',
    except: [`./${feature}`, ...all.filter((other) => other !== feature).map((other) => `./${other}/service.ts`)],
    message: 'Un área del servidor llega a otra solo por su service.ts (nunca por su repository ni sus rutas).',
  })),
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
        { selector: "CallExpression[callee.property.name='raw'][callee.object.name='sql']", message: 'sql.raw salta los parámetros: usa sql`…${valor}`.' },
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
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves '#shared/…' like tsc and Vite do (package.json "imports", "cafe-source" condition, .js → .ts/.tsx).
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['cafe-source', 'import', 'default'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
