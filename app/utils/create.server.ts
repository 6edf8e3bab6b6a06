import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import type { AppLoadContext } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import { type ApiResult, callApi } from "#app/utils/api.server";
import { requireUser, sessionEndedRedirect } from "#app/utils/guards.server";
import { data } from "@remix-run/node";
import { canEditEvent } from "#app/components/events/format";
import { redirectAfterWait, redirectWithToast, toastHeaders } from "#app/utils/toast.server";
import type { User } from "#app/utils/user";

export const CATEGORY_URL = "/event/category";

/**
 * SPEC §4, §8: a 401 goes to /login, a 404 (or another's event) to the category chooser, each
 * after 2 s with the reason shown; anything else is the caller's.
 */
export async function throwOnLostEvent(request: Request, res: ApiResult<unknown>): Promise<void> {
  if (res.status === 401) await sessionEndedRedirect(request);
  if (res.status === 404 || res.status === 403) await lostEvent(res.message || "Event not found");
}

async function lostEvent(message: string): Promise<never> {
  throw await redirectAfterWait(CATEGORY_URL, { type: "error", message });
}

/**
 * The signed-in user and their event. Step 1 may start a new event (`allowNew`): an unknown number,
 * or one that is not theirs (the save then moves them to a free number), gives `event: null`.
 */
export async function loadOwnEvent(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  { allowNew = false } = {},
): Promise<{ user: User; event: EventData | null }> {
  const user = await requireUser(request, context);
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) await lostEvent("Event not found");
  const res = await callApi<EventData>(request, context, `/event/details/${eventNumber}`);
  if (res.ok && canEditEvent(res.data)) return { user, event: res.data };
  // A judge or a volunteer is on the team but may not edit (SPEC-3 §1): told so, with a 403 and
  // a way to their part, not sent to 'Host Your Event' (issue 45).
  const role = res.ok ? res.data.myRole : null;
  if (role === "judge" || role === "volunteer")
    throw data(
      `You are ${role === "judge" ? "a judge" : "a volunteer"} on this event: only its owner and admins can edit it.`,
      { status: 403 },
    );
  if (allowNew && (res.status === 404 || res.ok)) return { user, event: null };
  if (res.ok) await lostEvent("Only the owner and admins of this event can edit it");
  await throwOnLostEvent(request, res);
  throw new Response(res.message, { status: res.status });
}

/**
 * Form values as the API's multipart body: files as they are, lists as JSON strings (SPEC §7),
 * everything else as text. Absent values are left out.
 */
export function toApiForm(
  values: Record<string, unknown>,
  lists: readonly string[] = [],
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) form.append(key, value);
    else if (lists.includes(key)) form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  for (const key of lists)
    if (!(key in values) || values[key] === undefined) form.append(key, "[]");
  return form;
}

/**
 * A fresh number for an organiser whose number was taken: 5 digits as SPEC §2 has them, and on
 * later attempts 6, since the 90,000 five-digit numbers run out on a busy platform.
 */
export function freshEventNumber(attempt = 0): string {
  return attempt < 3
    ? String(Math.floor(10000 + Math.random() * 90000))
    : String(Math.floor(100000 + Math.random() * 900000));
}

/**
 * After a save: the success toast, then the next page. With JavaScript the page shows the toast and
 * moves after 2 s (SPEC §4); without it the redirect is immediate, the toast shows on the next page.
 */
export async function movedAfterSave(formData: FormData, next: string, message: string) {
  if (formData.get("_js") === "1") {
    return data(
      { next, result: null, about: null, section: null, publishError: null },
      { headers: await toastHeaders({ type: "success", message }) },
    );
  }
  return redirectWithToast(next, { type: "success", message });
}
