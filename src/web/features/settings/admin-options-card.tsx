import { ScrollText, Users } from 'lucide-react';
import { Link } from 'react-router';

/** An admin-options card linking to user management and the activity log (docs/product-guide.md#configuracion). */
export function AdminOptionsCard() {
  return (
    <section className="card" aria-labelledby="admin-options-title">
      <h2 id="admin-options-title" className="card__title">
        Opciones de Administrador
      </h2>
      <p className="admin-options__text">Gestiona las cuentas que pueden entrar al sistema y sus roles, y consulta quién cambió qué y cuándo.</p>
      <div className="admin-options__links">
        <Link className="btn btn-secondary" to="/gestion-usuarios">
          <Users aria-hidden="true" size={18} />
          Gestión de Usuarios
        </Link>
        <Link className="btn btn-secondary" to="/actividad">
          <ScrollText aria-hidden="true" size={18} />
          Registro de Actividad
        </Link>
      </div>
    </section>
  );
}
