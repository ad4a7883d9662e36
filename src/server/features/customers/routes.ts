import { customerMessages } from '#shared/customer-messages.js';
import { customerBodySchema, customerListQuerySchema, customerPageSchema, customerSchema } from '#shared/schemas/customers.js';
import { adminOnly } from '#server/auth/guard.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { exportCustomers } from './customers-csv.js';
import { createCustomer, deleteCustomer, findCustomerItem, listCustomers, updateCustomer } from './service.js';

/**
 * /api/customers (docs/product-guide.md#clientes): any signed-in user lists, reads, creates
 * and edits; only an administrator deletes (a customer with sales is deactivated instead).
 */
export const customerRoutes = crudRoutes({
  tags: ['clientes'],
  names: { one: 'Customer', many: 'Customers', unoEs: 'un cliente', muchosEs: 'los clientes' },
  deleteConfig: adminOnly,
  schemas: { listQuery: customerListQuerySchema, page: customerPageSchema, item: customerSchema, body: customerBodySchema },
  service: { list: listCustomers, create: createCustomer, update: updateCustomer, remove: deleteCustomer },
  csv: { build: (db, { dialect: _dialect, ...filters }) => exportCustomers(db, filters) },
  activity: { area: 'customers', label: (customer) => customer.name, find: findCustomerItem },
  version: { table: 'customers', editedByOther: customerMessages.editedByOther },
});
