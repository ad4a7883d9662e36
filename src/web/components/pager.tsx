/**
 * Previous/next for a paginated list (the API answers `{items,total,limit,offset}`).
 * Hidden while everything fits on one page.
 */
export interface PagerProps {
  total: number;
  limit: number;
  offset: number;
  onChange: (offset: number) => void;
  /** What is being paged, for screen readers ("Páginas de orígenes"). */
  label: string;
}

export function Pager({ total, limit, offset, onChange, label }: PagerProps) {
  if (total <= limit && offset === 0) return null;
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + limit, total);
  return (
    <nav className="form-actions" aria-label={label}>
      <button type="button" className="btn btn-secondary btn-small" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Anterior
      </button>
      <p aria-live="polite">
        {first}–{last} de {total}
      </p>
      <button type="button" className="btn btn-secondary btn-small" disabled={last >= total} onClick={() => onChange(offset + limit)}>
        Siguiente
      </button>
    </nav>
  );
}
