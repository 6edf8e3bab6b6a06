import { type ComponentType, createContext, type ReactNode, useContext } from "react";

/** Where the HTML is kept: one per server process (kept-html.server.ts). */
export interface KeptHtmlStore {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

export interface KeptItemProps {
  /** Names everything the children render from; asked on the server only. */
  keyOf: () => string;
  className?: string;
  children: ReactNode;
}

/**
 * The server's kept list item (kept-item.server.tsx), handed in by entry.server.tsx; none in the
 * browser, which so carries none of its code.
 */
export const KeptHtmlContext = createContext<ComponentType<KeptItemProps> | null>(null);

/**
 * Kept HTML (issue 30): on the server, a list item whose content is a pure function of its
 * key (`keyOf()`) is rendered once per process and its HTML reused for the same key, so a list of 20
 * event cards costs 20 lookups instead of 20 renders. The HTML is React's own render of the same
 * children, so the browser hydrates it as if it had been rendered in place; in the browser the
 * item renders its children as usual.
 *
 * The key must name everything the children render from (props, the address, the time-left
 * text): a key that misses an input would show one viewer's HTML to another.
 */
export function KeptListItem(props: KeptItemProps) {
  const ServerItem = useContext(KeptHtmlContext);
  if (ServerItem) return <ServerItem {...props} />;
  return <li className={props.className}>{props.children}</li>;
}
