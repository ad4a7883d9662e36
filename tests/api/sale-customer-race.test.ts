import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { salesMessages as m } from '#shared/sales-messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * A customer deleted between the sale's check and its write (two requests at once on
 * PostgreSQL): the check is made to answer as if it ran just before the delete, so the write
 * meets the foreign key, which must still answer the field's 400, not a 500, and write nothing.
 */
vi.mock('#server/features/customers/service.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#server/features/customers/service.js')>()),
  findActiveCustomerName: () => Promise.resolve('Cliente borrado'),
}));

describe.each(testDialects())('venta con un cliente borrado a la vez (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let chain: Chain;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
    chain = await buildChain(t, cookie, { sales: false });
  });
  afterAll(() => t.close());

  it('answers the customer 400 when the foreign key refuses the sale', async () => {
    const body = { product_id: chain.r1.id, product_type: 'tostado', quantity_kg: 1, unit_price: 20, sale_date: '2024-05-10', batch_code_sold: 'CO-R1', customer_id: 987_654 };
    const response = await t.call(cookie, { method: 'POST', url: '/api/sales', payload: body });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: m.invalidCustomer });
    expect(await t.db.selectFrom('sales').select('id').execute()).toEqual([]);
  });
});
