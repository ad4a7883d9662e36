import { AlertTriangle, Star } from 'lucide-react';
import { type Formatter, formatDate } from '#shared/format.js';
import { REFERENCE_FIGURE_LABELS, type ReferenceFigure } from '#shared/reference-profile.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { isAdmin } from '#shared/roles.js';
import type { RoastReferenceComparison } from '#shared/schemas/roasted-coffee.js';
import { useCurrentUser } from '#web/api/get-session.js';
import { useRoastReference, useSetRoastReference } from '#web/api/roast-reference.js';
import { useFormat } from '#web/api/use-format.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LoadingText } from '#web/components/loading-text.js';
import { isSessionLost } from '#web/lib/api-client.js';
import { useToast } from '#web/lib/use-toast.js';
import { newWriteKey } from '#web/lib/write-request.js';
import { clockTime } from './roast-curve-format.js';

type FigureRow = RoastReferenceComparison['figures'][number] & { id: number };

/** A figure in its unit: a time as m:ss, a temperature in the shop's degrees, a percentage. */
function figureText(figure: ReferenceFigure, value: number | null, unit: RoastReferenceComparison['unit'], f: Formatter): string {
  if (value === null) return '—';
  switch (REFERENCE_FIGURE_LABELS[figure].unit) {
    case 's':
      return clockTime(value);
    case 'deg':
      return `${f.plain(value)} °${unit}`;
    default:
      return `${f.plain(value)} %`;
  }
}

/** A difference with its sign: '+0:45', '−3 °C', '+2 puntos'. */
function differenceText(figure: ReferenceFigure, value: number | null, unit: RoastReferenceComparison['unit'], f: Formatter): string {
  if (value === null) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  const size = Math.abs(value);
  switch (REFERENCE_FIGURE_LABELS[figure].unit) {
    case 's':
      return `${sign}${clockTime(size)}`;
    case 'deg':
      return `${sign}${f.plain(size)} °${unit}`;
    default:
      return `${sign}${f.plain(size)} ${size === 1 ? 'punto' : 'puntos'}`;
  }
}

/** A tolerance as '±0:30', '±3 °C', '±1,5 puntos', or 'Sin comprobar'. */
function toleranceText(figure: ReferenceFigure, value: number | null, unit: RoastReferenceComparison['unit'], f: Formatter): string {
  if (value === null) return 'Sin comprobar';
  return `±${differenceText(figure, value, unit, f).replace(/^[+−]/, '')}`;
}

const columnsFor = (f: Formatter, unit: RoastReferenceComparison['unit']): Column<FigureRow>[] => [
  { label: 'Cifra', className: 'wrap', cell: (row) => REFERENCE_FIGURE_LABELS[row.figure].label },
  { label: 'Este tueste', className: 'num', cell: (row) => figureText(row.figure, row.roast, unit, f) },
  { label: 'Referencia', className: 'num', cell: (row) => figureText(row.figure, row.reference, unit, f) },
  {
    label: 'Diferencia',
    className: 'num',
    cell: (row) =>
      row.outside ? (
        <strong className="reference-outside">
          <AlertTriangle aria-hidden="true" size={14} /> {differenceText(row.figure, row.difference, unit, f)}
          <span className="sr-only"> (fuera de tolerancia)</span>
        </strong>
      ) : (
        differenceText(row.figure, row.difference, unit, f)
      ),
  },
  { label: 'Tolerancia', className: 'num', cell: (row) => toleranceText(row.figure, row.tolerance, unit, f) },
];

/**
 * 'Perfil de referencia' in a roast's curve dialog (docs/decisions/0053-reference-profile.md):
 * the roast's figures beside its product's reference (time to first crack, development ratio,
 * drop temperature, total time, weight loss), the differences and which are outside the
 * tolerances of Configuración; an administrador marks or unmarks the roast as the reference.
 */
export function RoastReferencePanel({ roastId, batchCode }: { roastId: number; batchCode: string }) {
  const f = useFormat();
  const user = useCurrentUser();
  const showToast = useToast();
  const comparison = useRoastReference(roastId);
  const setReference = useSetRoastReference();
  const data = comparison.data;
  const titleId = `referencia-${roastId}`;

  const toggle = (roast: RoastReferenceComparison['roast']) =>
    setReference.mutate(
      { id: roast.id, version: roast.version, mark: !roast.reference, key: newWriteKey() },
      { onSuccess: () => showToast(roast.reference ? m.referenceUnmarked(batchCode) : m.referenceMarked(batchCode)) },
    );

  return (
    <section className="curve-reference" aria-labelledby={titleId}>
      <h3 id={titleId} className="curve-reference__title">
        Perfil de referencia
      </h3>
      {comparison.isError && !isSessionLost(comparison.error) ? <FormAlert message={m.referenceError} /> : null}
      {comparison.isPending ? <LoadingText /> : null}
      {data ? (
        <>
          {data.roast.reference ? (
            <p className="curve-reference__note">
              <Star aria-hidden="true" size={16} /> Este tueste es el perfil de referencia de su origen y tipo de tueste.
            </p>
          ) : data.reference === null ? (
            <p className="curve-reference__note">Su origen y tipo de tueste no tienen perfil de referencia.</p>
          ) : (
            <>
              <p className="curve-reference__note">
                Comparado con {data.reference.batch_code} ({formatDate(data.reference.roast_date)}).
              </p>
              <DataTable
                caption={`Diferencias de ${batchCode} con el perfil de referencia ${data.reference.batch_code}`}
                columns={columnsFor(f, data.unit)}
                rows={data.figures.map((figure, index) => ({ ...figure, id: index }))}
                empty=""
              />
            </>
          )}
          {isAdmin(user.role) && data.roast.has_curve ? (
            <div className="form-actions">
              <button type="button" className="btn btn-secondary btn-small" disabled={setReference.isPending} onClick={() => toggle(data.roast)}>
                {data.roast.reference ? 'Quitar perfil de referencia' : 'Marcar como perfil de referencia'}
              </button>
            </div>
          ) : null}
          {setReference.error && !isSessionLost(setReference.error) ? <FormAlert message={setReference.error.message || m.referenceError} /> : null}
        </>
      ) : null}
    </section>
  );
}
