import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { isStep3Section } from "#server/contracts/event-step3";
import { callApi } from "./api.server";

/**
 * Issue 11: a creation step saved after the session ended keeps what was typed on the server
 * (`/api/v1/form-stash`, behind an HttpOnly cookie, never in the URL), and the step fills its form
 * from it once its owner is back from /login. Text fields only: files picked then are not kept.
 */

export type CreationStep = "step1" | "step2" | "step3";
export type StashTarget = { eventNumber: string; form: string };

/** Fields that only steer the request (the JS marker, which button) are not what was typed. */
const NOT_KEPT = new Set(["_js", "intent", "__intent__"]);
const STASH_COOKIE = /(?:^|;\s*)(?:__Host-)?utsav_stash=/;

/** The kept form's name: the step, or for step 3 the panel (`step3-about`); Publish has none. */
export function stashFormName(step: CreationStep, formData: FormData): string | null {
  if (step !== "step3") return step;
  const section = formData.get("section");
  return formData.get("intent") !== "publish" && isStep3Section(section)
    ? `step3-${section}`
    : null;
}

/**
 * Keeps the text of the request's form for `eventNumber`; answers the Set-Cookie to pass on
 * (empty when there was nothing to keep or the API refused it: the move to /login goes on).
 */
export async function stashRequestForm(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  step: CreationStep,
): Promise<Headers> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return new Headers();
  }
  const form = stashFormName(step, formData);
  if (!form) return new Headers();
  const fields: [string, string][] = [];
  for (const [name, value] of formData)
    if (typeof value === "string" && !NOT_KEPT.has(name)) fields.push([name, value]);
  const res = await callApi(request, context, "/form-stash", {
    body: { json: { eventNumber, form, fields } },
  });
  return res.ok ? res.headers : new Headers();
}

/**
 * The form kept for this person, event and form, taken (it is gone afterwards), with the
 * Set-Cookie that clears the stash cookie; null when there is none. Asks the API only when the
 * browser carries a stash cookie.
 */
export async function takeStash(
  request: Request,
  context: AppLoadContext,
  target: StashTarget,
): Promise<{ formData: FormData; headers: Headers } | null> {
  if (!STASH_COOKIE.test(request.headers.get("cookie") ?? "")) return null;
  const res = await callApi<{ fields: [string, string][] }>(request, context, "/form-stash/take", {
    body: { json: target },
  });
  if (!res.ok) return null;
  const formData = new FormData();
  for (const [name, value] of res.data.fields) formData.append(name, value);
  return { formData, headers: res.headers };
}

/**
 * Kept values as Conform's `lastResult`: its `initialValue` fills the form as a refused
 * submission would, with no errors shown (nothing was checked yet).
 */
export function restoredResult(formData: FormData, schema: z.ZodType): SubmissionResult<string[]> {
  return { initialValue: parseWithZod(formData, { schema }).reply().initialValue };
}
