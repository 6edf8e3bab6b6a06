import type { MiddlewareHandler } from "hono";
import { ApiError } from "#server/lib/errors";
import { type Right, requireRight } from "#server/services/team/permissions";
import type { ApiEnv } from "#server/http/context";

/**
 * SPEC-3: permission is checked before any other rule. A service asks `requireRight` first, but a
 * route reads the body before calling it; when the call fails for another reason (an unreadable
 * body, too many fields), this asks for the route's right after all, so a caller without it reads
 * 403 (401 signed out) whatever else was wrong. A call that succeeds costs nothing more.
 */
export function rightFirst(right: Right): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next();
    const status = c.error instanceof ApiError ? c.error.status : null;
    if (!c.error || status === 401 || status === 403) return;
    await requireRight(c.get("deps"), c.get("user"), c.req.param("eventNumber") ?? "", right);
  };
}
