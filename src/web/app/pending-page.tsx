import { Page } from '../components/page.js';

/** An area whose screen is still being built: its title and the Inicio button. */
export function PendingPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="card empty-text">Esta sección estará disponible muy pronto.</p>
    </Page>
  );
}
