import type { AppLoadContext } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { confirmResults, confirmWinners } from "./confirm-mails.server";
import { backTo, sectionHref } from "./sections";

/** The organiser page's form intents, each one API call, answered with a toast or field errors. */
export async function organiserAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const here = backTo(request, eventNumber);
  const call = async (path: string, json: unknown) => {
    const res = await callApi<{ eventNumber?: string }>(
      request,
      context,
      `/event/${eventNumber}${path}`,
      {
        method: "POST",
        body: { json },
      },
    );
    if (res.status === 401) loginRedirect(request);
    return res;
  };
  const done = async (res: Awaited<ReturnType<typeof call>>, message: string, to = here) =>
    res.ok
      ? redirectWithToast(to, { type: "success", message }, res.headers)
      : redirectWithToast(here, { type: "error", message: res.message }, res.headers);

  switch (intent) {
    case "results": {
      const round = String(formData.get("round") ?? "");
      const advancing = formData.getAll("advancing").map(String);
      const ask = await confirmResults(request, context, eventNumber, formData);
      if (ask) return ask;
      const res = await call(`/rounds/${encodeURIComponent(round)}/results`, { advancing });
      return done(res, "Results saved", backTo(request, eventNumber, "results"));
    }
    case "winners": {
      const winners = [...formData.entries()]
        .filter(([k]) => /^rank-\d{1,3}$/.test(k))
        .map(([k, v]) => ({ rank: Number(k.slice(5)), registrationId: String(v) }));
      const ask = await confirmWinners(request, context, eventNumber, formData, winners);
      if (ask) return ask;
      return done(
        await call("/winners", { winners }),
        "Winners saved",
        sectionHref(eventNumber, "rounds", {}, "winners"),
      );
    }
    case "close-registration": {
      // Asked first (issue 45): nobody can register or join a team after it.
      if (!isConfirmed(formData))
        return askToConfirm(formData, {
          title: "Close registration now?",
          lines: [
            "Nobody can register or join a team after this; those registered stay registered.",
            "To open it again, set a later end date in Edit (step 2).",
          ],
          confirmLabel: "Close registration",
          tone: "danger",
          cancelTo: here,
        });
      return done(await call("/close-registration", {}), "Registration closed");
    }
    case "unpublish":
      return done(
        await call("/unpublish", {}),
        "Event unpublished: it is hidden until you publish it again",
      );
    case "duplicate": {
      const res = await call("/duplicate", {});
      return done(
        res,
        "Copy created as a draft: set its dates in Edit",
        `/my/event/${res.data?.eventNumber ?? eventNumber}`,
      );
    }
    default:
      return redirectWithToast(here, { type: "error", message: "Unknown action" });
  }
}
