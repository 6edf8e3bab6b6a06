import type { ApiResult } from "./api.server";

/**
 * The shared answers of the API, kept in this process: what `callApi(…, { asVisitor: true })`
 * got back marked `Cache-Control: public, max-age=N` (the public event lists, the same for every
 * visitor) is handed to every page that asks the same path in the next N seconds. N is the page
 * cache's `PAGE_CACHE_SECONDS` (0 in the end-to-end tests: nothing kept), so a signed-in page
 * shows the lists exactly as fresh as an anonymous one. Pages asking at the same moment share one
 * call to the API. Bounded: the oldest answers go first. One per server, made where the load
 * context is composed (server.ts) and reached as `context.sharedAnswers`.
 */
const MAX_KEPT = 500;

export type SharedAnswers = <T>(
  path: string,
  ask: () => Promise<ApiResult<T>>,
) => Promise<ApiResult<T>>;

function maxAge(headers: Headers): number {
  const m = /(?:^|,)\s*public\s*,\s*max-age=(\d+)/i.exec(headers.get("cache-control") ?? "");
  return m ? Number(m[1]) : 0;
}

export function createSharedAnswers(): SharedAnswers {
  const kept = new Map<string, { expires: number; answer: Promise<ApiResult<unknown>> }>();
  return <T>(path: string, ask: () => Promise<ApiResult<T>>) => sharedAnswer(kept, path, ask);
}

function sharedAnswer<T>(
  kept: Map<string, { expires: number; answer: Promise<ApiResult<unknown>> }>,
  path: string,
  ask: () => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  const now = Date.now();
  const hit = kept.get(path);
  if (hit && hit.expires > now) return hit.answer.then(copy) as Promise<ApiResult<T>>;
  const answer = ask();
  // Asked while the call is under way, the same call answers (expires is moved once it is in).
  const entry = {
    expires: Number.POSITIVE_INFINITY,
    answer: answer as Promise<ApiResult<unknown>>,
  };
  kept.delete(path);
  kept.set(path, entry);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  answer.then(
    (res) => {
      const seconds = res.ok ? maxAge(res.apiHeaders) : 0;
      if (seconds > 0) {
        entry.expires = now + seconds * 1000; // as fresh as the call's start
        // Shared, so never changed: frozen, which lets a page's kept HTML build its key from it
        // once (`keyJson` in kept-html.tsx). Runs before any page is handed the answer.
        deepFreeze(res.data);
      } else if (kept.get(path) === entry) kept.delete(path);
    },
    () => {
      if (kept.get(path) === entry) kept.delete(path);
    },
  );
  return answer.then(copy);
}

function deepFreeze(value: unknown) {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** Each page gets its own headers to add to; the parsed body is shared and never changed. */
function copy<T>(res: ApiResult<T>): ApiResult<T> {
  return { ...res, headers: new Headers(res.headers) };
}
