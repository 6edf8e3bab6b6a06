import * as s from "./KeptPages.css";

/**
 * The offline page's body (SPEC-3 §6). Rendered once by the server and kept by the service worker
 * at install; when a page cannot be fetched, the worker answers this page with the list filled in
 * with links to the pages it kept (`app/service-worker/kept-pages.ts` finds the list by
 * `data-kept`). The page has no scripts, so nothing re-renders the list away.
 */
export function KeptPages() {
  return (
    <>
      <p className={s.intro}>These pages are kept on this device and open without a network:</p>
      <ul className={s.kept} data-kept="" data-testid="kept-pages">
        <li>Nothing is kept on this device yet.</li>
      </ul>
      <a className={s.retry} href="/">
        Try again
      </a>
    </>
  );
}
