import { Coffee, LogOut } from 'lucide-react';
import { useCurrentUser } from '../api/get-session.js';
import { useLogout } from '../features/auth/api/logout.js';

/** After sign-in: a greeting with full name and role, and the sign-out button (docs/product-guide.md#screens). */
export function AppHeader() {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <header className="app-header">
      <div className="app-header__brand">
        <Coffee aria-hidden="true" size={24} />
        <span>Sistema de Gestión de Café</span>
      </div>
      <p className="app-header__greeting">
        ¡Hola, <strong>{user.full_name}</strong>! <span className="app-header__role">({user.role})</span>
      </p>
      <button type="button" className="btn btn-secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut aria-hidden="true" size={18} />
        Cerrar Sesión
      </button>
    </header>
  );
}
