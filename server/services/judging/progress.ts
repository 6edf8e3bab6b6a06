/**
 * GET /event/{n}/rounds/{i}/judging (SPEC-3 §3): the judging with its `state` and `progress`
 * (assignments and scores, in all and per judge), and the submissions that are short of judges
 * after conflicts ('Needs a judge').
 */
import type { JudgingProgress, JudgingView, ShortOfJudges } from "#server/contracts/judging";
import type { Db } from "#server/db/connect";
import type { JudgingRow } from "#server/db/schema-judging";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { judgingJson, setUpRound } from "./judging-round";

async function progressOf(db: Db, judging: JudgingRow, judges: string[]): Promise<JudgingProgress> {
  const [people, assigned, scored] = await Promise.all([
    judges.length
      ? db
          .selectFrom("users")
          .select(["id", "firstName", "lastName"])
          .where("id", "in", judges)
          .execute()
      : [],
    db
      .selectFrom("judgingAssignments")
      .select(["judgeId", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("judgingId", "=", judging.id)
      .groupBy("judgeId")
      .execute(),
    db
      .selectFrom("judgingScores")
      .select(["judgeId", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("judgingId", "=", judging.id)
      .groupBy("judgeId")
      .execute(),
  ]);
  const count = (rows: { judgeId: string; n: number | string }[], id: string) =>
    Number(rows.find((r) => r.judgeId === id)?.n ?? 0);
  const rows = judges.map((userId) => {
    const person = people.find((p) => p.id === userId);
    return {
      userId,
      firstName: person?.firstName ?? "",
      lastName: person?.lastName ?? "",
      assigned: count(assigned, userId),
      scored: count(scored, userId),
    };
  });
  const sum = (rows: { n: number | string }[]) => rows.reduce((a, r) => a + Number(r.n), 0);
  return { assigned: sum(assigned), scored: sum(scored), judges: rows };
}

/** Once judging has opened: the round's submissions with fewer judges than asked for. */
async function shortOfJudges(db: Db, judging: JudgingRow): Promise<ShortOfJudges[]> {
  if (judging.state === "setup") return [];
  const rows = await db
    .selectFrom("submissions as s")
    .leftJoin("judgingAssignments as a", (j) =>
      j.onRef("a.submissionId", "=", "s.id").on("a.judgingId", "=", judging.id),
    )
    .innerJoin("registrations as r", "r.id", "s.registrationId")
    .select(["s.id", "s.title", (eb) => eb.fn.count<number | string>("a.judgeId").as("n")])
    .where("s.eventId", "=", judging.eventId)
    .where("s.roundId", "=", judging.roundId)
    .where("r.held", "=", 0) // SPEC-4 §2: a place held for payment is not judged
    .groupBy(["s.id", "s.title", "s.submittedAt"])
    .having((eb) => eb.fn.count("a.judgeId"), "<", judging.judgesPerSubmission)
    .orderBy("s.submittedAt")
    .execute();
  return rows.map((r) => ({ submissionId: r.id, title: r.title, judges: Number(r.n) }));
}

export async function getJudging(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<JudgingView> {
  const found = await setUpRound(deps, user, eventNumber, roundIndex);
  const { judging } = found;
  const [progress, needsJudge] = await Promise.all([
    progressOf(deps.db, judging, found.judges),
    shortOfJudges(deps.db, judging),
  ]);
  return { ...judgingJson(found, judging, found.judges), progress, needsJudge };
}
