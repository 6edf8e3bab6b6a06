import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useRef } from "react";

/**
 * The check-in page's list and counts with JavaScript: a search or a refresh after a scan loads
 * this route's data alone through a fetcher (its clientLoader answers from the device's list with
 * no network), never the whole page, whose other loaders would fail offline. Whichever of the
 * page's data (after a navigation or an action) and the fetcher's changed last is shown.
 */
export function useDeskData<T extends { q: string }>(page: T) {
  const fetcher = useFetcher();
  // The same route's data as `page`, loaded again.
  const fetched = fetcher.data as T | undefined;
  const { pathname } = useLocation();
  const seen = useRef({ page, fetched, shown: page });
  if (seen.current.page !== page) seen.current = { ...seen.current, page, shown: page };
  if (fetched && seen.current.fetched !== fetched)
    seen.current = { ...seen.current, fetched, shown: fetched };
  const { load } = fetcher;
  const search = useCallback(
    (q: string) => load(`${pathname}?${new URLSearchParams({ q })}`),
    [load, pathname],
  );
  return { data: seen.current.shown, search };
}
