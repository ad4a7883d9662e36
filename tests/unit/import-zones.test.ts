import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js (docs/decisions/0007-subpath-imports.md,
 * docs/decisions/0015-layers-and-import-boundaries.md), run by the real ESLint
 * on a one-line file placed (virtually) in each zone: what `npm run lint` says
 * about an import that breaks the layering. Each rule gets an import that must
 * fail and one that must pass.
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const probe = (specifier: string) => `import * as imported from '${specifier}';\nexport const used = imported;\n`;

/** The rules a file at `filePath` with this one import breaks. */
async function brokenRules(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(probe(specifier), { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** The rules a file at `filePath` holding `text` breaks. */
async function brokenRulesOfText(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const ZONE = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

describe('import zones (npm run lint fails on each of these)', () => {
  it('src/shared imports nothing from src/server or src/web', async () => {
    expect(await brokenRules('src/shared/zone-probe.ts', '#server/errors.js')).toContain(ZONE);
    expect(await brokenRules('src/shared/zone-probe.ts', '#web/lib/api-client.js')).toContain(ZONE);
    expect(await brokenRules('src/shared/zone-probe.ts', './units.js')).toEqual([]);
  });

  it('the web imports nothing from the server, the server nothing from the web', async () => {
    expect(await brokenRules('src/web/lib/zone-probe.ts', '#server/errors.js')).toContain(ZONE);
    expect(await brokenRules('src/web/features/sales/zone-probe.ts', '#server/features/sales/service.js')).toContain(ZONE);
    expect(await brokenRules('src/server/http/zone-probe.ts', '#web/lib/api-client.js')).toContain(ZONE);
    expect(await brokenRules('src/server/features/sales/zone-probe.ts', '#web/lib/api-client.js')).toContain(ZONE);
    expect(await brokenRules('src/web/lib/zone-probe.ts', '#shared/units.js')).toEqual([]);
    expect(await brokenRules('src/server/http/zone-probe.ts', '#shared/units.js')).toEqual([]);
  });

  it('a web feature imports no other feature, by subpath or relative import', async () => {
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '#web/features/users/api/delete-user.js')).toContain(ZONE);
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '../users/api/delete-user.js')).toContain(ZONE);
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', './api/get-origins.js')).toEqual([]);
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '#web/components/field.js')).toEqual([]);
  });

  it('a web feature imports nothing from src/web/app; shared web pieces import no feature', async () => {
    expect(await brokenRules('src/web/features/home/zone-probe.ts', '#web/app/routes.js')).toContain(ZONE);
    expect(await brokenRules('src/web/components/zone-probe.ts', '#web/features/origins/origin-form.js')).toContain(ZONE);
    expect(await brokenRules('src/web/app/zone-probe.ts', '#web/features/origins/origins-page.js')).toEqual([]);
  });

  it("the web's shared pieces go one way, lib ← api ← components", async () => {
    // lib imports neither api nor components, by subpath or relative import.
    expect(await brokenRules('src/web/lib/zone-probe.ts', '#web/components/toast.js')).toContain(ZONE);
    expect(await brokenRules('src/web/lib/zone-probe.ts', '../components/data-table.js')).toContain(ZONE);
    expect(await brokenRules('src/web/lib/zone-probe.ts', '#web/api/query-keys.js')).toContain(ZONE);
    expect(await brokenRules('src/web/lib/zone-probe.ts', './api-client.js')).toEqual([]);
    // api imports lib, never a component.
    expect(await brokenRules('src/web/api/zone-probe.ts', '#web/components/select-field.js')).toContain(ZONE);
    expect(await brokenRules('src/web/api/zone-probe.ts', '#web/lib/api-client.js')).toEqual([]);
    // components import both.
    expect(await brokenRules('src/web/components/zone-probe.ts', '#web/api/query-keys.js')).toEqual([]);
    expect(await brokenRules('src/web/components/labels/zone-probe.ts', '#web/lib/api-client.js')).toEqual([]);
  });

  it("components/: the generic UI imports no group, a group no other group (the roast curve uses charts)", async () => {
    expect(await brokenRules('src/web/components/zone-probe.ts', './labels/print-labels.js')).toContain(ZONE);
    expect(await brokenRules('src/web/components/zone-probe.ts', '#web/components/scan/scan-button.js')).toContain(ZONE);
    expect(await brokenRules('src/web/components/zone-probe.ts', './field.js')).toEqual([]);
    expect(await brokenRules('src/web/components/labels/zone-probe.ts', '#web/components/scan/scan-button.js')).toContain(ZONE);
    expect(await brokenRules('src/web/components/charts/zone-probe.ts', '#web/components/roast-curve/roast-curve-format.js')).toContain(ZONE);
    expect(await brokenRules('src/web/components/roast-curve/zone-probe.ts', '#web/components/charts/chart-frame.js')).toEqual([]);
    expect(await brokenRules('src/web/components/scan/zone-probe.ts', '#web/components/form-alert.js')).toEqual([]);
  });

  it('the server infrastructure (db, http, ledger, auth, untrusted-files, config.ts, errors.ts) imports no area', async () => {
    for (const file of [
      'src/server/db/zone-probe.ts',
      'src/server/untrusted-files/zone-probe.ts',
      'src/server/http/zone-probe.ts',
      'src/server/ledger/zone-probe.ts',
      'src/server/auth/zone-probe.ts',
      'src/server/config.ts',
      'src/server/errors.ts',
    ]) {
      expect(await brokenRules(file, '#server/features/users/service.js'), file).toContain(ZONE);
    }
    expect(await brokenRules('src/server/auth/zone-probe.ts', '#server/features/users/repository.js')).toContain(ZONE);
    // The other way round is the point of the infrastructure.
    expect(await brokenRules('src/server/features/users/zone-probe.ts', '#server/auth/passwords.js')).toEqual([]);
    expect(await brokenRules('src/server/features/sales/zone-probe.ts', '#server/ledger/lot-locks.js')).toEqual([]);
  });

  it('the server infrastructure goes by floors: config.ts and errors.ts → db → ledger → http → auth, never upwards', async () => {
    expect(await brokenRules('src/server/config.ts', '#server/http/malformed-requests.js')).toContain(ZONE);
    expect(await brokenRules('src/server/errors.ts', '#server/db/schema.js')).toContain(ZONE);
    expect(await brokenRules('src/server/db/zone-probe.ts', '#server/ledger/ledger.js')).toContain(ZONE);
    expect(await brokenRules('src/server/ledger/zone-probe.ts', '#server/http/crud-routes.js')).toContain(ZONE);
    expect(await brokenRules('src/server/http/zone-probe.ts', '#server/auth/guard.js')).toContain(ZONE);
    expect(await brokenRules('src/server/ledger/zone-probe.ts', '#server/db/schema.js')).toEqual([]);
    expect(await brokenRules('src/server/http/zone-probe.ts', '#server/config.js')).toEqual([]);
    expect(await brokenRules('src/server/auth/zone-probe.ts', '#server/http/session-cookie.js')).toEqual([]);
  });

  it("a server area's repository imports no service, its own or another area's", async () => {
    expect(await brokenRules('src/server/features/origins/repository.ts', './service.js')).toContain(ZONE);
    expect(await brokenRules('src/server/features/sales/repository.ts', '#server/features/products/service.js')).toContain(ZONE);
    expect(await brokenRules('src/server/features/origins/service.ts', './repository.js')).toEqual([]);
    expect(await brokenRules('src/server/features/origins/repository.ts', '#server/db/dialect.js')).toEqual([]);
  });

  it("a server feature reaches another area only through that area's service", async () => {
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', '#server/features/green-coffee/repository.js')).toContain(ZONE);
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', '#server/features/origins/routes.js')).toContain(ZONE);
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', '#server/features/green-coffee/service.js')).toEqual([]);
    expect(await brokenRules('src/server/features/roasted-coffee/zone-probe.ts', './repository.js')).toEqual([]);
  });

  it('imports do not climb two levels (they use #shared/…, #server/…, #web/…)', async () => {
    expect(await brokenRules('src/web/features/origins/zone-probe.ts', '../../lib/api-client.js')).toContain('no-restricted-imports');
    expect(await brokenRules('scripts/zone-probe.ts', '../src/server/config.js')).toContain('no-restricted-imports');
    expect(await brokenRules('scripts/zone-probe.ts', '#server/config.js')).toEqual([]);
  });

  // docs/decisions/0036-plain-subpath-imports.md: one spelling per module.
  it('in src/server and src/shared a relative import is of the same folder only, and the same folder is never #…', async () => {
    const RESTRICTED = 'no-restricted-imports';
    expect(await brokenRules('src/server/features/sales/zone-probe.ts', '../products/service.js')).toContain(RESTRICTED);
    expect(await brokenRules('src/server/zone-probe.ts', './db/schema.js')).toContain(RESTRICTED);
    expect(await brokenRules('src/server/db/migrations/zone-probe.ts', '../schema.js')).toContain(RESTRICTED);
    expect(await brokenRules('src/server/db/zone-probe.ts', '#server/db/schema.js')).toContain(RESTRICTED);
    expect(await brokenRules('src/server/zone-probe.ts', '#server/config.js')).toContain(RESTRICTED);
    expect(await brokenRules('src/shared/schemas/zone-probe.ts', '../units.js')).toContain(RESTRICTED);
    expect(await brokenRules('src/shared/schemas/zone-probe.ts', '#shared/schemas/common.js')).toContain(RESTRICTED);
    expect(await brokenRules('src/server/features/sales/zone-probe.ts', '#server/features/products/service.js')).toEqual([]);
    expect(await brokenRules('src/server/zone-probe.ts', '#server/db/schema.js')).toEqual([]);
    expect(await brokenRules('src/server/db/migrations/zone-probe.ts', '#server/db/schema.js')).toEqual([]);
    expect(await brokenRules('src/server/db/zone-probe.ts', './schema.js')).toEqual([]);
    expect(await brokenRules('src/server/zone-probe.ts', './config.js')).toEqual([]);
    expect(await brokenRules('src/shared/schemas/zone-probe.ts', '#shared/units.js')).toEqual([]);
    expect(await brokenRules('src/shared/schemas/zone-probe.ts', './common.js')).toEqual([]);
  });
});

