import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, parseSpanishDate } from '#shared/format.js';
import { ORDER_STATUS_LABELS } from '#shared/order-messages.js';
import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import { shopOrderMessages } from '#shared/shop-order-messages.js';
import type { Order } from '#shared/schemas/orders.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import type { OrderFilters } from '#web/api/query-keys.js';
import { useRecipeOptions } from '#web/api/get-recipe-options.js';
import { useSaleFormats } from '#web/api/get-sale-formats.js';
import { CustomerPicker } from '#web/components/customer-picker.js';
import { DateField } from '#web/components/date-field.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadMore } from '#web/components/load-more.js';
import { Deferred } from '#web/components/loading-page.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { PageError } from '#web/components/page-error.js';
import { SelectField } from '#web/components/select-field.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { useOrder } from './api/get-order.js';
import { useOrders } from './api/get-orders.js';
import { OrderForm } from './order-form.js';
import { OrderView } from './order-view.js';
import { OrdersTable } from './orders-table.js';
import './orders.css';

const STATUS_OPTIONS = Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** A typed filter date as the API's YYYY-MM-DD once it is a whole date; nothing while it is empty or half typed. */
const filterDate = (text: string): string | undefined => (text.trim() === '' ? undefined : (parseSpanishDate(text) ?? undefined));

/** A link's YYYY-MM-DD date as the filter's typed text (dd/mm/aaaa); '' for none or a malformed one. */
const linkedDate = (iso: string | null): string => (iso !== null && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDate(iso) : '');

/**
 * /pedidos, 'Pedidos' (docs/product-guide.md#pedidos), both roles: the order open (?pedido=ID)
 * with its actions, the form ('Nuevo Pedido', or a pending order's edit), then the orders by due
 * date with their filters and 'Cargar más'.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('pedido')) || null;
  // Inicio's due-orders links open the list filtered (?estado=pendiente&desde=…&hasta=…, YYYY-MM-DD).
  const [status, setStatus] = useState(() => (params.get('estado') ?? '') in ORDER_STATUS_LABELS ? params.get('estado')! : '');
  const [customer, setCustomer] = useState<{ id: number; name: string } | null>(null);
  const [fromText, setFromText] = useState(() => linkedDate(params.get('desde')));
  const [toText, setToText] = useState(() => linkedDate(params.get('hasta')));
  const filters: OrderFilters = {
    ...(status ? { status } : {}),
    ...(customer ? { customer_id: customer.id } : {}),
    ...(filterDate(fromText) ? { due_from: filterDate(fromText) } : {}),
    ...(filterDate(toText) ? { due_to: filterDate(toText) } : {}),
  };
  const orders = useOrders(filters);
  const open = useOrder(openId);
  const origins = useOriginOptions();
  const recipes = useRecipeOptions();
  const formats = useSaleFormats();
  const { formKey, formProps, failure, startEditing, formRef } = useFormScreen<Order>('/orders');

  const openOrder = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('pedido');
    else next.set('pedido', String(id));
    setParams(next);
  };

  if (failure) return <PageError message={failure} />;
  if (loadFailed(orders)) return <LoadFailure message={m.loadError} error={orders.error} />;
  for (const options of [origins, recipes, formats]) if (loadFailed(options)) return <LoadFailure message={m.optionsLoadError} error={options.error} />;
  const ready = orders.data && origins.data && recipes.data && formats.data;
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;
  const dateFilters = [
    { id: 'order-filter-from', label: m.filters.from, name: 'due_from', text: fromText, setText: setFromText },
    { id: 'order-filter-to', label: m.filters.to, name: 'due_to', text: toText, setText: setToText },
  ];
  return (
    <Page title={m.title}>
      <p>
        <Link className="btn btn-secondary" to="/importar-pedidos">
          {shopOrderMessages.openButton}
        </Link>
      </p>
      {ready ? (
        <Deferred fallback={<LoadingText text={m.loading} />}>
          {openId !== null &&
            (open.data ? (
              <OrderView
                key={open.data.id}
                order={open.data}
                onEdit={(order) => startEditing(order)}
                onClose={() => openOrder(null)}
              />
            ) : loadFailed(open) ? (
              <LoadFailure message={m.orderLoadError} error={open.error} />
            ) : (
              <LoadingText />
            ))}
          <div ref={formRef}>
            <OrderForm
              key={formKey}
              origins={origins.data}
              recipes={recipes.data}
              formats={formats.data}
              {...formProps}
              onSaved={(message, saved) => {
                formProps.onSaved(message, saved);
                if (saved) openOrder(saved.id);
              }}
            />
          </div>
          <ListCard id="orders" title={m.listTitle}>
            <div className="order-filters">
              <SelectField
                id="order-filter-status"
                label={m.filters.status}
                placeholder={m.filters.allStatuses}
                options={STATUS_OPTIONS}
                registration={{ name: 'status', value: status, onChange: async (event) => setStatus((event.target as HTMLSelectElement).value) }}
              />
              <CustomerPicker
                id="order-filter-customer"
                label={m.filters.customer}
                invalid={undefined}
                chosen={customer?.name ?? null}
                hint={m.customerHint}
                placeholder={m.filters.anyCustomer}
                onChoose={(chosen) => setCustomer(chosen)}
                onType={() => setCustomer(null)}
                inputRef={() => undefined}
              />
              {dateFilters.map(({ id, label, name, text, setText }) => (
                <DateField
                  key={id}
                  id={id}
                  label={label}
                  kind="range"
                  invalid={undefined}
                  registration={{ name, value: text, onChange: async (event) => setText((event.target as HTMLInputElement).value) }}
                />
              ))}
            </div>
            <OrdersTable orders={items} filtered={filtered} />
            {items.length > 0 && (
              <LoadMore list={orders} count={items.length} texts={m} />
            )}
          </ListCard>
        </Deferred>
      ) : (
        <LoadingText text={m.loading} />
      )}
    </Page>
  );
}
