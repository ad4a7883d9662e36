// Configuración's default prices: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).


/** Ajustes on the Configuración screen: the default sale prices (15 / 25 per kg, docs/product-guide.md#business-constants). Ours. */
export const settingsMessages = {
  /** The default prices' labels on Configuración, which their 'not a number' texts name (docs/product-guide.md#validation-rules). */
  labels: { default_price_roasted: 'Café Tostado ($/Kg)', default_price_blend: 'Café Mezcla ($/Kg)' },
  loadError: 'Error al cargar la configuración.',
  saveError: 'Error al guardar la configuración.',
  pricesSaved: 'Precios por defecto actualizados con éxito.',
  priceRequired: 'Por favor, completa los precios de venta por defecto.',
  priceNegative: 'El precio de venta por defecto no puede ser negativo.',
  priceTooLarge: (max: number) => `El precio de venta por defecto no puede superar ${max} $/Kg.`,
  capacityInvalid: 'La capacidad del tostador debe ser un número de Kg mayor que 0, o quedar vacía.',
  capacityTooLarge: (max: number) => `La capacidad del tostador no puede superar ${max} Kg.`,
  capacitySaved: 'Capacidad del tostador actualizada con éxito.',
  nothingToSave: 'Indica al menos un ajuste para guardar.',
  unknownSetting: 'La solicitud incluye un ajuste que no existe.',
  /** How the activity log names the settings (they are one record). */
  activityLabel: 'Configuración',
} as const;
