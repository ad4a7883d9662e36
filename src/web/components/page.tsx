import type { ReactNode } from 'react';
import { InicioButton } from './inicio-button.js';

/** The frame of every area screen: its title, the 'Inicio' button, then the content. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page__header">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        <InicioButton />
      </div>
      {children}
    </section>
  );
}
