import { useSyncExternalStore } from 'react';

/**
 * Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types): the browser would install
 * the app (src/web/public/manifest.webmanifest), and `prompt()` opens its own dialog to ask.
 */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: InstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's offer to install the app for home's 'Instalar en el móvil'
 * (docs/product-guide.md#home). Called once at start (main.tsx), not by home: the browser fires the
 * event once, soon after the page loads, maybe before home is on the screen. Browsers that never
 * offer (Safari, Firefox) never fire it, and nothing shows: README.md «Instalar en el móvil» says how.
 */
export function keepInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The app's button asks, not the browser's own banner on top of the page.
    event.preventDefault();
    setOffer(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers to install the app now. */
export function useInstallOffered(): boolean {
  return useSyncExternalStore(subscribe, () => offer !== null);
}

/** The browser's install dialog. An offer answers once, whatever the answer: the browser makes a new one if it wants to. */
export async function askToInstall(): Promise<void> {
  const asked = offer;
  setOffer(null);
  await asked?.prompt();
}
