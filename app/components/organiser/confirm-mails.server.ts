import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import type { ResultsBoard } from "#server/contracts/organiser";
import { callApi } from "#app/utils/api.server";
import { mailsLine } from "#app/utils/confirm";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { formatDateTimeIST } from "#app/utils/dates";
import { loginRedirect } from "#app/utils/guards.server";
import { resultsMailCount, winnersMailCount } from "./board";
import { backTo, sectionHref } from "./sections";

/** The whole board (every entrant, with who was mailed what), as the action sees it. */
async function fullBoard(request: Request, context: AppLoadContext, n: string) {
  const res = await callApi<ResultsBoard>(request, context, `/event/${n}/results/board`);
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) throw data(res.message, { status: res.status });
  return res.data;
}

/**
 * Saving a round's results mails its entrants (issue 31): ask first, naming how many people, and
 * warn when the round has not started. Null when confirmed, or when nothing needs saying.
 */
export async function confirmResults(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  if (isConfirmed(form)) return null;
  const n = encodeURIComponent(eventNumber);
  const index = Number(form.get("round"));
  const [board, event] = await Promise.all([
    fullBoard(request, context, n),
    callApi<EventData>(request, context, `/event/details/${n}`),
  ]);
  const round = board.rounds.find((r) => r.index === index);
  if (!round) return null; // the API says what is wrong
  const advancing = new Set(form.getAll("advancing").map(String));
  const people = resultsMailCount(round, advancing);
  const starts = event.ok ? event.data.rounds[index]?.startDate : undefined;
  const early = !!starts && Date.parse(starts) > Date.now();
  if (people === 0 && !early) return null;
  return askToConfirm(form, {
    title: `Save the results of ${round.title}?`,
    warning: early
      ? `${round.title} has not started yet: it starts on ${formatDateTimeIST(starts)}. Results are usually saved once a round is over.`
      : undefined,
    lines: [
      `${advancing.size} of ${round.entrants.length} advance.`,
      `${mailsLine(people)} Each is told whether they advanced.`,
    ],
    confirmLabel: people > 0 ? `Save and e-mail ${people}` : "Save results",
    cancelTo: backTo(request, eventNumber, "results"),
  });
}

/** Saving the winners mails each new winner: ask first, naming how many people. */
export async function confirmWinners(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
  winners: { rank: number; registrationId: string }[],
) {
  if (isConfirmed(form)) return null;
  const board = await fullBoard(request, context, encodeURIComponent(eventNumber));
  const people = winnersMailCount(board, winners);
  if (people === 0) return null;
  return askToConfirm(form, {
    title: "Save the winners?",
    lines: [
      `${mailsLine(people)} Each new winner is told their prize, and the event page shows them.`,
    ],
    confirmLabel: `Save and e-mail ${people}`,
    cancelTo: sectionHref(eventNumber, "rounds", {}, "winners"),
  });
}
