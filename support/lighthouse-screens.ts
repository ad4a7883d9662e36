import { SCREENS } from '#web/lib/screens.js';

/** A page `npm run lighthouse` measures, and the performance score it must reach (P4 in docs/performance.md). */
export interface LighthouseScreen {
  /** `--only=` picks screens by this name: 'login', 'inicio', or the path without its slash. */
  name: string;
  path: string;
  signedIn: boolean;
  target: number;
}

/**
 * The login, then every screen of the app's one list (src/web/lib/screens.ts,
 * docs/decisions/0016-one-screen-list.md) as the administrator, who may open
 * them all: a new screen is measured without touching scripts/lighthouse.ts.
 */
export const LIGHTHOUSE_SCREENS: readonly LighthouseScreen[] = [
  { name: 'login', path: '/', signedIn: false, target: 95 },
  ...SCREENS.map((screen) => ({ name: screen.path === '/' ? 'inicio' : screen.path.slice(1), path: screen.path, signedIn: true, target: 95 })),
];
