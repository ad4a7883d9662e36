import { type ComponentType, lazy } from 'react';

/**
 * A component loaded on first use (docs/decisions/0019-web-chunk-groups-and-route-preloads.md): each screen is its
 * own chunk, so login and home download only their own code, and the chart
 * drawings load only when /reportes or a roast curve has something to draw. Our components are
 * named exports; React.lazy wants a default one.
 */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as PropsKept<Module[Name]> }));
}

/** The export as a component with its own props (so a lazy chart still checks what it is given). */
type PropsKept<Component> = Component extends ComponentType<infer Props> ? ComponentType<Props> : never;