describe('import cycles (npm run lint fails on a file that imports itself back)', () => {
  it('refuses a file importing one that imports it, and accepts the one-way import', async () => {
    // sales/service.ts imports products/service.ts: products importing sales back closes a circle.
    expect(await brokenRules('src/server/features/products/service.ts', '#server/features/sales/service.js')).toContain(CYCLE);
    expect(await brokenRules('src/server/features/sales/zone-probe.ts', '#server/features/products/service.js')).toEqual([]);
  });
});

describe('scripts/ imports nothing from e2e/ (what both need is in support/)', () => {
  it('refuses an e2e helper in a script and accepts #support/…', async () => {
    expect(await brokenRules('scripts/zone-probe.ts', '../e2e/helpers/fixture.js')).toContain('no-restricted-imports');
    expect(await brokenRules('scripts/zone-probe.ts', '#support/start-server.js')).toEqual([]);
  });
});

describe('every web write goes through src/web/lib/write-request.ts (its Idempotency-Key and retries)', () => {
  const SYNTAX = 'no-restricted-syntax';
  const call = (text: string) => `import { apiRequest } from '#web/lib/api-client.js';\nimport { apiWrite } from '#web/lib/write-request.js';\nexport const sent = () => ${text};\nexport const unused = [apiRequest, apiWrite];\n`;

  it('refuses a POST, PUT, PATCH or DELETE with apiRequest or fetch elsewhere in src/web', async () => {
    const file = 'src/web/features/stock-counts/api/write-probe.ts';
    expect(await brokenRulesOfText(file, call("apiRequest('POST', '/stock-counts', {})"))).toContain(SYNTAX);
    expect(await brokenRulesOfText(file, call("apiRequest('DELETE', '/sales/1')"))).toContain(SYNTAX);
    expect(await brokenRulesOfText(file, call("fetch('/api/settings', { method: 'PUT', body: '{}' })"))).toContain(SYNTAX);
    expect(await brokenRulesOfText('src/web/lib/write-probe.ts', call("fetch('/api/sales/1', { method: 'PATCH' })"))).toContain(SYNTAX);
  });

  it('accepts apiWrite, reads, sign-in and sign-out, and the helper itself', async () => {
    const file = 'src/web/features/stock-counts/api/write-probe.ts';
    expect(await brokenRulesOfText(file, call("apiWrite('POST', '/stock-counts', {}, 'clave')"))).toEqual([]);
    expect(await brokenRulesOfText(file, call("apiRequest('GET', '/stock-counts')"))).toEqual([]);
    expect(await brokenRulesOfText(file, call("apiRequest('POST', '/auth/login', {})"))).toEqual([]);
    expect(await brokenRulesOfText(file, call("apiRequest('POST', '/auth/logout')"))).toEqual([]);
    expect(await brokenRulesOfText('src/web/lib/write-request.ts', call("fetch('/api/sales', { method: 'POST' })"))).toEqual([]);
  });
});

