import { Scripts } from "@remix-run/react";
import { Children, type ComponentProps, cloneElement, isValidElement } from "react";

/**
 * Remix's `<Scripts>` with its hydration modules preloaded at low priority, so on a slow phone the
 * stylesheet and the images above the fold come first (issue 16: Lighthouse counted the High
 * `modulepreload`s that finished before first paint as render-blocking, FCP 0.8–3.0 s by the
 * race). Remix has no option for it, so its output is taken as it is and each modulepreload link
 * gets `fetchpriority="low"` (lowercase: React 18 passes an unknown attribute through), in the
 * server's render and in hydration alike. `<Scripts>`'s hooks run as this component's own, in the
 * same order every render. `tests/build/production.test.ts` checks a page's links.
 */
export function LowPriorityScripts(props: ComponentProps<typeof Scripts>) {
  const scripts = Scripts(props);
  if (!scripts) return null;
  return (
    <>
      {Children.map(scripts.props.children, (child) =>
        isValidElement<{ rel?: string }>(child) &&
        child.type === "link" &&
        child.props.rel === "modulepreload"
          ? cloneElement(child, { fetchpriority: "low" } as object)
          : child,
      )}
    </>
  );
}
