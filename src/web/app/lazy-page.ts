import { type ComponentType, lazy } from 'react';

/**
 * A page loaded on first visit (issue 16, "Light app"): each screen is its own
 * chunk, so login and home download only their own code and Recharts stays in
 * the /reportes chunk. Pages are named exports; React.lazy wants a default one.
 */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
