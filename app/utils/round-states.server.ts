import type { AppLoadContext } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import type { MySubmission } from "#server/contracts/submissions";
import type { RoundStates } from "#app/components/submissions/RoundSubmission";
import { callApi } from "./api.server";

/** The signed-in registrant's state in each submission round of the event (SPEC-3 §2). */
export async function roundStatesFor(
  request: Request,
  context: AppLoadContext,
  event: EventData,
): Promise<RoundStates> {
  const asked = event.rounds.flatMap((r, i) => (r.kind === "submission" ? [i] : []));
  const answers = await Promise.all(
    asked.map((i) =>
      callApi<MySubmission>(request, context, `/event/${event.eventNumber}/rounds/${i}/submission`),
    ),
  );
  const states: RoundStates = {};
  answers.forEach((res, k) => {
    if (res.ok) states[asked[k]!] = res.data;
  });
  return states;
}
