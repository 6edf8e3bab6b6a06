import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { CHECK_IN_MESSAGES as M, type CheckInPerson } from "#server/contracts/check-in";
import { callApi } from "#app/utils/api.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { loginRedirect } from "#app/utils/guards.server";
import type { Shown } from "./ScanBanner";

/**
 * 'Undo' on a checked-in row (owner and admins, SPEC-3 §5): a confirmation step first, the same
 * with JavaScript on and off, then POST /event/{n}/check-in/undo. The API refuses anyone else.
 */
export async function undoAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const name = String(form.get("name") ?? "").slice(0, 200);
  if (!isConfirmed(form)) {
    const url = new URL(request.url);
    return askToConfirm(form, {
      title: M.undoTitle(name),
      lines: [
        "They will show as not checked in, and can be checked in again.",
        "The team's activity records who undid it.",
      ],
      confirmLabel: "Undo check-in",
      tone: "danger",
      cancelTo: `${url.pathname}${url.search}`,
    });
  }
  const res = await callApi<{ person: CheckInPerson }>(
    request,
    context,
    `/event/${eventNumber}/check-in/undo`,
    { method: "POST", body: { json: { memberId: String(form.get("memberId") ?? "") } } },
  );
  if (res.status === 401) loginRedirect(request);
  const p = res.data?.person;
  const shown: Shown = res.ok
    ? { tone: "warn", message: M.undone(p ? `${p.firstName} ${p.lastName}`.trim() : name) }
    : { tone: "bad", message: res.message };
  return data({ shown });
}
