import { Page } from '../components/page.js';

export function NotFoundPage() {
  return (
    <Page title="Página no encontrada">
      <p className="card empty-text">La dirección que has abierto no existe.</p>
    </Page>
  );
}
