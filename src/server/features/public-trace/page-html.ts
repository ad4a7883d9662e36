import { formatDate } from '#shared/format.js';
import { FRESHNESS_LABELS } from '#shared/freshness.js';
import type { PublicLot } from '#shared/schemas/public-lot.js';

/**
 * The coffee drinker's page, written on the server (docs/decisions/0049-roast-age-and-public-page.md):
 * plain HTML with no script and only /publico.css (the CSP forbids inline style), readable on a phone
 * before anything else loads. Every text from the database goes through `escape`.
 */

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const days = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;

const frame = (title: string, body: string) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/publico.css">
</head>
<body>
<main class="public-lot">
<p class="public-lot__eyebrow">Trazabilidad del café</p>
${body}
</main>
</body>
</html>
`;

const row = (label: string, value: string) => `<div class="public-lot__row"><dt>${escape(label)}</dt><dd>${escape(value)}</dd></div>`;

/** The rest and freshness, as the drinker reads them. */
const restText = (lot: PublicLot) => (lot.rest_days === 0 ? 'Listo desde el día del tueste' : `${days(lot.rest_days)} tras el tueste`);

export function publicLotPage(lot: PublicLot): string {
  const heading = lot.kind === 'tostado' ? `${lot.name}${lot.farm ? ` · ${lot.farm}` : ''}` : lot.name;
  const rows = [
    row('Lote', lot.batch_code),
    ...(lot.kind === 'tostado' ? [row('Origen', lot.name), ...(lot.farm ? [row('Finca', lot.farm)] : [])] : []),
    ...(lot.roast_types.length > 0 ? [row(lot.roast_types.length === 1 ? 'Tipo de tueste' : 'Tipos de tueste', lot.roast_types.join(', '))] : []),
    row(lot.kind === 'tostado' ? 'Fecha de tostado' : 'Fecha de tostado (el café más antiguo de la mezcla)', formatDate(lot.roast_date)),
    row('Edad', days(lot.age_days)),
    row('Estado', FRESHNESS_LABELS[lot.freshness]),
    row('Reposo', restText(lot)),
    row('Frescura', `Mejor en los ${days(lot.freshness_days)} tras el tueste`),
  ];
  const origins =
    lot.component_origins.length === 0
      ? ''
      : `<h2>Orígenes de la mezcla</h2>\n<ul class="public-lot__origins">${lot.component_origins.map((origin) => `<li>${escape(origin)}</li>`).join('')}</ul>\n`;
  const kindText = lot.kind === 'tostado' ? 'Café tostado' : 'Café mezcla';
  return frame(`${heading} · Lote ${lot.batch_code}`, `<h1>${escape(heading)}</h1>\n<p class="public-lot__kind">${kindText}</p>\n<dl class="public-lot__facts">${rows.join('')}</dl>\n${origins}`);
}

/** The one answer for an unknown code and for the page while it is off: the same bytes. */
export const PUBLIC_LOT_NOT_FOUND_PAGE = frame('Lote no encontrado', '<h1>Lote no encontrado</h1>\n<p>No hay información pública de este lote. Revisa el código de la bolsa.</p>\n');

/** Too many requests from one address (the same brake as signing in). */
export const PUBLIC_LOT_RATE_LIMITED_PAGE = frame('Demasiadas solicitudes', '<h1>Demasiadas solicitudes</h1>\n<p>Espera un momento e inténtalo de nuevo.</p>\n');