describe('the zones hold when ESLint runs from another directory', () => {
  const eslintBin = path.join(root, 'node_modules/eslint/bin/eslint.js');

  /** The ESLint command line, started in a directory outside the repository, on one file given on stdin. */
  async function lintFromElsewhere(filePath: string, specifier: string): Promise<{ failed: boolean; output: string }> {
    const run = promisify(execFile)(process.execPath, [eslintBin, '--stdin', '--stdin-filename', path.join(root, filePath)], { cwd: os.tmpdir() });
    run.child.stdin?.end(probe(specifier));
    try {
      const { stdout } = await run;
      return { failed: false, output: stdout };
    } catch (error) {
      const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
      // 1: lint errors found; anything else is ESLint failing to run, which must not pass as a refusal.
      if (code !== 1) throw new Error(`eslint terminó con ${code}: ${stderr}`, { cause: error });
      return { failed: true, output: stdout ?? '' };
    }
  }

  it('refuses an infrastructure file importing an area and a web area importing another, accepts an allowed import', async () => {
    const [infrastructure, webArea, allowed] = await Promise.all([
      lintFromElsewhere('src/server/db/zone-probe.ts', '#server/features/users/service.js'),
      lintFromElsewhere('src/web/features/origins/zone-probe.ts', '#web/features/users/api/delete-user.js'),
      lintFromElsewhere('src/server/features/sales/zone-probe.ts', '#server/ledger/lot-locks.js'),
    ]);
    expect(infrastructure.failed).toBe(true);
    expect(infrastructure.output).toContain(ZONE);
    expect(webArea.failed).toBe(true);
    expect(webArea.output).toContain(ZONE);
    expect(allowed).toEqual({ failed: false, output: '' });
  }, 120_000);
});
