import type { productGroups } from '#web/lib/plan-products.js';

/**
 * The `<optgroup>`s of the plan's products ('Café Tostado': each origin in each roast type;
 * 'Café Mezcla': each recipe), inside a select whose first options are the caller's own:
 * an order line's 'Producto' and a shop SKU's 'Café' offer the same list.
 */
export function PlanProductOptions({ groups }: { groups: ReturnType<typeof productGroups> }) {
  return groups.map((group) => (
    <optgroup key={group.label} label={group.label}>
      {group.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </optgroup>
  ));
}
