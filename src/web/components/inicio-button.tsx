import { House } from 'lucide-react';
import { Link } from 'react-router';

/** Every screen but home has an 'Inicio' button back to / (docs/product-guide.md#screens). */
export function InicioButton() {
  return (
    <Link to="/" className="btn btn-secondary inicio-button">
      <House aria-hidden="true" size={18} />
      Inicio
    </Link>
  );
}
