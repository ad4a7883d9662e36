// An area's texts beyond the original app live in their own module, not in
// messages.ts: messages.ts is in the chunk every screen loads (login and home
// included), an area's own module only in that area's chunk
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).

/** Registro de Actividad (docs/product-guide.md#activity-log). Ours. */
export const activityMessages = {
  title: 'Registro de Actividad',
  invalidFilter: 'Los filtros del registro de actividad no son válidos.',
  invalidDate: 'La fecha del filtro no es válida.',
  fromAfterTo: 'La fecha "desde" no puede ser posterior a la fecha "hasta".',
  invalidCursor: 'La página pedida no es válida.',
  // the screen (docs/product-guide.md#actividad)
  loading: 'Cargando actividad...',
  empty: 'No hay actividad registrada con estos filtros.',
  loadError: 'Error al cargar el registro de actividad.',
  loadMore: 'Cargar más',
  loadingMore: 'Cargando más...',
  shown: (count: number) => (count === 1 ? 'Se muestra 1 entrada.' : `Se muestran ${count} entradas.`),
  allShown: 'No hay entradas más antiguas.',
} as const;
