// Configuración's default prices: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).


/** Ajustes on the Configuración screen: the default sale prices (15 / 25 per kg, docs/product-guide.md#business-constants). Ours. */
export const settingsMessages = {
  /** The default prices' labels on Configuración, which their 'not a number' texts name (docs/product-guide.md#validation-rules). */
  // Without the currency, which the screen adds from the shop's regional format ('Café Tostado (€/Kg)').
  labels: { default_price_roasted: 'Café Tostado', default_price_blend: 'Café Mezcla' },
  loadError: 'Error al cargar la configuración.',
  saveError: 'Error al guardar la configuración.',
  pricesSaved: 'Precios por defecto actualizados con éxito.',
  priceRequired: 'Por favor, completa los precios de venta por defecto.',
  priceNegative: 'El precio de venta por defecto no puede ser negativo.',
  priceTooLarge: (max: number) => `El precio de venta por defecto no puede superar ${max} por Kg.`,
  capacityInvalid: 'La capacidad del tostador debe ser un número de Kg mayor que 0, o quedar vacía.',
  capacityTooLarge: (max: number) => `La capacidad del tostador no puede superar ${max} Kg.`,
  capacitySaved: 'Capacidad del tostador actualizada con éxito.',
  nothingToSave: 'Indica al menos un ajuste para guardar.',
  unknownSetting: 'La solicitud incluye un ajuste que no existe.',
  currencySymbolRequired: 'Escribe el símbolo de la moneda.',
  currencySymbolTooLong: (max: number) => `El símbolo de la moneda puede tener como máximo ${max} caracteres.`,
  currencySymbolInvalid: 'El símbolo de la moneda no puede llevar números ni espacios.',
  currencyPositionInvalid: 'Elige si el símbolo de la moneda va antes o después del importe.',
  decimalSeparatorInvalid: 'Elige el separador decimal: punto o coma.',
  formatSaved: 'Formato regional actualizado con éxito.',
  prepDaysInvalid: (max: number) => `Los días para preparar pedidos online deben ser un número entero de 0 a ${max}.`,
  prepDaysSaved: 'Días para preparar pedidos online actualizados con éxito.',
  businessNameTooLong: (max: number) => `El nombre comercial puede tener como máximo ${max} caracteres.`,
  businessAddressTooLong: (max: number) => `La dirección del negocio puede tener como máximo ${max} caracteres.`,
  sanitaryRegistrationTooLong: (max: number) => `El registro sanitario puede tener como máximo ${max} caracteres.`,
  businessTextInvalid: 'Los datos del negocio deben ser textos.',
  businessSaved: 'Datos del negocio actualizados con éxito.',
  bestBeforeInvalid: (max: number) => `Los meses de consumo preferente deben ser un número entero de 1 a ${max}.`,
  storageTextRequired: 'Escribe el texto de conservación de las bolsas.',
  storageTextTooLong: (max: number) => `El texto de conservación puede tener como máximo ${max} caracteres.`,
  bagLabelSaved: 'Etiquetas de bolsa actualizadas con éxito.',
  restDaysInvalid: (max: number) => `Los días de reposo deben ser un número entero de 0 a ${max}.`,
  freshnessDaysInvalid: (max: number) => `Los días de frescura deben ser un número entero de 0 a ${max}.`,
  freshnessSaved: 'Reposo y frescura actualizados con éxito.',
  publicTraceInvalid: 'Indica si la página pública de trazabilidad está activada.',
  publicTraceSaved: 'Página pública de trazabilidad actualizada con éxito.',
  // 'Perfil de referencia' (docs/decisions/0053-reference-profile.md): how far a roast may be from its product's reference.
  toleranceInvalid: (label: string, max: number) => `${label}: escribe un número de 0 a ${max}, o déjala vacía para no comprobarla.`,
  tolerancesSaved: 'Tolerancias del perfil de referencia actualizadas con éxito.',
  /** The 'Temperatura' section (docs/decisions/0052-roast-metrics.md). */
  temperatureUnitLabel: 'Temperatura',
  temperatureUnitInvalid: 'Elige la unidad de temperatura: °C o °F.',
  temperatureUnitSaved: 'Unidad de temperatura actualizada con éxito.',
  /** The live example under the section: how an amount and some kilos will read. */
  formatExample: (money: string, kilos: string) => `Ejemplo: ${money} · ${kilos}`,
  /** How the activity log names the settings (they are one record). */
  activityLabel: 'Configuración',
} as const;

/** The 'Umbrales de Stock Bajo' section of Configuración (docs/product-guide.md#home): out of home's stock-alert-messages.ts, which the home budget counts. Ours. */
export const lowStockSettingsMessages = {
  /** The thresholds' labels on Configuración, which their 'not a number' texts name (docs/product-guide.md#validation-rules). */
  labels: { low_stock_green_kg: 'Café Verde por origen (Kg)', low_stock_roasted_kg: 'Lote de Café Tostado (Kg)', low_stock_blend_kg: 'Lote de Café Mezcla (Kg)' },
  thresholdRequired: 'Por favor, completa los umbrales de stock bajo.',
  thresholdNegative: 'El umbral de stock bajo no puede ser negativo.',
  thresholdTooLarge: (max: number) => `El umbral de stock bajo no puede superar ${max} Kg.`,
  thresholdsSaved: 'Umbrales de stock bajo actualizados con éxito.',
  thresholdsSaveError: 'Error al guardar los umbrales de stock bajo.',
} as const;
