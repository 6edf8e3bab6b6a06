import { submissionRoutes } from "./submissions/submissions";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import { methodNotAllowed } from "hono/method-not-allowed";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "#server/contracts/constants";
import { TEAM_DB_RULES } from "#server/contracts/team";
import type { Deps } from "#server/lib/deps";
import { triggerRefusal } from "#server/db/connect";
import { ApiError } from "#server/lib/errors";
import type { ApiEnv } from "./context";
import { apiSecurityHeaders, isCrossSite } from "./security";
import { sessionMiddleware } from "./session";
import { healthRoutes } from "./health";
import { fileRoutes } from "#server/http/uploads/files";
import { pendingUploadRoutes } from "#server/http/uploads/pending-uploads";
import { userRoutes } from "#server/http/accounts/user";
import { eventRoutes } from "#server/http/events/event";
import { myRoutes } from "#server/http/events/my";
import { oauthRoutes } from "#server/http/accounts/oauth";
import { eventListRoutes } from "#server/http/events/event-list";
import { feedbackRoutes } from "#server/http/feedback/feedback";
import { myRegistrationRoutes, registrationRoutes } from "#server/http/registration/registration";
import { paymentRoutes } from "#server/http/payments/payments";
import { paymentConfirmRoutes } from "#server/http/payments/payments-confirm";
import { organiserRoutes } from "#server/http/organiser/organiser";
import { saveRoutes } from "#server/http/saves/saves";
import { calendarRoutes, userLinkRoutes } from "#server/http/saves/calendar";
import { certificateRoutes } from "#server/http/certificates/certificates";
import { formStashRoutes } from "#server/http/events/form-stash";
import { checkInRoutes } from "#server/http/check-in/check-in";
import { judgingRoutes } from "./judging/judging";
import { teamRoutes } from "#server/http/team/team";
import { quizRoutes } from "./quiz/quiz";
import { profileRoutes } from "#server/http/profiles/profiles";
import { orgRoutes } from "#server/http/orgs/orgs";

/** Errors a database driver raises when it cannot be reached or is locked. */
function isDbUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  const code = e?.code ?? "";
  return (
    [
      "ECONNREFUSED",
      "ECONNRESET",
      "ETIMEDOUT",
      "57P01",
      "57P03",
      "08006",
      "08001",
      "53300",
    ].includes(code) ||
    code.startsWith("SQLITE_BUSY") ||
    code.startsWith("SQLITE_LOCKED") ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(e?.message ?? "")
  );
}

/**
 * The /api/v1 backend as a Hono app. Mounted in-process by the web app, or served alone by
 * `npm run start:api`. Paths here are relative to /api/v1.
 */
export function createApi(deps: Deps) {
  const app = new Hono<ApiEnv>().basePath("/api/v1");

  app.use(apiSecurityHeaders(deps.config));
  // A NUL in the path names nothing here, and PostgreSQL refuses it in text (a 500 from the
  // driver): every route's ids are refused at once, in one place. Account links (/user/…) are
  // the exception: their routes check the token themselves and answer with the spec's one
  // invalid-link message (SPEC: an odd link is "invalid or expired", never a bare 404).
  app.use(async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (/%00/.test(path) && !path.startsWith("/api/v1/user/")) {
      return c.json({ message: "Not Found" }, 404);
    }
    await next();
  });
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        c.json({ message: "Method Not Allowed" }, 405, { Allow: methods.join(", ") }),
    }),
  );
  app.use(async (c, next) => {
    c.set("deps", deps);
    // Whoever serves the API passes the address (clientAddress in security.ts); never a header here.
    c.set("clientIp", c.env?.clientIp ?? "unknown");
    if (isCrossSite(c.req.raw, deps.config)) {
      return c.json({ message: "Cross-site request refused" }, 403);
    }
    await next();
  });
  // One file of at most 10 MB plus its form fields; counted while the body streams in. A small
  // JSON body read by the server already (small-body.ts) is within it.
  const limit = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + 512 * 1024,
    onError: (c) => c.json({ message: FILE_TOO_LARGE }, 413),
  });
  app.use((c, next) => (c.env?.body ? next() : limit(c, next)));
  app.use(sessionMiddleware);

  app.route("/", healthRoutes());
  app.route("/", fileRoutes());
  app.route("/", pendingUploadRoutes()); // files kept from refused forms
  app.route("/user", userRoutes()); // accounts: signup … logout
  app.route("/user/oauth", oauthRoutes()); // Google sign-in
  app.route("/event", eventRoutes()); // hosting: create steps, content, details
  app.route("/event", eventListRoutes()); // discovery: get-all, find
  app.route("/event", organiserRoutes()); // SPEC-2 §4: registrants, insights, updates, results
  app.route("/my", myRoutes()); // discovery: my/event
  app.route("/event", registrationRoutes()); // SPEC-2 §1-2: registration, teams, teammates
  app.route("/my", myRegistrationRoutes()); // SPEC-2 §1: my/registrations
  app.route("/feedback", feedbackRoutes()); // discovery: native feedback form
  app.route("/event", saveRoutes()); // saved events: save, unsave, calendar.ics
  app.route("/user", userLinkRoutes()); // calendar feed link, unsubscribe
  app.route("/calendar", calendarRoutes()); // the personal calendar feed
  app.route("/", certificateRoutes()); // certificates: issue, revoke, mine, verify, PDF
  app.route("/form-stash", formStashRoutes()); // a step's text kept when the session ended
  app.route("/event", checkInRoutes()); // SPEC-3 §5: tickets, check-in, offline sync
  app.route("/", teamRoutes()); // SPEC-3 §1: the organising team, invitations, activity
  app.route("/event", submissionRoutes()); // SPEC-3 §2: submissions, their files and ZIP
  app.route("/event", judgingRoutes()); // SPEC-3 §3: judging set-up, scores, leaderboard, feedback
  app.route("/event", quizRoutes()); // SPEC-3 §4: quiz set-up, attempts, results, leaderboard
  app.route("/event", paymentRoutes()); // SPEC-4 §1-2: coupons, the payer's payment and claim
  app.route("/event", paymentConfirmRoutes()); // SPEC-4 §3: confirming, refunds, statement import
  app.route("/", profileRoutes()); // SPEC-4 §5: handles, public profiles
  app.route("/", orgRoutes()); // SPEC-4 §4: organisations, admins, followers

  app.notFound((c) => c.json({ message: "Not Found" }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(
        { message: err.message, ...(err.errors ? { errors: err.errors } : {}) },
        err.status as 400,
        err.headers,
      );
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message =
        status === 413
          ? "File size should not exceed 10MB"
          : status === 400
            ? "Bad Request"
            : err.message || "Error";
      return c.json({ message }, status);
    }
    // A rule the database keeps under parallel requests (a trigger's refusal), in the spec's words.
    const refused = triggerRefusal(err);
    if (refused && TEAM_DB_RULES.includes(refused)) return c.json({ message: refused }, 409);
    if (isDbUnavailable(err)) {
      return c.json(
        { message: "Service temporarily unavailable. Please try again shortly." },
        503,
        { "Retry-After": "5" },
      );
    }
    console.error("[api] unhandled error:", err);
    return c.json({ message: "Internal Server Error" }, 500);
  });

  return app;
}

export type Api = ReturnType<typeof createApi>;
