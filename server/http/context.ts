import type { Context } from "hono";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest, unauthorized } from "#server/lib/errors";

/** What the web app passes when it dispatches in-process (`api.fetch(req, env)`). */
export interface ApiBindings {
  clientIp?: string;
  /** A small JSON body the server read before the API (small-body.ts); `readJson` parses it. */
  body?: Buffer;
  /**
   * The session reads of one page request (a new Map for each): its loaders' GET calls read the
   * session once between them instead of once each (session.ts).
   */
  sessionReads?: SessionReads;
}

/** Session token → the user it was found to belong to (or null), for one page request. */
export type SessionReads = Map<string, Promise<UserRow | null>>;

export interface ApiVariables {
  user: UserRow | null;
  sessionToken: string | null;
  clientIp: string;
  deps: Deps;
}

export type ApiEnv = { Bindings: ApiBindings; Variables: ApiVariables };
export type ApiContext = Context<ApiEnv>;

/**
 * Headers for an answer asked without a session, which is the same for everyone (the public event
 * lists, a published event's updates and results): a shared cache (the web app's `callApi`, a
 * proxy, the browser) may keep it as long as the page cache keeps a public page
 * (`PAGE_CACHE_SECONDS`). Asked with one, the session middleware's `private, no-store` stands.
 */
export function publicFor(c: ApiContext): Record<string, string> {
  const seconds = c.get("deps").config.pageCacheSeconds;
  return c.get("user") || !(seconds > 0)
    ? {}
    : { "Cache-Control": `public, max-age=${Math.floor(seconds)}` };
}

export function requireApiUser(c: ApiContext): UserRow {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

/** No request of ours nests deeper than a few levels (step 3's rows of contacts); 32 is plenty. */
export const MAX_JSON_DEPTH = 32;

/**
 * The `q` of a search within an event (registrants, the check-in list): control characters out (a
 * NUL would be refused by PostgreSQL, and none is part of a name), trimmed, at most 100 characters.
 */
export function readSearch(c: ApiContext): string {
  return (c.req.query("q") ?? "")
    .replace(/[\u0000-\u001f]/g, "")
    .trim()
    .slice(0, 100);
}

/** Decodes as a Request's `json()` does: a byte order mark dropped, bad bytes replaced. */
const utf8 = new TextDecoder();

/**
 * Reads a JSON body; anything that is not JSON, or nests deeper than MAX_JSON_DEPTH, is a
 * 400 'Bad Request' (JSON.parse takes 50,000 nested objects, but code walking them recursively
 * would overflow the stack). A small body the server read already is parsed from its bytes.
 */
export async function readJson(c: ApiContext): Promise<unknown> {
  let body: unknown;
  try {
    const read = c.env?.body;
    body = read ? JSON.parse(utf8.decode(read)) : await c.req.json();
  } catch {
    throw badRequest();
  }
  if (jsonDepth(body) > MAX_JSON_DEPTH) throw badRequest();
  return withoutNul(body);
}

/**
 * Every string of a parsed body with U+0000 taken out (in place). Nobody types it, PostgreSQL
 * cannot store it in text (a 500 from the driver), and SQLite would keep it invisibly; dropping it
 * keeps the rest of what was sent, which validation then reads as usual.
 */
function withoutNul<T>(value: T): T {
  const clean = (v: unknown) =>
    typeof v === "string" && v.includes("\u0000") ? v.replaceAll("\u0000", "") : v;
  if (typeof value === "string") return clean(value) as T;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== "object" || v instanceof File) continue;
    const o = v as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      const child = o[key];
      if (typeof child === "string") o[key] = clean(child);
      else if (child && typeof child === "object") stack.push(child);
    }
  }
  return value;
}

/** How deep a parsed JSON value nests, walked without recursion (and stopping past the limit). */
function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    if (depth + 1 > max) max = depth + 1;
    if (max > MAX_JSON_DEPTH) return max;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return max;
}

/**
 * Our largest form (step 3's dates and contacts, by list intents) has well under a hundred fields
 * and one file; far more is load or an attack, refused before any field is looked at.
 */
export const MAX_FORM_FIELDS = 300;
export const MAX_FORM_FILES = 5;

/**
 * Reads a multipart or urlencoded body into a plain object; repeated keys become arrays.
 * The body size is already bounded by the app's bodyLimit, so this never buffers more than that;
 * the number of fields and files is bounded here.
 */
export async function readForm(
  c: ApiContext,
): Promise<Record<string, string | File | (string | File)[]>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) throw badRequest();
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = (await c.req.parseBody({ all: true })) as Record<
      string,
      string | File | (string | File)[]
    >;
  } catch {
    throw badRequest();
  }
  const values = Object.values(form).flat();
  if (values.length > MAX_FORM_FIELDS) throw badRequest("This form has too many fields");
  if (values.filter((v) => v instanceof File).length > MAX_FORM_FILES) {
    throw badRequest(`Too many files: please send at most ${MAX_FORM_FILES} at once`);
  }
  return withoutNul(form);
}

/**
 * JSON or a form, whichever was sent (SPEC §7 says which each call uses; both are accepted), as a
 * plain object. JSON that is not an object is a 400 'Bad Request'.
 */
export async function readInput(c: ApiContext): Promise<Record<string, unknown>> {
  if (!/^application\/json/i.test(c.req.header("content-type") ?? "")) return readForm(c);
  const body = await readJson(c);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest();
  return body as Record<string, unknown>;
}
