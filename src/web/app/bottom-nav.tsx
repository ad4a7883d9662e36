import { NavLink } from 'react-router';
import { NAV_ITEMS } from '../lib/nav-items.js';

/**
 * The fixed floating bottom bar (docs/product-guide.md#screens): 8 entries with icons; labels
 * are hidden on small screens but stay readable to screen readers; the current
 * route is highlighted and marked aria-current="page".
 */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Navegación principal">
      <ul className="bottom-nav__list">
        {NAV_ITEMS.map(({ label, path, icon: Icon }) => (
          <li key={path}>
            <NavLink to={path} end={path === '/'} className="bottom-nav__link">
              <Icon aria-hidden="true" size={22} />
              <span className="bottom-nav__label">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
