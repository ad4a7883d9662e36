// the blend recipes' and blends' percentages: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).


/**
 * Component percentages, shared by blend recipes and blends (docs/product-guide.md#blend and
 * #blend-recipe; they total exactly 100, docs/product-guide.md#business-constants); see
 * src/shared/percentages.ts.
 */
export const percentageMessages = {
  // original: `total` is the exact sum written as the user typed the numbers, e.g. '99.99' (formatPercentTotal)
  mustTotal100: (total: string) => `Los porcentajes de los componentes deben sumar 100%. Actualmente suman ${total}%.`,
  // ours
  aboveMax: (max: number) => `Un porcentaje no puede superar el ${max}%.`,
} as const;
