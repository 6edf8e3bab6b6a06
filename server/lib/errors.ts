import type { z } from "zod";

/**
 * Domain errors: what services throw when a request cannot be done, with the status it means
 * and the one error shape of the API, `{ message, errors? }`. They live below the HTTP layer, so
 * services never import from `server/http/`; the app's error handler (`server/http/app.ts`)
 * turns them, and anything else, into JSON.
 */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: FieldErrors,
    public headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message = "Bad Request", errors?: FieldErrors) =>
  new ApiError(400, message, errors);
export const unauthorized = (message = "Please log in to continue") => new ApiError(401, message);
export const forbidden = (message = "You are not allowed to do that") => new ApiError(403, message);
export const notFound = (message = "Not Found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooLarge = (message = "File size should not exceed 10MB") =>
  new ApiError(413, message);
export const unsupported = (message: string) => new ApiError(415, message);
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new ApiError(
    429,
    message ??
      `Too many attempts. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
    undefined,
    { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
export const unavailable = (
  message = "Service temporarily unavailable. Please try again shortly.",
) => new ApiError(503, message, undefined, { "Retry-After": "5" });

/** Field errors from a Zod error, keyed by dotted path, as Conform reads them. */
export function zodFieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** Validates with a contract schema; failures are 400 with the first message and every field's. */
export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const errors = zodFieldErrors(result.error.issues);
    throw badRequest(result.error.issues[0]?.message ?? "Bad Request", errors);
  }
  return result.data;
}
