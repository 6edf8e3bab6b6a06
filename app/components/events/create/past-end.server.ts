import type { AppLoadContext } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import { callApi } from "#app/utils/api.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { formatDateTimeIST, fromISTInput } from "#app/utils/dates";

/**
 * Step 2 of a published event with a registration end in the past closes registration the moment
 * it is saved: ask first (issue 45), naming the date. A draft is not asked: publishing refuses a
 * closed registration already. Null when there is nothing to ask.
 */
export async function confirmPastEnd(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  if (isConfirmed(form)) return null;
  const end = fromISTInput(form.get("endDate"));
  if (!end || Date.parse(end) > Date.now()) return null;
  const res = await callApi<EventData>(
    request,
    context,
    `/event/details/${encodeURIComponent(eventNumber)}`,
  );
  if (!res.ok || res.data.status !== "active") return null;
  const wasOpen = !res.data.endDate || Date.parse(res.data.endDate) > Date.now();
  return askToConfirm(form, {
    title: wasOpen ? "Close registration?" : "Keep registration closed?",
    warning: `The registration end, ${formatDateTimeIST(end)}, is in the past.`,
    lines: [
      wasOpen
        ? "Saving closes registration at once: nobody else can register or join a team."
        : "Registration stays closed. To open it again, choose an end date in the future.",
    ],
    confirmLabel: wasOpen ? "Save and close registration" : "Save",
    tone: wasOpen ? "danger" : "primary",
    cancelTo: `/event/create/${eventNumber}/step2`,
  });
}
