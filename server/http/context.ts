import type { Context } from "hono";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { badRequest, unauthorized } from "#server/lib/errors";

/** What the web app passes when it dispatches in-process (`api.fetch(req, env)`). */
export interface ApiBindings {
  clientIp?: string;
}

export interface ApiVariables {
  user: UserRow | null;
  sessionToken: string | null;
  clientIp: string;
  deps: Deps;
}

export type ApiEnv = { Bindings: ApiBindings; Variables: ApiVariables };
export type ApiContext = Context<ApiEnv>;

export function requireApiUser(c: ApiContext): UserRow {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

/** Reads a JSON body; anything that is not JSON is a 400 'Bad Request'. */
export async function readJson(c: ApiContext): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw badRequest();
  }
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
  return form;
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
