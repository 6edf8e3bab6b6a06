import { z } from "./zod";

/**
 * Handles (SPEC-4 §4, §5): one namespace for people (/u/{handle}) and organisations
 * (/org/{handle}), kept by the `handles` table. Messages are the spec's, to the letter.
 */
export const HANDLE_MESSAGES = {
  invalid: "Invalid handle",
  taken: "This handle is taken",
} as const;

/** 3 to 30 lower-case letters, digits and hyphens, not starting or ending with a hyphen. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/;

/**
 * The site's own path words, and words a page of ours may take later: never anyone's handle
 * (answered 'This handle is taken'). `tests/api/handles.test.ts` checks that every first path
 * word of `app/routes/` is here.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  // Pages and calls today (app/routes/, server/http/).
  "api",
  "auth",
  "certificate",
  "certificates",
  "event",
  "events",
  "feedback",
  "files",
  "forgot-password",
  "login",
  "login-with-google",
  "logout",
  "manifest",
  "my",
  "offline",
  "org",
  "org-invite",
  "org-verify",
  "organiser-invite",
  "orgs",
  "ping",
  "privacypolicy",
  "profile",
  "redirecting",
  "reset-password",
  "robots",
  "signup",
  "sitemap",
  "u",
  "unsubscribe",
  "uploads",
  "user",
  "verify",
  // Words a page may take, or that would pass for us.
  "about",
  "admin",
  "administrator",
  "app",
  "assets",
  "blog",
  "build",
  "calendar",
  "contact",
  "dashboard",
  "explore",
  "help",
  "home",
  "index",
  "mail",
  "new",
  "null",
  "official",
  "organiser",
  "organisers",
  "organisation",
  "organisations",
  "pay",
  "payments",
  "privacy",
  "root",
  "search",
  "settings",
  "static",
  "support",
  "sw",
  "team",
  "terms",
  "undefined",
  "users",
  "utsav",
  "www",
]);

/** A handle as typed: the pattern ('Invalid handle'), then the reserved words ('This handle is taken'). */
export const handleSchema = z
  .string({ error: HANDLE_MESSAGES.invalid })
  .trim()
  .regex(HANDLE_PATTERN, { error: HANDLE_MESSAGES.invalid, abort: true })
  .refine((h) => !RESERVED_HANDLES.has(h), { error: HANDLE_MESSAGES.taken });
