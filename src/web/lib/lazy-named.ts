import { type ComponentType, createElement, lazy, useState } from 'react';

/** A lazily loaded component, and a way to start loading it before it renders. */
export type LazyComponent<Props> = ComponentType<Props> & {
  /** Starts loading the code (once); resolves when it is ready. */
  preload: () => Promise<unknown>;
};

/**
 * A component loaded on first use (docs/decisions/0019-web-chunk-groups-and-route-preloads.md): each screen is its
 * own chunk, so login and home download only their own code, and the chart
 * drawings load only when /reportes or a roast curve has something to draw.
 *
 * Once its code is in (preload() resolved, or an earlier render loaded it), it
 * renders without suspending. That matters beyond the one render: React shows a
 * Suspense fallback for at least 300 ms before it reveals what replaces it
 * (FALLBACK_THROTTLE_MS in react-dom), so a screen whose code was already
 * downloaded still waited 220–300 ms behind 'Cargando...' (docs/performance.md,
 * Lighthouse). Our components are named exports; React.lazy wants a default one.
 */
export function lazyLoaded<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download is tried again by the next preload() (a mounted lazy keeps its error, as React.lazy does).
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Lazy(props: Props) {
    // Chosen once per mount: a mounted <Suspending> that becomes a plain
    // component would be a different element type, and React would remount it.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Suspending, props);
  }
  return Object.assign(Lazy, { preload });
}

/** lazyLoaded for a named export of a module. */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): LazyComponent<PropsOf<Module[Name]>> {
  return lazyLoaded(async () => (await load())[name] as ComponentType<PropsOf<Module[Name]>>);
}

/** The export's own props (so a lazy chart still checks what it is given). */
type PropsOf<Component> = Component extends ComponentType<infer Props extends object> ? Props : never;
