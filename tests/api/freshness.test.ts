import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRoastAges, readRoastDates } from '#server/features/freshness/service.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

// A roast's age and freshness (docs/decisions/0049-roast-age-and-public-page.md).
describe.each(testDialects())('edad y frescura del tueste (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let admin: string;
  let chain: Chain;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await resetDatabase(t.db);
    cookie = await t.signIn('tecnico');
    admin = await t.signIn('administrador');
    chain = await buildChain(t, cookie);
  });
  afterAll(() => t.close());

  it("a roasted lot's roast date is its own, a blend's its oldest drawn roast's, in one read", async () => {
    const dates = await readRoastDates(t.db, { roasted: [chain.r2.id, chain.r3.id, 999_999], blend: [chain.blend.id] });
    expect(dates.roasted).toEqual(new Map([[chain.r2.id, '2024-03-06'], [chain.r3.id, '2024-03-07']]));
    // CA-MZ-1 drew R1 (5 March) and R3 (7 March).
    expect(dates.blend).toEqual(new Map([[chain.blend.id, '2024-03-05']]));
    expect(await readRoastDates(t.db, {})).toEqual({ roasted: new Map(), blend: new Map() });
  });

  it('reads the settings: defaults 0 and 30, then what the administrator saved', async () => {
    const lots = { roasted: [chain.r1.id], blend: [chain.blend.id] };
    let ages = await readRoastAges(t.db, lots, '2024-04-04');
    expect(ages.roasted.get(chain.r1.id)).toEqual({ age_days: 30, freshness: 'fresco' });
    expect((await readRoastAges(t.db, lots, '2024-04-05')).blend.get(chain.blend.id)).toEqual({ age_days: 31, freshness: 'pasado' });
    const saved = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { rest_days: 5, freshness_days: 40 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ rest_days: 5, freshness_days: 40, public_trace: false });
    ages = await readRoastAges(t.db, lots, '2024-03-09');
    expect(ages.roasted.get(chain.r1.id)).toEqual({ age_days: 4, freshness: 'reposo' });
    expect((await readRoastAges(t.db, lots, '2024-04-14')).blend.get(chain.blend.id)).toEqual({ age_days: 40, freshness: 'fresco' });
    const bad = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { rest_days: -1, public_trace: 'sí' } });
    expect(bad.statusCode).toBe(400);
  });
});
