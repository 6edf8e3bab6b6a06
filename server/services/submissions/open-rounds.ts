/**
 * /my/registrations per open submission round (SPEC-3 §2): 'Submitted' or 'Not submitted'. Each
 * item of GET /my/registrations gains `submissionRounds`: the event's submission rounds open now.
 */
import type { EventData } from "#server/contracts/event-shape";
import type { OpenSubmissionRound } from "#server/contracts/submissions";
import type { Deps } from "#server/lib/deps";

export async function withOpenSubmissionRounds<
  T extends { event: EventData; registration: { _id: string } },
>(
  deps: Pick<Deps, "db" | "clock">,
  items: T[],
): Promise<(T & { submissionRounds: OpenSubmissionRound[] })[]> {
  const now = deps.clock.now().getTime();
  const open = (r: EventData["rounds"][number]) =>
    r.kind === "submission" && Date.parse(r.startDate) <= now && now <= Date.parse(r.endDate);
  const asked = items.filter((item) => item.event.rounds.some(open));
  const done = new Set(
    asked.length
      ? (
          await deps.db
            .selectFrom("submissions")
            .select(["registrationId", "roundId"])
            .where(
              "registrationId",
              "in",
              asked.map((item) => item.registration._id),
            )
            .execute()
        ).map((s) => `${s.registrationId}:${s.roundId}`)
      : [],
  );
  return items.map((item) => ({
    ...item,
    submissionRounds: item.event.rounds.flatMap((r, index) =>
      open(r)
        ? [{ index, title: r.title, submitted: done.has(`${item.registration._id}:${r._id}`) }]
        : [],
    ),
  }));
}
