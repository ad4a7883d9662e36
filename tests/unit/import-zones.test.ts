import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import zones and the short-import rule of eslint.config.js, run by the
 * real ESLint on a one-line file placed (virtually) in each zone: what
 * `npm run lint` says about an import that breaks the layering.
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rules a file at `filePath` with this one import breaks. */
async function brokenRules(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const ZONE = 'import-x/no-restricted-paths';

describe('import zones (npm run lint fails on each of these)', () => {
  it('src/shared imports nothing from src/server or src/web', async () => {
    expect(await brokenRules('src/shared/zone-probe.ts', '#server/errors.js')).toContain(ZONE);
    expect(await brokenRules('src/shared/zone-probe.ts', '#web/lib/api-client.js')).toContain(ZONE);
    expect(await brokenRules('src/shared/zone-probe.ts', './units.js')).toEqual([]);
  });

  it('a web feature imports no other feature, by subpath or relative import', async () => {
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '#web/features/users/api/get-users.js')).toContain(ZONE);
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '../users/api/get-users.js')).toContain(ZONE);
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', './api/get-origins.js')).toEqual([]);
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '#web/components/field.js')).toEqual([]);
  });

  it('a web feature imports nothing from src/web/app; shared web pieces import no feature', async () => {
    expect(await brokenRules('src/web/features/home/zone-probe.ts', '#web/app/routes.js')).toContain(ZONE);
    expect(await brokenRules('src/web/components/zone-probe.ts', '#web/features/origins/origin-form.js')).toContain(ZONE);
    expect(await brokenRules('src/web/app/zone-probe.ts', '#web/features/origins/origins-page.js')).toEqual([]);
  });

  it("a server feature reaches another area only through that area's service", async () => {
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', '../green-coffee/repository.js')).toContain(ZONE);
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', '#server/features/origins/routes.js')).toContain(ZONE);
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', '../green-coffee/service.js')).toEqual([]);
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', './repository.js')).toEqual([]);
  });

  it('imports do not climb two levels (they use #shared/…, #server/…, #web/…)', async () => {
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '../../lib/api-client.js')).toContain('no-restricted-imports');
    expect(await brokenRules('scripts/zone-probe.ts', '../src/server/config.js')).toContain('no-restricted-imports');
    expect(await brokenRules('scripts/zone-probe.ts', '#server/config.js')).toEqual([]);
  });
});

describe('scripts/ imports nothing from e2e/ (what both need is in support/)', () => {
  it('refuses an e2e helper in a script and accepts #support/…', async () => {
    expect(await brokenRules('scripts/zone-probe.ts', '../e2e/helpers/fixture.js')).toContain('no-restricted-imports');
    expect(await brokenRules('scripts/zone-probe.ts', '#support/start-server.js')).toEqual([]);
  });
});
