// An area's texts beyond the original app live in their own module, not in
// messages.ts: messages.ts is in the chunk every screen loads (login and home
// included), an area's own module only in the chunks of the screens that scan
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).

/**
 * Scanning a lot label (docs/product-guide.md#scanning-labels,
 * docs/decisions/0030-scanning-labels.md): the 'Escanear' button and its
 * camera dialog on Trazabilidad, Ventas and Recuento de inventario, and the
 * same reading of a label typed into their search fields by a scanner. All
 * ours: the original app had no labels.
 */
export const scanMessages = {
  button: 'Escanear',
  /** The button's accessible name says what it scans. */
  buttonLabel: 'Escanear la etiqueta de un lote',
  title: 'Escanear etiqueta',
  instructions: 'Apunta la cámara al código QR de la etiqueta del lote.',
  starting: 'Abriendo la cámara…',
  scanning: 'Buscando un código QR…',
  decoderLoading: 'Cargando el lector de códigos…',
  checking: (code: string) => `Código leído: ${code}. Buscando el lote…`,
  /** A QR that is neither one of our labels nor a lot code, or a code no lot has. */
  notOurLot: 'El código escaneado no corresponde a ningún lote.',
  typeInstead: 'También puedes escribir el código del lote o usar un lector de códigos.',
  cameraDenied: 'No se ha permitido usar la cámara. Permite el acceso a la cámara en el navegador o escribe el código del lote.',
  cameraUnavailable: 'No hay ninguna cámara disponible en este dispositivo. Escribe el código del lote o usa un lector de códigos.',
  cameraBusy: 'La cámara está en uso por otra aplicación. Ciérrala e inténtalo de nuevo, o escribe el código del lote.',
  /** Browsers give the camera only to secure pages: HTTPS, or localhost (README, reverse proxy). */
  cameraNeedsHttps: 'La cámara solo funciona si la aplicación se abre con HTTPS. Escribe el código del lote o usa un lector de códigos.',
  decoderLoadError: 'No se pudo cargar el lector de códigos. Escribe el código del lote o usa un lector de códigos.',
  lookupError: 'No se pudo comprobar el lote. Revisa tu conexión e inténtalo de nuevo.',
  codeLabel: 'Código del lote',
  useCode: 'Usar código',
  close: 'Cerrar',
  // What each screen says when the lot exists but cannot be used there.
  notSellable: (code: string) => `El lote ${code} es de café verde: en Ventas solo se venden cafés tostados y mezclas.`,
  noStockToSell: (code: string) => `El lote ${code} no tiene stock disponible para vender.`,
  noStockToCount: (code: string) => `El lote ${code} no tiene stock que contar: no está en la hoja de recuento.`,
  sheetSearch: 'Buscar lote',
  sheetSearchHint: 'Código o nombre; también con un lector de códigos.',
} as const;
