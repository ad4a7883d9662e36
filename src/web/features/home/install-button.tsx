import { Smartphone } from 'lucide-react';
import { installMessages } from '#shared/messages.js';
import { askToInstall, useInstallOffered } from '#web/lib/install-offer.js';

/**
 * 'Instalar en el móvil' (docs/product-guide.md#home): last in home's row of tools, on a phone, while the
 * browser offers to install the app; it opens the browser's own dialog. Not a screen, so a button,
 * not a link; hidden on a wider screen (styles.css), where the app is not installed on the counter's phone.
 */
export function InstallButton() {
  const offered = useInstallOffered();
  if (!offered) return null;
  return (
    <button type="button" className="btn btn-secondary btn-small install-button" onClick={() => void askToInstall()}>
      <Smartphone aria-hidden="true" size={16} /> {installMessages.button}
    </button>
  );
}
