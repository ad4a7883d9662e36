import './lib/zod-without-eval.js';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './app/app.js';
import { keepInstallOffer } from './lib/install-offer.js';
import { installLeaveGuard } from './lib/unsaved-input.js';
import './styles.css';

keepInstallOffer();
// Before the router mounts: its `popstate` listener must come after the guard's.
installLeaveGuard();
const root = document.getElementById('root');
if (!root) throw new Error('falta el elemento #root');
// The first screen's code first (app.tsx, preloadFirstScreen), so that its first render does not suspend.
// Total Blocking Time (docs/performance.md): the first render as a transition, which React splits into
// short tasks, instead of one long one; index.html's "Cargando..." shows meanwhile.
void preloadFirstScreen().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
