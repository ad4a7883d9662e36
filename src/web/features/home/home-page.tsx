import { Link } from 'react-router';
import { isAdmin } from '#shared/roles.js';
import { AREA_CARDS, TOOL_ITEMS } from '#web/lib/nav-items.js';
import { useCurrentUser } from '#web/api/get-session.js';
import { InstallButton } from './install-button.js';
import { StockAlertsCard } from './stock-alerts-card.js';

/**
 * Home (docs/product-guide.md#home): a title, one card per area (cards fade in 0.1 s apart, styles.css),
 * the row of tools (the screens beyond the original's, docs/decisions/0025-screens-beyond-the-original.md,
 * and on a phone 'Instalar en el móvil' when the browser offers it) and the stock alerts, with the pending orders due today and tomorrow.
 */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <section className="page home" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Sistema de Gestión de Café
      </h1>
      <ul className="home-grid">
        {AREA_CARDS.map(({ label, path, icon: Icon, description, adminOnly }) => (
          <li key={path} className="home-card">
            <Link to={path} className="home-card__link">
              <Icon aria-hidden="true" size={32} className="home-card__icon" />
              <span className="home-card__name">{label}</span>
              <span className="home-card__description">{description}</span>
              {adminOnly && !isAdmin(user.role) && <span className="home-card__note">Solo administradores</span>}
            </Link>
          </li>
        ))}
      </ul>
      <nav className="home-tools" aria-label="Herramientas">
        {TOOL_ITEMS.filter((tool) => !tool.adminOnly || isAdmin(user.role)).map(({ label, path, icon: Icon }) => (
          <Link key={path} to={path} className="btn btn-secondary btn-small">
            <Icon aria-hidden="true" size={16} /> {label}
          </Link>
        ))}
        <InstallButton />
      </nav>
      <StockAlertsCard />
    </section>
  );
}
