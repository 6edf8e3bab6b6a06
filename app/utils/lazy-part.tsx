import { type ComponentType, lazy, memo, Suspense, useEffect } from "react";

/**
 * A part of a page whose code the browser loads after the page (decision 040): a section of the
 * organiser page, a step-3 panel. The server renders it in full, so the HTML (and every form in
 * it, without JavaScript) is as before; the browser keeps that HTML on screen while the part's
 * chunk arrives and hydrates it then (a Suspense boundary that suspends while hydrating leaves the
 * server's HTML in place). The part is memoised: a parent rendering again with the same props
 * before the chunk is there does not disturb it.
 *
 * On the server every part's code is loaded when the app starts (`lazyPartsLoaded`, awaited by
 * `entry.server.tsx` before a render), so a render never suspends there: a suspended part would be
 * streamed later, behind a script, and a browser without JavaScript would never show it.
 */
export type LazyPart<P> = ComponentType<P> & {
  /** Starts loading the part's code (once); e.g. a section the page may show next. */
  preload: () => Promise<unknown>;
};

const serverLoads: Promise<unknown>[] = [];

/** Settles when the code of every part is loaded (on the server; at once in the browser). */
export function lazyPartsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (c) => {
        loaded = c;
        return c;
      },
      (error: unknown) => {
        // As Remix does for a route module that fails to load (a new deploy, a dropped
        // connection): load the document again rather than show a broken page.
        if (import.meta.env.SSR) throw error;
        console.error("A part of the page failed to load, reloading", error);
        window.location.reload();
        return new Promise<never>(() => {});
      },
    );
    return loading;
  };
  if (import.meta.env.SSR) serverLoads.push(preload());
  // React.lazy reads a thenable that calls back at once synchronously: a loaded part renders
  // without suspending (on the server always, in the browser once its chunk has arrived).
  const Lazy: ComponentType<any> = lazy(() => {
    const ready = loaded;
    if (ready) {
      const now = {
        // biome-ignore lint/suspicious/noThenProperty: a thenable React reads at once, on purpose
        then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
      };
      return now as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return preload().then((c) => ({ default: c }));
  });
  function Part(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(memo(Part), { preload }) as unknown as LazyPart<P>;
}

/**
 * Loads the code of `parts` once the browser is idle after the page (the sections the page may
 * show next), so that moving to one shows it at once.
 */
export function usePreloadParts(parts: readonly { preload: () => Promise<unknown> }[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the page has hydrated
  useEffect(() => {
    const start = () => {
      for (const p of parts) p.preload();
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 1000);
    return () => window.clearTimeout(id);
  }, []);
}
