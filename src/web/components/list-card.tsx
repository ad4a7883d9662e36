import type { ReactNode } from 'react';
import { ExportCsvButton, type ExportCsvButtonProps } from './export-csv-button.js';
import { Pager, type PagerProps } from './pager.js';

export interface ListCardProps {
  /** Names the title (`${id}-title`), which labels the card. */
  id: string;
  title: ReactNode;
  /** The list's 'Exportar CSV' route under /api, when it has one (e.g. '/sales/export.csv'). */
  exportPath?: string;
  /** The list's current filters, for the export (the file has every row of the filter). */
  exportQuery?: ExportCsvButtonProps['query'];
  /** The list's pages, once the first one is in. */
  pager?: PagerProps | undefined;
  /** The table (or the loading text). */
  children: ReactNode;
  /** The screen's own classes besides `card` (its layout, what it leaves out of print). */
  className?: string;
}

/** A list as every screen shows it: a card with its title, its CSV export, the table and its pager. */
export function ListCard({ id, title, exportPath, exportQuery, pager, children, className }: ListCardProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      {exportPath && <ExportCsvButton path={exportPath} query={exportQuery} />}
      {children}
      {pager && <Pager {...pager} />}
    </section>
  );
}
