import { type AppLoadContext, data } from "@remix-run/node";

/**
 * The one client the web app uses to reach /api/v1. It builds a Request, copies the browser's
 * Cookie, and dispatches it in-process (context.api) or over HTTP to API_URL. The answer keeps
 * the API's Set-Cookie headers so routes can forward them to the browser.
 */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T;
  /** Set-Cookie (and Retry-After) to pass on to the browser. */
  headers: Headers;
  /** All of the API response's headers (X-Total-Count, Link, …), to read, not to forward. */
  apiHeaders: Headers;
  /** The API's error message when !ok. */
  message: string;
  errors?: Record<string, string[]>;
}

type Body = { json: unknown } | { form: FormData } | undefined;

export interface CallOptions {
  method?: string;
  body?: Body;
  /**
   * Ask as an anonymous visitor: no Cookie, no User-Agent, so the answer is the one everybody
   * gets. An answer the API marks `Cache-Control: public, max-age=N` (the public event lists) is
   * then kept here and shared for N seconds (api-shared.server.ts), as a proxy would keep it.
   */
  asVisitor?: boolean;
}

export function callApi<T = unknown>(
  request: Request,
  context: AppLoadContext,
  path: string,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  // Shared only while rendering a page with a cookie: a cookie-less page is kept whole by the page
  // cache, whose age counts from its render, so what it shows must be read afresh.
  if (
    options.asVisitor &&
    request.headers.has("cookie") &&
    !options.body &&
    (options.method ?? "GET") === "GET"
  )
    return context.sharedAnswers<T>(path, () => askApi<T>(request, context, path, options));
  return askApi<T>(request, context, path, options);
}

async function askApi<T>(
  request: Request,
  context: AppLoadContext,
  path: string,
  options: CallOptions,
): Promise<ApiResult<T>> {
  const apiUrl = process.env.API_URL;
  const base = apiUrl ? apiUrl.replace(/\/$/, "") : "http://internal";
  const headers = new Headers({ Accept: "application/json" });
  if (!options.asVisitor) {
    const cookie = request.headers.get("cookie");
    if (cookie) headers.set("Cookie", cookie);
    // The backend tells visitors apart (views) and bots by it, as it would for a direct call.
    const userAgent = request.headers.get("user-agent");
    if (userAgent) headers.set("User-Agent", userAgent);
  }
  if (apiUrl) headers.set("X-Forwarded-For", context.clientIp ?? "");
  let body: BodyInit | undefined;
  if (options.body && "json" in options.body) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body.json);
  } else if (options.body && "form" in options.body) {
    body = options.body.form;
  }
  const apiRequest = new Request(`${base}/api/v1${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
  const response = apiUrl
    ? await fetch(apiRequest)
    : await context.api.fetch(apiRequest, {
        clientIp: context.clientIp,
        sessionReads: context.sessionReads,
      });
  const text = await response.text();
  // Not named `data`: that would shadow Remix's data() used for the 503 below.
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  // The backend cannot reach its database: every page shows the friendly 503 screen rather
  // than pretending (e.g. that the visitor is logged out).
  if (response.status === 503) {
    throw data(
      { message: "We are having trouble right now. Please try again in a minute." },
      {
        status: 503,
        statusText: "Service Unavailable",
        headers: { "Retry-After": response.headers.get("Retry-After") ?? "5" },
      },
    );
  }
  const forward = new Headers();
  for (const c of response.headers.getSetCookie()) forward.append("Set-Cookie", c);
  const retryAfter = response.headers.get("Retry-After");
  if (retryAfter) forward.set("Retry-After", retryAfter);
  return {
    ok: response.ok,
    status: response.status,
    data: parsed as T,
    headers: forward,
    apiHeaders: response.headers,
    message: response.ok ? "" : (parsed?.message ?? response.statusText ?? "Something went wrong"),
    errors: response.ok ? undefined : parsed?.errors,
  };
}

/**
 * A GET to the backend answered as it is, body streamed (downloads such as the registrants' CSV):
 * the browser's Cookie and User-Agent go along, as with callApi.
 */
export async function streamFromApi(
  request: Request,
  context: AppLoadContext,
  path: string,
): Promise<Response> {
  const apiUrl = process.env.API_URL;
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (apiUrl) headers.set("X-Forwarded-For", context.clientIp ?? "");
  const apiRequest = new Request(
    `${apiUrl ? apiUrl.replace(/\/$/, "") : "http://internal"}/api/v1${path}`,
    { headers },
  );
  return apiUrl ? fetch(apiRequest) : context.api.fetch(apiRequest, { clientIp: context.clientIp });
}

/** Hands a browser request for /api/v1/* to the backend unchanged (the api.v1.$ route). */
export async function dispatchToApi(request: Request, context: AppLoadContext): Promise<Response> {
  const apiUrl = process.env.API_URL;
  if (apiUrl) {
    const url = new URL(request.url);
    return fetch(new Request(`${apiUrl.replace(/\/$/, "")}${url.pathname}${url.search}`, request));
  }
  return context.api.fetch(request, { clientIp: context.clientIp });
}
