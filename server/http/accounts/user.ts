import { parseBody } from "#server/lib/errors";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  dropEmpty,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
} from "#server/contracts/user";
import { guardedLogin } from "#server/services/accounts/login-guard";
import { hitRateLimit } from "#server/lib/rate-limit";
import { destroySession } from "#server/services/accounts/sessions";
import { pendingKeyFor } from "#server/services/uploads/pending-uploads";
import { fileField } from "#server/services/uploads/uploads";
import { toUserJson } from "#server/services/accounts/user-json";
import {
  ACCOUNT_MESSAGES,
  checkResetLink,
  forgotPassword,
  resetPassword,
  signup,
  updateProfile,
  verifyEmail,
} from "#server/services/accounts/users";
import {
  type ApiContext,
  type ApiEnv,
  readForm,
  readInput,
  requireApiUser,
} from "#server/http/context";
import {
  clearSessionCookie,
  deviceCookieName,
  sessionCookieName,
  setDeviceCookie,
  setSessionCookie,
} from "#server/http/session";

const MINUTE = 60_000;

/**
 * Attempts allowed per window. Per IP they are generous (a college hostel shares one address);
 * per account they are tight enough to stop mail bombing. Password guessing per account is
 * bounded in login-guard.ts (per account and address, and failures per account).
 */
export const ACCOUNT_RATE_LIMITS = {
  loginPerIp: { limit: 50, windowMs: 15 * MINUTE },
  signupPerIp: { limit: 20, windowMs: 60 * MINUTE },
  forgotPerIp: { limit: 20, windowMs: 60 * MINUTE },
  forgotPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 20, windowMs: 15 * MINUTE },
  // Opening the reset page checks its link: reloads are fine, guessing 256-bit tokens is not.
  resetCheckPerIp: { limit: 60, windowMs: 15 * MINUTE },
} as const;

async function limit(
  c: ApiContext,
  name: keyof typeof ACCOUNT_RATE_LIMITS,
  subject: string,
): Promise<void> {
  const { limit, windowMs } = ACCOUNT_RATE_LIMITS[name];
  await hitRateLimit(c.get("deps"), `${name}:${subject}`, limit, windowMs);
}

/** The body with empty strings dropped, as Conform drops them in the browser. */
async function readAccountInput(c: ApiContext): Promise<Record<string, unknown>> {
  return dropEmpty(await readInput(c)) as Record<string, unknown>;
}

/** /api/v1/user calls of SPEC §7. */
export function userRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/profile", (c) => c.json(toUserJson(requireApiUser(c))));

  routes.post("/signup", async (c) => {
    await limit(c, "signupPerIp", c.get("clientIp"));
    const body = await readAccountInput(c);
    // The honeypot: people never see the `website` field, bots fill it. They get the usual answer.
    if (body.website !== undefined) return c.json({ message: ACCOUNT_MESSAGES.signup });
    await signup(c.get("deps"), parseBody(signupSchema, body));
    return c.json({ message: ACCOUNT_MESSAGES.signup });
  });

  routes.get("/:id/verify/:token", async (c) => {
    await verifyEmail(c.get("deps"), c.req.param("id"), c.req.param("token"));
    return c.json({ message: ACCOUNT_MESSAGES.verified });
  });

  routes.post("/login", async (c) => {
    const deps = c.get("deps");
    await limit(c, "loginPerIp", c.get("clientIp"));
    const input = parseBody(loginSchema, await readAccountInput(c));
    const { user, token, device } = await guardedLogin(deps, input, {
      ip: c.get("clientIp"),
      device: getCookie(c, deviceCookieName(deps.config)) ?? null,
      presentedToken: getCookie(c, sessionCookieName(deps.config)) ?? null,
    });
    setSessionCookie(c, token);
    if (device) setDeviceCookie(c, device);
    return c.json(toUserJson(user));
  });

  routes.get("/logout", async (c) => {
    // A GET that ends the session: app.ts refuses it when another site triggers it (security.ts).
    const deps = c.get("deps");
    const token = getCookie(c, sessionCookieName(deps.config));
    if (token) await destroySession(deps, token);
    clearSessionCookie(c);
    return c.json({ message: ACCOUNT_MESSAGES.loggedOut });
  });

  routes.post("/forgot-password", async (c) => {
    await limit(c, "forgotPerIp", c.get("clientIp"));
    const input = parseBody(forgotPasswordSchema, await readAccountInput(c));
    await limit(c, "forgotPerAccount", input.email);
    await forgotPassword(c.get("deps"), input);
    return c.json({ message: ACCOUNT_MESSAGES.forgot });
  });

  /** Whether a reset link still works, without using it: the reset page says so on arrival. */
  routes.get("/:id/reset-password/:token", async (c) => {
    await limit(c, "resetCheckPerIp", c.get("clientIp"));
    await checkResetLink(c.get("deps"), c.req.param("id"), c.req.param("token"));
    return c.json({ message: ACCOUNT_MESSAGES.resetLinkOpen });
  });

  routes.post("/:id/reset-password/:token", async (c) => {
    await limit(c, "resetPerIp", c.get("clientIp"));
    const input = parseBody(resetPasswordSchema, await readAccountInput(c));
    await resetPassword(c.get("deps"), c.req.param("id"), c.req.param("token"), input.password);
    return c.json({ message: ACCOUNT_MESSAGES.reset });
  });

  routes.post("/profile", async (c) => {
    const user = requireApiUser(c);
    const form = await readForm(c);
    const { profileImg, ...fields } = form;
    // Text fields are checked first, so a bad form stores no picture.
    const input = parseBody(profileSchema, dropEmpty(fields));
    // An avatar kept from a refused submission (`profileImgPending`); a new file replaces it.
    const kept = await pendingKeyFor(c.get("deps"), user, form, "avatar");
    const updated = await updateProfile(c.get("deps"), user, input, fileField(profileImg), kept);
    return c.json(toUserJson(updated));
  });

  return routes;
}
